import Foundation
import SQLiteKit
import Testing

/// With `--json`, every failure of `migrate` and its subcommands is one JSON document on stdout,
/// `{"error": {"code", "message", "file", "line", "statement", "version", "direction"}, "exitStatus"}`, beside
/// the usual line on stderr and exit status; the database is left as it was.
@Suite struct MigrateJSONErrorTests {
    /// One failure: the migrations, what runs first (applied before the failing run, then `edits` made to
    /// the folder), the failing arguments and what its document must say. `$DB` and `$DIR` are replaced.
    struct Failure: Sendable, CustomTestStringConvertible {
        var migrations: [String: String]
        var migrateFirst = false
        var edits: [String: String] = [:]
        var arguments: [String]
        var status: Int32 = 1
        var code: String
        /// The members of `error` besides code and message; absent keys must be absent.
        var site: [String: String] = [:]
        var testDescription: String { code + " " + arguments.joined(separator: " ") }
    }

    static let failures: [Failure] = [
        Failure(migrations: ["1_a.sql": "SELECT 1;\n", "2_bad.sql": "CREATE TABLE X (a);\n\nINSERT INTO Nope VALUES (1);\n"],
                arguments: ["migrate", "$DB", "--json"], code: "statementFailed",
                site: ["file": "2_bad.sql", "line": "3", "statement": "INSERT INTO Nope VALUES (1)", "version": "2", "direction": "up"]),
        // The comments before a statement (as `migrate new` writes them) are not part of it.
        Failure(migrations: ["1_c.sql": "-- strata:up\n-- what it does\n/* more */\nINSERT INTO Nope VALUES (1);\n"],
                arguments: ["migrate", "$DB", "--json"], code: "statementFailed",
                site: ["file": "1_c.sql", "line": "4", "statement": "INSERT INTO Nope VALUES (1)", "version": "1", "direction": "up"]),
        Failure(migrations: ["1_p.strata": "add property Task.p int?\nsql { INSERT INTO Nope VALUES (1) }\n"],
                arguments: ["migrate", "$DB", "--json"], code: "statementFailed",
                site: ["file": "1_p.strata", "line": "2", "statement": "INSERT INTO Nope VALUES (1)", "version": "1", "direction": "up"]),
        Failure(migrations: ["1_tags.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n"], migrateFirst: true,
                edits: ["1_tags.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY, n INTEGER);\n", "2_x.sql": "SELECT 1;\n"],
                arguments: ["migrate", "$DB", "--json"], status: 4, code: "drift", site: ["file": "1_tags.sql", "version": "1"]),
        Failure(migrations: ["1_drop.sql": "SELECT 1;\nDROP TABLE Task;\n"], arguments: ["migrate", "$DB", "--json"],
                code: "destructiveRefused", site: ["file": "1_drop.sql", "line": "2", "version": "1", "direction": "up"]),
        Failure(migrations: ["1_tags.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n"], migrateFirst: true,
                arguments: ["migrate", "$DB", "--to", "0", "--json"],
                code: "destructiveRefused", site: ["file": "1_tags.sql", "line": "1", "version": "1", "direction": "down"]),
        Failure(migrations: ["1_gone.strata": "delete property Task.name\n"], migrateFirst: true,
                arguments: ["migrate", "$DB", "--to", "0", "--yes", "--json"],
                code: "noWayDown", site: ["file": "1_gone.strata", "version": "1", "direction": "down"]),
        Failure(migrations: ["1_empty.sql": "-- nothing yet\n"], arguments: ["migrate", "$DB", "--json"],
                code: "lintError", site: ["file": "1_empty.sql", "line": "1", "version": "1", "direction": "up"]),
        Failure(migrations: ["1_bad.strata": "add property Task.x int?\ntransform property Task.x\n"], arguments: ["migrate", "$DB", "--json"],
                code: "invalidMigration", site: ["file": "1_bad.strata", "line": "2"]),
        Failure(migrations: ["1_a.sql": "SELECT 1;\n", "01_b.sql": "SELECT 2;\n"], arguments: ["migrate", "status", "$DB", "--json"],
                code: "invalidMigration", site: ["file": "1_a.sql", "version": "1"]),
        Failure(migrations: [:], arguments: ["migrate", "$DB", "--json", "--dir", "$DIR/none"],
                code: "noMigrationsDirectory", site: ["file": "$DIR/none"]),
        Failure(migrations: ["1_a.sql": "SELECT 1;\n"], arguments: ["migrate", "$DIR/missing.sqlite", "--json"],
                code: "noSuchFile", site: ["file": "$DIR/missing.sqlite"]),
        Failure(migrations: ["1_a.sql": "SELECT 1;\n"], arguments: ["migrate", "validate", "$DIR/Migrations", "--json"],
                code: "notARegularFile", site: ["file": "$DIR/Migrations"]),
        Failure(migrations: ["1_a.sql": "SELECT 1;\n"], arguments: ["migrate", "$DIR/Migrations/1_a.sql", "--dir", "$DIR/Migrations", "--json"],
                code: "notADatabase", site: ["file": "$DIR/Migrations/1_a.sql"]),
        Failure(migrations: ["1_a.sql": "SELECT 1;\n"], arguments: ["migrate", "plan", "$DB", "--to", "7", "--json"],
                code: "unknownVersion", site: ["version": "7"]),
        Failure(migrations: ["1_a.sql": "SELECT 1;\n"], migrateFirst: true, arguments: ["migrate", "baseline", "$DB", "--version", "1", "--json"],
                code: "historyExists"),
        Failure(migrations: ["1_a.sql": "SELECT 1;\n"], arguments: ["migrate", "plan", "$DB", "--to", "x", "--json"], status: 2, code: "usage"),
        Failure(migrations: ["1_a.sql": "SELECT 1;\n"], arguments: ["migrate", "$DB", "--jobz", "2", "--json"], status: 2, code: "usage"),
        Failure(migrations: ["1_a.sql": "SELECT 1;\n"], arguments: ["migrate", "lint", "$DIR/Migrations", "--json", "--strict", "extra"],
                status: 2, code: "usage"),
    ]

