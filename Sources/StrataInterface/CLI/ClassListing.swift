import SQLiteKit
import StrataCore
import StrataQuery
import StrataRender

/// Classes with their kinds and exact object counts, as a table or as JSON: `strata classes` and the
/// browser's `classes`.
struct ClassListing {
    var json: Bool
    var style: Style
    var maxWidth: Int?
    var out: TextSink
    var err: TextSink
    /// A progress line on stderr while counting takes long (stderr is a terminal).
    var showsProgress: Bool

    /// Counts and prints the classes; when there are none, says so on stderr. The counts the session knows without
    /// counting (`knownCounts`, a `.realm` file's) are taken as they are.
    /// - Parameter includesHidden: the classes include internal tables (`--all`): no hint to show them.
    func show(_ classes: [ClassInfo], in session: DatabaseSession, includesHidden: Bool) throws {
        let known = session.knownCounts ?? [:]
        let unknown = classes.filter { known[$0.tableName] == nil }
        var counted = try (unknown.isEmpty ? [] : count(unknown, in: session)).makeIterator()
        let counts = classes.map { info -> Int64? in
            if let count = known[info.tableName] { return Int64(count) }
            return counted.next() ?? nil
        }
        if json {
            let items = zip(classes, counts).map { info, count -> JSONValue in
                var members: [(String, JSONValue)] = [
                    ("name", .string(info.name)), ("kind", .string(info.kind.rawValue)),
                    ("count", count.map(JSONValue.int) ?? .null),
                ]
                if info.tableName != info.name { members.append(("table", .string(info.tableName))) }
                if info.isHidden { members.append(("hidden", .bool(true))) }
                return .object(members)
            }
            out.write(JSONValue.array(items).serialized(pretty: true) + "\n")
            return
        }
        guard !classes.isEmpty else {
            err.write(Self.noClasses(in: session.path, includesHidden: includesHidden))
            return
        }
        let table = Self.table(classes, counts: counts.map { $0.map(String.init) ?? "?" })
        out.write(table.render(maxWidth: maxWidth, style: style))
    }

    /// Classes, kinds and counts as a table (the counts as they should read).
    static func table(_ classes: [ClassInfo], counts: [String]) -> TextTable {
        var table = TextTable(columns: [.init("CLASS"), .init("KIND"), .init("OBJECTS", rightAligned: true)])
        for (info, count) in zip(classes, counts) {
            var kind = info.kind.rawValue
            if info.isHidden { kind += " (internal)" }
            table.append([info.name, kind, count])
        }
        return table
    }

    /// Exact counts; nil for a class that cannot be counted (a broken view, or a view still counting after
    /// the session's `--timeout`), with a warning.
    /// Counts run on one connection per processor; Ctrl-C interrupts them all, and after half a
    /// second a terminal shows progress.
    private func count(_ classes: [ClassInfo], in session: DatabaseSession) throws -> [Int64?] {
        let watcher = InterruptWatcher(session.connection.interruptHandle)
        let progress = showsProgress ? ProgressLine() : nil
        defer { progress?.finish() }
        let total = classes.count
        progress?.update("counting objects: 0 of \(Plural.counted(total, "class"))…")
        let results = ObjectCounter(connection: session.connection).countAll(
            classes, workers: min(Platform.processorCount, 4),
            open: session.openAnother, watcher: watcher, viewLimit: Double(session.timeout) / 1000,
            progress: { done in progress?.update("counting objects: \(done) of \(Plural.counted(total, "class"))…") })
        progress?.finish()
        if watcher.wasInterrupted { throw StrataError.interrupted }
        var counts: [Int64?] = []
        for (info, result) in zip(classes, results) {
            switch result {
            case .success(let count):
                counts.append(count)
            case .failure(let error):
                switch error.code {
                case ResultCode.interrupt where info.kind == .view:
                    // Not Ctrl-C (checked above): the view's time ran out.
                    err.write("strata: warning: cannot count \(info.name): \(error.message) (a view is counted for at most --timeout seconds)\n")
                    counts.append(nil)
                case ResultCode.interrupt:
                    throw StrataError.interrupted
                case ResultCode.busy, ResultCode.locked, ResultCode.corrupt, ResultCode.notADatabase, ResultCode.ioError:
                    throw DatabaseFile.describe(error, path: session.path, timeout: session.timeout)
                default:
                    err.write("strata: warning: cannot count \(info.name): \(error.message)\n")
                    counts.append(nil)
                }
            }
        }
        return counts
    }

    /// `strata: no classes in FILE (--all shows internal tables)`, a line for stderr.
    static func noClasses(in path: String, includesHidden: Bool) -> String {
        "strata: no classes in \(path)\(includesHidden ? "" : " (--all shows internal tables)")\n"
    }
}
