import Foundation
import SQLiteKit
import Testing

/// Every file Strata creates (a backup, a demo database, an export) is created exclusively and never
/// through a symbolic link: a link at the destination, dangling or not, is refused, or with --force
/// replaced by the rename; what it points at is never created or written.
@Suite struct CreatedFileTests {
    /// A command that creates `DEST` (or refuses to), with the words of its refusal.
    struct Creator: CustomStringConvertible, Sendable {
        var name: String
        var what: String
        /// The arguments; `DB` stands for the database, `DEST` for the destination.
        var arguments: [String]
        /// The browser's commands, on stdin, for a creator that runs in the browser.
        var script: String?
        var canForce = true
        var description: String { name }

        func run(_ workspace: Workspace, db: String, destination: String, force: Bool) throws -> StrataProcess.Result {
            let expand = { (word: String) in word == "DB" ? db : word.replacingOccurrences(of: "DEST", with: destination) }
            if let script {
                let input = script.split(separator: "\n").map { expand(String($0)) + (force && $0.hasPrefix("export") ? " --force" : "") }
                return try StrataProcess.run(arguments.map(expand), input: input.joined(separator: "\n") + "\n")
            }
            return try StrataProcess.run(arguments.map(expand) + (force ? ["--force"] : []))
        }

        /// What the run printed as its refusal (the browser prints `error: …` on stderr).
        func refusal(_ result: StrataProcess.Result) -> String {
            result.stderr.split(separator: "\n").map(String.init).first { $0.hasPrefix("strata: ") || $0.hasPrefix("error: ") } ?? ""
        }
    }

    static let creators = [
        Creator(name: "migrate --backup", what: "the backup", arguments: ["migrate", "DB", "--backup", "DEST"]),
        Creator(name: "demo", what: "the demo database", arguments: ["demo", "DEST", "--rows", "3"]),
        Creator(name: "export", what: "the export", arguments: ["DB"], script: "Task\nexport DEST --format csv"),
    ]

    static func version(_ path: String) throws -> Int64? {
        try Connection(path: path, mode: .readOnly).scalar("PRAGMA user_version").int64
    }

    static func workspace() throws -> (Workspace, String) {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        return (workspace, workspace.file("app.sqlite"))
    }

    @Test(arguments: creators)
    func aDanglingLinkIsRefusedAndNothingIsCreatedWhereItPoints(_ creator: Creator) throws {
        let (workspace, db) = try Self.workspace()
        let link = workspace.file("out.link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: workspace.file("nowhere"))
        let listing = try workspace.listing()
        let result = try creator.run(workspace, db: db, destination: link, force: false)
        #expect(result.status == 1, "\(result.stderr)")
        let prefix = creator.script == nil ? "strata: " : "error: "
        #expect(creator.refusal(result) == "\(prefix)\(link) is a symbolic link; give \(creator.what) another name "
                + "(--force replaces the link itself, not what it points at)")
        #expect(try workspace.listing() == listing)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == workspace.file("nowhere"))
        if creator.arguments[0] == "migrate" { #expect(try Self.version(db) == 0) }
    }

    @Test(arguments: creators)
    func aLinkToAFileIsRefusedAndTheFileKeepsItsContent(_ creator: Creator) throws {
        let (workspace, db) = try Self.workspace()
        let target = workspace.file("precious.txt")
        try "do not overwrite me\n".write(toFile: target, atomically: true, encoding: .utf8)
        let link = workspace.file("out.link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let before = try workspace.fingerprint("precious.txt").0
        let result = try creator.run(workspace, db: db, destination: link, force: false)
        #expect(result.status == 1)
        #expect(creator.refusal(result).hasSuffix("\(link) is a symbolic link; give \(creator.what) another name "
                                                  + "(--force replaces the link itself, not what it points at)"))
        #expect(try workspace.fingerprint("precious.txt").0 == before)

        // --force replaces the link with the file; what it pointed at stays as it was.
        let forced = try creator.run(workspace, db: db, destination: link, force: true)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try workspace.fingerprint("precious.txt").0 == before)
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try workspace.listing().filter { $0.hasPrefix(".") } == [])
    }

    /// `--backup` onto an existing file suggested --force, which migrate did not have.
    @Test func backupOntoAnExistingFileNeedsForce() throws {
        let (workspace, db) = try Self.workspace()
        let backup = workspace.file("exists.bak")
        try "an older backup\n".write(toFile: backup, atomically: true, encoding: .utf8)
        let refused = try StrataProcess.run(["migrate", db, "--backup", backup])
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata: \(backup) already exists (use --force to replace it)\n")
        #expect(try Self.version(db) == 0)
        #expect(try String(contentsOfFile: backup, encoding: .utf8) == "an older backup\n")
        let forced = try StrataProcess.run(["migrate", db, "--backup", backup, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Self.version(backup) == 0)
        #expect(try Self.version(db) == 2)
        #expect(try Connection(path: backup, mode: .readOnly).scalar("SELECT count(*) FROM Task").int64 == 2)
        #expect(try workspace.listing() == ["Migrations", "app.sqlite", "exists.bak"])
        #expect(try StrataProcess.run(["help", "migrate"]).stdout.contains("--force"))
        let alone = try StrataProcess.run(["migrate", db, "--force"])
        #expect(alone.status == 2)
        #expect(alone.stderr == "strata: --force replaces the --backup PATH: give --backup PATH with it\n")
    }

    /// A dry run's backup is made from its read-only copy: FILE is not opened for writing for it either.
    @Test func aDryRunBacksUpFromItsCopy() throws {
        let (workspace, db) = try Self.workspace()
        let before = try workspace.fingerprint("app.sqlite")
        let backup = workspace.file("dry.bak")
        let result = try StrataProcess.run(["migrate", db, "--dry-run", "--backup", backup])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.version(backup) == 0)
        #expect(try Connection(path: backup, mode: .readOnly).scalar("SELECT count(*) FROM Task").int64 == 2)
        let after = try workspace.fingerprint("app.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(try workspace.listing() == ["Migrations", "app.sqlite", "dry.bak"])
    }
}
