import Foundation
import SQLiteKit
import Testing
@testable import StrataMigrate
@testable import StrataCore

/// The history table and what `status` and `validate` make of it.
@Suite struct MigrationHistoryTests {
    @Test func createRecordRemoveAndStartOver() throws {
        let db = try Connection(path: "", mode: .memory)
        let history = MigrationHistory(connection: db)
        #expect(try !history.exists())
        #expect(try history.entries().isEmpty)
        try history.create()
        try history.create()  // once is enough; twice changes nothing
        #expect(try history.exists())
        let files = try [("1_a.sql", "SELECT 1;"), ("2_b.strata", "add class A (x int?)")].map {
            try MigrationFile(fileName: $0.0, bytes: Array($0.1.utf8))
        }
        try history.record(files[0], milliseconds: 7)
        try history.record(files[1], milliseconds: 0)
        let entries = try history.entries()
        #expect(entries.map(\.version) == [1, 2] && entries.map(\.name) == ["a", "b"])
        #expect(entries.map(\.checksum) == files.map(\.checksum))
        #expect(entries[0].durationMilliseconds == 7 && entries[0].strataVersion == Version.number)
        #expect(entries[0].appliedAt.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil)
        try history.remove(version: 1)
        #expect(try history.entries().map(\.version) == [2])
        try history.removeAll()
        #expect(try history.entries().isEmpty && history.exists())
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = ?", [.text(MigrationHistory.tableName)]).int64 == 1)
    }

    @Test func statusNamesEachMigrationsState() throws {
        let db = try Connection(path: "", mode: .memory)
        let files = try [("1_a.sql", "CREATE TABLE A (x);"), ("2_b.sql", "CREATE TABLE B (x);"), ("3_c.sql", "CREATE TABLE C (x);"),
                         ("4_d.sql", "CREATE TABLE D (x);")].map { try MigrationFile(fileName: $0.0, bytes: Array($0.1.utf8)) }
        try Migrator(connection: db, files: files).apply(to: 3)
        let now = [files[0], try MigrationFile(fileName: "2_b.sql", bytes: Array("-- edited".utf8)), files[3]]
        let status = try Migrator(connection: db, files: now).status()
        let appliedAt = try #require(status.applied.first?.appliedAt)
        #expect(status.entries == [
            MigrationStatus.Entry(version: 1, fileName: "1_a.sql", state: .applied(at: appliedAt)),
            MigrationStatus.Entry(version: 2, fileName: "2_b.sql", state: .drifted),
            MigrationStatus.Entry(version: 3, fileName: "c", state: .missing),
            MigrationStatus.Entry(version: 4, fileName: "4_d.sql", state: .pending),
        ])
        #expect(status.drifted.map(\.applied.checksum) == [files[1].checksum])
    }

    @Test func validateReportsIntegrityAndBrokenLinks() throws {
        let db = try Connection(path: "", mode: .memory)
        let files = [try MigrationFile(fileName: "1_a.sql", bytes: Array("""
            CREATE TABLE List (id INTEGER PRIMARY KEY);
            CREATE TABLE Task (id INTEGER PRIMARY KEY, list INTEGER REFERENCES List(id));
            """.utf8))]
        let migrator = Migrator(connection: db, files: files)
        try migrator.apply(to: nil)
        let clean = try migrator.validate()
        #expect(clean.isIntact && clean.brokenLinks.isEmpty && clean.schemaDrift == SchemaDrift(lines: [], unchecked: nil))
        try db.execute("INSERT INTO Task VALUES (1, 42); ALTER TABLE Task ADD COLUMN extra TEXT")
        let broken = try migrator.validate()
        #expect(broken.brokenLinks == ["Task row 1 → List"])
        #expect(broken.schemaDrift.lines == ["+ Task.extra TEXT"])
        #expect(broken.integrity == ["ok"])
    }
}
