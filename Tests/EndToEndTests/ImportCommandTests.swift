import Foundation
import Testing

/// `strata import` on real files: what it prints, its exit status, and the file afterwards, including the round
/// trip of every type through `query --format json` and `csv`, and hostile inputs that must never half-import.
@Suite struct ImportCommandTests {
    static let schema = """
        CREATE TABLE Tag (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE Item (id INTEGER PRIMARY KEY, b BOOLEAN, i INTEGER, f FLOAT, d DOUBLE, dec DECIMAL, s TEXT, dt DATETIME,
            ds DATETIME, dms DATETIME, bin BLOB, u UUID, tag INTEGER REFERENCES Tag(id), a);
        CREATE TABLE Item_tags (owner INTEGER NOT NULL REFERENCES Item(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            target INTEGER NOT NULL REFERENCES Tag(id) ON DELETE CASCADE, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        CREATE TABLE Item_words (owner INTEGER NOT NULL REFERENCES Item(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            value TEXT NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        CREATE TABLE Item_nums (owner INTEGER NOT NULL REFERENCES Item(id) ON DELETE CASCADE, value INTEGER NOT NULL,
            PRIMARY KEY (owner, value)) WITHOUT ROWID;
        CREATE TABLE Item_map (owner INTEGER NOT NULL REFERENCES Item(id) ON DELETE CASCADE, key TEXT NOT NULL, value DOUBLE,
            PRIMARY KEY (owner, key)) WITHOUT ROWID;
        """

    static let rows = """
        INSERT INTO Tag VALUES (1, 'a'), (2, 'b, "quoted"');
        INSERT INTO Item VALUES
            (1, 1, 9223372036854775807, 1.5, 2.25, 3.1, 'hi, "x"
        second line', '2026-01-02T03:04:05.678Z', 1700000000, 1700000000123, x'00ff10', 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f', 1, 7),
            (2, 0, NULL, NULL, NULL, NULL, '', NULL, NULL, NULL, x'', NULL, NULL, 'text'),
            (3, NULL, -9223372036854775808, -0.5, 1e300, 42, 'émoji 😀', '1999-12-31T23:59:59.999Z', 0, 1, NULL, NULL, 2, 2.5);
        INSERT INTO Item_tags VALUES (1, 0, 2), (1, 1, 1), (3, 0, 1);
        INSERT INTO Item_words VALUES (1, 0, 'x'), (1, 1, 'y, "z"'), (3, 0, '');
        INSERT INTO Item_nums VALUES (1, 3), (1, 5);
        INSERT INTO Item_map VALUES (1, 'k', 1.5), (1, 'nil', NULL);
        """

    static func run(_ arguments: [String], input: String? = nil) throws -> StrataProcess.Result {
        try StrataProcess.run(arguments, input: input)
    }

    static func isOneErrorLine(_ text: String) -> Bool {
        text.hasPrefix("strata: ") && text.hasSuffix("\n") && text.filter { $0 == "\n" }.count == 1
    }

    // MARK: - Round trips

