import Foundation
import Testing

/// `query` and `sql` in csv, json and ndjson into a pipe encode on a second thread (`PipedResultWriter`): the output
/// must be byte for byte what one thread writes (`STRATA_THREADS=1`), for every kind of value, for rows with values
/// too long to copy into a batch, and when the reader goes away early.
@Suite final class PipedOutputTests {
    let workspace: Workspace
    let db: String

    init() throws {
        workspace = try Workspace()
        db = try workspace.database("values.sqlite", """
            CREATE TABLE Thing (id INTEGER PRIMARY KEY, name TEXT, size REAL, payload BLOB, due DATETIME, anything, flag BOOLEAN);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000)
            INSERT INTO Thing (name, size, payload, due, anything, flag)
            SELECT CASE i % 7 WHEN 0 THEN NULL WHEN 1 THEN '' WHEN 2 THEN 'line' || char(10) || 'break, "quoted"'
                              WHEN 3 THEN '数据 ' || i WHEN 4 THEN CAST(x'61ff62' AS TEXT) WHEN 5 THEN 'nul' || char(0) || 'after'
                              ELSE printf('%.*c', i % 300, 'x') END,
                   CASE i % 5 WHEN 0 THEN NULL WHEN 1 THEN -0.0 WHEN 2 THEN 1e308 * 10 ELSE i / 7.0 END,
                   CASE i % 4 WHEN 0 THEN NULL WHEN 1 THEN x'' ELSE randomblob(i % 50) END,
                   CASE i % 3 WHEN 0 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 1700000000 + i * 997, 'unixepoch') END,
                   CASE i % 6 WHEN 0 THEN i WHEN 1 THEN i * 0.5 WHEN 2 THEN 'text ' || i WHEN 3 THEN x'00ff' ELSE NULL END,
                   i % 2
            FROM n;
            -- Values too long for a batch, between ordinary rows.
            UPDATE Thing SET name = printf('%.*c', 3000000, 'y') WHERE id = 12345;
            UPDATE Thing SET payload = zeroblob(2500000) WHERE id = 12346;
            UPDATE Thing SET anything = printf('%.*c', 1048576, 'z') WHERE id = 29999;
            """)
    }

    @Test(arguments: ["csv", "json", "ndjson"])
    func queryOutputIsWhatOneThreadWrites(format: String) throws {
        let piped = try StrataProcess.run(["query", db, "Thing", "--format", format])
        let single = try StrataProcess.run(["query", db, "Thing", "--format", format], environment: ["STRATA_THREADS": "1"])
        #expect(piped.status == 0 && single.status == 0)
        #expect(piped.stdout.utf8.count > 9_000_000)
        #expect(piped.stdout == single.stdout)
        // The text that is not UTF-8 is repaired, and said once, either way.
        #expect(piped.stderr == single.stderr)
        #expect(piped.stderr.contains("not valid UTF-8"))
    }

    @Test(arguments: ["csv", "ndjson"])
    func sqlOutputIsWhatOneThreadWrites(format: String) throws {
        let sql = "SELECT id, name, anything, payload FROM Thing WHERE id % 3 = 0 OR id > 12000 ORDER BY id DESC"
        let piped = try StrataProcess.run(["sql", db, sql, "--format", format])
        let single = try StrataProcess.run(["sql", db, sql, "--format", format], environment: ["STRATA_THREADS": "1"])
        #expect(piped.status == 0)
        #expect(piped.stdout == single.stdout)
    }

    /// A reader that stops early (`| head`): strata stops too, at once and without an error.
    @Test func aReaderThatGoesAwayStopsTheExport() throws {
        let script = "\"$0\" query \"$1\" Thing --format csv | head -c 1000 > /dev/null; echo \"${PIPESTATUS[0]}\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, StrataProcess.binary, db]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == "0\n")
    }
}
