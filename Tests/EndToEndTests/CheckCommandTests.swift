import Foundation
import SQLiteKit
import Testing

/// `strata check FILE`: each check finds what it should and names it, exit 5 for problems, 0 when clean (warnings
/// allowed), 1 when the file cannot be checked; and the file, with everything beside it, is never changed.
@Suite struct CheckCommandTests {
    /// A database that `setup` damages in one way, and the lines `check` must print for it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var setup: String
        var status: Int32
        var lines: [String]
        var testDescription: String { name }
    }

    static let base = """
        CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT, list INTEGER REFERENCES TaskList(id));
        CREATE INDEX Task_list ON Task(list);
        INSERT INTO TaskList VALUES (1, 'Inbox');
        INSERT INTO Task VALUES (17, 'a', 1), (18, 'b', 1);
        """

    /// A finding as `check` prints it: severity, the check's name padded to the longest (`migrations`), the message.
    static func line(_ severity: String, _ check: String, _ message: String) -> String {
        severity + " " + check.padding(toLength: 10, withPad: " ", startingAt: 0) + "  " + message
    }

    static let cases: [Case] = [
        Case(name: "clean", setup: "", status: 0, lines: []),
        Case(name: "a broken link", setup: "UPDATE Task SET list = 4 WHERE id = 17;", status: 5,
             lines: [Self.line("problem", "links", "Task 17 → TaskList 4 (missing) (Task.list)")]),
        Case(name: "a link to a missing class", setup: "CREATE TABLE Tag (id INTEGER PRIMARY KEY, other INTEGER REFERENCES Nope(id)); CREATE INDEX i ON Tag(other);",
             status: 5, lines: [Self.line("problem", "targets", "Tag.other links to Nope, which is not a table of the file")]),
        Case(name: "a broken view", setup: "CREATE VIEW Open AS SELECT missing FROM Task;", status: 5,
             lines: [Self.line("problem", "views", "view Open cannot be read: no such column: missing")]),
        Case(name: "a trigger of a missing table", setup: "CREATE TRIGGER t AFTER INSERT ON Task BEGIN INSERT INTO Gone VALUES (new.id); END;",
             status: 5, lines: [Self.line("problem", "triggers", "trigger t on Task uses Gone, which is not a table of the file: it fails when it fires")]),
        Case(name: "a list table off the convention", setup: "CREATE TABLE Task_tags (owner INTEGER, position INTEGER, target INTEGER);", status: 0,
             lines: [Self.line("warning", "lists", "Task_tags looks like a Strata list table but its primary key is not (owner, position); owner is not a link "
                     + "(a foreign key to the owning class); target is not a link: it shows as a class, not as a list")]),
        Case(name: "an unindexed link", setup: "DROP INDEX Task_list;", status: 0,
             lines: [Self.line("warning", "indexes", "Task.list links without an index: deleting its target reads the whole table "
                     + "(CREATE INDEX \"Task_list\" ON \"Task\"(\"list\");)")]),
        Case(name: "a version set back", setup: """
            CREATE TABLE strata_migrations (version INTEGER PRIMARY KEY, name TEXT, checksum TEXT, applied_at TEXT, duration_ms INTEGER);
            INSERT INTO strata_migrations VALUES (3, 'x', 'c', 't', 0); PRAGMA user_version = 2;
            """, status: 5,
             lines: [Self.line("problem", "migrations", "user_version is 2, below 3, the last migration the history records as applied "
                     + "(something set it back: strata migrate would apply migrations again)")]),
    ]

    @Test(arguments: cases)
    func eachCheckFindsWhatItShould(_ test: Case) throws {
        let workspace = try Workspace()
        try workspace.database("app.sqlite", Self.base + test.setup)
        let before = try LeftBehind.state(of: workspace)
        let result = try StrataProcess.run(["check", workspace.file("app.sqlite")])
        #expect(result.status == test.status, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.dropLast()) == test.lines)
        let summary = try #require(lines.last)
        #expect(summary.hasPrefix(workspace.file("app.sqlite") + ": " + (test.lines.isEmpty ? "ok (" : "")), "\(summary)")
        #expect(try LeftBehind.state(of: workspace) == before, "check changed a file")
        let json = try StrataProcess.run(["check", workspace.file("app.sqlite"), "--json"])
        #expect(json.status == test.status)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == test.lines.count)
        #expect(document["exitStatus"] as? Int == Int(test.status))
        #expect(document["problems"] as? Int == test.lines.filter { $0.hasPrefix("problem") }.count)
        #expect((document["checks"] as? [[String: Any]])?.map { $0["name"] as? String ?? "" }.contains("integrity") == true)
    }

    /// A check lists at most 100 findings and counts the rest in one more line.
    @Test func manyFindingsAreCounted() throws {
        let workspace = try Workspace()
        let tables = (0..<120).map { "CREATE TABLE C\($0) (id INTEGER PRIMARY KEY, list INTEGER REFERENCES TaskList(id));" }.joined(separator: "\n")
        try workspace.database("app.sqlite", Self.base + tables)
        let result = try StrataProcess.run(["check", workspace.file("app.sqlite")])
        #expect(result.status == 0)
        let warnings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("warning indexes") }
        #expect(warnings.count == 101, "\(warnings.count)")
        #expect(warnings.last == Substring(Self.line("warning", "indexes", "and 20 more of the same kind")))
    }

    /// A damaged page is integrity_check's; --quick runs quick_check and skips the row-by-row link checks.
    @Test func aDamagedPageIsAProblem() throws {
        let workspace = try Workspace()
        try workspace.database("app.sqlite", Self.base + """
            CREATE TABLE Big (id INTEGER PRIMARY KEY, pad TEXT);
            WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 400) INSERT INTO Big SELECT i, printf('%.300c', 'x') FROM k;
            CREATE INDEX Big_pad ON Big(pad);
            """)
        // Scribble over the middle of a page of the index (not the header, not page 1).
        var bytes = try Data(contentsOf: URL(fileURLWithPath: workspace.file("app.sqlite")))
        for offset in stride(from: bytes.count - 3 * 4096 + 200, to: bytes.count - 3 * 4096 + 600, by: 1) { bytes[offset] = 0x55 }
        try bytes.write(to: URL(fileURLWithPath: workspace.file("app.sqlite")))
        for arguments in [["check", workspace.file("app.sqlite")], ["check", workspace.file("app.sqlite"), "--quick"]] {
            let result = try StrataProcess.run(arguments)
            #expect(result.status == 5, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("problem integrity"), "\(result.stdout)")
        }
        let quick = try StrataProcess.run(["check", workspace.file("app.sqlite"), "--quick"])
        #expect(quick.stdout.contains("links skipped"), "\(quick.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.file("app.sqlite"))) == bytes)
    }

    /// A hot journal is reported, not rolled back; a -wal without its -shm is a warning; neither is touched.
    @Test func journalsAreReportedAndLeftAlone() throws {
        let workspace = try Workspace()
        let hot = try LeftBehind.hotJournal(in: workspace, "hot.sqlite")
        let wal = try LeftBehind.walWithFrames(in: workspace, "wal.sqlite", shm: false)
        let before = try LeftBehind.state(of: workspace)
        let hotCheck = try StrataProcess.run(["check", hot])
        #expect(hotCheck.status == 5, "\(hotCheck.stdout)\(hotCheck.stderr)")
        #expect(hotCheck.stdout.contains("problem journal"), "\(hotCheck.stdout)")
        let walCheck = try StrataProcess.run(["check", wal])
        #expect(walCheck.status == 0, "\(walCheck.stdout)\(walCheck.stderr)")
        #expect(walCheck.stdout.contains(Self.line("warning", "journal", "\(wal)-wal holds")), "\(walCheck.stdout)")
        #expect(try LeftBehind.state(of: workspace) == before, "check changed a file")
    }

    /// Core Data's bookkeeping: Z_MAX below a Z_PK, a Z_ENT no entity has, a to-one relationship to nothing.
    @Test func aCoreDataStoresBookkeepingIsChecked() throws {
        let workspace = try Workspace()
        let store = workspace.file("Moody.sqlite")
        try FileManager.default.copyItem(atPath: Self.moody, toPath: store)
        let clean = try StrataProcess.run(["check", store])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.contains("coreData ok"), "\(clean.stdout)")
        try Connection(path: store, mode: .readWrite).execute("""
            UPDATE Z_PRIMARYKEY SET Z_MAX = 10 WHERE Z_NAME = 'Mood';
            UPDATE ZGEOGRAPHICREGION SET Z_ENT = 9 WHERE Z_PK = (SELECT min(Z_PK) FROM ZGEOGRAPHICREGION);
            UPDATE ZGEOGRAPHICREGION SET ZCONTINENT = 999 WHERE Z_PK = 31;
            """)
        let broken = try StrataProcess.run(["check", store])
        #expect(broken.status == 5)
        let lines = broken.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(Self.line("problem", "coreData", "1 object of table ZGEOGRAPHICREGION has Z_ENT 9, which no entity of the model has")), "\(lines)")
        #expect(lines.contains(Self.line("problem", "coreData", "Z_MAX of Mood is 10, below the Z_PK 100 of an object: Core Data would give a new object a key that is taken")))
        #expect(lines.contains(Self.line("problem", "coreData", "Country 31 → Continent 999 (missing) (Country.continent)")), "\(lines)")
    }

    static let moody = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CoreDataModelTests/Fixtures/Stores/Moody/Moody.sqlite").path

    /// A .realm file: the structure walk and every table; damage is a problem, encryption cannot be checked.
    @Test func aRealmFileIsWalked() throws {
        let workspace = try Workspace()
        for name in ["Files/all-types.realm", "Files/format-09/many-rows.realm", "Real/legacy/realm-java-ios-0.98.0-alltypes.realm"] {
            let realm = try RealmFileCommandTests.copy(name, into: workspace, as: "ok.realm")
            let result = try StrataProcess.run(["check", realm])
            #expect(result.status == 0, "\(name): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.hasSuffix(": ok (structure ok, objects ok, conversion ok, links ok)\n"), "\(result.stdout)")
            try FileManager.default.removeItem(atPath: realm)
        }
        let source = try Data(contentsOf: RealmFileCommandTests.fixtures.appendingPathComponent("Files/all-types.realm"))
        try source.prefix(8192).write(to: URL(fileURLWithPath: workspace.file("cut.realm")))
        let cut = try StrataProcess.run(["check", workspace.file("cut.realm")])
        #expect(cut.status == 5, "\(cut.stdout)\(cut.stderr)")
        #expect(cut.stdout.hasPrefix(Self.line("problem", "structure", "")), "\(cut.stdout)")
        let encrypted = try StrataProcess.run(["check", RealmFileCommandTests.fixtures.appendingPathComponent("Files/encrypted.realm").path])
        #expect(encrypted.status == 1)
        #expect(encrypted.stderr.hasSuffix("is encrypted: give its key with --key-file PATH or the STRATA_REALM_KEY variable\n"))
    }

    /// What cannot be checked at all: exit 1 and one line, with --json too.
    @Test func whatCannotBeCheckedIsOneLine() throws {
        let workspace = try Workspace()
        try "not a database".write(toFile: workspace.file("text.sqlite"), atomically: true, encoding: .utf8)
        #expect(mkfifo(workspace.file("fifo.sqlite"), 0o600) == 0)
        for (path, message) in [(workspace.file("missing.sqlite"), "no such file: "), (workspace.file("text.sqlite"), "not a database: "),
                                (workspace.file("fifo.sqlite"), "is not a regular file"), (workspace.path, "is a directory")] {
            let result = try StrataProcess.run(["check", path])
            #expect(result.status == 1, "\(path)")
            #expect(result.stderr.hasPrefix("strata: ") && result.stderr.contains(message) && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
            let json = try StrataProcess.run(["check", path, "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect((document["error"] as? [String: Any])?["message"] != nil)
        }
    }
}
