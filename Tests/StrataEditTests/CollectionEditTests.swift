import SQLiteKit
import Testing
@testable import StrataEdit
import StrataQuery
@testable import StrataCore

/// A vocabulary database with a collection of each kind: a list of strings, a set of strings, a dictionary of ints,
/// a list of optional ints, a Mixed list and set with their Realm types, a list of dates, a set of objects.
struct WordFixture {
    let connection: Connection
    let editor: Editor

    init() throws {
        connection = try Connection(path: ":memory:", mode: .memory)
        let owner = "owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE"
        try connection.execute("""
            CREATE TABLE Word (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE Dog (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE Word_rus (\(owner), position INTEGER NOT NULL, value TEXT NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            CREATE TABLE Word_tags (\(owner), value TEXT NOT NULL, PRIMARY KEY (owner, value)) WITHOUT ROWID;
            CREATE TABLE Word_scores (\(owner), key TEXT NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (owner, key)) WITHOUT ROWID;
            CREATE TABLE Word_counts (\(owner), position INTEGER NOT NULL, value INTEGER, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            CREATE TABLE Word_anys (\(owner), position INTEGER NOT NULL, value, value_type TEXT, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            CREATE TABLE Word_anySet (\(owner), value, value_type TEXT, UNIQUE (owner, value, value_type));
            CREATE TABLE Word_seen (\(owner), position INTEGER NOT NULL, value DATETIME NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            CREATE TABLE Word_dogs (\(owner), value INTEGER NOT NULL REFERENCES Dog(id) ON DELETE CASCADE, PRIMARY KEY (owner, value)) WITHOUT ROWID;
            INSERT INTO Word VALUES (7, 'house'), (8, 'cat');
            INSERT INTO Dog VALUES (1, 'Rex'), (2, 'Fido');
            INSERT INTO Word_rus VALUES (7, 0, 'дом'), (7, 1, 'здание'), (7, 2, 'строение');
            INSERT INTO Word_tags VALUES (7, 'noun');
            INSERT INTO Word_scores VALUES (7, 'easy', 3);
            INSERT INTO Word_seen VALUES (7, 0, '2020-01-01T00:00:00.000Z');
            INSERT INTO Word_anySet VALUES (7, 1, 'int');
            """)
        var reader = SchemaReader(connection: connection)
        editor = try Editor(session: try DatabaseSession(connection: connection, schema: try reader.read(), path: "words.sqlite"))
    }

    var word: ClassInfo { get throws { try editor.editableClass("Word") } }

    func rows(_ sql: String) throws -> [String] {
        try connection.rows(sql).map { $0.map(\.sqlLiteral).joined(separator: "|") }
    }

    /// Every collection table's rows, in key order.
    func dump() throws -> String {
        try ["Word_rus", "Word_tags", "Word_scores", "Word_counts", "Word_anys", "Word_anySet", "Word_seen", "Word_dogs"].map { table in
            table + ": " + (try rows("SELECT * FROM \(table) ORDER BY 1, 2")).joined(separator: "; ")
        }.joined(separator: "\n")
    }

    func list(_ property: String, _ change: Editor.ListChange) throws -> String {
        try editor.editList(try word, key: [.integer(7)], property: property, change).message
    }

    func collection(_ property: String, _ change: Editor.CollectionChange) throws -> String {
        try editor.editCollection(try word, key: [.integer(7)], property: property, change).message
    }
}

