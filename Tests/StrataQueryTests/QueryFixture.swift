import Testing
import SQLiteKit
import StrataTestSupport
@testable import StrataQuery
@testable import StrataCore
@testable import StrataDemo

/// An in-memory database with its schema and a runner, for query tests. One per test case: a connection
/// serves one thread, and Swift Testing runs cases in parallel.
struct QueryFixture {
    let connection: Connection
    let schema: Schema
    let runner: QueryRunner

    init(sql: String) throws {
        connection = try Connection(path: "", mode: .memory)
        try connection.execute(sql)
        var reader = SchemaReader(connection: connection)
        schema = try reader.read()
        runner = try QueryRunner(connection: connection)
    }

    /// The demo database of `strata demo --rows N --seed S`, plus optional SQL run afterwards.
    init(demoRows rows: Int, seed: UInt64, then sql: String = "") throws {
        let connection = try Connection(path: "", mode: .memory)
        try connection.transaction { try DemoGenerator(rows: rows, seed: seed).write(into: connection) }
        if !sql.isEmpty { try connection.execute(sql) }
        self.connection = connection
        var reader = SchemaReader(connection: connection)
        schema = try reader.read()
        runner = try QueryRunner(connection: connection)
    }

    static func tasks() throws -> QueryFixture { try QueryFixture(sql: tasksSQL) }

    static func shapes() throws -> QueryFixture { try QueryFixture(sql: shapesSQL) }

    static func demo() throws -> QueryFixture { try QueryFixture(demoRows: 200, seed: 42) }

    func compile(_ query: String, _ arguments: [String] = []) throws -> CompiledQuery {
        try QueryCompiler.compile(query, schema: schema, connection: connection, parameters: arguments)
    }

    /// The values of some result columns, each row's joined with "|" (NULL as ∅), in the order returned.
    func values(_ query: String, columns names: [String], _ arguments: [String] = []) throws -> [String] {
        let compiled = try compile(query, arguments)
        let indices = try names.map { name in
            guard let index = compiled.columns.firstIndex(where: { $0.name == name }) else {
                throw FixtureError.missing("a column \(name) in the result of \(query)")
            }
            return index
        }
        return try runner.rows(compiled).map { row in
            indices.map { index -> String in
                switch row[index] {
                case .null: "∅"
                case .integer(let value): String(value)
                case .real(let value): String(value)
                case .text(let value): value
                case .blob(let bytes): bytes.map { String($0, radix: 16) }.joined()
                }
            }.joined(separator: "|")
        }
    }

    /// The keys (the `id` column) of the objects a query returns, in the order it returns them.
    func keys(_ query: String, _ arguments: [String] = []) throws -> [Int64] {
        let compiled = try compile(query, arguments)
        guard let column = compiled.columns.firstIndex(where: { $0.name == "id" }) else {
            throw FixtureError.missing("an id column in the result of \(query)")
        }
        return try runner.rows(compiled).map { row in
            guard let key = row[column].int64 else { throw FixtureError.missing("an integer key in \(row)") }
            return key
        }
    }