    @Test(arguments: failures)
    func aFailureIsOneJSONDocumentWithItsCodeAndPlace(_ failure: Failure) throws {
        let workspace = try MigrateCommandTests.workspace(failure.migrations)
        let expand = { (text: String) in
            text.replacingOccurrences(of: "$DB", with: workspace.file("app.sqlite")).replacingOccurrences(of: "$DIR", with: workspace.path)
        }
        if failure.migrateFirst {
            let first = try StrataProcess.run(["migrate", workspace.file("app.sqlite"), "--yes"])
            try #require(first.status == 0, "\(first.stderr)")
        }
        for (name, text) in failure.edits { try text.write(toFile: workspace.file("Migrations/" + name), atomically: true, encoding: .utf8) }
        let before = try workspace.fingerprint("app.sqlite").0
        let result = try StrataProcess.run(failure.arguments.map(expand))
        #expect(result.status == failure.status, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(Set(document.keys) == ["error", "exitStatus"])
        #expect(document["exitStatus"] as? Int == Int(failure.status))
        let error = try #require(document["error"] as? [String: Any])
        #expect(error["code"] as? String == failure.code)
        // The message is the stderr line, word for word.
        let message = try #require(error["message"] as? String)
        #expect(result.stderr == "strata: \(message)\n")
        var site: [String: String] = [:]
        for (key, value) in error where key != "code" && key != "message" {
            site[key] = (value as? Int).map(String.init) ?? value as? String ?? "\(value)"
        }
        #expect(site == failure.site.mapValues(expand))
        #expect(try workspace.fingerprint("app.sqlite").0 == before, "the database changed")
    }

    /// A statement that fails going down names the down section's line.
    @Test func aDownStatementIsNamedByItsLine() throws {
        let workspace = try MigrateCommandTests.workspace([
            "1_tags.sql": "CREATE TABLE Tag (name TEXT PRIMARY KEY);\n-- strata:down\nDELETE FROM Tag;\nDROP TABLE Nope;\n",
        ])
        let db = workspace.file("app.sqlite")
        try #require(try StrataProcess.run(["migrate", db]).status == 0)
        let result = try StrataProcess.run(["migrate", db, "--to", "0", "--yes", "--json"])
        #expect(result.status == 1)
        let error = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "statementFailed")
        #expect(error["file"] as? String == "1_tags.sql" && error["line"] as? Int == 4 && error["direction"] as? String == "down")
        #expect(error["statement"] as? String == "DROP TABLE Nope")
        #expect(result.stderr == "strata: 1_tags.sql:4 (down): no such table: Nope; nothing was changed (still at version 1)\n")
    }

    /// A lock held by another process past `--timeout`.
    @Test func aLockedFileIsCodedLocked() throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        let db = workspace.file("app.sqlite")
        let holder = try Connection(path: db, mode: .readWrite)
        try holder.execute("BEGIN EXCLUSIVE")
        defer { try? holder.execute("ROLLBACK") }
        for arguments in [["migrate", db], ["migrate", "status", db], ["migrate", "validate", db]] {
            let result = try StrataProcess.run(arguments + ["--timeout", "0.2", "--json"])
            #expect(result.status == 1)
            let error = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["error"] as? [String: Any])
            #expect(error["code"] as? String == "locked", "\(arguments)")
            #expect(error["file"] as? String == db)
        }
    }

    /// A document already printed (lint's findings) is not followed by a second one.
    @Test func lintFindingsAreTheOnlyDocument() throws {
        let workspace = try MigrateCommandTests.workspace(["1_empty.sql": "-- nothing yet\n"])
        let result = try StrataProcess.run(["migrate", "lint", workspace.file("Migrations"), "--json"])
        #expect(result.status == 1)
        let findings = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        #expect(findings is [Any] || (findings as? [String: Any])?["error"] == nil, "\(result.stdout)")
    }

    /// Every key of every JSON document `migrate` prints is camelCase, as the schema's are.
    @Test func everyKeyIsCamelCase() throws {
        let workspace = try MigrateCommandTests.workspace(MigrateCommandTests.two)
        let db = workspace.file("app.sqlite")
        let runs: [[String]] = [
            ["migrate", db, "--dry-run", "--json"], ["migrate", "plan", db, "--json"], ["migrate", db, "--json"],
            ["migrate", "status", db, "--json"], ["migrate", "validate", db, "--json"], ["migrate", "lint", workspace.file("Migrations"), "--json"],
            ["migrate", db, db, "--json"], ["migrate", "status", db, db, "--json"], ["migrate", db, "--to", "9", "--json"],
            ["schema", db, "--format", "json"], ["classes", db, "--format", "json"],
        ]
        func keys(_ value: Any) -> [String] {
            switch value {
            case let object as [String: Any]: object.keys + object.values.flatMap(keys)
            case let array as [Any]: array.flatMap(keys)
            default: []
            }
        }
        for arguments in runs {
            let result = try StrataProcess.run(arguments)
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            let bad = keys(document).filter { key in key.contains("_") || key.contains("-") || key.first?.isUppercase == true }
                // The schema's own names (tables and columns) are data, not keys of Strata's.
                .filter { !["TaskList", "Task"].contains($0) }
            #expect(bad.isEmpty, "\(arguments): \(bad)")
        }
    }
}
