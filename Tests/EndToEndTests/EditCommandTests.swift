import Foundation
import SQLiteKit
import Testing

/// `strata set`, `insert`, `delete` and `update`, and the REPL's edits with undo and redo, on real files:
/// output, exit statuses, and the file afterwards as the sqlite3 shell sees it.
@Suite struct EditCommandTests {
    // MARK: - Helpers

    /// A workspace with `demo.sqlite`, written by `strata demo --rows 50 --seed 7`.
    static func demoWorkspace() throws -> (Workspace, String) {
        let workspace = try Workspace()
        let db = workspace.file("demo.sqlite")
        let result = try StrataProcess.run(["demo", db, "--rows", "50", "--seed", "7"])
        try #require(result.status == 0, "strata demo failed: \(result.stderr)")
        return (workspace, db)
    }

    struct ToolFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the sqlite3 shell on `path` with one argument of SQL or a dot command; its stdout.
    @discardableResult
    static func sqlite3(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = ["-batch", path, sql]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["sqlite3", "-batch", path, sql]
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let result = StrataProcess.finish(process, out, err)
        guard result.status == 0, result.stderr.isEmpty else {
            throw ToolFailure(description: "sqlite3 \(sql): status \(result.status): \(result.stderr)")
        }
        return result.stdout
    }

