import Foundation
import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataMigrate

/// A `.sql` migration read and run in blocks, statement by statement, never held whole: the same statements, lines,
/// checks and outcome as the whole text, whatever the block size.
@Suite struct MigrationStreamingTests {
    /// Texts whose quotes, comments, triggers and lines a block boundary can fall in the middle of.
    static let texts = [
        "",
        "SELECT 1",
        ";; SELECT 1;;\n  select 2 ;",
        "INSERT INTO t VALUES ('a;b', \"c;d\", [e;f], `g;h`, 'it''s; fine'); -- x; y\n/* z; */ DELETE FROM t",
        "CREATE TRIGGER r AFTER INSERT ON t BEGIN UPDATE t SET a = 1; DELETE FROM u; END; VACUUM",
        "CREATE TEMP TRIGGER r AFTER INSERT ON t BEGIN SELECT 1;; END; SELECT 2;\nPRAGMA main.journal_mode = WAL;",
        "SELECT 'unterminated; still one",
        "SELECT 1 /* unterminated; comment",
        "SELECT 1 -- a comment at the end; with no newline",
        "BEGIN; SELECT 1 - 2 -- x\n/ 3; COMMIT;\nATTACH 'x' AS y;",
        "-- only\n/* comments */ ;;\n",
        "SELECT 'é ☕ 𝄞;';\r\nSELECT \"𝄞\";\r\n",
    ]

    /// Each statement as SQLScript reads the whole text: its offset and first word.
    static func statements(_ text: String) -> [String] {
        var found: [String] = []
        SQLScript.forEachStatement(text) { found.append("\($0.offset) \($0.text(0))") }
        return found
    }

    @Test(arguments: texts)
    func aSectionReadInBlocksHasTheStatementsOfTheWholeText(_ text: String) throws {
        let whole = SQLSection(text: text, blockSize: 1 << 20)
        for blockSize in [16, 17, 19, 23, 32, 64] {
            let section = SQLSection(text: text, blockSize: blockSize)
            #expect(section.outline.hasStatement == SQLScript.hasStatement(text), "\(blockSize)")
            #expect(section.outline.notInTransaction == SQLScript.notInTransaction(text), "\(blockSize)")
            #expect(section.outline.attaches == whole.outline.attaches)
            var found: [String] = []
            try section.forEachStatement { statement, offset, _ in found.append("\(offset) \(statement.text(0))") }
            #expect(found == Self.statements(text), "\(blockSize)")
            #expect(try section.text() == text)
        }
    }

    @Test func aSplitByteSequenceIsCheckedWhole() {
        let vectors: [[UInt8]] = [
            Array("SELECT 'é ☕ 𝄞';\n".utf8), [0x41, 0x00], [0x0A, 0x0A, 0xE9, 0x41], [0xC0, 0x80], [0xC3], [0xE0, 0x9F, 0x80],
            [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x98, 0x41], [0x41, 0xBF], [0xF0, 0x9D, 0x84, 0x9E, 0xF0, 0x9D, 0x84],
            [0x41, 0x42, 0xE2, 0x98, 0x95, 0x0A, 0xF0, 0x9D, 0x84, 0x9E, 0x43],
        ]
        for bytes in vectors {
            let expected = TextCheck.firstBadByte(bytes)
            for split in 0...bytes.count {
                for second in split...bytes.count {
                    var stream = TextCheck.Stream()
                    var found: (offset: Int, byte: UInt8)?
                    for range in [0..<split, split..<second, second..<bytes.count] where found == nil {
                        found = bytes[range].withUnsafeBufferPointer { stream.check($0) }
                    }
                    if found == nil { found = stream.finish() }
                    #expect(found?.offset == expected?.offset, "\(bytes) split at \(split), \(second)")
                    #expect(found.map { $0.byte == 0 } == expected?.isNUL)
                }
            }
        }
    }

