import Foundation
import SQLiteKit
import Testing

/// `.realm` files of formats 2–9 through the built binary: the same data written by realm core 0.92, 0.97, 1.5, 2.9,
/// 3.2 and 5.23 (Tests/Fixtures/Realm/Files/format-02, -03, -05, -07, -08, -09) and by realm core 13 (format-23) converts to the same
/// `strata schema` and the same rows.
@Suite struct RealmLegacyCommandTests {
    static let folders = ["format-02", "format-03", "format-05", "format-07", "format-08", "format-09"]
    static let pairs: [(String, String)] = folders.flatMap { folder in
        ["enum-strings", "big-values"].map { (folder, $0) }
    }

    /// Every row of every table of a converted file but Strata's facts table (which names the format), in key order.
    static func rows(_ path: String) throws -> [String: [[SQLiteValue]]] {
        let connection = try Connection(path: path, mode: .readOnly)
        var tables: [String: [[SQLiteValue]]] = [:]
        for name in try connection.rows("SELECT name FROM sqlite_schema WHERE type = 'table' AND name != 'strata_realm_file' ORDER BY name").compactMap({ $0[0].string }) {
            tables[name] = try connection.rows("SELECT * FROM \"\(name)\" ORDER BY 1, 2")
        }
        return tables
    }

    @Test(arguments: pairs)
    func anOldFileConvertsAsTheSameDataInANewFormat(_ folder: String, _ name: String) throws {
        let workspace = try Workspace()
        let old = try RealmFileCommandTests.copy("Files/\(folder)/\(name).realm", into: workspace, as: "old.realm")
        let new = try RealmFileCommandTests.copy("Files/format-23/\(name).realm", into: workspace, as: "new.realm")
        for (realm, out) in [(old, "old.sqlite"), (new, "new.sqlite")] {
            let converted = try StrataProcess.run(["convert", realm, workspace.file(out)])
            try #require(converted.status == 0, "\(realm): \(converted.stderr)")
        }
        let schemas = try ["old.sqlite", "new.sqlite"].map { try StrataProcess.run(["schema", workspace.file($0)]) }
        #expect(schemas[0].status == 0 && schemas[1].status == 0)
        var (oldRows, newRows) = (try Self.rows(workspace.file("old.sqlite")), try Self.rows(workspace.file("new.sqlite")))
        if folder == "format-02" {
            // Format 2 predates nulls: the generator wrote empty strings and blobs where the newer files hold nil.
            let json = try ["old.sqlite", "new.sqlite"].map { try StrataProcess.run(["schema", workspace.file($0), "--format", "json"]).stdout }
            #expect(try Self.withoutOptionals(json[0]) == Self.withoutOptionals(json[1]), "\(folder)/\(name)")
            let empty = { (tables: [String: [[SQLiteValue]]]) in
                tables.mapValues { rows in rows.map { row in row.map { $0 == .null || $0 == .blob([]) ? SQLiteValue.text("") : $0 } } }
            }
            (oldRows, newRows) = (empty(oldRows), empty(newRows))
        } else {
            #expect(schemas[0].stdout == schemas[1].stdout, "\(folder)/\(name)")
        }
        #expect(oldRows == newRows, "\(folder)/\(name)")
        if folder == "format-02" { return }
        // Browsed in place, the old file answers a query as the new one does.
        let query = ["query", "", name == "big-values" ? "Document SORT(_id ASC)" : "Shirt where color == 'red' SORT(_id DESC) LIMIT(5)", "--format", "json"]
        var answers: [String] = []
        for realm in [old, new] {
            var arguments = query
            arguments[1] = realm
            let result = try StrataProcess.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            answers.append(result.stdout)
        }
        #expect(answers[0] == answers[1])
    }

    /// `strata schema --format json` with every property required, as format 2 has them.
    static func withoutOptionals(_ json: String) throws -> NSArray {
        func strip(_ value: Any) -> Any {
            switch value {
            case let object as [String: Any]:
                var copy = object.mapValues(strip)
                if copy["optional"] != nil { copy["optional"] = false }
                return copy
            case let array as [Any]: return array.map(strip)
            default: return value
            }
        }
        return try #require(strip(try JSONSerialization.jsonObject(with: Data(json.utf8))) as? [Any]) as NSArray
    }

    /// Every legacy fixture opens with every read command, and its file is left as it was.
    @Test(arguments: folders)
    func everyReadCommandReadsAnOldFile(_ folder: String) throws {
        let workspace = try Workspace()
        let realm = try RealmFileCommandTests.copy("Files/\(folder)/all-types.realm", into: workspace)
        let before = try workspace.fingerprint("app.realm").0
        for arguments in [["classes", realm], ["schema", realm], ["query", realm, "Person where ANY dogs.age > 2"], ["get", realm, "Dog", "dog-1"],
                          ["query", realm, "AllTypes SORT(_id ASC) LIMIT(3)", "--format", "vertical"]] {
            let result = try StrataProcess.run(arguments)
            #expect(result.status == 0, "\(folder) \(arguments): \(result.stderr)")
            #expect(!result.stdout.isEmpty, "\(folder) \(arguments)")
        }
        let browse = try StrataProcess.run([realm], input: "classes\nPerson\ncount\n")
        #expect(browse.status == 0, "\(browse.stderr)")
        #expect(try workspace.fingerprint("app.realm").0 == before)
        #expect(try workspace.listing() == ["app.realm"])
    }
}
