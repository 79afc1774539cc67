import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate new DIR NAME`: writes the next migration file of a directory.
extension MigrateCommand {
    func create() throws {
        let directory = parsed.required(Commands.migrationsDirectory)
        let name = parsed.required(Commands.migrationName)
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") })
        else { throw StrataError.usage("a migration's name is letters, digits, _ and -, not '\(name)'") }
        let kind: MigrationFile.Kind = parsed.flag(Options.sqlFile) ? .sql : .strata
        let version = try reportingFailure {
            if Platform.fileKind(directory) == .missing, let failure = Platform.makeDirectory(directory) {
                throw StrataError("cannot create \(directory): \(failure)")
            }
            let version = (try MigrationDirectory.load(directory).last?.version ?? 0) + 1
            try AtomicFile.write(to: Self.newFilePath(directory: directory, version: version, name: name, kind: kind), force: false,
                                 what: "the migration", forceOption: nil) { sink in
                sink.write(Self.template(version: version, name: name, kind: kind))
            }
            return version
        }
        let path = Self.newFilePath(directory: directory, version: version, name: name, kind: kind)
        if parsed.flag(Options.json) {
            context.stdout.write(JSONValue.object([("file", .string(path)), ("version", .int(Int64(version)))]).serialized(pretty: true) + "\n")
        } else {
            context.stdout.write(path + "\n")
        }
    }

    static func newFilePath(directory: String, version: Int, name: String, kind: MigrationFile.Kind) -> String {
        directory + "/\(version)_\(name).\(kind.rawValue)"
    }

    /// A new file's text: what to write where, in comments, so that it parses and does nothing as it is.
    static func template(version: Int, name: String, kind: MigrationFile.Kind) -> String {
        switch kind {
        case .sql: """
            -- \(version)_\(name): what this migration changes, and why.
            -- Runs inside the transaction of 'strata migrate', with the others of the run.


            -- strata:down
            -- The SQL that undoes it, run by 'strata migrate FILE --to \(version - 1)'; delete this section if there is no way back.

            """
        case .strata: """
            # \(version)_\(name): what this migration changes, and why. One operation a line:
            #   add class Tag (name string primary key, color string?)
            #   add property Task.priority int = 0          rename property Task.notes to details
            #   add link Task.project -> Project?           add list Project.tasks -> Task
            #   add unique index Task(name)                 update Task set priority = 1 where isCompleted == false
            #   change property Task.priority to double = 0 delete property Task.legacy
            #   sql { raw SQL }
            # Adding and renaming undo themselves; for the rest, end the file with down { operations }.


            """
        }
    }
}