@Suite struct CollectionEditTests {
    @Test func aListOfValuesKeepsItsPositions() throws {
        let fixture = try WordFixture()
        #expect(try fixture.list("rus", .add(TypedValue("хата", quoted: true), at: nil)) == "added \"хата\" to Word 7 rus at 3")
        #expect(try fixture.list("rus", .add(TypedValue("изба", quoted: true), at: 0)) == "added \"изба\" to Word 7 rus at 0")
        #expect(try fixture.list("rus", .move(from: 0, to: 4)) == "moved Word 7 rus 0 to 4")
        #expect(try fixture.list("rus", .remove(at: 1)) == "removed \"здание\" from Word 7 rus at 1")
        #expect(try fixture.list("rus", .removeObject(TypedValue("строение", quoted: true))) == "removed \"строение\" from Word 7 rus at 1")
        #expect(try fixture.rows("SELECT position, value FROM Word_rus WHERE owner = 7 ORDER BY position")
            == ["0|'дом'", "1|'хата'", "2|'изба'"])
    }

    @Test func aSetHoldsEachValueOnce() throws {
        let fixture = try WordFixture()
        #expect(try fixture.collection("tags", .add(TypedValue("verb"))) == "added \"verb\" to Word 7 tags")
        #expect(try fixture.collection("tags", .add(TypedValue("verb"))) == "Word 7 tags already holds \"verb\": a set holds each value once")
        #expect(try fixture.collection("tags", .remove(TypedValue("noun"))) == "removed \"noun\" from Word 7 tags")
        #expect(throws: StrataError("Word 7 tags does not hold \"noun\"")) { try fixture.collection("tags", .remove(TypedValue("noun"))) }
        #expect(try fixture.rows("SELECT value FROM Word_tags") == ["'verb'"])
    }

    @Test func aDictionarySetsAndRemovesKeys() throws {
        let fixture = try WordFixture()
        #expect(try fixture.collection("scores", .put(key: "easy", TypedValue("4"))) == "Word 7 scores[\"easy\"]: 3 → 4")
        #expect(try fixture.collection("scores", .put(key: "a \"b\"", TypedValue("5"))) == "Word 7 scores[\"a \\\"b\\\"\"]: (new) 5")
        #expect(try fixture.collection("scores", .removeKey("easy")) == "removed \"easy\" from Word 7 scores")
        #expect(throws: StrataError("Word 7 scores has no key \"easy\"")) { try fixture.collection("scores", .removeKey("easy")) }
        #expect(try fixture.rows("SELECT key, value FROM Word_scores") == ["'a \"b\"'|5"])
    }

    /// Values are typed by the element: nil only where elements are optional; a Mixed element keeps its Realm type.
    @Test func valuesAreTypedByTheElement() throws {
        let fixture = try WordFixture()
        #expect(throws: StrataError("Word.scores element is an int: 'many' is not a whole number")) {
            try fixture.collection("scores", .put(key: "x", TypedValue("many")))
        }
        #expect(throws: StrataError("Word.rus element is a required string: it cannot be nil")) { try fixture.list("rus", .add(TypedValue("nil"), at: nil)) }
        #expect(try fixture.list("counts", .add(TypedValue("nil"), at: nil)) == "added nil to Word 7 counts at 0")
        _ = try fixture.list("anys", .add(TypedValue("true"), at: nil))
        _ = try fixture.list("anys", .add(TypedValue("2.5"), at: nil))
        _ = try fixture.list("anys", .add(TypedValue("true", quoted: true), at: nil))
        #expect(try fixture.rows("SELECT value, value_type FROM Word_anys ORDER BY position") == ["1|'bool'", "2.5|'double'", "'true'|'string'"])
        // In a Mixed set, true and 1 are both there, apart by their types.
        #expect(try fixture.collection("anySet", .add(TypedValue("true"))) == "added true to Word 7 anySet")
        #expect(try fixture.collection("anySet", .add(TypedValue("1"))) == "Word 7 anySet already holds 1: a set holds each value once")
        // A date is written in its column's own storage.
        _ = try fixture.list("seen", .add(TypedValue("2021-02-03"), at: nil))
        #expect(try fixture.rows("SELECT value FROM Word_seen ORDER BY position") == ["'2020-01-01T00:00:00.000Z'", "'2021-02-03T00:00:00.000Z'"])
    }

    /// A set of objects takes the target's key, and holds each object once.
    @Test func aSetOfObjects() throws {
        let fixture = try WordFixture()
        #expect(try fixture.collection("dogs", .add(TypedValue("1"))) == "added Dog 1 to Word 7 dogs")
        #expect(throws: StrataError("Word 7's dogs already holds Dog 1: a set holds each object once")) { try fixture.collection("dogs", .add(TypedValue("1"))) }
        #expect(throws: StrataError("no Dog with key 9 for Word.dogs to link to")) { try fixture.collection("dogs", .add(TypedValue("9"))) }
        #expect(throws: StrataError("Word.dogs is set<Dog>: edit it with set add and set remove")) { try fixture.list("dogs", .add(TypedValue("2"), at: nil)) }
    }

    @Test func theWrongEditForACollectionIsRefused() throws {
        let fixture = try WordFixture()
        #expect(throws: StrataError("Word.tags is set<string>: edit it with set add and set remove")) { try fixture.list("tags", .add(TypedValue("x"), at: nil)) }
        #expect(throws: StrataError("Word.rus is list<string>, not a set")) { try fixture.collection("rus", .add(TypedValue("x"))) }
        #expect(throws: StrataError("Word.tags is set<string>, not a dictionary")) { try fixture.collection("tags", .put(key: "a", TypedValue("x"))) }
        #expect(throws: StrataError("Word.name is string, not a set")) { try fixture.collection("name", .add(TypedValue("x"))) }
        #expect(throws: StrataError("no Word 9 in words.sqlite")) {
            try fixture.editor.editCollection(try fixture.word, key: [.integer(9)], property: "tags", .add(TypedValue("x")))
        }
        #expect(throws: StrataError("at 5 is not in Word 7 rus, which holds 3 values (at 0 to 3)")) { try fixture.list("rus", .add(TypedValue("x"), at: 5)) }
    }

    /// Every edit is undone to the rows as they were, and redone to the rows after it.
    @Test func undoAndRedoGiveBackEveryRow() throws {
        let fixture = try WordFixture()
        let before = try fixture.dump()
        _ = try fixture.list("rus", .move(from: 2, to: 0))
        _ = try fixture.collection("tags", .add(TypedValue("verb")))
        _ = try fixture.collection("scores", .put(key: "easy", TypedValue("9")))
        _ = try fixture.collection("scores", .removeKey("easy"))
        _ = try fixture.list("anys", .add(TypedValue("x"), at: nil))
        _ = try fixture.collection("dogs", .add(TypedValue("2")))
        let after = try fixture.dump()
        for _ in 0..<6 { _ = try fixture.editor.undo() }
        #expect(try fixture.dump() == before)
        for _ in 0..<6 { _ = try fixture.editor.redo() }
        #expect(try fixture.dump() == after)
    }
}
