import RealmConvert
import SQLiteKit
import StrataCore
import StrataRender

/// `strata convert IN.realm OUT.sqlite`: a `.realm` file written as a SQLite database in Strata's conventions.
struct ConvertCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let input = parsed.required(Self.input)
        let output = parsed.required(Self.output)
        try DatabaseFile.checkReadable(input, allowingRealm: true)
        guard RealmConversionFile.isRealm(input) else {
            throw StrataError("\(input) is not a Realm file (no T-DB in its header): convert reads .realm files")
        }
        let watcher = InterruptWatcher()
        InterruptSignal.catchTermination()
        let bar = context.stderrIsTerminal && !parsed.flag(Options.json) ? ProgressLine() : nil
        defer { bar?.finish() }
        let started = Platform.monotonicSeconds()
        let summary = try RealmConversionFile.convert(input, to: output, force: parsed.flag(Options.forceOutput), oldDateTimes: parsed.realmDates(),
                                                      key: try parsed.realmKey(),
                                                      progress: { done, total in bar?.update(Self.progressText(done, total)) },
                                                      shouldStop: { watcher.wasInterrupted })
        bar?.finish()
        let seconds = Platform.monotonicSeconds() - started
        for entry in summary.unreadable {
            context.stderr.write("strata: warning: \(entry.className).\(entry.property): \(entry.values) value\(entry.values == 1 ? "" : "s") "
                + "could not be read (\(entry.what)) and \(entry.values == 1 ? "was" : "were") written as nil\n")
        }
        if let text = summary.danglingText { context.stderr.write("strata: warning: \(input): \(text)\n") }
        if let text = summary.lateDatesText { context.stderr.write("strata: warning: \(input): \(text)\n") }
        if parsed.flag(Options.json) {
            let tables = summary.tables.map { JSONValue.object([("name", .string($0.name)), ("rows", .int(Int64($0.rows)))]) }
            let unreadable = summary.unreadable.map {
                JSONValue.object([("class", .string($0.className)), ("property", .string($0.property)), ("values", .int(Int64($0.values))),
                                  ("what", .string($0.what))])
            }
            let document = JSONValue.object([
                ("input", .string(input)), ("output", .string(output)), ("classes", .int(Int64(summary.classes))),
                ("objects", .int(Int64(summary.objects))), ("collectionRows", .int(Int64(summary.collectionRows))),
                ("tables", .array(tables)), ("unreadable", .array(unreadable)),
                ("danglingLinks", .array(summary.dangling.map {
                    JSONValue.object([("class", .string($0.className)), ("property", .string($0.property)), ("links", .int(Int64($0.links))),
                                      ("outsideTheClasses", .bool($0.outsideTheClasses))])
                })),
                ("seconds", .double((seconds * 1000).rounded() / 1000)),
            ])
            context.stdout.write(document.serialized(pretty: true) + "\n")
        } else {
            context.stderr.write("wrote \(output): \(Plural.counted(summary.classes, "class")), \(Plural.counted(summary.objects, "object")), "
                + "\(summary.collectionRows) list, set and dictionary entries in \(Self.seconds(seconds)) s\n")
        }
    }

    /// `1.25`: seconds to two decimals.
    static func seconds(_ value: Double) -> String {
        let hundredths = Int((max(0, value) * 100).rounded())
        return "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
    }

    static let input = ArgumentSpec("IN", help: "the .realm file to read (recognized by its header, whatever its name; never changed)")
    static let output = ArgumentSpec("OUT", help: "the SQLite database to create")

    /// `[########............]  40%  converting 400000 of 1000000 objects`
    static func progressText(_ done: Int, _ total: Int) -> String {
        let fraction = total == 0 ? 1 : min(1, Double(done) / Double(total))
        let filled = Int(fraction * 24)
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 24 - filled) + "] "
            + TextWidth.pad(String(Int(fraction * 100)), to: 3, right: true) + "%  converting \(done) of \(total) objects"
    }
}
