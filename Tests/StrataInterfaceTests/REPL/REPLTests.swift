import Foundation
import SQLiteKit
import Testing
@testable import StrataInterface
@testable import StrataRender
@testable import StrataQuery
@testable import StrataCore

/// The REPL driven by scripted lines: what transcripts cannot show (files written, the exit status
/// alone, lines remembered for history). Whole sessions are compared in `TranscriptTests`.
@Suite struct REPLTests {
    /// 45 numbered items, a list and a link, for paging and navigation.
    static let sql = """
        CREATE TABLE Box (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
        CREATE TABLE Item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, rank INTEGER NOT NULL, box INTEGER REFERENCES Box(id));
        \(ListTable.createSQL(owner: "Box", property: "items", target: "Item"))
        INSERT INTO Box VALUES (1, 'first'), (2, 'second');
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 45)
        INSERT INTO Item SELECT i, 'item ' || i, 46 - i, CASE WHEN i <= 3 THEN 1 END FROM c;
        INSERT INTO Box_items VALUES (1, 0, 7), (1, 1, 3);
        """

    func session(_ lines: [String], pageSize: Int = 10) throws -> (out: String, err: String, status: StrataCore.ExitStatus) {
        let db = try Connection(path: "", mode: .memory)
        try db.execute(Self.sql)
        var reader = SchemaReader(connection: db)
        let out = StringSink(), err = StringSink()
        let repl = REPL(session: try DatabaseSession(connection: db, schema: try reader.read(), path: "test.sqlite"), reader: ScriptedLineReader(lines),
                            out: out, err: err, style: Style(isEnabled: false), terminalWidth: { nil }, pageSize: pageSize)
        let status = repl.run(banner: "")
        return (out.text, err.text, status)
    }

    /// A query of thousands of terms heads its page with its first 200 characters, not the whole of it.
    @Test func aLongQuerysHeadingIsCut() throws {
        let query = "Item where " + (1...2000).map { "rank == \($0 % 40)" }.joined(separator: " OR ")
        let (out, err, status) = try session([query])
        #expect(status == .success, "\(err)")
        let heading = try #require(out.split(separator: "\n").first.map(String.init))
        #expect(heading.hasPrefix("Item where rank == 1 OR rank == 2") && heading.contains("… · page 1"), "\(heading)")
        #expect(heading.count < 240, "\(heading.count)")
    }

    @Test func scriptsSkipCommentsAndBlankLinesAndRememberCommands() throws {
        let reader = ScriptedLineReader(["# a comment", "", "  Box  ", "quit", "Item"])
        let db = try Connection(path: "", mode: .memory)
        try db.execute(Self.sql)
        var schemaReader = SchemaReader(connection: db)
        let out = StringSink()
        let repl = REPL(session: try DatabaseSession(connection: db, schema: try schemaReader.read(), path: "test.sqlite"), reader: reader, out: out,
                            err: out, style: Style(isEnabled: false), terminalWidth: { nil }, pageSize: 10)
        #expect(repl.run(banner: "") == .success)
        #expect(reader.remembered == ["Box", "quit"])
        #expect(out.text.hasPrefix("Box · page 1\n"))
        #expect(!out.text.contains("Item"))  // nothing after quit
    }

    @Test func exportWritesTheWholeResultInPageOrder() throws {
        let directory = NSTemporaryDirectory() + "strata-export-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try session([
            "Item where id > 41 SORT(id DESC)", "export \(directory)/items.csv", "export \(directory)/items.csv",
            "export --force \(directory)/items.csv", "Box", "open 1", "follow items", "export '\(directory)/box items.ndjson'",
            "export \(directory)/items.json", "export \(directory)/items.txt", "export \(directory)/missing/x.csv",
            "export \(directory)",
        ], pageSize: 2)
        #expect(result.status == .failure)
        #expect(result.err == """
            error: \(directory)/items.csv already exists (use --force to replace it)
            error: cannot tell the format of \(directory)/items.txt from its name: add --format csv, json or ndjson
            error: no such directory: \(directory)/missing
            error: \(directory) is a directory; give the export a file name

            """)
        #expect(result.out.contains("exported 4 objects to \(directory)/items.csv\n"))
        // All objects, not one page; sorted as the browser sorts them.
        #expect(try String(contentsOfFile: directory + "/items.csv", encoding: .utf8)
            == "id,name,rank,box\r\n45,item 45,1,\r\n44,item 44,2,\r\n43,item 43,3,\r\n42,item 42,4,\r\n")
        // A list in list order.
        #expect(try String(contentsOfFile: directory + "/box items.ndjson", encoding: .utf8) == """
            {"id":7,"name":"item 7","rank":39,"box":null}
            {"id":3,"name":"item 3","rank":43,"box":1}

            """)
        #expect(try String(contentsOfFile: directory + "/items.json", encoding: .utf8).hasPrefix("[\n  {\"id\":7,"))
        // Nothing else: no temporary file stays behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            == ["box items.ndjson", "items.csv", "items.json"])
    }

    @Test(arguments: [
        ("a.csv", "csv"), ("A.CSV", "csv"), ("dir.json/a.json", "json"), ("a.ndjson", "ndjson"), ("a.jsonl", "ndjson"),
    ])
    func exportFormatFollowsTheExtension(_ path: String, _ format: String) throws {
        #expect(try REPL.exportFormat(nil, path: path).rawValue == format)
        #expect(try REPL.exportFormat("csv", path: path) == .csv)
    }

    @Test(arguments: [
        ("a b", ["a", "b"]), ("  a   b  ", ["a", "b"]), ("'a b' c", ["a b", "c"]), (#""a \"b\"" c"#, [#"a "b""#, "c"]),
        (#"a\ b"#, ["a b"]), ("''", [""]), (#"'it''s'"#, ["its"]), ("--format csv x", ["--format", "csv", "x"]),
        (#"'a\b'"#, [#"a\b"#]),
    ])
    func argumentsSplitAsAShellSplitsThem(_ text: String, _ words: [String]) throws {
        #expect(try REPL.words(text) == words)
    }

    @Test func anUnterminatedQuoteIsAnError() {
        #expect(throws: StrataError.self) { try REPL.words("'open") }
    }
}
