import SQLiteKit
import StrataCore
import StrataEdit
import StrataQuery
import StrataRender

/// `strata import FILE CLASS DATA`: rows of CSV, JSON or NDJSON into one class, in one transaction.
///
/// FILE is read first on a read-only connection (its schema, the class); the file is opened for writing only
/// for a real import, so that a dry run or an import refused before its first row never changes it. With
/// `--create` and no such class, a first pass over DATA infers the properties and a second imports (stdin is
/// spooled to a private temporary file for that, removed on every exit). `--create` makes a class, never a file.
struct ImportCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    static let data = ArgumentSpec("DATA", help: "the rows: a .csv file with a header row, a .json array of objects, an .ndjson file of one object a line, or - for stdin")
    static let className = ArgumentSpec("CLASS", help: "the class of the new objects (made from the rows with --create)")

    func run() throws {
        let path = parsed.required(Arguments.writableFile)
        let className = parsed.required(Self.className)
        let dataPath = parsed.required(Self.data)
        let dryRun = parsed.flag(Options.dryRunImport)
        let create = parsed.flag(Options.createClass)
        let upsert = parsed.flag(Options.upsert)
        // Refused before anything is opened: a missing input, or a FIFO.
        var spool: String?
        defer { if let spool { Platform.removeNow([spool, Platform.directory(of: spool)]) } }
        var input = dataPath == "-" ? ImportInput(descriptor: 0, name: "stdin") : try ImportInput(path: dataPath)
        let format = try format(for: dataPath, input: input)

        let stderr = context.stderr
        let (session, _) = try DatabaseSession.open(path, timeout: parsed.timeoutMilliseconds(), recoverHotJournal: !dryRun,
                                                    model: .fromStore, note: { stderr.write("strata: note: \($0)\n") })
        // The class as every command finds one; with --create, a name no class has is the class to make.
        var info: ClassInfo?
        do { info = try session.findClass(className, includeHidden: false) } catch { guard create else { throw error } }
        var inferred: InferredClass?
        if info == nil {
            try Self.checkClassName(className, in: session.schema)
            if dataPath == "-" {
                // Two passes over stdin: the first copies it aside.
                spool = try Self.spool(input)
                input = try ImportInput(path: spool ?? "")
            }
            inferred = try Self.infer(input, format: format, className: className, name: dataPath == "-" ? "stdin" : dataPath)
            input = try ImportInput(path: spool ?? dataPath)
        }
        let inputName = dataPath == "-" ? "stdin" : dataPath

        let bar = context.stderrIsTerminal ? ProgressLine() : nil
        defer { bar?.finish() }
        let watcher: InterruptWatcher
        let connection: Connection
        if dryRun {
            watcher = InterruptWatcher(session.connection.interruptHandle)
            connection = session.connection
        } else {
            if session.schema.keepsPersistentHistory { context.stderr.write("strata: warning: \(Schema.persistentHistoryWarning)\n") }
            connection = try DatabaseFile.openForWriting(path, timeout: session.timeout)
            watcher = InterruptWatcher(connection.interruptHandle)
            try connection.execute("PRAGMA foreign_keys = ON")
        }
        InterruptSignal.catchTermination()
        let inputForProgress = input
        let run = { (connection: Connection, schema: Schema, info: ClassInfo) throws -> Importer.Outcome in
            let importer = try Importer(connection: connection, schema: schema, info: info, inputName: inputName)
            importer.upsert = upsert
            importer.dryRun = dryRun
            importer.threaded = Platform.processorCount > 1
            importer.shouldStop = { watcher.wasInterrupted }
            if let bar {
                importer.progress = { rows in bar.update(Self.progressText(rows: rows, input: inputForProgress)) }
            }
            return try Self.importRows(importer, input: inputForProgress, format: format)
        }
        let outcome: Importer.Outcome
        do {
            if let inferred {
                let made = inferred
                if dryRun {
                    // The class made where it harms nothing: an empty database in memory.
                    let scratch = try Connection(path: ":memory:", mode: .readWrite)
                    try scratch.execute(made.createSQL)
                    var reader = SchemaReader(connection: scratch)
                    let schema = try reader.read()
                    outcome = try run(scratch, schema, try schema.findClass(made.name, includeHidden: true, in: path))
                } else {
                    outcome = try FailedWrite.settling(connection, path: path, change: "the import") { try connection.transaction(.immediate) {
                        try connection.execute(made.createSQL)
                        var reader = SchemaReader(connection: connection)
                        let schema = try reader.read()
                        let created = try schema.findClass(made.name, includeHidden: true, in: path)
                        return try run(connection, schema, created)
                    } }
                }
            } else if let info {
                outcome = dryRun ? try run(connection, session.schema, info)
                    : try FailedWrite.settling(connection, path: path, change: "the import") {
                        try connection.transaction(.immediate) { try run(connection, session.schema, info) }
                    }
            } else {
                throw StrataError("unknown class '\(className)' in \(path)")
            }
        } catch let error as SQLiteError {
            if watcher.wasInterrupted || ResultCode.interrupt ~= error.code { throw StrataError.interrupted }
            throw DatabaseFile.describe(error, path: path, timeout: session.timeout)
        }
        if watcher.wasInterrupted { throw StrataError.interrupted }
        bar?.finish()
        let name = inferred?.name ?? info?.name ?? className
        var lines: [String] = []
        if let inferred { lines.append((dryRun ? "would create class " : "created class ") + "\(name): \(inferred.summary)") }
        let total = outcome.inserted + outcome.updated
        var line = (dryRun ? "would import " : "imported ") + Self.counted(total, name)
        if upsert { line += " (\(outcome.inserted) new, \(outcome.updated) updated)" }
        lines.append(line)
        context.stdout.write(lines.map { $0 + "\n" }.joined())
    }

    /// `1 Task object`, `3 Task objects`.
    static func counted(_ count: Int, _ name: String) -> String { "\(count) \(name) \(count == 1 ? "object" : "objects")" }

    static func importRows(_ importer: Importer, input: ImportInput, format: Importer.Format) throws -> Importer.Outcome {
        switch format {
        case .csv: try importer.importCSV(CSVReader(input))
        case .json: try importer.importJSON(JSONRowReader(input, layout: .array))
        case .ndjson: try importer.importJSON(JSONRowReader(input, layout: .lines))
        }
    }

    static func infer(_ input: ImportInput, format: Importer.Format, className: String, name: String) throws -> InferredClass {
        switch format {
        case .csv: try InferredClass.infer(csv: CSVReader(input), className: className, inputName: name)
        case .json: try InferredClass.infer(json: JSONRowReader(input, layout: .array), className: className, inputName: name)
        case .ndjson: try InferredClass.infer(json: JSONRowReader(input, layout: .lines), className: className, inputName: name)
        }
    }

    /// A new class's name: letters, digits and _, not starting with a digit, not a name SQLite or Strata keeps.
    static func checkClassName(_ name: String, in schema: Schema) throws {
        let valid = !name.isEmpty && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
            && !(name.first?.isNumber ?? true)
        guard valid else { throw StrataError("'\(name)' cannot name a new class: use letters, digits and _, starting with a letter") }
        let lower = name.lowercased()
        guard !lower.hasPrefix("sqlite_"), !lower.hasPrefix("strata_") else { throw StrataError("'\(name)' cannot name a new class: sqlite_ and strata_ names are kept for SQLite and Strata") }
        if let other = schema.classes.first(where: { $0.tableName.lowercased() == lower }) {
            throw StrataError("'\(name)' cannot name a new class: the table \(other.tableName) exists")
        }
    }

    /// `--format`, else the extension (.csv, .json, .ndjson or .jsonl), else the first byte: `[` JSON, `{` NDJSON, else CSV.
    func format(for path: String, input: ImportInput) throws -> Importer.Format {
        if let text = parsed.value(Options.importFormat), let format = Importer.Format(rawValue: text) { return format }
        let lower = path.lowercased()
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".json") { return .json }
        if lower.hasSuffix(".ndjson") || lower.hasSuffix(".jsonl") { return .ndjson }
        return try input.sniffFormat()
    }

    /// Copies stdin to a new private file; its path.
    static func spool(_ input: ImportInput) throws -> String {
        let folder: String
        switch Platform.makePrivateDirectory() {
        case .success(let made): folder = made
        case .failure(let error): throw error
        }
        let path = folder + "/stdin"
        Platform.removeWhenExiting([path, folder])
        let descriptor: Int32
        switch Platform.createFile(path, permissions: 0o600) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw StrataError("cannot spool stdin to \(path): \(error.message)")
        }
        var failed: String?
        while try input.withNextBytes({ bytes in
            if failed == nil, !Platform.write(descriptor, UnsafeRawBufferPointer(bytes)) { failed = Platform.errorText() }
            return bytes.count
        }) {}
        _ = Platform.syncAndClose(descriptor)
        if let failed { throw StrataError("cannot spool stdin to \(path): \(failed)") }
        return path
    }

    /// `importing data.csv  45%  120000 objects`.
    static func progressText(rows: Int, input: ImportInput) -> String {
        var text = "importing \(input.name)"
        if let size = input.size, size > 0 { text += "  " + TextWidth.pad(String(Int(Double(input.bytesRead) * 100 / Double(size))), to: 3, right: true) + "%" }
        return text + "  \(rows) objects"
    }
}
