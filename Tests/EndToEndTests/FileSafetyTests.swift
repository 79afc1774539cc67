import Foundation
import SQLiteKit
import Testing

/// Browsing never changes a byte of the file or its mtime, and leaves no journal files behind.
@Suite struct FileSafetyTests {
    static let browsing: [[String]] = [
        ["classes", "DB"], ["classes", "DB", "--all", "--format", "json"], ["schema", "DB"],
        ["schema", "DB", "Task", "--format", "json"],
    ]

    @Test(arguments: ["delete", "wal", "truncate", "persist", "memory", "off"])
    func browsingLeavesTheFileAsItWas(_ journalMode: String) throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", "PRAGMA journal_mode = \(journalMode);\n" + Workspace.tasks)
        let before = try workspace.fingerprint("app.sqlite")
        let listing = try workspace.listing()
        #expect(!listing.contains("app.sqlite-wal") && !listing.contains("app.sqlite-shm"))
        for arguments in Self.browsing {
            let result = try StrataProcess.run(arguments.map { $0 == "DB" ? db : $0 })
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let after = try workspace.fingerprint("app.sqlite")
        #expect(after.0 == before.0, "bytes changed")
        #expect(after.1 == before.1, "mtime changed")
        #expect(try workspace.listing() == listing)
    }

    /// With another connection holding the WAL open, Strata sees its committed rows and leaves the
    /// database file alone.
    @Test func walDatabaseInUseByAnotherConnection() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", "PRAGMA journal_mode = wal;\n" + Workspace.tasks)
        let writer = try Connection(path: db, mode: .readWrite)
        try writer.execute("PRAGMA wal_autocheckpoint = 0; INSERT INTO Tag VALUES ('new', NULL)")
        let before = try workspace.fingerprint("app.sqlite")
        let listing = try workspace.listing()
        #expect(listing == ["app.sqlite", "app.sqlite-shm", "app.sqlite-wal"])
        let result = try StrataProcess.run(["classes", db, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"name\": \"Tag\",\n    \"kind\": \"table\",\n    \"count\": 3"))
        let after = try workspace.fingerprint("app.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(try workspace.listing() == listing)
    }

    @Test func missingFileIsNeverCreated() throws {
        let workspace = try Workspace()
        for arguments in Self.browsing {
            let result = try StrataProcess.run(arguments.map { $0 == "DB" ? workspace.file("new.sqlite") : $0 })
            #expect(result.status == 1)
        }
        #expect(try workspace.listing() == [])
    }
}
