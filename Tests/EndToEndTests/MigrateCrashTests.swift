import Foundation
import SQLiteKit
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `strata migrate` killed with SIGKILL at random moments: the file always opens at the old version or
/// the new one, passes integrity_check, and has lost no row.
@Suite struct MigrateCrashTests {
    static let rows = 300_000

    @Test func sigkillAtRandomMomentsLosesNothing() throws {
        let workspace = try Workspace()
        let pristine = try workspace.database("pristine.sqlite", """
            CREATE TABLE Item (id INTEGER PRIMARY KEY, v INTEGER NOT NULL, note TEXT NOT NULL);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < \(Self.rows))
            INSERT INTO Item SELECT i, i, printf('note %08d', i) FROM c;
            CREATE INDEX Item_v ON Item(v);
            """)
        try FileManager.default.createDirectory(atPath: workspace.file("Migrations"), withIntermediateDirectories: true)
        // Big enough to be caught in the middle: every row rewritten, a table rebuilt by hand, an index made.
        try """
            UPDATE Item SET v = v * 2;
            CREATE TABLE Item_new (id INTEGER PRIMARY KEY, v INTEGER NOT NULL, note TEXT NOT NULL, flag INTEGER NOT NULL DEFAULT 0);
            INSERT INTO Item_new (id, v, note) SELECT id, v, note FROM Item;
            DROP TABLE Item;
            ALTER TABLE Item_new RENAME TO Item;
            CREATE INDEX Item_v ON Item(v);
            CREATE INDEX Item_note ON Item(note);
            """.write(toFile: workspace.file("Migrations/1_rewrite.sql"), atomically: true, encoding: .utf8)
        // The same in the migration language: the rebuild Strata generates for a type change.
        try FileManager.default.createDirectory(atPath: workspace.file("Strata"), withIntermediateDirectories: true)
        try "change property Item.v to double\nadd property Item.flag int = 0\nadd index Item(note)\n"
            .write(toFile: workspace.file("Strata/1_rewrite.strata"), atomically: true, encoding: .utf8)
        // One run to the end: how long a whole migration takes here, so the kills can fall all over it.
        let timing = workspace.file("timing.sqlite")
        try FileManager.default.copyItem(atPath: pristine, toPath: timing)
        let started = Date()
        #expect(try StrataProcess.run(["migrate", timing, "--dir", workspace.file("Migrations")]).status == 0)
        let duration = Date().timeIntervalSince(started)

        var generator = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for trial in 0..<20 {
            let db = workspace.file("app.sqlite")
            for suffix in ["", "-journal", "-wal"] { try? FileManager.default.removeItem(atPath: db + suffix) }
            try FileManager.default.copyItem(atPath: pristine, toPath: db)
            // Odd trials run the .strata version of the migration.
            let strata = trial % 2 == 1
            let (process, out, err) = try StrataProcess.start(["migrate", db] + (strata ? ["--dir", workspace.file("Strata")] : []))
            // Kill anywhere from before it opens the file to after it has finished.
            Thread.sleep(forTimeInterval: Double.random(in: 0...(duration * 1.2), using: &generator))
            kill(process.processIdentifier, SIGKILL)
            _ = StrataProcess.finish(process, out, err)

            // Opening read-write rolls back a hot journal, as any next user of the file would.
            let connection = try Connection(path: db, mode: .readWrite)
            let version = try connection.scalar("PRAGMA user_version").int64 ?? -1
            #expect(try connection.scalar("PRAGMA integrity_check").string == "ok", "trial \(trial)")
            #expect(try connection.scalar("SELECT count(*) FROM Item").int64 == Int64(Self.rows), "trial \(trial)")
            let sum = try connection.scalar("SELECT sum(v) FROM Item").int64
            let expected = Int64(Self.rows) * Int64(Self.rows + 1) / 2
            switch version {
            case 0:
                #expect(sum == expected, "trial \(trial): old version, rows changed")
                #expect(try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'strata_migrations'").int64 == 0)
            case 1 where strata:
                #expect(try connection.scalar("SELECT sum(v) FROM Item").double == Double(expected), "trial \(trial): values changed")
                #expect(try connection.scalar("SELECT count(*) FROM Item WHERE typeof(v) <> 'real'").int64 == 0, "trial \(trial)")
                #expect(try connection.scalar("SELECT count(*) FROM strata_migrations").int64 == 1)
            case 1:
                #expect(sum == expected * 2, "trial \(trial): new version, rows not all migrated")
                #expect(try connection.scalar("SELECT count(*) FROM strata_migrations").int64 == 1)
                #expect(try connection.scalar("SELECT count(*) FROM pragma_table_info('Item') WHERE name = 'flag'").int64 == 1)
            default:
                Issue.record("trial \(trial): version \(version)")
            }
            outcomes["\(strata ? ".strata" : ".sql") version \(version)", default: 0] += 1
        }
        // Not a requirement of each trial, but a sign the kills landed at different moments.
        print("migrate crash trials (a whole run: \(Int(duration * 1000)) ms): \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))")
    }
}
