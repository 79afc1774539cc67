import SQLiteKit
import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate baseline FILE --version N`: adopts a database at a version.
extension MigrateCommand {
    func baseline() throws {
        guard let version = parsed.integer(Options.baselineVersion) else {
            throw StrataError.usage("migrate baseline needs --version N, a whole number")
        }
        let files = try MigrationDirectory.load(directory)
        let timeout = parsed.timeoutMilliseconds()
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
}