    @Test(arguments: [
        ("A;\n-- strata:down\nB;", "A;", "B;" as String?, 2 as Int?),
        ("A;\r\n  -- STRATA:DOWN \r\nB;\r\n", "A;\r", "B;\r\n", 2),
        ("A; -- strata:down\nB;", "A; -- strata:down\nB;", nil, nil),
        ("A;\n\n-- strata:dow\n-- strata:down", "A;\n\n-- strata:dow", "", 4),
        ("-- strata:down\nB;\n-- strata:down\nC;", "", "B;\n-- strata:down\nC;", 1),
    ])
    func theDownLineIsFoundWhereverTheBlocksEnd(_ text: String, _ up: String, _ down: String?, _ line: Int?) throws {
        for blockSize in [16, 17, 18, 19, 20, 1 << 16] {
            let file = try MigrationFile(fileName: "1_a.sql", bytes: Array(text.utf8), blockSize: blockSize)
            #expect(try file.sections.up.text() == up, "\(blockSize)")
            #expect(try file.sections.down?.text() == down, "\(blockSize)")
            #expect(file.sections.downLine == line)
        }
    }

    @Test func aBadByteFarIntoABigFileIsNamedWithItsLine() throws {
        var bytes = Array(String(repeating: "SELECT 1;\n", count: 500).utf8)
        bytes.insert(contentsOf: [0xE2, 0x98], at: 4003)  // line 401, cut by a block boundary at 4004
        for blockSize in [16, 4004, 1 << 16] {
            #expect(throws: StrataError("1_a.sql: a byte that is not UTF-8 (0xE2) at byte offset 4003 (line 401): a migration must be "
                                        + "UTF-8 text without NUL bytes; nothing was run", site: ErrorSite(line: 401))) {
                try MigrationFile(fileName: "1_a.sql", bytes: bytes, blockSize: blockSize)
            }
        }
    }

    // MARK: - Running

    /// A database file with an `Item` table, and a migrations folder beside it.
    final class Fixture {
        let folder = NSTemporaryDirectory() + "strata-streaming-\(UUID().uuidString)"
        var path: String { folder + "/db.sqlite" }
        var migrations: String { folder + "/Migrations" }
        let connection: Connection

        init() throws {
            try FileManager.default.createDirectory(atPath: folder + "/Migrations", withIntermediateDirectories: true)
            connection = try Connection(path: folder + "/db.sqlite", mode: .create)
            try connection.execute("CREATE TABLE Item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT)")
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        var bytes: Data { FileManager.default.contents(atPath: path) ?? Data() }

        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: migrations + "/" + name))
        }
    }

    /// `count` INSERTs of ids from 2, one a line after a comment line (the `i`th on line `i + 1`); the one on line
    /// `bad`, if any, inserts id 1.
    static func inserts(_ count: Int, badAt bad: Int? = nil) -> String {
        var text = "-- \(count) items\n"
        for index in 1...count {
            let id = index + 1 == bad ? 1 : index + 1
            text += "INSERT INTO Item (id, name, note) VALUES (\(id), 'item; \(index)', \(index % 3 == 0 ? "NULL" : "'a \"note\"'"));\n"
        }
        return text
    }

    @Test func manyStatementsRunBlockByBlockFromTheFile() throws {
        let fixture = try Fixture()
        try fixture.write("1_items.sql", Self.inserts(3000))
        // Blocks of 1 KiB: about a hundred chunks, each ending where a statement ends; the checksum taken on
        // another thread while they run.
        let file = try MigrationFile.read(directory: fixture.migrations, fileName: "1_items.sql", blockSize: 1024, checksumInBackgroundAbove: 0)
        #expect(file.sections.up.outline.cuts.count > 100)
        #expect(file.text.isEmpty)  // not held
        let run = try Migrator(connection: fixture.connection, files: [file]).apply(to: nil)
        #expect(run.applied.count == 1)
        #expect(try fixture.connection.scalar("SELECT count(*) FROM Item").int64 == 3000)
        #expect(try fixture.connection.scalar("SELECT name FROM Item WHERE id = 3001").string == "item; 3000")
        #expect(try fixture.connection.scalar("SELECT checksum FROM strata_migrations").string
                == (try MigrationFile(fileName: "1_items.sql", bytes: Array(Self.inserts(3000).utf8))).checksum)
    }

    @Test(arguments: [2, 1777, 3001])
    func aFailureInTheMiddleNamesItsLineAndLeavesTheFileAsItWas(_ line: Int) throws {
        let fixture = try Fixture()
        try fixture.connection.execute("INSERT INTO Item VALUES (1, 'one', NULL)")
        let before = fixture.bytes
        try fixture.write("1_items.sql", Self.inserts(3000, badAt: line))
        try fixture.write("2_more.sql", "CREATE TABLE Later (x);")
        for blockSize in [64, 1000, 1 << 18] {
            let files = try ["1_items.sql", "2_more.sql"].map {
                try MigrationFile.read(directory: fixture.migrations, fileName: $0, blockSize: blockSize)
            }
            do {
                try Migrator(connection: fixture.connection, files: files).apply(to: nil)
                Issue.record("no error")
            } catch let error as StrataError {
                #expect(error.message == "1_items.sql:\(line): UNIQUE constraint failed: Item.id; nothing was changed (still at version 0)")
                #expect(error.code == .statementFailed && error.site?.line == line && error.site?.file == "1_items.sql")
                #expect(error.site?.statement?.hasPrefix("INSERT INTO Item (id, name, note) VALUES (1, 'item; \(line - 1)'") == true,
                        "\(error.site?.statement ?? "")")
            }
            #expect(fixture.bytes == before)
            #expect(try fixture.connection.scalar("SELECT count(*) FROM Item").int64 == 1)
            #expect(try fixture.connection.scalar("PRAGMA user_version").int64 == 0)
        }
    }

    @Test func aTriggerBodyThatEndsLaterThanItSeemsRunsWhole() throws {
        // `CASE … END;` inside the body: the statement does not end there, whatever the blocks.
        let text = """
            CREATE TABLE Log (x);
            CREATE TRIGGER Item_log AFTER INSERT ON Item BEGIN
              INSERT INTO Log VALUES (CASE WHEN new.id > 1 THEN 'big' ELSE 'small' END);
              INSERT INTO Log VALUES (CASE new.note WHEN 'x' THEN 1 END);
            END;
            INSERT INTO Item VALUES (1, 'a', NULL), (2, 'b', 'x');
            """
        for blockSize in [16, 40, 77, 100, 1 << 16] {
            let db = try Connection(path: "", mode: .memory)
            try db.execute("CREATE TABLE Item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT)")
            let file = try MigrationFile(fileName: "1_log.sql", bytes: Array(text.utf8), blockSize: blockSize)
            try Migrator(connection: db, files: [file]).apply(to: nil)
            #expect(try db.rows("SELECT x FROM Log ORDER BY rowid") == [[.text("small")], [.null], [.text("big")], [.integer(1)]], "\(blockSize)")
        }
    }

    @Test func aFileChangedAfterItWasReadIsNotRun() throws {
        let fixture = try Fixture()
        try fixture.write("1_items.sql", Self.inserts(200))
        let file = try MigrationFile.read(directory: fixture.migrations, fileName: "1_items.sql", blockSize: 512)
        // The same size, one byte changed near the end.
        try fixture.write("1_items.sql", Self.inserts(200).replacingOccurrences(of: "'item; 199'", with: "'item; 1x9'"))
        let before = fixture.bytes
        do {
            try Migrator(connection: fixture.connection, files: [file]).apply(to: nil)
            Issue.record("ran a changed file")
        } catch let error as StrataError {
            #expect(error.message.contains("1_items.sql changed since it was read"), "\(error.message)")
            #expect(error.message.hasSuffix("nothing was changed (still at version 0)"), "\(error.message)")
        }
        #expect(fixture.bytes == before)
        #expect(try fixture.connection.scalar("SELECT count(*) FROM Item").int64 == 0)
    }

    @Test func lintAndThePlanReadTheFileInBlocks() throws {
        let fixture = try Fixture()
        try fixture.write("1_items.sql", Self.inserts(500) + "DELETE FROM Item;\nVACUUM;\n")
        let file = try MigrationFile.read(directory: fixture.migrations, fileName: "1_items.sql", blockSize: 256)
        #expect(try MigrationLint.check(file).map { "\($0.line) \($0.code.rawValue)" } == ["502 S003", "1 S006", "1 S007"])
        #expect(throws: StrataError.self) { try Migrator(connection: fixture.connection, files: [file]).plan(to: nil) }
        try fixture.write("2_ok.sql", Self.inserts(500))
        let ok = try MigrationFile.read(directory: fixture.migrations, fileName: "2_ok.sql", blockSize: 256)
        let plan = try Migrator(connection: fixture.connection, files: [ok]).plan(to: nil, translated: true)
        #expect(plan.steps.map(\.sql) == [Self.inserts(500)])
        #expect(try fixture.connection.scalar("SELECT count(*) FROM Item").int64 == 0)
    }
}
