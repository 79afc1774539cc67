import Testing
@testable import StrataMigrate
@testable import StrataCore

/// `MigrationLint.checkDown`: what going down would destroy, on the lines of the file.
@Suite struct DownLintTests {
    @Test(arguments: [
        ("1_a.sql", "CREATE TABLE Tag (n);\n-- strata:down\nDROP TABLE Tag;\n", ["3 S001"]),
        ("1_a.sql", "-- strata:down\nDROP TABLE Tag;\n", ["2 S001"]),
        ("1_a.sql", "CREATE TABLE Tag (n);\r\n\r\n-- strata:down\r\n-- why\r\nDELETE FROM Tag;\r\nUPDATE Tag SET n = 1;\r\n", ["5 S003", "6 S004"]),
        // No statement going down: the derived inverse runs, and is linted on the up section's line.
        ("1_a.sql", "CREATE TABLE Tag (n);\n-- strata:down\n", ["1 S001"]),
        ("1_a.sql", "CREATE TABLE Tag (n);\n", ["1 S001"]),
        ("1_a.sql", "ALTER TABLE Task ADD COLUMN p INT;\n", ["1 S002"]),
        ("1_a.sql", "CREATE INDEX i ON Task (name);\n", []),
        ("1_a.sql", "DROP TABLE Tag;\n", []),
        ("1_a.sql", "ALTER TABLE Task ADD COLUMN p INT;\n-- strata:down\nALTER TABLE Task DROP COLUMN p;\n", ["3 S002"]),
        // A DROP TABLE of a table rebuilt under its name (ALTER … RENAME TO) loses nothing.
        ("1_a.sql", "SELECT 1;\n-- strata:down\nCREATE TABLE t2 (x);\nDROP TABLE t;\nALTER TABLE t2 RENAME TO t;\n", []),
        ("1_a.strata", "add class Tag (name string primary key)\nadd property Task.p int = 0\n", ["2 S002", "1 S001"]),
        ("1_a.strata", "add unique index Task(name)\nrename property Task.a to b\n", []),
        ("1_a.strata", "delete property Task.p\ndown {\n  update Task set p = 0\n}\n", ["3 S004"]),
        ("1_a.strata", "sql { CREATE TABLE x (a) }\n", []),
    ])
    func downStepsAreLintedOnTheirLines(_ name: String, _ text: String, _ expected: [String]) throws {
        let file = try MigrationFile(fileName: name, bytes: Array(text.utf8))
        let findings = try MigrationLint.checkDown(file)
        #expect(findings.map { "\($0.line) \($0.code.rawValue)" } == expected)
    }

    @Test func aStrataFileThatDoesNotParseIsAnError() throws {
        let file = try MigrationFile(fileName: "1_a.strata", bytes: Array("transform Task\n".utf8))
        #expect(throws: StrataError.self) { try MigrationLint.checkDown(file) }
    }
}
