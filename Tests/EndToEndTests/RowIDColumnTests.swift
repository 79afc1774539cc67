import Foundation
import Testing

/// Tables whose own columns are named `rowid`, `oid` or `_rowid_`: SQLite lets a column shadow each name,
/// so Strata reaches the rowid by one that no column takes, or goes without a key when all three are taken.
@Suite struct RowIDColumnTests {
    /// Thirty objects a table, so that the browser's second page (20 a page in a script) holds ten.
    static let sql: String = {
        var sql = """
            CREATE TABLE Shadowed (rowid TEXT, name TEXT);
            CREATE TABLE OidColumn (oid INTEGER, name TEXT);
            CREATE TABLE UnderColumn (_rowid_ TEXT, name TEXT);
            CREATE TABLE AllThree (rowid TEXT, oid TEXT, _rowid_ TEXT, name TEXT);
            CREATE TABLE IntKey (id INTEGER PRIMARY KEY, rowid TEXT, oid TEXT, _rowid_ TEXT, name TEXT);
            CREATE TABLE TextKey (code TEXT PRIMARY KEY, rowid TEXT, oid TEXT, _rowid_ TEXT, name TEXT);

            """
        for i in 1...30 {
            sql += "INSERT INTO Shadowed VALUES ('r\(i)', 'n\(i)'); INSERT INTO OidColumn VALUES (\(1000 - i), 'n\(i)');\n"
            sql += "INSERT INTO UnderColumn VALUES ('x\(i)', 'n\(i)'); INSERT INTO AllThree VALUES ('a', 'b', 'c', 'n\(i)');\n"
            sql += "INSERT INTO IntKey VALUES (\(i), 'a', 'b', 'c', 'n\(i)'); INSERT INTO TextKey VALUES ('k\(i)', 'a', 'b', 'c', 'n\(i)');\n"
        }
        return sql
    }()

    /// (class, key typed, the key the schema names, the name on the object's row 5)
    static let keyed: [(String, String, String, String)] = [
        ("Shadowed", "5", "key oid", "n5"), ("OidColumn", "5", "key rowid", "n5"), ("UnderColumn", "5", "key rowid", "n5"),
        ("IntKey", "5", "key id", "n5"), ("TextKey", "k5", "key code", "n5"),
    ]

    @Test(arguments: keyed)
    func getFindsTheObjectByTheRowIDThatNoColumnShadows(_ row: (String, String, String, String)) throws {
        let (name, key, schemaKey, expected) = row
        let workspace = try Workspace()
        let db = try workspace.database("rowid.sqlite", Self.sql)
        let schema = try StrataProcess.run(["schema", db, name])
        #expect(schema.status == 0)
        #expect(schema.stdout.hasPrefix("\(name)  table, \(schemaKey)\n"), "\(schema.stdout)")
        let get = try StrataProcess.run(["get", db, name, key, "--format", "json"])
        #expect(get.status == 0, "\(get.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(get.stdout.utf8)) as? [String: Any])
        #expect(object["name"] as? String == expected)
    }

    @Test(arguments: ["Shadowed", "OidColumn", "UnderColumn", "AllThree", "IntKey", "TextKey"])
    func theSecondPageHoldsTheLastTenObjects(_ name: String) throws {
        let workspace = try Workspace()
        let db = try workspace.database("rowid.sqlite", Self.sql)
        let result = try StrataProcess.run([db], input: "\(name)\nnext\nnext\ncount\n")
        #expect(result.status == 1, "a third page does not exist")
        // Headings on stderr: stdout is a pipe.
        #expect(result.stderr.contains("\(name) · page 2 of 2 · 30 objects") || result.stderr.contains("\(name) · page 2\n"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("no objects"), "\(result.stderr)")
        for i in 21...30 { #expect(result.stdout.contains("n\(i)\n"), "object n\(i) on page 2") }
        #expect(result.stdout.contains("30 objects"))
    }

    @Test func aTableWhoseColumnsTakeEveryRowIDNameIsBrowsedByPositionAndSaysSo() throws {
        let workspace = try Workspace()
        let db = try workspace.database("rowid.sqlite", Self.sql)
        let schema = try StrataProcess.run(["schema", db, "AllThree"])
        #expect(schema.stdout.hasPrefix("AllThree  table, no key (its columns take the names rowid, oid and _rowid_)\n"))
        let browse = try StrataProcess.run([db], input: "AllThree\n")
        #expect(browse.status == 0)
        #expect(browse.stderr.contains("note: AllThree has no key (no primary key, and its columns take the names rowid, oid and _rowid_): "
                                       + "pages are found by position, and its objects cannot be opened\n"))
        let get = try StrataProcess.run(["get", db, "AllThree", "1"])
        #expect(get.status == 1)
        #expect(get.stderr == "strata: AllThree has no key to find one object by (no primary key, and its columns take the names rowid, oid and _rowid_)\n")
        let query = try StrataProcess.run(["query", db, "AllThree where name == 'n30'", "--format", "csv"])
        #expect(query.stdout == "rowid,oid,_rowid_,name\r\na,b,c,n30\r\n")
        let set = try StrataProcess.run(["update", db, "AllThree where name == 'n1'", "set", "name=x"])
        #expect(set.status == 1)
        #expect(set.stderr.hasPrefix("strata: AllThree has no key (no primary key, and its columns take the names rowid, oid and _rowid_)"))
        let write = try StrataProcess.run(["--write", db], input: "set Shadowed 1 name = one\n")
        #expect(write.status == 0, "writing works in a file that holds such a table: \(write.stderr)")
    }

    @Test func editsAndUndoFindTheRowByTheUnshadowedRowID() throws {
        let workspace = try Workspace()
        let db = try workspace.database("rowid.sqlite", Self.sql)
        let set = try StrataProcess.run(["set", db, "Shadowed", "7", "name=seven"])
        #expect(set.status == 0, "\(set.stderr)")
        let check = try StrataProcess.run(["query", db, "Shadowed where rowid == 'r7'", "--format", "csv"])
        #expect(check.stdout == "rowid,name\r\nr7,seven\r\n")
        let session = try StrataProcess.run(["--write", db], input: "set Shadowed 8 name = eight\nundo\n")
        #expect(session.status == 0, "\(session.stderr)")
        let after = try StrataProcess.run(["query", db, "Shadowed where rowid == 'r8'", "--format", "csv"])
        #expect(after.stdout == "rowid,name\r\nr8,n8\r\n")
    }
}
