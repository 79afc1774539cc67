import RealmConvert
import RealmFile
import SQLiteKit
import StrataCore
import StrataQuery
import StrataRender

/// `strata check FILE`: a store from a bug report, checked before it is trusted. Exit 0 when clean (warnings
/// allowed), 5 when problems were found, 1 when the file could not be checked at all. Never writes: the database is
/// opened read-only (a hot journal is reported, not rolled back), a `.realm` file is only read.
struct CheckCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    /// What was checked and found: the same for a database and a `.realm` file.
    struct Report {
        /// What kind of file it is, as the JSON's `kind` says.
        enum Kind: String { case sqlite, coreData, realm }

        var kind: Kind
        var outcomes: [DatabaseCheck.Outcome] = []
        var findings: [DatabaseCheck.Finding] = []

        var problems: Int { findings.filter { $0.severity == .problem }.count }
        var warnings: Int { findings.filter { $0.severity == .warning }.count }

        mutating func add(_ name: DatabaseCheck.Name, _ found: [DatabaseCheck.Finding], covered: String) {
            findings += found
            outcomes.append(.init(name: name, found: found, covered: covered))
        }
    }

    var file: String { parsed.required(Arguments.file) }

    func run() throws {
        try DatabaseFile.checkReadable(file, allowingRealm: true)
        let report = RealmConversionFile.isRealm(file) ? try checkRealm() : try checkDatabase()
        write(report)
        if report.problems > 0 { throw StrataError("", status: .problems) }
    }

    // MARK: - SQLite and Core Data

    private func checkDatabase() throws -> Report {
        var report = Report(kind: .sqlite)
        report.add(.journal, journalFindings(), covered: "journal and WAL files")
        let opened: (DatabaseSession, warnings: [SchemaWarning])
        do {
            opened = try DatabaseSession.open(file, timeout: parsed.timeoutMilliseconds(), model: try parsed.modelChoice(), note: { _ in })
        } catch let error as StrataError where [.hotJournal, .corrupt].contains(error.code) {
            // Found, not unreadable: the file needs recovery, or is damaged where the schema is.
            let check: DatabaseCheck.Name = error.code == .hotJournal ? .journal : .integrity
            report.add(check, [DatabaseCheck.Finding(check: check, severity: .problem, message: error.message)], covered: "opening the file")
            return report
        }
        let (session, warnings) = opened
        report.kind = session.schema.isCoreData ? .coreData : .sqlite
        // A view that cannot be read is the views check's problem; the schema reader's other warnings are kept.
        let views = Set(session.schema.classes.filter { $0.kind == .view }.map(\.tableName))
        let schemaWarnings = warnings.filter { warning in !(warning.unreadableTable.map(views.contains) ?? false) }
        report.add(.schema, schemaWarnings.map { DatabaseCheck.Finding(check: .schema, severity: .warning, message: $0.message) },
                   covered: Plural.counted(session.schema.classes.count, "class"))
        var check = DatabaseCheck(connection: session.connection, schema: session.schema, path: file)
        // A large file takes minutes: a terminal sees which step runs, and for how long.
        let bar = context.stderrIsTerminal ? ProgressLine(showsElapsed: true) : nil
        defer { bar?.finish() }
        let name = Platform.fileName(of: file)
        check.onStep = { what, number, steps in bar?.update("checking \(name): \(what), step \(number) of \(steps)…") }
        let watcher = InterruptWatcher()
        watcher.watch(session.connection.interruptHandle)
        defer { watcher.stopWatching(session.connection.interruptHandle) }
        do { try check.run(quick: parsed.flag(Options.quickCheck)) } catch let error as SQLiteError where ResultCode.interrupt ~= error.code {
            throw StrataError.interrupted
        }
        report.outcomes += check.outcomes
        report.findings += check.findings
        return report
    }

    /// A rollback journal left by a writer that crashed (hot: SQLite rolls it back at the next write), or a `-wal`
    /// with transactions and no `-shm` (a store copied without it, or a crash): what the next writer recovers.
    private func journalFindings() -> [DatabaseCheck.Finding] {
        var found: [DatabaseCheck.Finding] = []
        if Platform.readPrefix(file + "-journal", count: 8) == [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7] {
            found.append(.init(check: .journal, severity: .problem,
                               message: "\(file)-journal holds an unfinished transaction of a writer that crashed: the next writer rolls it back "
                                   + "(strata --write \(file) < /dev/null does that; do not delete the journal)"))
        }
        if Platform.fileKind(file + "-wal") == .regular, Platform.fileSize(file + "-wal") ?? 0 > 0, Platform.fileKind(file + "-shm") == .missing {
            found.append(.init(check: .journal, severity: .warning,
                               message: "\(file)-wal holds \(Platform.fileSize(file + "-wal") ?? 0) bytes of transactions and there is no -shm: "
                                   + "the file was copied without it, or its app stopped; keep the -wal beside the file (it holds the latest changes)"))
        }
        return found
    }

    // MARK: - .realm

    /// The reader's structure walk (every ref inside the file, no cycles, the nodes no more than the file holds),
    /// then every table read to its end, its count checked, then the conversion every read command runs: what fails a
    /// read fails `check` (a duplicate primary key, a required property holding null, a name SQLite cannot hold), and
    /// links to objects that do not exist, which the reads show as null, are problems.
    private func checkRealm() throws -> Report {
        var report = Report(kind: .realm)
        var reader: RealmFileReader
        do {
            // With its key, an encrypted file's every page is authenticated (its HMAC) while it is decrypted.
            reader = try RealmFileReader(contentsOf: file, key: try parsed.realmKey())
            reader.oldDateTimeUnit = parsed.realmDates()
        } catch let error as RealmReadError where error.kind == .damaged {
            report.add(.structure, [.init(check: .structure, severity: .problem, message: error.message)], covered: "the header")
            return report
        } catch let error as RealmReadError {
            throw StrataError(error.message)
        }
        var structure: [DatabaseCheck.Finding] = []
        var nodes = 0
        if reader.header.topRef != 0 {
            do { nodes = try reader.checkTree(from: reader.header.topRef) } catch let error as RealmReadError {
                structure.append(.init(check: .structure, severity: .problem, message: error.message))
            }
        }
        // A file truncated meanwhile is not damaged: it cannot be checked (exit 1), as it cannot be read.
        if reader.bytes.wasCutShort { throw StrataError(reader.bytes.cutShortError.message) }
        report.add(.structure, structure, covered: "\(nodes) nodes, format \(reader.header.fileFormat)")
        guard structure.isEmpty else { return report }
        var tables: [DatabaseCheck.Finding] = []
        var classes = 0
        do {
            let schema = try reader.schema()
            classes = schema.classes.count
            var walk = RealmNodeWalk(reader: reader)
            for table in schema.tables {
                var count = 0
                do {
                    try reader.forEachObject(in: table, walk: &walk) { _, _ in count += 1 }
                    if let mismatch = RealmConverter.countMismatch(table, read: count) {
                        tables.append(.init(check: .objects, severity: .problem, message: mismatch, className: table.className ?? table.name))
                    }
                } catch let error as RealmReadError {
                    tables.append(.init(check: .objects, severity: .problem, message: "\(table.className ?? table.name): \(error.message)",
                                        className: table.className ?? table.name))
                }
            }
        } catch let error as RealmReadError {
            tables.append(.init(check: .objects, severity: .problem, message: error.message))
        }
        if reader.bytes.wasCutShort { throw StrataError(reader.bytes.cutShortError.message) }
        report.add(.objects, tables, covered: Plural.counted(classes, "class"))
        guard tables.isEmpty else { return report }
        let summary: RealmConverter.Summary?
        do {
            // Every class, as the reads would fill them one by one.
            summary = try RealmConversionFile.readableCopy(of: file, oldDateTimes: parsed.realmDates(), key: try parsed.realmKey()).fillAll()
        } catch let error as StrataError where error.code != .interrupted {
            report.add(.conversion, [.init(check: .conversion, severity: .problem, message: error.message)], covered: "the SQLite copy the reads use")
            return report
        }
        // What every read warns of, check says too: old DateTime values that look like milliseconds.
        let lateDates = (summary?.lateDatesText).map { [DatabaseCheck.Finding(check: .conversion, severity: .warning, message: $0)] } ?? []
        report.add(.conversion, lateDates, covered: "the SQLite copy the reads use")
        let dangling = (summary?.dangling ?? []).map { entry in
            DatabaseCheck.Finding(check: .links, severity: .problem,
                                  message: "\(entry.className).\(entry.property): \(entry.links == 1 ? "1 link to an object that does" : "\(entry.links) links to objects that do") not exist "
                                      + (entry.outsideTheClasses ? "(its target is a table that is not a class of the file) " : "")
                                      + "(read as null, and left out of lists)", className: entry.className)
        }
        report.add(.links, dangling, covered: "every link and list entry")
        return report
    }

    // MARK: - Output

    private func write(_ report: Report) {
        if parsed.flag(Options.json) {
            let document = JSONValue.object([
                ("file", .string(file)), ("kind", .string(report.kind.rawValue)), ("quick", .bool(parsed.flag(Options.quickCheck))),
                ("checks", .array(report.outcomes.map {
                    .object([("name", .string($0.name.rawValue)), ("status", .string($0.status.rawValue)), ("detail", .string($0.detail))])
                })),
                ("findings", .array(report.findings.map { finding in
                    var members: [(String, JSONValue)] = [("check", .string(finding.check.rawValue)), ("severity", .string(finding.severity.rawValue)),
                                                          ("message", .string(finding.message))]
                    if let name = finding.className { members.append(("class", .string(name))) }
                    if let key = finding.key { members.append(("key", .string(key))) }
                    if let fix = finding.fix { members.append(("fix", .string(fix))) }
                    return .object(members)
                })),
                ("problems", .int(Int64(report.problems))), ("warnings", .int(Int64(report.warnings))),
                ("exitStatus", .int(report.problems > 0 ? 5 : 0)),
            ])
            context.stdout.write(document.serialized(pretty: true) + "\n")
            return
        }
        // The checks' names line up whatever was found: the longest is `migrations`.
        let width = max(10, report.findings.map(\.check.rawValue.count).max() ?? 0)
        for finding in report.findings {
            context.stdout.write("\(finding.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) "
                                 + "\(finding.check.rawValue.padding(toLength: width, withPad: " ", startingAt: 0))  \(finding.message)\n")
        }
        let checks = report.outcomes.map { outcome in
            switch outcome.status {
            case .ok: "\(outcome.name) ok"
            case .skipped: "\(outcome.name) skipped"
            case .problems, .warnings:
                "\(outcome.name) " + Self.counted(report.findings.filter { $0.check == outcome.name })
            }
        }
        let verdict = report.findings.isEmpty ? "ok" : Self.counted(report.findings)
        context.stdout.write("\(file): \(verdict) (\(checks.joined(separator: ", ")))\n")
    }

    /// `2 problems, 1 warning`.
    static func counted(_ findings: [DatabaseCheck.Finding]) -> String {
        let problems = findings.filter { $0.severity == .problem }.count, warnings = findings.count - problems
        var parts: [String] = []
        if problems > 0 { parts.append("\(problems) problem\(problems == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}
