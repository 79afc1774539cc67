import SQLiteKit
import Testing
import StrataTestSupport
@testable import StrataInterface

@Suite struct CompleterTests {
    static let commands = ["classes", "schema", "show", "next", "prev", "help", "quit"]

    func completer() throws -> Completer {
        Completer(schema: try Fixtures.schema(Fixtures.tasks), commands: Self.commands)
    }

    @Test(arguments: [
        ("", "", ["classes", "schema", "show", "next", "prev", "help", "quit", "Tag", "Task", "TaskList"]),
        ("sh", "sh", ["show"]),
        ("Ta", "Ta", ["Tag", "Task", "TaskList"]),
        ("show Ta", "Ta", ["Tag", "Task", "TaskList"]),
        ("Task where na", "na", ["name"]),
        ("Task where is", "is", ["isCompleted"]),
        ("Task where list.", "list.", ["list.id", "list.name", "list.@links.Task.list", "list.@links.Task.owner"]),
        ("Task where list.n", "list.n", ["list.name"]),
        ("Task where tags.na", "tags.na", ["tags.name"]),
        ("Task where name BEG", "BEG", ["BEGINSWITH"]),
        ("Task where name == \"x\" so", "so", ["SORT("]),
        ("Task where nothing.x", "nothing.x", []),
    ])
    func completes(_ line: String, _ word: String, _ expected: [String]) throws {
        #expect(try completer().candidates(line: line, word: word) == expected)
    }

    /// Issue 16, defect 3: `follow ` offered class names; it offers the open object's links, lists and backlinks,
    /// and `open ` (a key) offers nothing.
    @Test(arguments: [
        (nil, "follow ", "", []),
        ("TaskList", "follow ", "", ["@links.Task.list", "@links.Task.owner"]),
        ("Task", "follow l", "l", ["list"]),
        ("Task", "follow ta", "ta", ["tags"]),
        ("Task", "open ", "", []),
        ("Task", "open T", "T", []),
    ] as [(String?, String, String, [String])])
    func followOffersTheOpenObjectsLinks(_ open: String?, _ line: String, _ word: String, _ expected: [String]) throws {
        let completer = try completer()
        completer.context.openClass = open
        #expect(completer.candidates(line: line, word: word) == expected)
    }
}

@Suite struct HistoryFileTests {
    @Test(arguments: [
        (["STRATA_HISTORY": "/tmp/h", "XDG_STATE_HOME": "/s", "HOME": "/home/u"], "/tmp/h"),
        (["XDG_STATE_HOME": "/s", "HOME": "/home/u"], "/s/strata/history"),
        (["XDG_STATE_HOME": "relative", "HOME": "/home/u"], "/home/u/.local/state/strata/history"),
        (["HOME": "/home/u"], "/home/u/.local/state/strata/history"),
        ([:], nil),
    ] as [([String: String], String?)])
    func resolves(_ environment: [String: String], _ expected: String?) {
        #expect(HistoryFile.path(environment: { environment[$0] }) == expected)
    }

    @Test func namesATerminalWouldActOnAreNotOffered() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE "T\u{1B}]0;x\u{07}" (id INTEGER PRIMARY KEY);
            CREATE TABLE Tb (id INTEGER PRIMARY KEY, "n\u{9B}2J" TEXT, name TEXT);
            """)
        let completer = Completer(schema: schema, commands: [])
        #expect(completer.candidates(line: "T", word: "T") == ["Tb"])
        #expect(completer.candidates(line: "Tb where n", word: "n") == ["NOT", "NONE", "nil", "name"])
    }
}
