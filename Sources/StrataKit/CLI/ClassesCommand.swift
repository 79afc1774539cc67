import SQLiteKit

/// `strata classes FILE`: every class with its kind and exact object count.
struct ClassesCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let session = try DatabaseSession(parsed, context: context)
        let classes = parsed.has("all") ? session.schema.classes : session.schema.visibleClasses
        let counts = try count(classes, in: session)
        if parsed.format == "json" {
            let items = zip(classes, counts).map { info, count -> JSONValue in
                var members: [(String, JSONValue)] = [
                    ("name", .string(info.name)), ("kind", .string(info.kind.rawValue)),
                    ("count", count.map(JSONValue.int) ?? .null),
                ]
                if info.tableName != info.name { members.append(("table", .string(info.tableName))) }
                if info.isHidden { members.append(("hidden", .bool(true))) }
                return .object(members)
            }
            context.stdout.write(JSONValue.array(items).serialized(pretty: true) + "\n")
            return
        }
        guard !classes.isEmpty else {
            context.stderr.write("strata: no classes in \(session.path)\(parsed.has("all") ? "" : " (--all shows internal tables)")\n")
            return
        }
        var table = TextTable(columns: [.init("CLASS"), .init("KIND"), .init("OBJECTS", rightAligned: true)])
        for (info, count) in zip(classes, counts) {
            var kind = info.kind.rawValue
            if info.isHidden { kind += " (internal)" }
            table.append([info.name, kind, count.map(String.init) ?? "?"])
        }
        context.stdout.write(table.render(maxWidth: context.terminalWidth, style: parsed.style(context)))
    }

    /// Exact counts; nil for a class that cannot be counted (a broken view), with a warning.
    /// Ctrl-C interrupts the running count; after half a second a terminal shows progress.
    private func count(_ classes: [ClassInfo], in session: DatabaseSession) throws -> [Int64?] {
        let counter = ObjectCounter(connection: session.connection)
        let watcher = InterruptWatcher(session.connection.interruptHandle)
        let progress = context.stderrIsTerminal ? ProgressLine() : nil
        defer { progress?.finish() }
        var counts: [Int64?] = []
        for (index, info) in classes.enumerated() {
            progress?.update("counting objects: \(info.name) (\(index + 1) of \(classes.count))…")
            do {
                counts.append(try counter.count(info))
            } catch let error as SQLiteError {
                if watcher.wasInterrupted || ResultCode.interrupt ~= error.code { throw StrataError.interrupted }
                switch error.code {
                case ResultCode.busy, ResultCode.locked, ResultCode.corrupt, ResultCode.notADatabase, ResultCode.ioError:
                    throw DatabaseFile.describe(error, path: session.path, timeout: session.timeout)
                default:
                    progress?.finish()
                    context.stderr.write("strata: warning: cannot count \(info.name): \(error.message)\n")
                    counts.append(nil)
                }
            }
            if watcher.wasInterrupted { throw StrataError.interrupted }
        }
        return counts
    }
}
