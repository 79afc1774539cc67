import Foundation
import SQLiteKit
import Testing
import StrataTestSupport
@testable import StrataInterface

@Suite struct CompleterTests {
    static let commands = ["classes", "schema", "show", "next", "prev", "open", "follow", "help", "quit"]

    func completer() throws -> Completer {
        Completer(schema: try Fixtures.schema(Fixtures.tasks), commands: Self.commands)
    }

    @Test(arguments: [
        ("", "", ["classes", "schema", "show", "next", "prev", "open", "follow", "help", "quit", "Tag", "Task", "TaskList"]),
        ("sh", "sh", ["show"]),
        ("Ta", "Ta", ["Tag", "Task", "TaskList"]),
        ("show Ta", "Ta", ["Tag", "Task", "TaskList"]),
        ("Task where na", "na", ["name"]),
        ("Task where is", "is", ["isCompleted"]),
        ("Task where list.", "list.", ["list.id", "list.name", "list.@links.Task.list", "list.@links.Task.owner"]),
        ("Task where list.n", "list.n", ["list.name"]),
        ("Task where tags.na", "tags.na", ["tags.name"]),
        ("Task where name BEG", "BEG", ["BEGINSWITH"]),
        ("Task where name == \"x\" so", "so", ["sort("]),
        // Issue 29, item 24: a keyword in the case it was begun in.
        ("Task where name begins", "begins", ["beginswith"]),
        ("Task where name Beg", "Beg", ["BEGINSWITH"]),
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
        // Issue 29, item 24: `open` takes a class first (then a key, not guessed); `fol` is `follow`.
        ("Task", "open ", "", ["Tag", "Task", "TaskList"]),
        ("Task", "open T", "T", ["Tag", "Task", "TaskList"]),
        ("Task", "open Task ", "", []),
        ("Task", "fol l", "l", ["list"]),
        ("Task", "f ta", "ta", ["tags"]),
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
        // Keywords in the case the word was begun in (issue 29, item 24).
        #expect(completer.candidates(line: "Tb where n", word: "n") == ["not", "none", "nil", "name"])
    }
}

/// Issue 29, items 22 and 24: names that are not plain words come as the query language reads them, and a link
/// takes no space after it.
@Suite struct CompleterQuotingTests {
    func completer() throws -> Completer {
        let schema = try Fixtures.schema("""
            CREATE TABLE "Calories-Table" (id INTEGER PRIMARY KEY, "kcal-total" INTEGER, "where" TEXT,
                meal INTEGER REFERENCES "Meal Plan"(id));
            CREATE TABLE "Meal Plan" (id INTEGER PRIMARY KEY, "day name" TEXT);
            """)
        return Completer(schema: schema, commands: ["open", "follow", "show"])
    }

    @Test(arguments: [
        ("Cal", "Cal", ["`Calories-Table`"]),
        ("Calories-T", "Calories-T", ["`Calories-Table`"]),
        ("show Me", "Me", ["`Meal Plan`"]),
        ("`Calories-Table` where kc", "kc", ["`kcal-total`"]),
        ("`Calories-Table` where wh", "wh", ["where", "`where`"]),
        ("`Calories-Table` where meal.da", "meal.da", ["meal.`day name`"]),
        ("`Calories-Table` where meal.`day", "meal.`day", ["meal.`day name`"]),
        ("open Me", "Me", ["`Meal Plan`"]),
        // After an opening backtick the editor hands over the word alone: the name comes with its closing backtick.
        ("`Cal", "Cal", ["Calories-Table`"]),
        ("`Calories-Table` where `kc", "kc", ["kcal-total`"]),
    ] as [(String, String, [String])])
    func quotes(_ line: String, _ word: String, _ expected: [String]) throws {
        #expect(try completer().candidates(line: line, word: word) == expected)
    }

    @Test func aLinkTakesNoSpaceAfterIt() throws {
        let completer = try completer()
        #expect(completer.continuesAfter("meal", line: "`Calories-Table` where me", word: "me"))
        #expect(!completer.continuesAfter("`kcal-total`", line: "`Calories-Table` where kc", word: "kc"))
        #expect(!completer.continuesAfter("meal.`day name`", line: "`Calories-Table` where meal.d", word: "meal.d"))
    }
}

/// What replaces the typed word on Tab, the same with GNU readline and libedit.
@Suite struct CompletionReplacementTests {
    @Test(arguments: [
        (["Subject"], "subj", "Subject"),                                // one match: its own spelling
        (["SUBQUERY", "Subject", "SupportRepId"], "Su", "Su"),            // never shortened to "S"
        (["NOT", "NONE", "nil", "name"], "n", "n"),                      // nor recased
        (["RealmTestClass0", "RealmTestClass1"], "real", "realmTestClass"), // extended, in the case typed
        (["`my table`", "`my tab2`"], "my", "`my tab"),                  // candidates quoted: their own beginning
        (["a", "b"], "", ""),
        (["Ünïcode", "ünïcodeX"], "ü", "ünïcode"),
    ] as [([String], String, String)])
    func replacesTheTypedWord(_ candidates: [String], _ typed: String, _ expected: String) {
        #expect(Completer.replacement(candidates, typed: typed) == expected)
    }
}

/// The history file is read and written by Strata, one entry a line, whatever the line editor.
@Suite struct HistoryFileContentTests {
    func scratch() throws -> String {
        let folder = NSTemporaryDirectory() + "strata-history-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func linesAppendAndLoadBack() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/history"
        #expect(HistoryFile.load(path) == [])
        for line in ["Tag", "TaskList SORT(name DESC)", "quit"] { HistoryFile.append(line, to: path) }
        #expect(HistoryFile.load(path) == ["Tag", "TaskList SORT(name DESC)", "quit"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Tag\nTaskList SORT(name DESC)\nquit\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o777 } == 0o600)
    }

    @Test func aFileOverTheLimitIsCutBackToItsNewestLines() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/history"
        let lines = (1...(HistoryFile.limit + 250)).map { "line \($0)" }
        try ("_HiStOrY_V2_\n" + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let loaded = HistoryFile.load(path)
        #expect(loaded == Array(lines.suffix(HistoryFile.limit)))
        #expect(HistoryFile.load(path) == loaded)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["history"])
    }

    @Test func aFIFOInItsPlaceIsNeitherReadNorWaitedOn() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/history"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(HistoryFile.load(path) == [])
        HistoryFile.append("Tag", to: path)   // no reader: returns at once
    }
}
