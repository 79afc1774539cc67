import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate new DIR NAME`: writes the next migration file of a directory, of the kind of its newest
/// file unless `--sql` or `--strata` says otherwise (`.strata` in an empty directory), with no down section
/// unless `--down` asks for one: SQL appended to the file (`printf … >> 6_x.sql`) lands in the up section.
extension MigrateCommand {
    func create() throws {
        let directory = parsed.required(Commands.migrationsDirectory)
        let name = parsed.required(Commands.migrationName)
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") })
        else { throw StrataError.usage("a migration's name is letters, digits, _ and -, not '\(name)'") }
        if parsed.flag(Options.sqlFile) && parsed.flag(Options.strataFile) {
            throw StrataError.usage("--sql and --strata: give one of them (without either, the newest file's kind)")
        }
        let down = parsed.flag(Options.downSection)
        if Platform.fileKind(directory) == .missing, let failure = Platform.makeDirectory(directory) {
            throw StrataError("cannot create \(directory): \(failure)")
        }
        let newest = try MigrationDirectory.load(directory).last
        let version = (newest?.version ?? 0) + 1
        let kind: MigrationFile.Kind = parsed.flag(Options.sqlFile) ? .sql : parsed.flag(Options.strataFile) ? .strata : newest?.kind ?? .strata
        let path = Self.newFilePath(directory: directory, version: version, name: name, kind: kind)
        try AtomicFile.write(to: path, force: false, what: "the migration", forceOption: nil) { sink in
            sink.write(Self.template(version: version, name: name, kind: kind, down: down))
        }
        if parsed.flag(Options.json) {
            context.stdout.write(JSONValue.object([("file", .string(path)), ("version", .int(Int64(version))), ("kind", .string(kind.rawValue))]).serialized(pretty: true) + "\n")
        } else {
            context.stdout.write(path + "\n")
        }
    }

    static func newFilePath(directory: String, version: Int, name: String, kind: MigrationFile.Kind) -> String {
        directory + "/\(version)_\(name).\(kind.rawValue)"
    }

    /// A new file's text: what to write where, in comments, so that it parses and does nothing as it is
    /// (`migrate` refuses it until it has something to run: lint's S008). The up section is last unless
    /// `down` asks for a down section, which then is.
    static func template(version: Int, name: String, kind: MigrationFile.Kind, down: Bool = false) -> String {
        switch kind {
        case .sql where down: """
            -- \(version)_\(name): what this migration changes, and why.
            -- Runs inside the transaction of 'strata migrate', with the others of the run. Write it above the
            -- '-- strata:down' line: what is below it (or appended to this file) runs only going down.


            -- strata:down
            -- The SQL that undoes it, run by 'strata migrate FILE --to \(version - 1)'.

            """
        case .sql: """
            -- \(version)_\(name): what this migration changes, and why.
            -- Runs inside the transaction of 'strata migrate', with the others of the run. Going down
            -- ('strata migrate FILE --to \(version - 1)') undoes CREATE, ADD COLUMN and RENAME statements by
            -- itself; for anything else, end the file with a line '-- strata:down' and the SQL that undoes it.


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


            """ + (down ? """
            down {
                # The operations that undo the ones above, newest first; empty, the derived ones run.
            }

            """ : "")
        }
    }
}
