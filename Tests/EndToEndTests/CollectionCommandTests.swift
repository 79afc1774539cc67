import Foundation
import SQLiteKit
import Testing

/// The built `strata` on lists, sets and dictionaries of values (issue 31): the issue's examples on a converted
/// `.realm` and on a SQLite file in the convention, every output format, the browser's edits and the file after them,
/// and what is refused.
@Suite struct CollectionCommandTests {
    static let words = """
        CREATE TABLE Word (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        INSERT INTO Word VALUES (7, 'house'), (8, 'cat'), (9, 'run');
        CREATE TABLE Word_rus (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                               value TEXT NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        INSERT INTO Word_rus VALUES (7, 0, 'дом'), (7, 1, 'здание'), (7, 2, 'строение'), (8, 0, 'кот');
        CREATE TABLE Word_tags (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, value TEXT NOT NULL,
                                PRIMARY KEY (owner, value)) WITHOUT ROWID;
        INSERT INTO Word_tags VALUES (7, 'noun'), (8, 'noun'), (9, 'verb');
        CREATE TABLE Word_scores (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, key TEXT NOT NULL,
                                  value INTEGER NOT NULL, PRIMARY KEY (owner, key)) WITHOUT ROWID;
        INSERT INTO Word_scores VALUES (7, 'easy', 4), (7, 'a "b"', 1), (9, 'hard', 12);
        """

