import Foundation
import SQLiteKit
import Testing
@testable import StrataInterface
@testable import StrataQuery
@testable import StrataCore
@testable import StrataRender
import StrataTestSupport

/// The same through the REPL's `page` command, as a script types it (no census: scripts do without).
@Suite struct DeepPageREPLTests {
    static let pageSize = 7

    static func pageCount(_ objects: Int) -> Int { max(1, (objects + pageSize - 1) / pageSize) }

    /// The first column of the rows shown under `heading` (the line after it names the columns).
    static func keys(under heading: String, in text: String) -> [Int64]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let at = lines.firstIndex(of: heading) else { return nil }
        return lines[(at + 2)...].prefix { !$0.hasPrefix("(") && !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.flatMap { Int64($0) } }
    }

    @Test func aScriptJumpsDeepAndPastTheEnd() throws {
        let path = NSTemporaryDirectory() + "strata-deep-page-repl-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Connection(path: path, mode: .create).execute(PagingFixture.sql)
        let connection = try Connection(path: path, mode: .readOnly)
        var reader = SchemaReader(connection: connection)
        let session = try DatabaseSession(connection: connection, schema: try reader.read(), path: path)
        let gappy = try session.connection.rows("SELECT id FROM Gappy ORDER BY id").compactMap { $0[0].int64 }
        let dense = try session.connection.rows("SELECT id FROM Dense ORDER BY id").compactMap { $0[0].int64 }
        let size = Self.pageSize
        let gappyLast = Self.pageCount(gappy.count), denseLast = Self.pageCount(dense.count)
        let lines = ["Dense", "page \(denseLast)", "page \(denseLast + 1)", "page 9223372036854775807", "page 71",
                     "Gappy", "page \(gappyLast)", "page \(gappyLast + 1)"]
        let out = StringSink(), err = StringSink()
        let repl = REPL(session: session, reader: ScriptedLineReader(lines), out: out, err: err,
                        style: Style(isEnabled: false), terminalWidth: { nil }, pageSize: size)
        #expect(repl.run(banner: "") == .failure)
        #expect(err.text == """
            error: there is no page \(denseLast + 1): the last is page \(denseLast)
            error: there is no page 9223372036854775807: the last is page \(denseLast)
            error: there is no page \(gappyLast + 1): the last is page \(gappyLast)

            """)
        // Dense's last page is past nine tenths of its rowids: counted first, so its heading has the count.
        let objects = "\(dense.count) objects"
        #expect(Self.keys(under: "Dense · page \(denseLast) of \(denseLast) · \(objects)", in: out.text)
                == Array(dense[((denseLast - 1) * size)...]))
        #expect(Self.keys(under: "Dense · page 71 of \(denseLast) · \(objects)", in: out.text)
                == Array(dense[(70 * size)..<(71 * size)]))
        // Gappy's rowids span 4e12: no count first; the skip from the start finds its last page.
        #expect(Self.keys(under: "Gappy · page \(gappyLast)", in: out.text) == Array(gappy[((gappyLast - 1) * size)...]))
    }
}