    /// The sqlite3 shell's `.dump` of the file, line by line.
    static func dump(_ path: String) throws -> [String] {
        try sqlite3(path, ".dump").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A single value (first row, first column) as the sqlite3 shell prints it.
    static func value(_ path: String, _ sql: String) throws -> String {
        var text = try sqlite3(path, sql)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    static func count(_ path: String, _ sql: String) throws -> Int {
        let text = try value(path, sql)
        guard let number = Int(text) else { throw ToolFailure(description: "not a count: '\(text)' from \(sql)") }
        return number
    }

    /// True for the `.dump` line of the object of `table` whose key is `key`.
    static func isRow(_ line: String, of table: String, key: Int) -> Bool {
        line.hasPrefix("INSERT INTO \(table) VALUES(\(key),") || line.hasPrefix("INSERT INTO \"\(table)\" VALUES(\(key),")
    }

    /// One line on stderr, `strata: …`.
    static func isOneErrorLine(_ text: String) -> Bool {
        text.hasPrefix("strata: ") && text.hasSuffix("\n") && text.filter { $0 == "\n" }.count == 1
    }

    /// Points RealmTestClass2 objects 1 and 2 at RealmTestClass1 3, so that 3 has backlinks whatever the
    /// generator drew (it already holds list entries with seed 7; the tests require that).
    static func linkTwoObjectsTo3(_ db: String) throws {
        try sqlite3(db, "UPDATE RealmTestClass2 SET objectReference = 3 WHERE id IN (1, 2)")
    }

    // MARK: - 1. set on the demo database

    @Test func setChangesExactlyThoseValues() throws {
        let (workspace, db) = try Self.demoWorkspace()
        defer { withExtendedLifetime(workspace) {} }  // its deinit deletes the folder
        let before = try Self.dump(db)
        #expect(before.filter { Self.isRow($0, of: "RealmTestClass1", key: 3) }.count == 1)
        let untouched = "SELECT integerValue, floatValue, doubleValue FROM RealmTestClass1 WHERE id = 3"
        let untouchedBefore = try Self.sqlite3(db, untouched)
        let result = try StrataProcess.run(["set", db, "RealmTestClass1", "3", "stringValue=Buy milk", "boolValue=no",
                                            "dateValue=2026-12-01T10:00:00+01:00"])
        #expect(result.status == 0, "\(result.stderr)")
        // Issue 29: then each property with its old and new value (it printed the first line only).
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "updated RealmTestClass1 3" && lines.count == 4, "\(result.stdout)")
        #expect(lines.dropFirst().map { $0.prefix(while: { $0 != ":" }) } == ["  stringValue", "  boolValue", "  dateValue"], "\(result.stdout)")
        #expect(lines.last?.hasSuffix(" → \"2026-12-01T09:00:00.000Z\"") == true, "\(result.stdout)")
        #expect(result.stderr == "")
        #expect(try Self.value(db, """
            SELECT stringValue, boolValue, typeof(boolValue), dateValue, typeof(dateValue) FROM RealmTestClass1 WHERE id = 3
            """) == "Buy milk|0|integer|2026-12-01T09:00:00.000Z|text")
        // Every other row of every table, and the schema, as it was.
        let after = try Self.dump(db)
        #expect(after.filter { Self.isRow($0, of: "RealmTestClass1", key: 3) }.count == 1)
        #expect(after.filter { !Self.isRow($0, of: "RealmTestClass1", key: 3) } == before.filter { !Self.isRow($0, of: "RealmTestClass1", key: 3) })
        // And the properties not named kept their values.
        #expect(try Self.sqlite3(db, untouched) == untouchedBefore)
        #expect(try Self.value(db, "PRAGMA foreign_key_check") == "")
    }

    // MARK: - 2. Errors: status, one line on stderr, the file byte for byte as it was

    @Test(arguments: [
        "integerValue=abc",
        "integerValue=9223372036854775808",
        "stringValue=nil",
        "dateValue=2026-02-30",
    ])
    func aValueThatDoesNotFitChangesNothing(_ assignment: String) throws {
        let (workspace, db) = try Self.demoWorkspace()
        let property = String(assignment.prefix { $0 != "=" })
        let before = try workspace.fingerprint("demo.sqlite")
        // A valid assignment first: nothing of it may be written either.
        let valid = property == "stringValue" ? "integerValue=1" : "stringValue=changed"
        let result = try StrataProcess.run(["set", db, "RealmTestClass1", "3", valid, assignment])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(Self.isOneErrorLine(result.stderr), "\(result.stderr)")
        #expect(result.stderr.contains("RealmTestClass1.\(property)"), "\(result.stderr)")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)
        #expect(try workspace.listing() == ["demo.sqlite"])
    }

    @Test func badClassesKeysAndArguments() throws {
        let (workspace, db) = try Self.demoWorkspace()
        let before = try workspace.fingerprint("demo.sqlite")
        let cases: [(arguments: [String], status: Int32, mentions: String)] = [
            (["set", db, "Nope", "3", "stringValue=x"], 1, "Nope"),
            (["set", db, "RealmTestClass1", "99999", "stringValue=x"], 1, "RealmTestClass1 99999"),
            (["set", db, "RealmTestClass1", "3", "stringValue=x", "--bogus"], 2, "--bogus"),
            (["set", db, "RealmTestClass1", "3"], 2, "PROPERTY=VALUE"),
            (["set", db, "RealmTestClass1", "3", "stringValue"], 2, "stringValue"),
            (["set", db, "RealmTestClass1", "3", "nope=1"], 1, "nope"),
            (["set", db, "RealmTestClass1", "3", "id=500"], 1, "--allow-key-change"),
        ]
        for (arguments, status, mentions) in cases {
            let result = try StrataProcess.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stdout == "", "\(arguments)")
            #expect(Self.isOneErrorLine(result.stderr), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(mentions), "\(arguments): \(result.stderr)")
        }
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)
        #expect(try workspace.listing() == ["demo.sqlite"])
    }

    @Test func aMissingFileIsNeverCreated() throws {
        let workspace = try Workspace()
        let missing = workspace.file("missing.sqlite")
        for arguments in [["set", missing, "RealmTestClass1", "3", "stringValue=x"], ["insert", missing, "RealmTestClass0", "integerValue=1"],
                          ["delete", missing, "RealmTestClass1", "3", "--yes"],
                          ["update", missing, "RealmTestClass2 where boolValue == true", "set", "integerValue=7"]]
        {
            let result = try StrataProcess.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == "strata: no such file: \(missing)\n", "\(arguments)")
        }
        #expect(try workspace.listing() == [])
    }

    @Test func changingThePrimaryKeyMovesListsAndLinksAlong() throws {
        let (workspace, db) = try Self.demoWorkspace()
        try Self.linkTwoObjectsTo3(db)
        let entries = try Self.sqlite3(db, "SELECT position, target FROM RealmTestClass1_arrayReference WHERE owner = 3 ORDER BY position")
        try #require(!entries.isEmpty, "RealmTestClass1 3 should hold list entries with seed 7")
        let linking = try Self.sqlite3(db, "SELECT id FROM RealmTestClass2 WHERE objectReference = 3 ORDER BY id")
        #expect(linking == "1\n2\n")
        let values = try Self.sqlite3(db, "SELECT integerValue, boolValue, floatValue, doubleValue, stringValue, dateValue FROM RealmTestClass1 WHERE id = 3")
        try #require(try Self.count(db, "SELECT count(*) FROM RealmTestClass1 WHERE id = 500") == 0)

        let before = try workspace.fingerprint("demo.sqlite")
        let refused = try StrataProcess.run(["set", db, "RealmTestClass1", "3", "id=500"])
        #expect(refused.status == 1)
        #expect(Self.isOneErrorLine(refused.stderr) && refused.stderr.contains("--allow-key-change"), "\(refused.stderr)")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)

        let moved = try StrataProcess.run(["set", db, "RealmTestClass1", "3", "id=500", "--allow-key-change"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout == "updated RealmTestClass1 500\n  id: 3 → 500\n", "\(moved.stdout)")
        #expect(moved.stderr == "")
        #expect(try Self.count(db, "SELECT count(*) FROM RealmTestClass1 WHERE id = 3") == 0)
        #expect(try Self.sqlite3(db, "SELECT integerValue, boolValue, floatValue, doubleValue, stringValue, dateValue FROM RealmTestClass1 WHERE id = 500") == values)
        #expect(try Self.sqlite3(db, "SELECT position, target FROM RealmTestClass1_arrayReference WHERE owner = 500 ORDER BY position") == entries)
        #expect(try Self.count(db, "SELECT count(*) FROM RealmTestClass1_arrayReference WHERE owner = 3") == 0)
        #expect(try Self.sqlite3(db, "SELECT id FROM RealmTestClass2 WHERE objectReference = 500 ORDER BY id") == linking)
        #expect(try Self.count(db, "SELECT count(*) FROM RealmTestClass2 WHERE objectReference = 3") == 0)
        #expect(try Self.value(db, "PRAGMA foreign_key_check") == "")
    }

    // MARK: - 3. insert

    @Test func insertPrintsTheNewKeyAlone() throws {
        let (workspace, db) = try Self.demoWorkspace()
        let result = try StrataProcess.run(["insert", db, "RealmTestClass0", "integerValue=1", "stringValue=x", "dataValue=x'00ff'"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "51\n")
        #expect(result.stderr == "")
        #expect(try Self.value(db, "SELECT integerValue, stringValue, hex(dataValue), typeof(dataValue) FROM RealmTestClass0 WHERE id = 51")
                == "1|x|00FF|blob")
        #expect(try Self.count(db, "SELECT count(*) FROM RealmTestClass0") == 51)

        let before = try workspace.fingerprint("demo.sqlite")
        let missing = try StrataProcess.run(["insert", db, "RealmTestClass0", "integerValue=1"])
        #expect(missing.status == 1)
        #expect(missing.stdout == "")
        #expect(Self.isOneErrorLine(missing.stderr), "\(missing.stderr)")
        #expect(missing.stderr.contains("stringValue") && missing.stderr.contains("dataValue"), "\(missing.stderr)")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)
    }

    // MARK: - 4. delete

    @Test func deleteNeedsYesThenCascades() throws {
        let (workspace, db) = try Self.demoWorkspace()
        try Self.linkTwoObjectsTo3(db)
        let entries = try Self.count(db, "SELECT count(*) FROM RealmTestClass1_arrayReference WHERE owner = 3")
        try #require(entries > 0, "RealmTestClass1 3 should hold list entries with seed 7")
        let before = try workspace.fingerprint("demo.sqlite")

        // StrataProcess gives it /dev/null as stdin: not a terminal.
        let refused = try StrataProcess.run(["delete", db, "RealmTestClass1", "3"])
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(Self.isOneErrorLine(refused.stderr) && refused.stderr.contains("--yes"), "\(refused.stderr)")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)
        #expect(try workspace.listing() == ["demo.sqlite"])

        let deleted = try StrataProcess.run(["delete", db, "RealmTestClass1", "3", "--yes"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stderr == "")
        let removes = "with its arrayReference (\(entries) \(entries == 1 ? "entry" : "entries")) (which "
        #expect(deleted.stdout.hasPrefix("deleted RealmTestClass1 3 " + removes), "\(deleted.stdout)")
        #expect(deleted.stdout.contains("changes 2 RealmTestClass2 objects"), "\(deleted.stdout)")
        #expect(deleted.stdout.hasSuffix(")\n") && deleted.stdout.filter { $0 == "\n" }.count == 1)

        #expect(try Self.count(db, "SELECT count(*) FROM RealmTestClass1 WHERE id = 3") == 0)
        #expect(try Self.count(db, "SELECT count(*) FROM RealmTestClass1_arrayReference WHERE owner = 3") == 0)
        #expect(try Self.sqlite3(db, "SELECT id, objectReference IS NULL FROM RealmTestClass2 WHERE id IN (1, 2) ORDER BY id") == "1|1\n2|1\n")
        #expect(try Self.value(db, "PRAGMA foreign_key_check") == "")
    }

    // MARK: - 5. update

    @Test func updateDryRunCountsThenUpdates() throws {
        let (workspace, db) = try Self.demoWorkspace()
        let count = try Self.count(db, "SELECT count(*) FROM RealmTestClass2 WHERE boolValue = 1")
        try #require(count > 1)
        let others = try Self.sqlite3(db, "SELECT id, integerValue FROM RealmTestClass2 WHERE boolValue = 0 ORDER BY id")
        let before = try workspace.fingerprint("demo.sqlite")

        let dry = try StrataProcess.run(["update", db, "RealmTestClass2 where boolValue == true", "set", "integerValue=7", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        // Then the first objects with what would change in each (issue 29).
        #expect(dry.stdout.hasPrefix("would update \(count) RealmTestClass2 objects\n  RealmTestClass2 "), "\(dry.stdout)")
        #expect(dry.stderr == "")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)

        let done = try StrataProcess.run(["update", db, "RealmTestClass2 where boolValue == true", "set", "integerValue=7"])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout == "updated \(count) RealmTestClass2 objects\n")
        #expect(done.stderr == "")
        #expect(try Self.count(db, "SELECT count(*) FROM RealmTestClass2 WHERE boolValue = 1 AND integerValue = 7") == count)
        #expect(try Self.count(db, "SELECT count(*) FROM RealmTestClass2 WHERE boolValue = 1 AND integerValue IS NOT 7") == 0)
        #expect(try Self.sqlite3(db, "SELECT id, integerValue FROM RealmTestClass2 WHERE boolValue = 0 ORDER BY id") == others)

        // String matching ([c], CONTAINS) runs through Strata's own SQL functions.
        let matching = try Self.count(db, "SELECT count(*) FROM RealmTestClass0 WHERE instr(lower(stringValue), 'ab') > 0")
        let contains = try StrataProcess.run(["update", db, "RealmTestClass0 where stringValue CONTAINS[c] 'AB'", "set", "integerValue=1"])
        #expect(contains.status == 0, "\(contains.stderr)")
        #expect(contains.stdout == "updated \(matching) RealmTestClass0 \(matching == 1 ? "object" : "objects")\n")
    }

    // MARK: - 6. Locks and WAL

    /// Another process (this test's) holds the write lock: strata gives up after --timeout and says so.
    @Test func aLockedDatabaseIsRefusedAfterTheTimeout() throws {
        let (workspace, db) = try Self.demoWorkspace()
        let before = try workspace.fingerprint("demo.sqlite")
        do {
            let locker = try Connection(path: db, mode: .readWrite)
            try locker.execute("BEGIN IMMEDIATE")
            try locker.execute("UPDATE RealmTestClass0 SET integerValue = integerValue + 1")
            let start = Date()
            let result = try StrataProcess.run(["set", db, "RealmTestClass1", "3", "stringValue=x", "--timeout", "0.2"])
            let elapsed = Date().timeIntervalSince(start)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(Self.isOneErrorLine(result.stderr) && result.stderr.contains("locked"), "\(result.stderr)")
            #expect(elapsed < 4, "gave up after \(elapsed) s, not after about 0.2 s")
            // A delete refused for want of --yes only reads (its trial runs on a private copy): the lock does
            // not hold it up. With --yes it waits for the lock like any edit, and says so the same way.
            let refused = try StrataProcess.run(["delete", db, "RealmTestClass1", "3", "--timeout", "0.2"])
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix("strata: delete RealmTestClass1 3 with its arrayReference (") && refused.stderr.hasSuffix(" needs --yes when not run at a terminal (nothing was deleted)\n"),
                    "\(refused.stderr)")
            let delete = try StrataProcess.run(["delete", db, "RealmTestClass1", "3", "--yes", "--timeout", "0.2"])
            #expect(delete.status == 1)
            #expect(delete.stdout == "")
            #expect(delete.stderr == "strata: database is locked by another process: \(db) (waited 0.2 s; see --timeout)\n")
            try locker.execute("ROLLBACK")
        }
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)
        #expect(try workspace.listing() == ["demo.sqlite"])
        #expect(try Self.value(db, "SELECT stringValue = 'x' FROM RealmTestClass1 WHERE id = 3") == "0")
    }

    /// In WAL mode a reader in another process keeps its snapshot while strata writes.
    @Test func aWALDatabaseEditsWhileAnotherProcessReads() throws {
        let (workspace, db) = try Self.demoWorkspace()
        defer { withExtendedLifetime(workspace) {} }  // its deinit deletes the folder
        #expect(try Self.value(db, "PRAGMA journal_mode = WAL") == "wal")
        let original = try Self.value(db, "SELECT stringValue FROM RealmTestClass1 WHERE id = 3")
        try #require(original != "edited in WAL")
        let reader = try Connection(path: db, mode: .readOnly)
        try reader.execute("BEGIN")
        #expect(try reader.scalar("SELECT stringValue FROM RealmTestClass1 WHERE id = 3").string == original)

        let result = try StrataProcess.run(["set", db, "RealmTestClass1", "3", "stringValue=edited in WAL", "--timeout", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("updated RealmTestClass1 3\n  stringValue: ") && result.stdout.hasSuffix(" → \"edited in WAL\"\n"),
                "\(result.stdout)")
        #expect(result.stderr == "")

        // The reader's transaction still sees its snapshot; a new one sees the edit.
        #expect(try reader.scalar("SELECT stringValue FROM RealmTestClass1 WHERE id = 3").string == original)
        try reader.execute("COMMIT")
        #expect(try reader.scalar("SELECT stringValue FROM RealmTestClass1 WHERE id = 3").string == "edited in WAL")
        #expect(try Self.value(db, "SELECT stringValue FROM RealmTestClass1 WHERE id = 3") == "edited in WAL")
        #expect(try Self.value(db, "PRAGMA journal_mode") == "wal")
    }

    // MARK: - 7. The REPL from a script

    @Test func theREPLIsReadOnlyUntilWriteOn() throws {
        let (workspace, db) = try Self.demoWorkspace()
        let before = try workspace.fingerprint("demo.sqlite")
        let result = try StrataProcess.run([db], input: "set RealmTestClass1 3 stringValue = \"x\"\n")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("read-only") && result.stderr.contains("write on"), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)
        #expect(try workspace.listing() == ["demo.sqlite"])
    }

    /// Seven edits of every kind, then seven undos: the file's content is what it was.
    @Test func everyEditUndoneGivesBackTheOriginal() throws {
        let (workspace, db) = try Self.demoWorkspace()
        defer { withExtendedLifetime(workspace) {} }  // its deinit deletes the folder
        // A list with at least three entries, and another object with list entries and backlinks to delete.
        let owner = try Self.value(db, "SELECT owner FROM RealmTestClass1_arrayReference GROUP BY owner HAVING count(*) >= 3 ORDER BY owner LIMIT 1")
        try #require(!owner.isEmpty)
        let victim = try Self.value(db, """
            SELECT objectReference FROM RealmTestClass2 WHERE objectReference IS NOT NULL AND objectReference != \(owner)
                AND objectReference IN (SELECT owner FROM RealmTestClass1_arrayReference) ORDER BY objectReference LIMIT 1
            """)
        try #require(!victim.isEmpty)
        let setTarget = [owner, victim].contains("3") ? "5" : "3"
        let newKey = try Self.count(db, "SELECT max(id) + 1 FROM RealmTestClass0")
        let bulk = try Self.count(db, "SELECT count(*) FROM RealmTestClass2 WHERE boolValue = 1")
        let original = try Self.dump(db)

        let script = """
            set RealmTestClass1 \(setTarget) stringValue = "Buy milk" boolValue = no dateValue = 2026-12-01T10:00:00+01:00
            new RealmTestClass0 integerValue = 1 stringValue = x dataValue = x'00ff'
            delete RealmTestClass1 \(victim)
            list add RealmTestClass1 \(owner) arrayReference RealmTestClass0 \(newKey) at 0
            list move RealmTestClass1 \(owner) arrayReference 0 to 2
            list remove RealmTestClass1 \(owner) arrayReference at 1
            update RealmTestClass2 where boolValue == true set integerValue = 7
            undo
            undo
            undo
            undo
            undo
            undo
            undo

            """
        let result = try StrataProcess.run(["--write", db], input: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        // The indented lines under set say what changed (issue 29): the reports are the others.
        let lines = result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  ") }
        // Each edit did something (else undoing it would prove nothing).
        #expect(lines.count == 14, "\(result.stdout)")
        #expect(lines.first == "updated RealmTestClass1 \(setTarget)")
        #expect(lines.contains("new RealmTestClass0 \(newKey)"))
        #expect(lines.contains { $0.hasPrefix("deleted RealmTestClass1 \(victim) ") && $0.contains("RealmTestClass2") && $0.contains("arrayReference") })
        #expect(lines.contains("added RealmTestClass0 \(newKey) to RealmTestClass1 \(owner) arrayReference at 0"))
        #expect(lines.contains("moved RealmTestClass1 \(owner) arrayReference 0 to 2"))
        #expect(lines.contains { $0.hasPrefix("removed RealmTestClass0 ") && $0.hasSuffix(" from RealmTestClass1 \(owner) arrayReference at 1") })
        #expect(lines.contains("updated \(bulk) RealmTestClass2 objects"))
        #expect(lines.filter { $0.hasPrefix("undid ") }.count == 7)
        #expect(lines.last == "undid set RealmTestClass1 \(setTarget) stringValue, boolValue, dateValue")
        #expect(try Self.dump(db) == original)
        #expect(try Self.value(db, "PRAGMA foreign_key_check") == "")
    }

    /// `write on`, three edits, two undos and one redo: the second edit is back, the third is not.
    @Test func undoTwiceThenRedoOnce() throws {
        let (workspace, db) = try Self.demoWorkspace()
        defer { withExtendedLifetime(workspace) {} }  // its deinit deletes the folder
        let original = try Self.dump(db)
        let count0 = try Self.count(db, "SELECT count(*) FROM RealmTestClass0")
        let script = """
            write on
            set RealmTestClass1 3 stringValue = "one"
            set RealmTestClass1 3 stringValue = "two" boolValue = yes integerValue = 42
            new RealmTestClass0 integerValue = 5 stringValue = "three" dataValue = x'01'
            undo
            undo
            redo

            """
        let result = try StrataProcess.run([db], input: script)
        #expect(result.status == 0, "\(result.stderr)")
        // `write on` announces itself on stderr (stdout is a pipe); each edit's report is its result.
        #expect(result.stderr.hasPrefix("write on: "), "\(result.stderr)")
        // The indented lines under an update say what changed (issue 29); the reports are the others.
        let lines = result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  ") }
        #expect(lines == [
            "updated RealmTestClass1 3",
            "updated RealmTestClass1 3",
            "new RealmTestClass0 \(count0 + 1)",
            "undid new RealmTestClass0 \(count0 + 1)",
            "undid set RealmTestClass1 3 stringValue, boolValue, integerValue",
            "redid set RealmTestClass1 3 stringValue, boolValue, integerValue",
        ], "\(result.stdout)")
        #expect(try Self.value(db, "SELECT stringValue, boolValue, integerValue FROM RealmTestClass1 WHERE id = 3") == "two|1|42")
        #expect(try Self.count(db, "SELECT count(*) FROM RealmTestClass0") == count0)
        #expect(try Self.count(db, "SELECT count(*) FROM RealmTestClass0 WHERE stringValue = 'three'") == 0)
        // Nothing else changed.
        let after = try Self.dump(db)
        #expect(after.filter { !Self.isRow($0, of: "RealmTestClass1", key: 3) } == original.filter { !Self.isRow($0, of: "RealmTestClass1", key: 3) })
    }

    // MARK: - 8. A read-only file

    @Test(.disabled(if: getuid() == 0, "root may write a file whatever its mode"))
    func aReadOnlyFileIsRefused() throws {
        let (workspace, db) = try Self.demoWorkspace()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: db) }
        let before = try workspace.fingerprint("demo.sqlite")
        let result = try StrataProcess.run(["set", db, "RealmTestClass1", "3", "stringValue=x"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(Self.isOneErrorLine(result.stderr) && result.stderr.contains("read-only") && result.stderr.contains(db), "\(result.stderr)")
        #expect(try workspace.fingerprint("demo.sqlite").0 == before.0)
        #expect(try workspace.listing() == ["demo.sqlite"])
    }
}
