import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataEdit

/// The importer on an in-memory database: values by type, errors by line and column, --create's inference.
@Suite struct ImporterTests {
    static func database() throws -> (Connection, Schema) {
        let connection = try Connection(path: ":memory:", mode: .memory)
        try connection.execute("""
            PRAGMA foreign_keys = ON;
            CREATE TABLE Tag (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO Tag VALUES (1, 'a'), (2, 'b');
            CREATE TABLE Item (id INTEGER PRIMARY KEY, flag BOOLEAN, n INTEGER, f FLOAT, d DOUBLE, price DECIMAL, name TEXT NOT NULL,
                at DATETIME, secs TIMESTAMP, blob BLOB, token UUID, tag INTEGER REFERENCES Tag(id), anything,
                rank INTEGER NOT NULL DEFAULT 7);
            CREATE TABLE Item_words (owner INTEGER NOT NULL REFERENCES Item(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                value TEXT NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            CREATE TABLE Item_tags (owner INTEGER NOT NULL REFERENCES Item(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                target INTEGER NOT NULL REFERENCES Tag(id) ON DELETE CASCADE, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            INSERT INTO Item (id, name, secs) VALUES (100, 'seed', 1700000000);
            """)
        var reader = SchemaReader(connection: connection)
        return (connection, try reader.read())
    }