    @Test func theIssuesExamplesOnASQLiteFile() throws {
        let workspace = try Workspace()
        let db = try workspace.database("words.sqlite", Self.words)
        let before = try workspace.fingerprint("words.sqlite")
        let schema = try StrataProcess.run(["schema", db, "Word"])
        #expect(schema.status == 0 && schema.stderr.isEmpty, "\(schema.stderr)")
        for line in ["rus   list<string>", "tags  set<string>", "scores  dictionary<int>"] {
            #expect(schema.stdout.replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
                .contains(line.replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)), "\(schema.stdout)")
        }
        let classes = try StrataProcess.run(["classes", db])
        #expect(classes.stdout.split(separator: "\n").count == 2, "\(classes.stdout)")

        let query = try StrataProcess.run(["query", db, "Word where rus.@count > 1 AND ANY tags == \"noun\" SORT(name)", "--format", "json"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout == """
            [
              {"id":7,"name":"house","rus":["дом","здание","строение"],"tags":["noun"],"scores":{"a \\"b\\"":1,"easy":4}}
            ]

            """)
        let keyed = try StrataProcess.run(["query", db, "Word where scores[\"easy\"] > 3 OR scores.@values > 10 OR scores.@keys == \"hard\" SHOW(name)",
                                           "--format", "csv"])
        // CSV lines end in CRLF, as RFC 4180 has them.
        #expect(keyed.stdout == "name\r\nhouse\r\nrun\r\n", "\(keyed.stderr)")
        let shown = try StrataProcess.run(["query", db, "Word SHOW(name, rus, rus.@count AS n, scores[\"easy\"] AS easy)", "--format", "csv"])
        #expect(shown.stdout.replacingOccurrences(of: "\r\n", with: "\n") == """
            name,rus,n,easy
            house,"[""дом"",""здание"",""строение""]",3,4
            cat,"[""кот""]",1,
            run,[],0,

            """)
        let get = try StrataProcess.run(["get", db, "Word", "7"])
        #expect(get.stdout.contains("rus  [3] \"дом\", \"здание\", \"строение\""), "\(get.stdout)")
        #expect(get.stdout.contains("scores  [2] \"a \\\"b\\\"\": 1, easy: 4"), "\(get.stdout)")
        let table = try StrataProcess.run(["query", db, "Word where tags == \"verb\""])
        #expect(table.stdout.contains("[1] \"verb\""), "\(table.stdout)")
        // Browsing changed nothing.
        let after = try workspace.fingerprint("words.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1)
    }

    @Test func theBrowserEditsCollectionsAndUndoes() throws {
        let workspace = try Workspace()
        let db = try workspace.database("words.sqlite", Self.words)
        let script = """
            list add Word 7 rus "хата"
            set add Word 7 tags verb
            dict set Word 7 scores hard = 5
            dict remove Word 7 scores easy
            undo
            open Word 7
            follow rus
            """
        let run = try StrataProcess.run(["--write", db], input: script + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("added \"хата\" to Word 7 rus at 3"), "\(run.stdout)")
        #expect(run.stdout.contains("undid dict remove Word 7 scores"), "\(run.stdout)")
        #expect(run.stderr.contains("Word 7 → rus"), "\(run.stderr)")
        #expect(run.stdout.contains("       3  хата"), "\(run.stdout)")
        let connection = try Connection(path: db, mode: .readOnly)
        #expect(try connection.rows("SELECT value FROM Word_rus WHERE owner = 7 ORDER BY position").map { $0[0].string ?? "" } == ["дом", "здание", "строение", "хата"])
        #expect(try connection.rows("SELECT value FROM Word_tags WHERE owner = 7 ORDER BY value").map { $0[0].string ?? "" } == ["noun", "verb"])
        #expect(try connection.rows("SELECT key, value FROM Word_scores WHERE owner = 7 ORDER BY key").map { "\($0[0].string ?? ""):\($0[1].int64 ?? 0)" }
            == ["a \"b\":1", "easy:4", "hard:5"])
    }

    @Test func aWrongEditOrQueryIsOneLineAndChangesNothing() throws {
        let workspace = try Workspace()
        let db = try workspace.database("words.sqlite", Self.words)
        let before = try workspace.fingerprint("words.sqlite")
        for (line, message) in [
            ("dict set Word 7 scores easy = many", "error: Word.scores element is an int: 'many' is not a whole number"),
            ("set add Word 7 rus x", "error: Word.rus is list<string>, not a set"),
            ("list add Word 7 tags x", "error: Word.tags is set<string>: edit it with set add and set remove"),
            ("set Word 7 tags = x", "error: Word.tags is a set: edit it with set add and set remove"),
            ("dict remove Word 7 scores nothing", "error: Word 7 scores has no key \"nothing\""),
        ] {
            let run = try StrataProcess.run(["--write", db], input: line + "\n")
            #expect(run.stderr.contains(message), "\(line): \(run.stderr)")
        }
        let sort = try StrataProcess.run(["query", db, "Word SORT(tags)"])
        #expect(sort.status != 0 && sort.stderr.hasPrefix("strata: query 1:11: SORT needs one value per object, and 'tags' is a set"), "\(sort.stderr)")
        #expect(sort.stderr.split(separator: "\n").count == 1)
        let after = try workspace.fingerprint("words.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1)
    }

    /// A `.realm` file's collections, and its converted file's, are the same properties and answer the same queries.
    @Test func aRealmFileAndItsConversionAgree() throws {
        let workspace = try Workspace()
        let realm = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace)
        let converted = workspace.file("app.sqlite")
        #expect(try StrataProcess.run(["convert", realm, converted]).status == 0)
        for query in ["Person where ANY tags == \"red\" SHOW(name, tags, counts, luckyNumbers, anySet)",
                      "Person where counts[\"apples\"] > 2 OR properties.@keys == \"pet\" SHOW(name, properties)",
                      "Person where dogSet.dogName == \"Fido\" SHOW(name, dogSet, dogsByNickname)",
                      "Person SHOW(name, scores.@sum AS sum, optScores.@max AS top, dates.@min AS first)"] {
            let onRealm = try StrataProcess.run(["query", realm, query, "--format", "json"])
            let onSQLite = try StrataProcess.run(["query", converted, query, "--format", "json"])
            #expect(onRealm.status == 0 && onRealm.stdout == onSQLite.stdout, "\(query): \(onRealm.stderr)")
            #expect(onRealm.stdout.contains("Alice"), "\(query): \(onRealm.stdout)")
        }
        // Set in the browser, a Mixed value takes the Realm type of what is written: true is a bool, found as one.
        let edit = try StrataProcess.run(["--write", converted], input: "set Person Alice nested = true\nset add Person Alice anySet 2.5\n")
        #expect(edit.status == 0, "\(edit.stderr)")
        let found = try StrataProcess.run(["query", converted, "Person where nested == true AND anySet == 2.5 SHOW(name)", "--format", "csv"])
        #expect(found.stdout == "name\r\nAlice\r\n", "\(found.stdout) \(found.stderr)")
        let connection = try Connection(path: converted, mode: .readOnly)
        #expect(try connection.rows("SELECT nested_type FROM Person WHERE name = 'Alice'") == [[.text("bool")]])
        let schema = try StrataProcess.run(["schema", converted, "Person", "--format", "json"])
        let people = try #require((try RealmFileCommandTests.json(schema.stdout) as? [[String: Any]])?.first?["properties"] as? [[String: Any]])
        let tags = try #require(people.first { $0["name"] as? String == "tags" })
        #expect(tags["type"] as? String == "set")
        #expect((tags["element"] as? [String: Any])?["type"] as? String == "string")
    }
}
