import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate status FILE`: where the database stands; exit 3 when migrations are pending, 4 on drift.
extension MigrateCommand {
    func status() throws {
        if let paths = try manyFiles() { return try statusMany(paths) }
        let status = try readingMigrator { try $0.status() }
        if parsed.flag(Options.json) {
            func list(_ files: [MigrationFile]) -> JSONValue {
                .array(files.map { .object([("version", .int(Int64($0.version))), ("file", .string($0.fileName))]) })
            }
            let value = JSONValue.object([
                ("file", .string(file)), ("version", .int(Int64(status.version))),
                ("applied", .array(status.applied.map { entry in
                    .object([("version", .int(Int64(entry.version))), ("name", .string(entry.name)),
                             ("checksum", .string(entry.checksum)), ("appliedAt", .string(entry.appliedAt)),
                             ("durationMs", .int(Int64(entry.durationMilliseconds))), ("outOfOrder", .bool(entry.outOfOrder))])
                })),
                ("pending", list(status.pending)),
                ("drifted", list(status.drifted.map(\.file))),
                ("missing", .array(status.missing.map { .object([("version", .int(Int64($0.version))), ("name", .string($0.name))]) })),
                ("skipped", list(status.skipped)), ("predatesHistory", .bool(status.predatesHistory)),
            ])
            context.stdout.write(value.serialized(pretty: true) + "\n")
        } else {
            var table = TextTable(columns: [.init("VERSION", rightAligned: true), .init("MIGRATION"), .init("STATE")])
            for entry in status.entries {
                let state = switch entry.state {
                case .applied(let at): "applied \(at)" + (status.applied.first { $0.version == entry.version }?.outOfOrder == true ? " (out of order)" : "")
                case .drifted: "drifted: the file changed since"
                case .missing: "applied; the file is gone"
                case .pending: "pending"
                case .skipped: status.predatesHistory ? "not recorded: the file has no history (see migrate baseline)"
                    : "never applied, below version \(status.version) (--out-of-order applies it)"
                }
                table.append([String(entry.version), entry.fileName, state])
            }
            context.stdout.write("\(file) is at version \(status.version)\n")
            if !table.rows.isEmpty { context.stdout.write(table.render(maxWidth: context.terminalWidth, style: parsed.style(context))) }
        }
        if !status.drifted.isEmpty { throw StrataError("", status: .drift) }
        if let reason = status.skippedReason(file: file) {
            throw StrataError(reason, status: .pending, code: status.predatesHistory ? .noHistory : .outOfOrder)
        }
        if !status.pending.isEmpty { throw StrataError("", status: .pending) }
    }
}
