import SQLiteKit
import Testing
@testable import StrataKit

/// The REPL driven by scripted lines, its whole output compared.
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

    func session(_ lines: [String], pageSize: Int = 10) throws -> (out: String, err: String, status: StrataKit.ExitStatus) {
        let db = try Connection(path: "", mode: .memory)
        try db.execute(Self.sql)
        var reader = SchemaReader(connection: db)
        let out = StringSink(), err = StringSink()
        let repl = try REPL(connection: db, schema: try reader.read(), path: "test.sqlite", reader: ScriptedLineReader(lines),
                            out: out, err: err, style: Style(isEnabled: false), terminalWidth: { nil }, pageSize: pageSize)
        let status = repl.run(banner: "")
        return (out.text, err.text, status)
    }

    /// The first column of the table rows printed by the last page shown.
    func ids(_ output: String) -> [[Int]] {
        var pages: [[Int]] = []
        for line in output.split(separator: "\n") {
            if line.contains(" · ") { pages.append([]); continue }
            if let id = Int(line.split(separator: " ").first ?? ""), !pages.isEmpty { pages[pages.count - 1].append(id) }
        }
        return pages
    }

    @Test func pagesByKeyForwardBackwardAndFromTheEnd() throws {
        let result = try session(["Item", "next", "next", "prev", "last", "prev", "first", "page 4"])
        #expect(result.err == "")
        #expect(result.status == .success)
        #expect(ids(result.out) == [
            Array(1...10), Array(11...20), Array(21...30), Array(11...20), Array(36...45), Array(26...35), Array(1...10),
            Array(31...40),
        ])
    }

    @Test func pagesASortedQueryByPosition() throws {
        let result = try session(["Item where id > 5 SORT(rank ASC)", "next", "last", "prev"])
        #expect(result.err == "")
        // 40 objects: four pages, the last one found by counting.
        #expect(ids(result.out) == [Array((36...45).reversed()), Array((26...35).reversed()), Array((6...15).reversed()),
                                   Array((16...25).reversed())])
        #expect(result.out.contains("· page 4\n"))
    }

    @Test func pageEdges() throws {
        let result = try session(["Item", "prev", "last", "next", "page 9", "page x"])
        #expect(result.err == """
            error: already on the first page
            error: already on the last page
            error: there is no page 9
            error: page needs a page number, as in 'page 3'

            """)
        #expect(result.status == .failure)
    }

    @Test func objectsLinksListsAndBack() throws {
        let result = try session(["Box", "open #1", "follow items", "open 3", "follow box", "back", "back", "back"])
        #expect(result.err == "")
        #expect(result.out == """
            Box · page 1
            id  label   items
             1  first   [2] 7, 3
             2  second  [0]
            Box 1
                         id  1
                      label  first
                      items  [2] Item
                             [0] → 7  (name: item 7, rank: 39, box: NULL)
                             [1] → 3  (name: item 3, rank: 43, box: 1)
            @links.Item.box  3 Item objects
            Box 1 → items · page 1
            id  name    rank  box
             3  item 3    43  1
             7  item 7    39  NULL
            Item 3
                          id  3
                        name  item 3
                        rank  43
                         box  → Box 1  (label: first, items: [2] 7, 3)
            @links.Box.items  1 Box object
            Box 1
                         id  1
                      label  first
                      items  [2] Item
                             [0] → 7  (name: item 7, rank: 39, box: NULL)
                             [1] → 3  (name: item 3, rank: 43, box: 1)
            @links.Item.box  3 Item objects
            Item 3
                          id  3
                        name  item 3
                        rank  43
                         box  → Box 1  (label: first, items: [2] 7, 3)
            @links.Box.items  1 Box object
            Box 1 → items · page 1
            id  name    rank  box
             3  item 3    43  1
             7  item 7    39  NULL
            Box 1
                         id  1
                      label  first
                      items  [2] Item
                             [0] → 7  (name: item 7, rank: 39, box: NULL)
                             [1] → 3  (name: item 3, rank: 43, box: 1)
            @links.Item.box  3 Item objects

            """)
    }

    @Test func errorsKeepTheSessionAlive() throws {
        let result = try session(["Itme", "Item where nmae == 1", "p", "open 99", "follow box", "classes"])
        #expect(result.err == """
            error: unknown command or class 'Itme' (did you mean 'Item'?)
            error: query 1:12: unknown property 'nmae' in class Item (did you mean 'name'?)
            error: 'p' could be prev, page
            error: no result yet: type a class name or a query
            error: open an object first, then follow one of its links or lists

            """)
        #expect(result.out.contains("Item   table       45"))
        #expect(result.status == .failure)
    }

    @Test func modesWidthSQLAndHelp() throws {
        let result = try session(["mode json", "Item LIMIT(2)", "mode table", "width 30", "Item LIMIT(1)", "sql SELECT 1 + 1 AS two",
                                  "help n", "mode xml"])
        #expect(result.out.contains(#"{"id":1,"name":"item 1","rank":45,"box":1}"#))
        #expect(result.out.contains("width 30\n"))
        #expect(result.out.contains("two\n2\n(1 row)\n"))
        #expect(result.out.contains("next\n  the next page\n"))
        #expect(result.err.contains("error: mode takes one of: table, vertical, json, ndjson, csv, markdown"))
    }
}
