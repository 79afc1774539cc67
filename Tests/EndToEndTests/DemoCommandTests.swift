import Foundation
import SQLiteKit
import Testing

@Suite struct DemoCommandTests {
    @Test func writesTheDemoDatabase() throws {
        let workspace = try Workspace()
        let path = workspace.file("demo.sqlite")
        let result = try StrataProcess.run(["demo", path, "--rows", "250", "--seed", "7"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "wrote \(path): 3 classes of 250 objects each\n")
        #expect(try workspace.listing() == ["demo.sqlite"])
        let classes = try StrataProcess.run(["classes", path])
        #expect(classes.stdout == """
            CLASS            KIND   OBJECTS
            RealmTestClass0  table      250
            RealmTestClass1  table      250
            RealmTestClass2  table      250

            """)
        let db = try Connection(path: path, mode: .readOnly)
        #expect(try db.scalar("PRAGMA integrity_check") == .text("ok"))
        #expect(try db.rows("PRAGMA foreign_key_check").isEmpty)
    }

    @Test func sameSeedSameFileContent() throws {
        let workspace = try Workspace()
        for name in ["a.sqlite", "b.sqlite"] {
            #expect(try StrataProcess.run(["demo", workspace.file(name), "-n", "300", "--seed", "99"]).status == 0)
        }
        let a = try Connection(path: workspace.file("a.sqlite"), mode: .readOnly)
        let b = try Connection(path: workspace.file("b.sqlite"), mode: .readOnly)
        for table in ["RealmTestClass0", "RealmTestClass1", "RealmTestClass1_arrayReference", "RealmTestClass2"] {
            let sql = "SELECT * FROM \(table) ORDER BY 1, 2"
            #expect(try a.rows(sql) == b.rows(sql))
        }
    }

    @Test func existingFileNeedsForce() throws {
        let workspace = try Workspace()
        let path = try workspace.database("app.sqlite", Workspace.tasks)
        let before = try workspace.fingerprint("app.sqlite")
        let refused = try StrataProcess.run(["demo", path])
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata: \(path) already exists (use --force to replace it)\n")
        let after = try workspace.fingerprint("app.sqlite")
        #expect(after.0 == before.0 && after.1 == before.1)
        let forced = try StrataProcess.run(["demo", path, "--force", "--rows", "3"])
        #expect(forced.status == 0)
        #expect(try StrataProcess.run(["classes", path]).stdout.contains("RealmTestClass2  table        3"))
        #expect(try workspace.listing() == ["app.sqlite"])
    }

    @Test(arguments: [
        (["--rows", "abc"], 2, "strata: --rows takes a whole number from 0 to 100000000, not 'abc'"),
        (["--rows", "-1"], 2, "strata: --rows takes a whole number from 0 to 100000000, not '-1'"),
        (["--rows", "100000001"], 2, "strata: --rows takes a whole number from 0 to 100000000, not '100000001'"),
        (["--seed", "x"], 2, "strata: --seed takes a whole number from 0 to 18446744073709551615, not 'x'"),
        (["--rows"], 2, "strata: option '--rows' needs a value (N)"),
    ] as [([String], Int32, String)])
    func badOptions(_ options: [String], _ status: Int32, _ message: String) throws {
        let workspace = try Workspace()
        let result = try StrataProcess.run(["demo", workspace.file("demo.sqlite")] + options)
        #expect(result.status == status)
        #expect(result.stderr == message + "\n")
        #expect(try workspace.listing() == [])
    }

    @Test func badDestinations() throws {
        let workspace = try Workspace()
        let directory = try StrataProcess.run(["demo", workspace.path])
        #expect(directory.status == 1)
        #expect(directory.stderr == "strata: \(workspace.path) is a directory; give the demo database a file name\n")
        let missing = try StrataProcess.run(["demo", workspace.file("no/such/demo.sqlite")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "strata: no such directory: \(workspace.file("no/such"))\n")
        #expect(try workspace.listing() == [])
    }

    /// Ctrl-C, and SIGTERM as a service manager or `timeout` sends it, stop the run and leave no temporary file.
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptLeavesNothingBehind(_ signalNumber: Int32) throws {
        let workspace = try Workspace()
        let path = workspace.file("big.sqlite")
        let (process, out, err) = try StrataProcess.start(["demo", path, "--rows", "5000000"])
        Thread.sleep(forTimeInterval: 1.0)
        #expect(process.isRunning)
        let interrupted = Date()
        kill(process.processIdentifier, signalNumber)
        let result = StrataProcess.finish(process, out, err)
        #expect(Date().timeIntervalSince(interrupted) < 5)
        #expect(result.status == 130)
        #expect(result.stderr == "strata: interrupted\n")
        #expect(try workspace.listing() == [])
    }
}
