import Foundation
import SQLiteKit
import Testing
@testable import StrataMigrate
@testable import StrataCore

/// `.strata` migrations that add, delete and rename lists, sets and dictionaries of values (issue 31).
@Suite struct CollectionMigrationTests {
    @Test(arguments: [
        ("add property Word.tags set<string>", StrataOperation.addCollection(className: "Word", name: "tags", kind: .set, element: .value(.string), optionalElements: false)),
        ("add property Word.rus list<string>", .addCollection(className: "Word", name: "rus", kind: .list, element: .value(.string), optionalElements: false)),
        ("add property Word.scores dictionary<int>", .addCollection(className: "Word", name: "scores", kind: .dictionary, element: .value(.int), optionalElements: false)),
        ("add property Word.opt list<double?>", .addCollection(className: "Word", name: "opt", kind: .list, element: .value(.double), optionalElements: true)),
        ("add property Word.extra dictionary<any>", .addCollection(className: "Word", name: "extra", kind: .dictionary, element: .value(.any), optionalElements: true)),
        ("add property Word.dogs set<Dog>", .addCollection(className: "Word", name: "dogs", kind: .set, element: .objects("Dog"), optionalElements: false)),
        ("add property Word.pets dictionary<Dog>", .addCollection(className: "Word", name: "pets", kind: .dictionary, element: .objects("Dog"), optionalElements: true)),
    ])
    func parsesEachCollection(_ line: String, _ operation: StrataOperation) throws {
        #expect(try StrataScript.parse(line, file: "1_a.strata").up.map(\.operation) == [operation])
    }

    @Test(arguments: [
        ("add property Word.tags set<string", "1_a.strata:1:34: expected '>'"),
        ("add property Word.tags set<linkingObjects>", "1_a.strata:1:28: a set holds values"),
        ("add property Word.dogs list<Dog>", "1_a.strata:1:29: a list of objects is added with add list Word.dogs -> Dog"),
        ("add property Word.tags set<string> = 1", "1_a.strata:1:36: unexpected text at the end of the line"),
    ])
    func errorsNameTheSpot(_ text: String, _ message: String) {
        do {
            _ = try StrataScript.parse(text, file: "1_a.strata")
            Issue.record("no error for \(text)")
        } catch let error as StrataError {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    func apply(_ files: [(String, String)], to connection: Connection) throws {
        let migrations = try files.map { try MigrationFile(fileName: $0.0, bytes: Array($0.1.utf8)) }
        try Migrator(connection: connection, files: migrations).apply(to: nil)
    }

    func schema(_ connection: Connection) throws -> Schema {
        var reader = SchemaReader(connection: connection)
        return try reader.read()
    }

    /// What a migration adds, the schema reads as the property it declared; deleting, renaming and renaming the class
    /// carry its table along; migrating down takes it away.
    @Test func addedCollectionsAreTheirPropertiesThroughEveryChange() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("""
            CREATE TABLE Word (id INTEGER PRIMARY KEY, name TEXT NOT NULL); CREATE TABLE Dog (id TEXT PRIMARY KEY NOT NULL);
            INSERT INTO Word VALUES (1, 'house'); INSERT INTO Dog VALUES ('rex');
            """)
        try apply([("1_add.strata", Self.added)], to: db)
        let word = try #require(try schema(db).class(named: "Word"))
        #expect(word.properties.map { "\($0.name) \($0.typeDescription)" } == [
            "id int", "name string", "tags set<string>", "rus list<string>", "scores dictionary<int>", "opt list<int?>", "maybe set<int?>",
            "flags list<bool>", "dogs set<Dog>", "pets dictionary<Dog?>",
        ])
        // A set is unique: the second 'a' is refused by the table itself; a set of objects goes with its object,
        // a dictionary's value becomes nil.
        try db.execute("PRAGMA foreign_keys = ON; INSERT INTO Word_tags VALUES (1, 'a'); INSERT INTO Word_dogs VALUES (1, 'rex'); INSERT INTO Word_pets VALUES (1, 'r', 'rex')")
        #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO Word_tags VALUES (1, 'a')") }
        #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO Word_flags VALUES (1, 0, 2)") }
        try db.execute("DELETE FROM Dog")
        #expect(try db.rows("SELECT count(*) FROM Word_dogs") == [[.integer(0)]])
        #expect(try db.rows("SELECT key, value FROM Word_pets") == [[.text("r"), .null]])

        try apply([("1_add.strata", Self.added), ("2_change.strata", """
            delete property Word.opt
            rename property Word.rus to ru
            rename class Word to Term
            """)], to: db)
        let after = try schema(db)
        let term = try #require(after.class(named: "Term"))
        #expect(term.property(named: "ru")?.typeDescription == "list<string>")
        #expect(term.property(named: "opt") == nil && term.property(named: "tags")?.typeDescription == "set<string>")
        #expect(after.visibleClasses.map(\.name) == ["Dog", "Term"])
        #expect(try db.rows("SELECT value FROM Term_tags") == [[.text("a")]])
    }

    static let added = """
        add property Word.tags set<string>
        add property Word.rus list<string>
        add property Word.scores dictionary<int>
        add property Word.opt list<int?>
        add property Word.maybe set<int?>
        add property Word.flags list<bool>
        add property Word.dogs set<Dog>
        add property Word.pets dictionary<Dog>
        """

    /// Adding a collection is undone by deleting it: the way down drops its table.
    @Test func theWayDownDropsTheTable() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE Word (id INTEGER PRIMARY KEY)")
        let file = try MigrationFile(fileName: "1_tags.strata", bytes: Array("add property Word.tags set<string>".utf8))
        try Migrator(connection: db, files: [file]).apply(to: nil)
        #expect(try schema(db).class(named: "Word")?.property(named: "tags") != nil)
        try Migrator(connection: db, files: [file]).apply(to: 0)
        #expect(try schema(db).class(named: "Word")?.property(named: "tags") == nil)
        #expect(try db.rows("SELECT count(*) FROM sqlite_schema WHERE name = 'Word_tags'") == [[.integer(0)]])
    }

    @Test func aCollectionThatCannotBeAddedIsSaid() throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE Word (id INTEGER PRIMARY KEY, tags TEXT); CREATE TABLE Pair (a INT, b INT, PRIMARY KEY (a, b))")
        for (line, message) in [
            ("add property Word.tags set<string>", "Word already has a property 'tags'"),
            ("add property Pair.tags set<string>", "Pair has no single primary key"),
            ("add property Word.dogs set<Dog>", "no class Dog"),
        ] {
            let file = try MigrationFile(fileName: "1_a.strata", bytes: Array(line.utf8))
            do {
                try Migrator(connection: db, files: [file]).apply(to: nil)
                Issue.record("no error for \(line)")
            } catch let error as StrataError {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }
}
