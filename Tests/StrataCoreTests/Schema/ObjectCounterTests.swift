import Foundation
import SQLiteKit
import Testing
@testable import StrataCore

@Suite struct ObjectCounterTests {
    static let sql = """
        CREATE TABLE Small (id INTEGER PRIMARY KEY);
        CREATE TABLE Big (id INTEGER PRIMARY KEY, v TEXT);
        CREATE TABLE Keyed (k TEXT PRIMARY KEY) WITHOUT ROWID;
        CREATE TABLE Gone (x);
        CREATE VIEW Broken AS SELECT x FROM Gone;
        CREATE VIEW BigView AS SELECT id FROM Big WHERE id % 2 = 0;
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 5000)
        INSERT INTO Big (v) SELECT 'row ' || i FROM c;
        INSERT INTO Small VALUES (1), (2), (3);
        INSERT INTO Keyed VALUES ('a'), ('b');
        PRAGMA legacy_alter_table = ON;
        DROP TABLE Gone;
        """

    func counts(_ results: [Result<Int64, SQLiteError>]) -> [Int64?] {
        results.map { try? $0.get() }
    }

    @Test(arguments: [1, 2, 4, 8])
    func countsEveryClassOnSeveralConnections(_ workers: Int) throws {
        let path = NSTemporaryDirectory() + "strata-count-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Connection(path: path, mode: .create).execute(Self.sql)
        let connection = try Connection(path: path, mode: .readOnly)
        var reader = SchemaReader(connection: connection)
        let classes = try reader.read().visibleClasses
        #expect(classes.map(\.name) == ["Big", "BigView", "Broken", "Keyed", "Small"])
        let opened = Lock()
        nonisolated(unsafe) var extra = 0
        let results = ObjectCounter(connection: connection).countAll(
            classes, workers: workers,
            open: { opened.withLock { extra += 1 }; return try Connection(path: path, mode: .readOnly) },
            watcher: nil)
        #expect(counts(results) == [5000, 2500, nil, 2, 3])
        if case .failure(let error) = results[2] { #expect(error.message.contains("no such table")) }
        #expect(extra == min(workers, classes.count) - 1)
    }

    @Test func countsOnOneConnectionWhenNoOtherCanOpen() throws {
        let connection = try Connection(path: "", mode: .memory)
        try connection.execute(Self.sql)
        var reader = SchemaReader(connection: connection)
        let classes = try reader.read().visibleClasses
        let results = ObjectCounter(connection: connection).countAll(classes, workers: 4, open: nil, watcher: nil)
        #expect(counts(results) == [5000, 2500, nil, 2, 3])
    }

    @Test func biggestClassesFirst() throws {
        let connection = try Connection(path: "", mode: .memory)
        try connection.execute(Self.sql)
        var reader = SchemaReader(connection: connection)
        let classes = try reader.read().visibleClasses
        let order = ObjectCounter(connection: connection).largestFirst(classes).map { classes[$0].name }
        // Views and WITHOUT ROWID tables cannot be estimated and go first, then rowid tables by max(rowid).
        #expect(Set(order.prefix(3)) == ["BigView", "Broken", "Keyed"])
        #expect(Array(order.suffix(2)) == ["Big", "Small"])
    }
}
