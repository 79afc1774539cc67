import SQLiteKit
import StrataCore
import StrataMigrate
import StrataRender

/// `migrate plan`, `migrate baseline`, `migrate new` and `migrate lint`.
extension MigrateCommand {
    func plan() throws {
        let files = try MigrationDirectory.load(directory)
        let timeout = try parsed.timeoutMilliseconds()
        let connection = try DatabaseFile.openForReading(file, timeout: timeout)
        let migrator = Migrator(connection: connection, files: files)
        let target = try target()
        let steps = try migrator.plan(to: target, translated: true)
        let from = Int(try connection.scalar("PRAGMA user_version").int64 ?? 0)
        let to = steps.first?.isDown == true ? target ?? 0 : steps.last?.file.version ?? from
        let findings = Dictionary(grouping: steps.filter { !$0.isDown }.flatMap { MigrationLint.check($0.file) }, by: \.file)
        if parsed.flag(Options.json) {
            let value = JSONValue.object([
                ("file", .string(file)), ("from", .int(Int64(from))), ("to", .int(Int64(to))),
                ("steps", .array(steps.map { step in
                    .object([("version", .int(Int64(step.file.version))), ("file", .string(step.file.fileName)),
                             ("direction", .string(step.isDown ? "down" : "up")), ("sql", .string(step.sql)),
                             ("warnings", .array((findings[step.file.fileName] ?? []).map(Self.json)))])
                })),
            ])
            context.stdout.write(value.serialized(pretty: true) + "\n")
            return
        }
        guard !steps.isEmpty else {
            context.stdout.write("\(file) is at version \(from): nothing to apply\n")
            return
        }
        context.stdout.write("-- \(file): version \(from) to \(to), in one transaction\n")
        for step in steps {
            context.stdout.write("\n-- \(step.file.fileName)\(step.isDown ? " (down)" : "")\n")
            for finding in findings[step.file.fileName] ?? [] {
                context.stdout.write("-- warning: line \(finding.line): \(finding.code) \(finding.message)\n")
            }
            context.stdout.write(step.sql.hasSuffix("\n") ? step.sql : step.sql + "\n")
        }
    }

    func baseline() throws {
        guard let text = parsed.value(Options.baselineVersion), let version = Int(text), version >= 0 else {
            throw StrataError.usage("migrate baseline needs --version N, a whole number")
        }
        let files = try MigrationDirectory.load(directory)
        let timeout = try parsed.timeoutMilliseconds()
        let connection = try DatabaseFile.openForWriting(file, timeout: timeout)
        do {
            try Migrator(connection: connection, files: files).baseline(at: version, replacing: parsed.flag(Options.forceRestart))
        } catch let error as SQLiteError {
            throw DatabaseFile.describe(error, path: file, timeout: timeout)
        }
        let adopted = files.filter { $0.version <= version }
        if parsed.flag(Options.json) {
            let value = JSONValue.object([("file", .string(file)), ("version", .int(Int64(version))),
                                          ("recorded", .array(adopted.map { .string($0.fileName) }))])
            context.stdout.write(value.serialized(pretty: true) + "\n")
        } else {
            context.stdout.write("\(file) is at version \(version), with \(adopted.count) migration\(adopted.count == 1 ? "" : "s") recorded as applied\n")
        }
    }

    func create() throws {
        let directory = parsed.required(Commands.migrationsDirectory)
        let name = parsed.required(Commands.migrationName)
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") })
        else { throw StrataError.usage("a migration's name is letters, digits, _ and -, not '\(name)'") }
        if Platform.fileKind(directory) == .missing, let failure = Platform.makeDirectory(directory) {
            throw StrataError("cannot create \(directory): \(failure)")
        }
        let version = (try MigrationDirectory.load(directory).last?.version ?? 0) + 1
        let sql = parsed.flag(Options.sqlFile)
        let path = directory + "/\(version)_\(name)." + (sql ? "sql" : "strata")
        try AtomicFile.write(to: path, force: false, what: "the migration") { sink in
            sink.write(sql ? """
                -- \(version)_\(name): what this migration changes, and why.
                -- Runs inside the transaction of 'strata migrate', with the others of the run.


                -- strata:down
                -- The SQL that undoes it, run by 'strata migrate FILE --to \(version - 1)'; delete this section if there is no way back.

                """ : """
                # \(version)_\(name): what this migration changes, and why. One operation a line:
                #   add class Tag (name string primary key, color string?)
                #   add property Task.priority int = 0          rename property Task.notes to details
                #   add link Task.project -> Project?           add list Project.tasks -> Task
                #   add unique index Task(name)                 update Task set priority = 1 where isCompleted == false
                #   change property Task.priority to double = 0 delete property Task.legacy
                #   sql { raw SQL }
                # Adding and renaming undo themselves; for the rest, end the file with down { operations }.


                """)
        }
        if parsed.flag(Options.json) {
            context.stdout.write(JSONValue.object([("file", .string(path)), ("version", .int(Int64(version)))]).serialized(pretty: true) + "\n")
        } else {
            context.stdout.write(path + "\n")
        }
    }