    /// Schema shapes besides integer `id` keys: a WITHOUT ROWID class keyed by text and linked and listed by
    /// that key, a composite key, names with spaces and quotes and a keyword, a generated column, a STRICT
    /// table, a view, UUIDs stored as 16-byte blobs and as text, and dates stored as SQLite's
    /// `CURRENT_TIMESTAMP` text, as a bare date and with microseconds.
    static let shapesSQL = """
        CREATE TABLE Label (code TEXT PRIMARY KEY, title TEXT) WITHOUT ROWID;
        CREATE TABLE Note (id INTEGER PRIMARY KEY, body TEXT, label TEXT REFERENCES Label(code), at DATETIME, uuid UUID);
        CREATE TABLE Note_labels (
            owner INTEGER NOT NULL REFERENCES Note(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            target TEXT NOT NULL REFERENCES Label(code) ON DELETE CASCADE,
            PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        CREATE TABLE Pair (a INTEGER, b TEXT, label TEXT, PRIMARY KEY (a, b));
        CREATE TABLE "Odd Name" (id INTEGER PRIMARY KEY, "first name" TEXT, "quo""te" INTEGER, "where" TEXT);
        CREATE TABLE Rect (id INTEGER PRIMARY KEY, w INTEGER, h INTEGER, area INTEGER GENERATED ALWAYS AS (w * h) VIRTUAL);
        CREATE TABLE Meter (id INTEGER PRIMARY KEY, reading REAL, note TEXT) STRICT;
        CREATE VIEW BigRect AS SELECT id, w, h FROM Rect WHERE w * h > 5;
        CREATE TABLE Coin (id INTEGER PRIMARY KEY, value INTEGER NOT NULL);
        CREATE TABLE Bag (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE Bag_coins (
            owner INTEGER NOT NULL REFERENCES Bag(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            target INTEGER NOT NULL REFERENCES Coin(id) ON DELETE CASCADE,
            PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;

        INSERT INTO Label VALUES ('a', 'Alpha'), ('b', 'Beta'), ('c', NULL);
        INSERT INTO Note VALUES
            (1, 'one', 'a', '2015-01-01 10:00:00', x'E621E1F8C36C495A93FC0C247A3E6E5F'),
            (2, 'two', 'b', '2015-01-01', 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'),
            (3, 'three', NULL, '2015-01-01T10:00:00.123456Z', NULL),
            (4, NULL, 'c', NULL, x'00000000000000000000000000000001');
        INSERT INTO Note_labels VALUES (1, 0, 'a'), (1, 1, 'b'), (2, 0, 'b'), (4, 0, 'c'), (4, 1, 'c');
        INSERT INTO Pair VALUES (1, 'x', 'p'), (1, 'y', 'q'), (2, 'x', 'p'), (0, 'z', NULL);
        INSERT INTO "Odd Name" VALUES (1, 'Ann', 5, 'here'), (2, 'Bob', NULL, 'there');
        INSERT INTO Rect (id, w, h) VALUES (1, 2, 3), (2, 4, 5), (3, 1, 1), (4, NULL, 2);
        INSERT INTO Meter VALUES (1, 1.5, 'a'), (2, 2.5, NULL);
        -- Sums whose terms pass 2^53 (and Int64's range) though the totals are small.
        INSERT INTO Coin VALUES (1, 9223372036854775807), (2, -9223372036854775808), (3, 1), (4, 9007199254740993), (5, -9007199254740992);
        INSERT INTO Bag VALUES (1, 'max and min'), (2, 'past 2^53'), (3, 'ones'), (4, 'empty');
        INSERT INTO Bag_coins VALUES (1, 0, 1), (1, 1, 2), (2, 0, 4), (2, 1, 5), (3, 0, 3), (3, 1, 3), (3, 2, 3);
        """

