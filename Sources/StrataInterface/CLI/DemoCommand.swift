import SQLiteKit
import StrataCore
import StrataRender
import StrataDemo

/// `strata demo FILE`: Realm Browser's demo database, written safely.
struct DemoCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let path = parsed.required(Arguments.file)
        // A chosen seed fixes "now" too, so that the same seed gives the same dates tomorrow.
        let chosenSeed = seed()
        let generator = DemoGenerator(rows: rows(), seed: chosenSeed ?? Platform.randomSeed(),
                                      nowMilliseconds: chosenSeed == nil ? Platform.nowMilliseconds() : DemoGenerator.seededNow)
        let watcher = InterruptWatcher()
        // SIGTERM (`timeout`, a service manager) stops the run as Ctrl-C does, so that no temporary file stays.
        InterruptSignal.catchTermination()
        let bar = context.stderrIsTerminal ? ProgressLine() : nil
        defer { bar?.finish() }
        try DemoFile.write(generator, to: path, force: parsed.flag(Options.forceReplace),
                           progress: { bar?.update(Self.progressText($0)) },
                           shouldStop: { watcher.wasInterrupted })
        bar?.finish()
        context.stderr.write("wrote \(path): \(Plural.counted(DemoGenerator.classNames.count, "class")) of \(Plural.counted(generator.rows, "object")) each\n")
    }

    private func rows() -> Int { parsed.integer(Options.rows) ?? DemoGenerator.defaultRows }

    private func seed() -> UInt64? {
        if case .unsigned(let seed)? = parsed.parsed(Options.seed) { return seed }
        return nil
    }

    /// `[########............]  40%  writing RealmTestClass1`; the objects fill the bar to 90%, the indexes to
    /// 97% (`building indexes`), the commit the rest (`saving the file`).
    static func progressText(_ progress: DemoGenerator.Progress) -> String {
        let objects = progress.total == 0 ? 1 : Double(progress.done) / Double(progress.total)
        let (fraction, what): (Double, String) = switch progress.step {
        case .writing: (objects * 0.9, "writing " + progress.className)
        case .indexing: (0.9, "building indexes")
        case .saving: (0.97, "saving the file")
        }
        let filled = Int(fraction * 24)
        let percent = Int(fraction * 100)
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 24 - filled) + "] "
            + TextWidth.pad(String(percent), to: 3, right: true) + "%  " + what
    }
}