    @Test(arguments: ["json", "csv", "ndjson"])
    func roundTripsEveryType(_ format: String) throws {
        let workspace = try Workspace()
        let source = try workspace.database("source.sqlite", Self.schema + Self.rows)
        let copy = try workspace.database("copy.sqlite", Self.schema)
        for name in ["Tag", "Item"] {
            let exported = try Self.run(["query", source, name, "--format", format])
            try #require(exported.status == 0, "\(exported.stderr)")
            let file = workspace.file("\(name).\(format)")
            try exported.stdout.write(toFile: file, atomically: false, encoding: .utf8)
            let imported = try Self.run(["import", copy, name, file])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout == "imported \(name == "Tag" ? 2 : 3) \(name) objects\n")
            #expect(imported.stderr.isEmpty)
        }
        // The same objects, nil apart from the empty text and empty data in CSV too (an empty field, `""`).
        for name in ["Tag", "Item"] {
            let before = try Self.run(["query", source, name, "--format", "json"])
            let after = try Self.run(["query", copy, name, "--format", "json"])
            #expect(before.stdout == after.stdout)
            #expect(!before.stdout.isEmpty)
        }
        // The bytes too (an empty class's dates are stored as Strata writes them, ISO 8601 text: the same moments).
        #expect(try EditCommandTests.value(copy, "SELECT hex(bin) FROM Item WHERE id = 1") == "00FF10")
        #expect(try EditCommandTests.value(copy, "SELECT quote(s), quote(bin) FROM Item WHERE id = 2") == "''|X''")
    }

    @Test func readsStdin() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Self.schema)
        let result = try Self.run(["import", db, "Tag", "-"], input: "id,name\n1,x\n2,y\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 2 Tag objects\n")
        let json = try Self.run(["import", db, "Tag", "-", "--upsert"], input: "[{\"id\": 2, \"name\": \"z\"}]")
        #expect(json.stdout == "imported 1 Tag object (0 new, 1 updated)\n")
        #expect(try EditCommandTests.value(db, "SELECT group_concat(name) FROM Tag") == "x,z")
    }

    // MARK: - Failures leave the file as it was

    /// Runs an import that must fail with one line mentioning `words`, and checks the file's bytes did not change.
    static func refused(_ arguments: (String) -> [String], data: Data, name: String = "data.csv", words: String,
                        status: Int32 = 1) throws
    {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Self.schema + "INSERT INTO Tag VALUES (1, 'a');")
        let file = workspace.file(name)
        try data.write(to: URL(fileURLWithPath: file))
        let (bytes, modified) = try workspace.fingerprint("app.sqlite")
        let result = try Self.run(arguments(db) + [file])
        #expect(result.status == status, "\(result.stderr)")
        #expect(Self.isOneErrorLine(result.stderr), "\(result.stderr.prefix(500))")
        #expect(result.stderr.contains(words), "\(result.stderr.prefix(500))")
        #expect(result.stdout.isEmpty)
        let (after, modifiedAfter) = try workspace.fingerprint("app.sqlite")
        #expect(after == bytes)
        #expect(modifiedAfter == modified)
        #expect(try workspace.listing() == ["app.sqlite", name])
    }

    @Test func refusesABadValueNamingLineAndColumn() throws {
        try Self.refused({ ["import", $0, "Item"] }, data: Data("id,i\n10,1\n11,2\n12,abc\n".utf8),
                         words: "data.csv:4:2: column 'i': 'abc' is not an int (a whole number)")
    }

    @Test func refusesHostileCSV() throws {
        let import_: (String) -> [String] = { ["import", $0, "Tag"] }
        try Self.refused(import_, data: Data("id,name\n5,a\u{0}b\n".utf8), words: "data.csv:2:2: the field holds a NUL byte")
        try Self.refused(import_, data: Data("id,name\n5,".utf8) + Data([0xC0, 0xAF]) + Data("\n".utf8), words: "data.csv:2:2: the field is not UTF-8")
        let columns = (0..<10_000).map { "c\($0)" }.joined(separator: ",")
        try Self.refused(import_, data: Data("id,name,\(columns)\n".utf8), words: "Tag has no property 'c0'")
        try Self.refused({ ["import", $0, "Wide", "--create"] }, data: Data("\(columns)\n".utf8), words: "at most 2000 properties")
        try Self.refused(import_, data: Data("id,name\n5,\"never closed\n6,b\n".utf8), words: "data.csv:2:2: a quoted field is not closed")
        try Self.refused({ ["import", $0, "Tag"] }, data: Data(("[{\"id\": 5, \"name\": " + String(repeating: "[", count: 100_000)).utf8),
                         name: "data.json", words: "nested deeper than 100 levels")
        try Self.refused({ ["import", $0, "Tag"] }, data: Data(String(repeating: "[", count: 100_000).utf8),
                         name: "data.json", words: "data.json:1:2: expected an object (a row), found an array")
        try Self.refused({ ["import", $0, "Tag"] }, data: Data("id,name\n1,dup\n".utf8), words: "data.csv:2: another Tag already has id = 1")
        try Self.refused({ ["import", $0, "Nope"] }, data: Data("id\n1\n".utf8), words: "unknown class 'Nope'")
    }

    @Test func importsQuotedNewlinesBOMAndAHugeField() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Self.schema)
        let file = workspace.file("tags.csv")
        let huge = String(repeating: "x", count: 100 << 20)
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data("id,name\r\n1,\"two\r\nlines, \"\"quoted\"\"\"\r\n2,".utf8))
        data.append(Data(huge.utf8))
        data.append(Data("\r\n".utf8))
        try data.write(to: URL(fileURLWithPath: file))
        let result = try Self.run(["import", db, "Tag", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try EditCommandTests.value(db, "SELECT name FROM Tag WHERE id = 1") == "two\r\nlines, \"quoted\"")
        #expect(try EditCommandTests.value(db, "SELECT length(name) FROM Tag WHERE id = 2") == String(100 << 20))
    }

    // MARK: - Options

    @Test func dryRunNeverWrites() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Self.schema + "INSERT INTO Tag VALUES (1, 'a');")
        let file = workspace.file("tags.csv")
        try "id,name\n1,renamed\n2,new\n".write(toFile: file, atomically: false, encoding: .utf8)
        let (bytes, modified) = try workspace.fingerprint("app.sqlite")
        let result = try Self.run(["import", db, "Tag", file, "--dry-run", "--upsert"])
        #expect(result.stdout == "would import 2 Tag objects (1 new, 1 updated)\n")
        let refused = try Self.run(["import", db, "Tag", file, "--dry-run"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata: \(file):2: another Tag already has id = 1 (with --upsert, it is updated instead)\n")
        let created = try Self.run(["import", db, "Product", file, "--dry-run", "--create"])
        #expect(created.stdout == "would create class Product: id int (primary key), name string\nwould import 2 Product objects\n")
        let (after, modifiedAfter) = try workspace.fingerprint("app.sqlite")
        #expect(after == bytes)
        #expect(modifiedAfter == modified)
        #expect(try workspace.listing() == ["app.sqlite", "tags.csv"])
    }

    @Test func upsertUpdatesAndReplacesLists() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Self.schema + Self.rows)
        let file = workspace.file("items.ndjson")
        try "{\"id\": 1, \"s\": \"new\", \"words\": [\"only\"]}\n{\"id\": 9, \"s\": \"nine\"}\n".write(toFile: file, atomically: false, encoding: .utf8)
        let result = try Self.run(["import", db, "Item", file, "--upsert"])
        #expect(result.stdout == "imported 2 Item objects (1 new, 1 updated)\n", "\(result.stderr)")
        #expect(try EditCommandTests.value(db, "SELECT s, i FROM Item WHERE id = 1") == "new|9223372036854775807")
        #expect(try EditCommandTests.value(db, "SELECT group_concat(value) FROM Item_words WHERE owner = 1") == "only")
        #expect(try EditCommandTests.value(db, "SELECT count(*) FROM Item_tags WHERE owner = 1") == "2")
    }

    @Test func createInfersFromEveryRow() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Self.schema)
        let file = workspace.file("products.csv")
        try "id,price,code,when,note\n1,3,7,2026-01-01,\n2,2.5,x,2026-01-02T10:00:00Z,hi\n".write(toFile: file, atomically: false, encoding: .utf8)
        let result = try Self.run(["import", db, "Product", file, "--create"])
        #expect(result.stdout == "created class Product: id int (primary key), price double, code string, when date, note string?\nimported 2 Product objects\n",
                "\(result.stderr)")
        let schema = try Self.run(["schema", db, "Product", "--format", "json"])
        #expect(schema.stdout.contains("\"name\":\"price\",\"type\":\"double\"") || schema.stdout.contains("\"type\": \"double\""))
        let again = try Self.run(["import", db, "Product", file, "--create", "--upsert"])
        #expect(again.stdout == "imported 2 Product objects (0 new, 2 updated)\n")
        let fromStdin = try Self.run(["import", db, "Other", "-", "--create"], input: "{\"id\": 1, \"n\": 1}\n{\"id\": 2, \"n\": 2.5}\n")
        #expect(fromStdin.stdout == "created class Other: id int (primary key), n double\nimported 2 Other objects\n", "\(fromStdin.stderr)")
    }

    @Test func missingFileIsNotCreated() throws {
        let workspace = try Workspace()
        let file = workspace.file("tags.csv")
        try "id,name\n1,a\n".write(toFile: file, atomically: false, encoding: .utf8)
        let result = try Self.run(["import", workspace.file("none.sqlite"), "Tag", file, "--create"])
        #expect(result.status == 1)
        #expect(Self.isOneErrorLine(result.stderr))
        #expect(try workspace.listing() == ["tags.csv"])
        let usage = try Self.run(["import", workspace.file("none.sqlite"), "Tag", file, "--format", "xml"])
        #expect(usage.status == 2)
    }

    /// A full disk (here the file size limit, which fails every write past it as a full disk does) halfway through:
    /// the import is rolled back before strata exits, the file byte for byte as it was and no journal left behind.
    @Test func aFullDiskHalfwayLeavesTheFileAsItWas() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", "CREATE TABLE T (id INTEGER PRIMARY KEY, s TEXT NOT NULL); INSERT INTO T VALUES (0, 'keep');")
        let rows = workspace.file("rows.csv")
        var csv = "id,s\n"
        for id in 1...60_000 { csv += "\(id),\(String(repeating: "x", count: 100))\n" }
        try csv.write(toFile: rows, atomically: false, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        // 2048 blocks: 1 MB where a block is 512 bytes (POSIX), 2 MB where it is 1024; the rows need about 7 MB.
        let result = try StrataProcess.run(["import", db, "T", rows], fileSizeLimit: 2048)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("strata: \(db): ") && result.stderr.hasSuffix(": the import was rolled back, and \(db) is as it was\n"),
                "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted() == ["app.sqlite", "rows.csv"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "the file is not as it was")
    }
}