    /// A RealmTasks-like database. Every value below is chosen for a case in `QueryCasesTests`; the
    /// comments give the facts the expected keys are worked out from.
    ///
    /// Task (17 objects):
    ///
    ///     id name                  done  prio  score  createdAt (UTC)            notes         data      list desc limit
    ///      1 Buy milk              0     2     1.5    2015-01-01 10:00:00.000    2% fat        00FF      1    a    10
    ///      2 buy eggs              1     1     2.0    2014-12-31 23:59:59.999    ∅             (empty)   1    ∅    ∅
    ///      3 Café au lait (é)      0     3     ∅      2015-01-01 00:00:00.000    50%_off       ∅         1    b    5
    ///      4 CAFÉ NOIR             1     ∅     -1.25  2015-06-15 12:30:00.000    under_score   CAFE      2    ∅    0
    ///      5 Cafe\u301 crème       0     5     0.0    2016-02-29 00:00:00.000    star*and?q    "Hello"   2    c    ∅
    ///      6 Straße fegen          1     2     3.75   ∅                          ""            ∅         ∅    ""   1
    ///      7 STRAẞE                ∅     4     10.0   2015-01-01 10:00:00.000    ∅             00        3    d    10
    ///      8 Σίσυφος               0     1     2.0    2015-01-01 09:00:00.250    ΣΊΣΥΦΟΣ       ∅         3    ∅    ∅
    ///      9 数据 analysis          1     3     99.5   2020-05-05 05:05:05.000    数据库         ∅         5    ∅    ∅
    ///     10 O'Brien says "hi"     0     2     ∅      2015-01-02 00:00:00.000    back\slash    ∅         5    e    2
    ///     11 '; DROP TABLE Task; --  0   ∅     ∅      ∅                          ∅             ∅         ∅    ∅    ∅
    ///     12 100% done             1     0     100.0  2014-01-01 00:00:00.000    a_b           ∅         2    ∅    ∅
    ///     13 100 percent           0     -3    -0.5   2015-01-01 10:00:00 (stored as 11:00+01:00)  ∅   ∅   ∅   x   -1
    ///     14 a_b                   0     7     7.0    ∅                          ∅             ∅         ∅    ∅    ∅
    ///     15 axb                   1     7     7.5    ∅ …
    ///     16 a*b?c                 0     ∅     ∅      ∅ …
    ///     17 "" (empty)            0     0     0.0    ∅                          ∅             (empty)   ∅    ∅    ∅
    ///
    /// TaskList: 1 Groceries (desc "weekly shop", sort 2, items [1, 2, 3]), 2 Work (desc ∅, sort 1, items [4, 5, 12]),
    /// 3 Wishlist (desc "", sort 3, items [7, 8, 1]), 4 Empty (desc "nothing here", sort ∅, items [], no task links
    /// to it), 5 Ünïcödé (desc "'; DROP TABLE Task; --", sort 2, items [10, 9]).
    ///
    /// Tag: 1 urgent, 2 home, 3 Work, 4 errand, 5 unused. Task.tags: 1 [urgent, home], 2 [home],
    /// 3 [Work, urgent, Work], 5 [errand], 9 [urgent]; every other task has no tags.
    static let tasksSQL = """
        CREATE TABLE TaskList (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            "desc" TEXT,
            "sort" INTEGER
        );
        CREATE TABLE Tag (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE Task (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            isCompleted BOOLEAN,
            priority INTEGER,
            score REAL,
            createdAt DATETIME,
            notes TEXT,
            data BLOB,
            list INTEGER REFERENCES TaskList(id),
            "desc" TEXT,
            "limit" INTEGER
        );
        CREATE TABLE TaskList_items (
            owner INTEGER NOT NULL REFERENCES TaskList(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            target INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE,
            PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        CREATE TABLE Task_tags (
            owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            target INTEGER NOT NULL REFERENCES Tag(id) ON DELETE CASCADE,
            PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        CREATE TABLE Event (id INTEGER PRIMARY KEY, name TEXT, isoAt DATETIME, secAt TIMESTAMP, msAt DATETIME, realAt DATE);
        CREATE TABLE Gadget (id INTEGER PRIMARY KEY, f FLOAT, d DECIMAL, u UUID, anything);

        INSERT INTO TaskList VALUES
            (1, 'Groceries', 'weekly shop', 2),
            (2, 'Work', NULL, 1),
            (3, 'Wishlist', '', 3),
            (4, 'Empty', 'nothing here', NULL),
            (5, '\u{00DC}n\u{00EF}c\u{00F6}d\u{00E9}', '''; DROP TABLE Task; --', 2);
        INSERT INTO Tag VALUES (1, 'urgent'), (2, 'home'), (3, 'Work'), (4, 'errand'), (5, 'unused');
        INSERT INTO Task VALUES
            (1, 'Buy milk', 0, 2, 1.5, '2015-01-01T10:00:00.000Z', '2% fat', x'00FF', 1, 'a', 10),
            (2, 'buy eggs', 1, 1, 2.0, '2014-12-31T23:59:59.999Z', NULL, x'', 1, NULL, NULL),
            (3, 'Caf\u{00E9} au lait', 0, 3, NULL, '2015-01-01T00:00:00.000Z', '50%_off', NULL, 1, 'b', 5),
            (4, 'CAF\u{00C9} NOIR', 1, NULL, -1.25, '2015-06-15T12:30:00.000Z', 'under_score', x'CAFE', 2, NULL, 0),
            (5, 'Cafe\u{0301} cr\u{00E8}me', 0, 5, 0.0, '2016-02-29T00:00:00.000Z', 'star*and?q', x'48656C6C6F', 2, 'c', NULL),
            (6, 'Stra\u{00DF}e fegen', 1, 2, 3.75, NULL, '', NULL, NULL, '', 1),
            (7, 'STRA\u{1E9E}E', NULL, 4, 10.0, '2015-01-01T10:00:00.000Z', NULL, x'00', 3, 'd', 10),
            (8, '\u{03A3}\u{03AF}\u{03C3}\u{03C5}\u{03C6}\u{03BF}\u{03C2}', 0, 1, 2.0, '2015-01-01T09:00:00.250Z',
                '\u{03A3}\u{038A}\u{03A3}\u{03A5}\u{03A6}\u{039F}\u{03A3}', NULL, 3, NULL, NULL),
            (9, '\u{6570}\u{636E} analysis', 1, 3, 99.5, '2020-05-05T05:05:05.000Z', '\u{6570}\u{636E}\u{5E93}', NULL, 5, NULL, NULL),
            (10, 'O''Brien says "hi"', 0, 2, NULL, '2015-01-02T00:00:00.000Z', 'back\\slash', NULL, 5, 'e', 2),
            (11, '''; DROP TABLE Task; --', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
            (12, '100% done', 1, 0, 100.0, '2014-01-01T00:00:00.000Z', 'a_b', NULL, 2, NULL, NULL),
            (13, '100 percent', 0, -3, -0.5, '2015-01-01T11:00:00+01:00', NULL, NULL, NULL, 'x', -1),
            (14, 'a_b', 0, 7, 7.0, NULL, NULL, NULL, NULL, NULL, NULL),
            (15, 'axb', 1, 7, 7.5, NULL, NULL, NULL, NULL, NULL, NULL),
            (16, 'a*b?c', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
            (17, '', 0, 0, 0.0, NULL, NULL, x'', NULL, NULL, NULL);
        INSERT INTO TaskList_items VALUES
            (1, 0, 1), (1, 1, 2), (1, 2, 3),
            (2, 0, 4), (2, 1, 5), (2, 2, 12),
            (3, 0, 7), (3, 1, 8), (3, 2, 1),
            (5, 0, 10), (5, 1, 9);
        INSERT INTO Task_tags VALUES
            (1, 0, 1), (1, 1, 2),
            (2, 0, 2),
            (3, 0, 3), (3, 1, 1), (3, 2, 3),
            (5, 0, 4),
            (9, 0, 1);

        -- One moment in four storages: ISO text, unix seconds, unix milliseconds, unix seconds as REAL.
        INSERT INTO Event VALUES
            (1, 'new year', '2015-01-01T00:00:00.000Z', 1420070400, 1420070400000, 1420070400.0),
            (2, 'ten am', '2015-01-01T10:00:00Z', 1420106400, 1420106400000, 1420106400.5),
            (3, 'leap day', '2016-02-29T12:00:00.000Z', 1456747200, 1456747200000, 1456747200.0),
            (4, 'never', NULL, NULL, NULL, NULL),
            (5, 'before the epoch', '1969-12-31T23:59:59.000Z', -1, -1000, -1.0);

        INSERT INTO Gadget VALUES
            (1, 1.5, 10.25, 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F', 42),
            (2, -0.5, 0, '00000000-0000-0000-0000-000000000000', 'text'),
            (3, NULL, NULL, NULL, NULL),
            (4, 3.0e38, 99.99, 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f', x'01'),
            (5, 0.0, -5, 'A0000000-0000-4000-8000-000000000001', 2.5);
        """
}

/// Expects the lexer to refuse `text` with exactly this message at this column.
func expectLexerRefuses(_ text: String, _ message: String, _ column: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try QueryLexer.tokens(text)
        Issue.record("lexed \(text)", sourceLocation: sourceLocation)
    } catch let error as QueryError {
        #expect(error.message == message && error.column == column, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
    }
}
