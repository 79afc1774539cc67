import SQLiteKit
import Testing
@testable import StrataQuery
@testable import StrataCore

/// Keys as users type them: commas inside quotes stay in their part, quotes are undone.
@Suite struct ObjectKeyTextTests {
    static func info(_ name: String) throws -> ClassInfo {
        let connection = try Connection(path: ":memory:", mode: .memory)
        try connection.execute("""
            CREATE TABLE comp (a INT, b TEXT, PRIMARY KEY (a, b));
            CREATE TABLE Tag (name TEXT PRIMARY KEY) WITHOUT ROWID;
            CREATE TABLE Loose (k PRIMARY KEY, v);
            CREATE TABLE Person (name TEXT PRIMARY KEY) WITHOUT ROWID;
            CREATE TABLE Person_anyList (owner TEXT NOT NULL REFERENCES Person(name), position INTEGER NOT NULL, target,
                                         PRIMARY KEY (owner, position)) WITHOUT ROWID;
            CREATE TABLE Task (id INTEGER PRIMARY KEY);
            CREATE TABLE Task_steps (owner INTEGER NOT NULL REFERENCES Task(id), position INTEGER NOT NULL, target TEXT,
                                     PRIMARY KEY (owner, position)) WITHOUT ROWID;
            """)
        var reader = SchemaReader(connection: connection)
        return try #require(try reader.read().class(named: name))
    }

    @Test(arguments: [
        ("(4, 'a,b')", "comp", [SQLiteValue.integer(4), .text("a,b")]),
        ("(4,'a,b')", "comp", [.integer(4), .text("a,b")]),
        ("( 4 , \"a,b\" )", "comp", [.integer(4), .text("a,b")]),
        ("(5, 'it''s, (really)')", "comp", [.integer(5), .text("it's, (really)")]),
        ("(5, \"say \"\"hi\"\", ok\")", "comp", [.integer(5), .text("say \"hi\", ok")]),
        ("(5, \"back\\\"slash, \\\\\")", "comp", [.integer(5), .text("back\"slash, \\")]),
        ("(6, plain)", "comp", [.integer(6), .text("plain")]),
        ("(6, '')", "comp", [.integer(6), .text("")]),
        ("('7', x)", "comp", [.integer(7), .text("x")]),
        ("a,b", "Tag", [.text("a,b")]),
        ("'O''Brien'", "Tag", [.text("O'Brien")]),
        ("O'Brien", "Tag", [.text("O'Brien")]),
        (" padded ", "Tag", [.text(" padded ")]),
        ("'42'", "Loose", [.text("42")]),
        ("42", "Loose", [.integer(42)]),
        // A link part takes its target's key: text for a text key, a whole number for an integer one.
        ("(Alice, 0)", "Person_anyList", [.text("Alice"), .integer(0)]),
        ("('Bob, Jr.', 2)", "Person_anyList", [.text("Bob, Jr."), .integer(2)]),
        ("(3, 1)", "Task_steps", [.integer(3), .integer(1)]),
    ])
    func readsKeys(_ text: String, _ className: String, _ key: [SQLiteValue]) throws {
        let info = try Self.info(className)
        #expect(try ObjectKeyText.parse(text, for: info) == key)
    }

    @Test(arguments: [
        ("(4, 'a,b)", "a quoted part of the key is not closed: add ' at its end"),
        ("(4, \"a)", "a quoted part of the key is not closed: add \" at its end"),
        ("(4, a, b)", "comp's key has 2 parts, not 3"),
        ("(4)", "comp's key has 2 parts, not 1"),
        ("4, a", "comp has the composite key (a, b): write it as (a, b)"),
        ("(x, 'a')", "'x' is not a key of comp: a is a whole number"),
        ("(Alice, 0)", "'Alice' is not a key of Task_steps: owner is a whole number"),
    ])
    func refusesBadKeys(_ text: String, _ message: String) throws {
        let info = try Self.info(message.contains("Task_steps") ? "Task_steps" : "comp")
        #expect(throws: StrataError(message)) { try ObjectKeyText.parse(text, for: info) }
    }
}
