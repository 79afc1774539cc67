import Foundation
import SQLiteKit
import Testing
@testable import StrataInterface
@testable import StrataRender
@testable import StrataQuery
@testable import StrataCore

/// Whole REPL sessions compared with golden transcripts in `Transcripts/`: every command with its output,
/// errors included, then the exit status.
///
/// A transcript's first line chooses the session (`#! fixture=items page=10 width=80`); each line that
/// starts with `strata> ` is a command, and every other line is what the session printed, stdout and
/// stderr in the order they came. `STRATA_UPDATE_TRANSCRIPTS=1 swift test --filter TranscriptTests`
/// rewrites the files from the actual output, to be read over before committing.
@Suite struct TranscriptTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")
    static let names = ["paging", "sorted", "objects", "errors", "modes", "help", "sql", "wide", "narrow", "editing"]

    static let fixtures: [String: String] = [
        "items": REPLTests.sql,
        "wide": """
            CREATE TABLE Note (id INTEGER PRIMARY KEY, title TEXT, body TEXT, data BLOB, score REAL);
            INSERT INTO Note VALUES
                (1, '東京タワー', '日本語のテキストは一文字が二つのセルを使います', x'00FF10', 1.5),
                (2, '🎉 party', 'emoji 👩‍👩‍👧 family, flag 🇫🇷, accent é', NULL, NULL),
                (3, 'long', 'a very long string:' || replace(hex(zeroblob(30)), '00', ' word'), x'', 2.25),
                (4, NULL, NULL, NULL, NULL),
                (5, 'tab' || char(9) || 'and' || char(10) || 'newline', 'café', x'DEADBEEF', -7);
            CREATE TABLE Wide (id INTEGER PRIMARY KEY, alpha TEXT, bravo TEXT, charlie TEXT, delta TEXT, echo TEXT,
                foxtrot TEXT, golf TEXT, hotel TEXT, india TEXT, juliet TEXT, kilo TEXT, lima TEXT);
            INSERT INTO Wide VALUES
                (1, 'a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'i1', 'j1', 'k1', 'l1'),
                (2, 'alpha two', 'bravo two', 'charlie two', 'delta two', 'echo two', 'foxtrot two', 'golf two',
                 'hotel two', 'india two', 'juliet two', 'kilo two', 'lima two');
            """,
    ]

    struct Settings {
        var fixture = "items"
        var pageSize = 10
        var width: Int?

        init(_ line: String) throws {
            for pair in line.dropFirst(2).split(separator: " ") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw StrataError("bad setting '\(pair)'") }
                switch parts[0] {
                case "fixture": fixture = parts[1]
                case "page": pageSize = Int(parts[1]) ?? pageSize
                case "width": width = Int(parts[1])
                default: throw StrataError("unknown setting '\(parts[0])'")
                }
            }
        }
    }

    /// Runs the commands of a transcript and returns the transcript the session actually produced.
    static func replay(_ text: String) throws -> String {
        // By byte, not by Character: CSV's "\r\n" is a single Character, which is not "\n".
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard let header = lines.first, header.hasPrefix("#!") else { throw StrataError("a transcript starts with #! settings") }
        let settings = try Settings(header)
        let commands = lines.filter { $0.hasPrefix("strata> ") }.map { String($0.dropFirst(8)) }
        guard let sql = fixtures[settings.fixture] else { throw StrataError("no fixture '\(settings.fixture)'") }
        let db = try Connection(path: "", mode: .memory)
        try db.execute(sql)
        var reader = SchemaReader(connection: db)
        let sink = StringSink()
        sink.write(header + "\n")
        let lineReader = ScriptedLineReader(commands, echo: { sink.write("strata> \($0)\n") })
        let repl = REPL(session: try DatabaseSession(connection: db, schema: try reader.read(), path: "test.sqlite"), reader: lineReader,
                            out: sink, err: sink, style: Style(isEnabled: false), terminalWidth: { settings.width },
                            pageSize: settings.pageSize)
        let status = repl.run(banner: "")
        sink.write("[exit \(status.rawValue)]\n")
        return sink.text
    }

    @Test(arguments: names) func transcript(_ name: String) throws {
        let file = Self.directory.appendingPathComponent(name + ".txt")
        let expected = try String(contentsOf: file, encoding: .utf8)
        let actual = try Self.replay(expected)
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_TRANSCRIPTS"] == "1" && actual != expected {
            try actual.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(actual == expected, "\(name).txt")
    }
}
