import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate validate FILE`: drift of files or schema (exit 4), missing files, integrity and links (exit 1).
extension MigrateCommand {
    func validate() throws {
        let validation = try readingMigrator { try $0.validate() }
        let status = validation.status
        let schemaDrift = validation.schemaDrift
        let broken = validation.brokenLinks.count
        if parsed.flag(Options.json) {
            let value = JSONValue.object([
                ("file", .string(file)), ("version", .int(Int64(status.version))),
                ("drifted", .array(status.drifted.map { .object([("version", .int(Int64($0.file.version))), ("file", .string($0.file.fileName)),
                                                                 ("recorded", .string($0.applied.checksum)), ("now", .string($0.file.checksum))]) })),
                ("missing", .array(status.missing.map { .object([("version", .int(Int64($0.version))), ("name", .string($0.name))]) })),
                ("skipped", .array(status.skipped.map { .object([("version", .int(Int64($0.version))), ("file", .string($0.fileName))]) })),
                ("predatesHistory", .bool(status.predatesHistory)),
                ("schemaDrift", .array(schemaDrift.lines.map(JSONValue.string))),
                ("schemaUnchecked", schemaDrift.unchecked.map(JSONValue.string) ?? .null),
                ("schemaPredating", .array(schemaDrift.predating.map(JSONValue.string))),
                ("integrityCheck", .array(validation.integrity.map(JSONValue.string))), ("brokenLinks", .int(Int64(broken))),
            ])
            context.stdout.write(value.serialized(pretty: true) + "\n")
        } else {
            for drift in status.drifted {
                context.stdout.write("drift: \(drift.file.fileName) was applied with checksum \(drift.applied.checksum.prefix(12))…, "
                                     + "the file's is now \(drift.file.checksum.prefix(12))…\n")
            }
            for entry in status.missing { context.stdout.write("missing: version \(entry.version) (\(entry.name)) was applied; its file is gone\n") }
            for skipped in status.skipped {
                context.stdout.write("not applied: \(skipped.fileName) (version \(skipped.version)) is at or below the file's version \(status.version) "
                                     + (status.predatesHistory ? "and the file has no migration history\n" : "and was never applied\n"))
            }
            for line in schemaDrift.lines { context.stdout.write("schema drift: \(line)\n") }
            if let unchecked = schemaDrift.unchecked {
                context.stdout.write("schema not compared: the applied migrations do not build it from an empty database (\(unchecked))\n")
            }
            if let note = Self.predatingNote(schemaDrift) { context.stdout.write(note + "\n") }
            if !validation.isIntact { context.stdout.write("integrity_check: " + validation.integrity.joined(separator: "; ") + "\n") }
            if broken > 0 { context.stdout.write("foreign_key_check: \(broken) broken link\(broken == 1 ? "" : "s")\n") }
            if status.drifted.isEmpty && status.missing.isEmpty && status.skipped.isEmpty && schemaDrift.lines.isEmpty && validation.isIntact && broken == 0 {
                let migrations = status.applied.count == 1 ? "1 applied migration matches its file" : "\(status.applied.count) applied migrations match their files"
                context.stdout.write("\(file) at version \(status.version): \(migrations)"
                                     + "\(schemaDrift.unchecked == nil && schemaDrift.predating.isEmpty ? " and the schema" : "")"
                                     + "; integrity ok; no broken links\n")
            }
        }
        if !status.drifted.isEmpty || !schemaDrift.lines.isEmpty { throw StrataError("", status: .drift) }
        if !validation.isIntact || broken > 0 { throw StrataError("") }
        if let reason = status.skippedReason(file: file) {
            throw StrataError(reason, status: .pending, code: status.predatesHistory ? .noHistory : .outOfOrder)
        }
    }

    /// One line for the tables the database had before its first migration, whose schema no replay of the
    /// migrations can have: what they are, and how to have them checked.
    static func predatingNote(_ drift: SchemaDrift) -> String? {
        guard let first = drift.predating.first else { return nil }
        let names = drift.predating.count > 4 ? drift.predating.prefix(3).joined(separator: ", ") + " and \(drift.predating.count - 3) more"
            : drift.predating.joined(separator: ", ")
        let them = drift.predating.count == 1 ? "\(first) was" : "\(names) were"
        return "schema not compared for tables the migrations do not make: \(them) in the database before its first migration "
            + "(to have \(drift.predating.count == 1 ? "it" : "them") checked, start the migrations with one that creates "
            + "\(drift.predating.count == 1 ? "it" : "them") and adopt the database at that version with 'strata migrate baseline')"
    }
}
