import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func version() throws {
        let result = try StrataProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.range(of: #"^strata \d+\.\d+\.\d+ \(SQLite 3\.\d+\.\d+\)\n$"#, options: .regularExpression) != nil)
    }

    @Test func helpOverview() throws {
        let plain = try StrataProcess.run([])
        let help = try StrataProcess.run(["help"])
        let flag = try StrataProcess.run(["--help"])
        #expect(plain.status == 0 && help.status == 0 && flag.status == 0)
        #expect(plain.stdout == help.stdout && help.stdout == flag.stdout)
        #expect(help.stdout.contains("  classes  list the classes"))
        #expect(help.stdout.contains("  schema   show properties"))
    }

    @Test(arguments: ["classes", "schema", "help"])
    func commandHelp(_ command: String) throws {
        let viaHelp = try StrataProcess.run(["help", command])
        let viaFlag = try StrataProcess.run([command, "--help"])
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.hasPrefix("strata \(command) — "))
        #expect(viaHelp.stdout.contains("Usage:\n  strata \(command)"))
    }
}
