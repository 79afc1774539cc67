import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func version() throws {
        let result = try StrataProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.range(of: #"^strata \d+\.\d+\.\d+ \(SQLite 3\.\d+\.\d+\)\n$"#, options: .regularExpression) != nil)
    }

    @Test func noArgumentsShowsTheInMemoryDemo() throws {
        let result = try StrataProcess.run([])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("Strata 0.1.0: Realm Browser's demo database, in memory.\n\n"))
        #expect(result.stdout.contains("""
            CLASS            KIND   OBJECTS
            RealmTestClass0  table     1000
            RealmTestClass1  table     1000
            RealmTestClass2  table     1000
            """))
        #expect(result.stdout.contains("  strata demo demo.sqlite\n"))
    }

    @Test func helpOverview() throws {
        let help = try StrataProcess.run(["help"])
        let flag = try StrataProcess.run(["--help"])
        #expect(help.status == 0 && flag.status == 0)
        #expect(help.stdout == flag.stdout)
        #expect(help.stdout.contains("  classes  list the classes"))
        #expect(help.stdout.contains("  schema   show properties"))
    }

    @Test(arguments: ["classes", "schema", "demo", "help"])
    func commandHelp(_ command: String) throws {
        let viaHelp = try StrataProcess.run(["help", command])
        let viaFlag = try StrataProcess.run([command, "--help"])
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.hasPrefix("strata \(command) — "))
        #expect(viaHelp.stdout.contains("Usage:\n  strata \(command)"))
    }
}
