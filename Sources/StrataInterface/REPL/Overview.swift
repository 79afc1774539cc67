import Dispatch
import SQLiteKit
import StrataCore
import StrataRender

/// What the browser shows first: the file, its size, SQLite's version, the schema version, the framework
/// that wrote it (Core Data, Room, GRDB) with what identifies the store, and the classes with their object
/// counts.
///
/// Counting a big table reads all of it, so the overview counts smallest classes first within a short
/// time budget and estimates the rest from their largest key: a 1 GB file opens at once.
struct Overview {
    let connection: Connection
    let schema: Schema

    func text(file: String, budget: Double, maxWidth: Int?, style: Style) throws -> String {
        var facts = [file]
        if connection.mode != .memory, let size = Platform.fileSize(file) { facts.append(Self.size(size)) }
        facts.append("SQLite \(Connection.sqliteVersion)")
        facts.append("schema version \(try connection.scalar("PRAGMA user_version").int64 ?? 0)")
        if let framework = try StoreFramework.detect(in: schema, connection: connection) { facts.append(framework.summary) }
        var text = Self.lines(facts, maxWidth: maxWidth)
        let classes = schema.visibleClasses
        guard !classes.isEmpty else { return text + "\nNo classes yet (help lists the commands).\n" }
        let counts = self.counts(classes, budget: budget)
        let counter = ObjectCounter(connection: connection)
        var (estimated, uncounted) = (false, false)
        let shown = zip(classes, counts).map { info, count -> String in
            switch count {
            case .some(.success(let count)):
                return String(count)
            case .some(.failure):
                return "?"
            case nil:
                if let estimate = counter.estimate(info) {
                    estimated = true
                    return "~\(estimate)"
                }
                uncounted = true
                return "…"
            }
        }
        text += "\n" + ClassListing.table(classes, counts: shown).render(maxWidth: maxWidth, style: style)
        var notes: [String] = []
        if estimated { notes.append("~ estimated from the largest key") }
        if uncounted { notes.append("… not counted yet") }
        if !notes.isEmpty { text += style.dim("(" + notes.joined(separator: ", ") + ": 'classes' counts exactly)") + "\n" }
        return text
    }

    /// The facts joined by ` · `, a line broken between two facts rather than inside one where `maxWidth`
    /// would be passed.
    static func lines(_ facts: [String], maxWidth: Int?) -> String {
        var lines: [String] = []
        for fact in facts {
            if let last = lines.last, maxWidth.map({ TextWidth.width(last) + 3 + TextWidth.width(fact) <= $0 }) ?? true {
                lines[lines.count - 1] = last + " · " + fact
            } else {
                lines.append(fact)
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Exact counts of the classes counted within `budget` seconds, smallest first (a class that cannot
    /// be counted, such as a broken view, fails); nil for the classes there was no time for.
    static let uncountable: Int64 = 2_000_000

    func counts(_ classes: [ClassInfo], budget: Double) -> [Result<Int64, Error>?] {
        let counter = ObjectCounter(connection: connection)
        let deadline = Deadline(connection.interruptHandle, after: budget)
        defer { deadline.cancel() }
        var counts = [Result<Int64, Error>?](repeating: nil, count: classes.count)
        for index in counter.largestFirst(classes).reversed() {
            // SQLite counts some tens of millions of rows a second: a class this big could not be
            // counted in time, and trying would only spend the budget.
            if let estimate = counter.estimate(classes[index]), estimate > Self.uncountable { continue }
            let result = Result { try counter.count(classes[index]) }
            if deadline.hasPassed { break }
            counts[index] = result
        }
        return counts
    }

    /// A file size as people read it: 512 bytes, 4.1 kB, 672.3 MB, 1.1 GB (powers of 1000).
    static func size(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        var value = Double(bytes)
        for unit in ["kB", "MB", "GB", "TB"] {
            value /= 1000
            if value < 999.95 || unit == "TB" {
                let tenths = Int((value * 10).rounded())
                return "\(tenths / 10).\(tenths % 10) \(unit)"
            }
        }
        return "\(bytes) bytes"
    }
}

