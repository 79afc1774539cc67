import Foundation
import SQLiteKit
import Testing
@testable import StrataInterface
@testable import StrataRender
@testable import StrataCore

@Suite struct OverviewTests {
    @Test func countsSmallClassesAndEstimatesBigOnes() throws {
        let path = NSTemporaryDirectory() + "strata-overview-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let db = try Connection(path: path, mode: .create)
        try db.execute("""
            PRAGMA user_version = 7;
            CREATE TABLE Small (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO Small (name) VALUES ('a'), ('b'), ('c');
            CREATE TABLE Big (id INTEGER PRIMARY KEY);
            INSERT INTO Big VALUES (1), (5000000);
            CREATE TABLE Code (code TEXT PRIMARY KEY) WITHOUT ROWID;
            INSERT INTO Code VALUES ('x');
            """)
        var reader = SchemaReader(connection: db)
        let overview = Overview(connection: db, schema: try reader.read())
        let text = try overview.text(file: path, budget: 5, maxWidth: nil, style: Style(isEnabled: false))
        // Big's largest key says it could not be counted in time: estimated, and said to be.
        #expect(text == """
            \(path) · \(Overview.size(Platform.fileSize(path) ?? 0)) · SQLite \(Connection.sqliteVersion) · schema version 7

            CLASS  KIND    OBJECTS
            Big    table  ~5000000
            Code   table         1
            Small  table         3
            (~ estimated from the largest key: 'classes' counts exactly)

            """)
    }

    @Test func aDeadlineLeavesTheRestUncounted() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("""
            CREATE TABLE Slow (x);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 300000) INSERT INTO Slow SELECT i FROM c;
            CREATE VIEW Slower AS SELECT a.x FROM Slow AS a, Slow AS b;
            """)
        var reader = SchemaReader(connection: db)
        let overview = Overview(connection: db, schema: try reader.read())
        let started = Date()
        let counts = overview.counts(overview.schema.visibleClasses, budget: 0.05)
        #expect(Date().timeIntervalSince(started) < 2)
        // The view (no estimate, counted first) cannot finish: it and everything after it stay unknown.
        #expect(counts.allSatisfy { $0 == nil || (try? $0?.get()) != nil })
        #expect(counts.contains { $0 == nil })
        // The connection is usable afterwards: the deadline never interrupts a later statement.
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try db.scalar("SELECT count(*) FROM Slow").int64 == 300000)
    }

    @Test(arguments: [
        (Int64(0), "0 bytes"), (999, "999 bytes"), (1000, "1.0 kB"), (45_056, "45.1 kB"), (999_949, "999.9 kB"),
        (999_950, "1.0 MB"), (1_190_000_000, "1.2 GB"), (3_000_000_000_000, "3.0 TB"),
    ])
    func sizesReadAsPeopleReadThem(_ bytes: Int64, _ text: String) {
        #expect(Overview.size(bytes) == text)
    }

    @Test func namesTheFrameworkThatWroteTheStore() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("""
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1'), ('v2');
            CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT);
            """)
        var reader = SchemaReader(connection: db)
        let overview = Overview(connection: db, schema: try reader.read())
        let text = try overview.text(file: "app.sqlite", budget: 5, maxWidth: nil, style: Style(isEnabled: false))
        #expect(text.hasPrefix("app.sqlite · SQLite \(Connection.sqliteVersion) · schema version 0 · GRDB database, 2 migrations applied (last: v2)\n"), "\(text)")
        #expect(!text.contains("grdb_migrations"))
    }

    @Test(arguments: [
        (nil, "a.sqlite · 1 kB · SQLite 3 · schema version 2\n"),
        (30, "a.sqlite · 1 kB · SQLite 3\nschema version 2\n"),
        (10, "a.sqlite\n1 kB\nSQLite 3\nschema version 2\n"),
    ] as [(Int?, String)])
    func factsBreakBetweenFacts(_ width: Int?, _ expected: String) {
        #expect(Overview.lines(["a.sqlite", "1 kB", "SQLite 3", "schema version 2"], maxWidth: width) == expected)
    }
}
