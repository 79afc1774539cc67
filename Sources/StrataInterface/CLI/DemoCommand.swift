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
        let chosenSeed = try seed()
        let generator = DemoGenerator(rows: try rows(), seed: chosenSeed ?? Platform.randomSeed(),
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

    private func rows() throws -> Int {
        guard let text = parsed.value(Options.rows) else { return DemoGenerator.defaultRows }
        guard let rows = Int(text), (0...DemoGenerator.maximumRows).contains(rows) else {
            throw StrataError.usage("--rows takes a whole number from 0 to \(DemoGenerator.maximumRows), not '\(text)'")
        }
        return rows
    }

    private func seed() throws -> UInt64? {
        guard let text = parsed.value(Options.seed) else { return nil }
        guard let seed = UInt64(text) else {
            throw StrataError.usage("--seed takes a whole number from 0 to 18446744073709551615, not '\(text)'")
        }
        return seed
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