    static func importCSV(_ text: String, upsert: Bool = false) throws -> (Connection, Importer.Outcome) {
        let (connection, schema) = try database()
        let importer = try Importer(connection: connection, schema: schema, info: try #require(schema.class(named: "Item")), inputName: "in.csv")
        importer.upsert = upsert
        let outcome = try importer.importCSV(CSVReader(ImportInput(bytes: Array(text.utf8))))
        return (connection, outcome)
    }

    static func row(_ connection: Connection, _ id: Int) throws -> [SQLiteValue] {
        try connection.rows("SELECT flag, n, f, d, price, name, at, secs, blob, token, tag, anything, rank FROM Item WHERE id = \(id)").first ?? []
    }

    @Test func readsEveryTypeFromCSV() throws {
        let (connection, outcome) = try Self.importCSV(#"""
            id,flag,n,f,d,price,name,at,secs,blob,token,tag,anything,words,tags
            1,yes,-42,0.1,2.5,3.10,"a, ""b""",2026-01-02T03:04:05.678+01:00,2026-01-01T00:00:00Z,AP8=,E621E1F8-C36C-495A-93FC-0C247A3E6E5F,2,12,"[""x"",""y""]","[2,1]"
            2,,,,,,"",,,,,,,,

            """#)
        #expect(outcome == Importer.Outcome(inserted: 2, updated: 0))
        #expect(try Self.row(connection, 1) == [.integer(1), .integer(-42), .real(Double(Float(0.1))), .real(2.5), .real(3.1), .text("a, \"b\""),
                                                 .text("2026-01-02T02:04:05.678Z"), .integer(1_767_225_600), .blob([0, 255]),
                                                 .text("e621e1f8-c36c-495a-93fc-0c247a3e6e5f"), .integer(2), .integer(12), .integer(7)])
        #expect(try Self.row(connection, 2) == [.null, .null, .null, .null, .null, .text(""), .null, .null, .null, .null, .null, .null, .integer(7)])
        #expect(try connection.rows("SELECT value FROM Item_words WHERE owner = 1 ORDER BY position").map { $0[0] } == [.text("x"), .text("y")])
        #expect(try connection.rows("SELECT target FROM Item_tags WHERE owner = 1 ORDER BY position").map { $0[0] } == [.integer(2), .integer(1)])
    }

    static let refusals: [(String, String)] = [
        ("id,name,n\n1,a,x\n", "in.csv:2:3: column 'n': 'x' is not an int (a whole number)"),
        ("id,name,n\n1,a,99999999999999999999\n", "in.csv:2:3: column 'n': '99999999999999999999' is out of range for an int (-9223372036854775808 to 9223372036854775807)"),
        ("id,name,d\n1,a,abc\n", "in.csv:2:3: column 'd': 'abc' is not a double (a number)"),
        ("id,name,flag\n1,a,maybe\n", "in.csv:2:3: column 'flag': 'maybe' is not a bool (true, false, yes, no, 1 or 0)"),
        ("id,name,at\n1,a,tomorrow\n", "in.csv:2:3: column 'at': 'tomorrow' is not a date (ISO 8601, such as 2026-12-01T09:30:00Z)"),
        ("id,name,secs\n1,a,2026-01-01T00:00:00.5Z\n", "in.csv:2:3: column 'secs': '2026-01-01T00:00:00.5Z' has milliseconds, and the column stores whole seconds"),
        ("id,name,blob\n1,a,%%%\n", "in.csv:2:3: column 'blob': '%%%' is not data (base64)"),
        ("id,name,token\n1,a,xyz\n", "in.csv:2:3: column 'token': 'xyz' is not a uuid (8-4-4-4-12 hexadecimal digits)"),
        ("id,name,tag\n1,a,9\n", "in.csv:2:3: column 'tag': '9' is not the key of any Tag"),
        ("id,name,tags\n1,a,\"[1,9]\"\n", "in.csv:2:3: column 'tags': '[1,9]' holds 9 at position 1, which is not the key of any Tag"),
        ("id,name,words\n1,a,\"[1\"\n", "in.csv:2:3: column 'words': '[1' is not JSON: expected ',' or ']' in an array, found the end of the input"),
        ("id,name\n1\n", "in.csv:2: the record has 1 field, the header 2"),
        ("id,nmae\n", "in.csv:1:2: Item has no property 'nmae' (did you mean 'name'?)"),
        ("id,n\n", "in.csv:1: Item needs 'name' (required, with no default), and the header has no such column"),
        ("id,name\n100,x\n", "in.csv:2: another Item already has id = 100 (with --upsert, it is updated instead)"),
        ("id,name\n1,x\n1,y\n", "in.csv:3: another Item already has id = 1 (with --upsert, it is updated instead)"),
        ("", "in.csv:1: the input is empty: a CSV import starts with a header row of property names"),
    ]

    @Test(arguments: refusals)
    func refuses(_ text: String, _ message: String) throws {
        do {
            _ = try Self.importCSV(text)
            Issue.record("no error for \(text)")
        } catch let error as StrataError {
            #expect(error.message == message)
        }
    }

    @Test func upsertsByKey() throws {
        let (connection, outcome) = try Self.importCSV("id,name,words\n100,renamed,\"[\"\"w\"\"]\"\n5,new,\n", upsert: true)
        #expect(outcome == Importer.Outcome(inserted: 1, updated: 1))
        #expect(try connection.scalar("SELECT name || secs FROM Item WHERE id = 100") == .text("renamed1700000000"))
        #expect(try connection.scalar("SELECT count(*) FROM Item_words WHERE owner = 100") == .integer(1))
    }

    @Test func readsJSONByType() throws {
        let (connection, schema) = try Self.database()
        let importer = try Importer(connection: connection, schema: schema, info: try #require(schema.class(named: "Item")), inputName: "in.json")
        let text = #"[{"id": 7, "name": "j", "flag": false, "n": 9007199254740993, "anything": true, "tags": [1], "words": ["a", "b"], "secs": 1700000001}]"#
        let outcome = try importer.importJSON(JSONRowReader(ImportInput(bytes: Array(text.utf8)), layout: .array))
        #expect(outcome.inserted == 1)
        #expect(try connection.scalar("SELECT n FROM Item WHERE id = 7") == .integer(9_007_199_254_740_993))
        #expect(try connection.scalar("SELECT secs FROM Item WHERE id = 7") == .integer(1_700_000_001))
        #expect(try connection.scalar("SELECT anything FROM Item WHERE id = 7") == .integer(1))
        let wrong = #"[{"id": 8, "name": 5}]"#
        let again = try Importer(connection: connection, schema: schema, info: try #require(schema.class(named: "Item")), inputName: "in.json")
        #expect(throws: StrataError("in.json:1:20: property 'name': 5 is a number, not a string")) {
            try again.importJSON(JSONRowReader(ImportInput(bytes: Array(wrong.utf8)), layout: .array))
        }
    }

    static let inferences: [(String, String)] = [
        ("id,x\n1,1\n2,2.5\n", "id int (primary key), x double"),
        ("id,x\n1,1\n2,abc\n", "id int (primary key), x string"),
        ("id,x\n1,1\n2,\n", "id int (primary key), x int?"),
        ("id,x\n1,\n2,\n", "id int (primary key), x string?"),
        ("id,x\n1,true\n2,FALSE\n", "id int (primary key), x bool"),
        ("id,x\n1,true\n2,1\n", "id int (primary key), x string"),
        ("id,x\n1,2026-01-01\n2,2026-01-01T10:00:00Z\n", "id int (primary key), x date"),
        ("id,x\n1,2026-01-01\n2,soon\n", "id int (primary key), x string"),
        ("id,x\n,1\n2,2\n", "id int?, x int"),
        ("name,x\na,e621e1f8-c36c-495a-93fc-0c247a3e6e5f\n", "name string, x uuid"),
    ]

    @Test(arguments: inferences)
    func infersFromEveryRow(_ text: String, _ summary: String) throws {
        let inferred = try InferredClass.infer(csv: CSVReader(ImportInput(bytes: Array(text.utf8))), className: "T", inputName: "in.csv")
        #expect(inferred.summary == summary)
    }

    @Test func infersFromJSONMembers() throws {
        let text = "{\"id\": \"a\", \"n\": 1}\n{\"id\": \"b\", \"n\": 2.5, \"extra\": true}\n"
        let inferred = try InferredClass.infer(json: JSONRowReader(ImportInput(bytes: Array(text.utf8)), layout: .lines), className: "T", inputName: "in")
        #expect(inferred.summary == "id string (primary key), n double, extra bool?")
    }
}