    /// `migrate validate`: drift (exit 4), missing files, integrity and links (exit 1).
    func validate() throws {
        let files = try MigrationDirectory.load(directory)
        let timeout = try parsed.timeoutMilliseconds()
        let connection = try DatabaseFile.openForReading(file, timeout: timeout)
        let status: MigrationStatus
        let integrity: [String]
        let broken: Int
        do {
            status = try Migrator(connection: connection, files: files).status()
            integrity = try connection.rows("PRAGMA integrity_check").map { $0[0].string ?? "" }
            broken = try connection.rows("PRAGMA foreign_key_check").count
        } catch let error as SQLiteError {
            throw DatabaseFile.describe(error, path: file, timeout: timeout)
        }
        let healthy = integrity == ["ok"]
        let (schemaDrift, unchecked) = try Migrator(connection: connection, files: files).schemaDrift()
        if parsed.flag(Options.json) {
            let value = JSONValue.object([
                ("file", .string(file)), ("version", .int(Int64(status.version))),
                ("drifted", .array(status.drifted.map { .object([("version", .int(Int64($0.file.version))), ("file", .string($0.file.fileName)),
                                                                 ("recorded", .string($0.applied.checksum)), ("now", .string($0.file.checksum))]) })),
                ("missing", .array(status.missing.map { .object([("version", .int(Int64($0.version))), ("name", .string($0.name))]) })),
                ("schema_drift", .array(schemaDrift.map(JSONValue.string))),
                ("schema_unchecked", unchecked.map(JSONValue.string) ?? .null),
                ("integrity_check", .array(integrity.map(JSONValue.string))), ("broken_links", .int(Int64(broken))),
            ])
            context.stdout.write(value.serialized(pretty: true) + "\n")
        } else {
            for (drifted, applied) in status.drifted {
                context.stdout.write("drift: \(drifted.fileName) was applied with checksum \(applied.checksum.prefix(12))…, "
                                     + "the file's is now \(drifted.checksum.prefix(12))…\n")
            }
            for entry in status.missing { context.stdout.write("missing: version \(entry.version) (\(entry.name)) was applied; its file is gone\n") }
            for line in schemaDrift { context.stdout.write("schema drift: \(line)\n") }
            if let unchecked {
                context.stdout.write("schema not compared: the applied migrations do not build it from an empty database (\(unchecked))\n")
            }
            if !healthy { context.stdout.write("integrity_check: " + integrity.joined(separator: "; ") + "\n") }
            if broken > 0 { context.stdout.write("foreign_key_check: \(broken) broken link\(broken == 1 ? "" : "s")\n") }
            if status.drifted.isEmpty && status.missing.isEmpty && schemaDrift.isEmpty && healthy && broken == 0 {
                context.stdout.write("\(file) at version \(status.version): \(status.applied.count) applied migration\(status.applied.count == 1 ? "" : "s") match their files\(unchecked == nil ? " and the schema" : ""); integrity ok; no broken links\n")
            }
        }
        if !status.drifted.isEmpty || !schemaDrift.isEmpty { throw StrataError("", status: .drift) }
        if !healthy || broken > 0 { throw StrataError("") }
    }

    func lint() throws {
        let files = try MigrationDirectory.load(parsed.required(Commands.migrationsDirectory))
        let findings = files.flatMap(MigrationLint.check)
        if parsed.flag(Options.json) {
            context.stdout.write(JSONValue.array(findings.map(Self.json)).serialized(pretty: true) + "\n")
        } else {
            for finding in findings {
                context.stdout.write("\(finding.file):\(finding.line): \(finding.code) \(finding.severity.rawValue): \(finding.message)\n")
            }
        }
        let destructive = findings.filter { $0.severity == .destructive }.count
        if destructive > 0 { throw StrataError("\(destructive) destructive step\(destructive == 1 ? "" : "s")") }
    }

    static func json(_ finding: LintFinding) -> JSONValue {
        .object([("file", .string(finding.file)), ("line", .int(Int64(finding.line))), ("code", .string(finding.code)),
                 ("severity", .string(finding.severity.rawValue)), ("message", .string(finding.message))])
    }

    func target() throws -> Int? {
        try parsed.value(Options.toVersion).map { text in
            guard let version = Int(text), version >= 0 else { throw StrataError.usage("--to takes a version, a whole number, not '\(text)'") }
            return version
        }
    }
}
