import Testing
@testable import StrataEdit

/// The JSON and NDJSON row reader, as tables.
@Suite struct JSONRowReaderTests {
    static func rows(_ text: String, _ layout: JSONRowReader.Layout = .array) throws -> [[String: ImportJSON]] {
        let reader = JSONRowReader(ImportInput(bytes: Array(text.utf8)), layout: layout)
        var rows: [[String: ImportJSON]] = []
        while let row = try reader.next() {
            rows.append(Dictionary(row.members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }))
        }
        return rows
    }

    @Test func readsAnArray() throws {
        let rows = try Self.rows(#"[{"id": 9223372036854775807, "x": 2.50, "s": "a\"b\u00e9\ud83d\ude00", "n": null, "t": true, "l": [1, "x"], "d": {"k": -1e3}}, {}]"#)
        #expect(rows.count == 2)
        #expect(rows[0]["id"] == .number("9223372036854775807"))
        #expect(rows[0]["x"] == .number("2.50"))
        #expect(rows[0]["s"] == .string("a\"bé😀"))
        #expect(rows[0]["n"] == .null)
        #expect(rows[0]["t"] == .bool(true))
        #expect(rows[0]["l"] == .array([.number("1"), .string("x")]))
        #expect(rows[0]["d"] == .object([ImportJSON.Member(key: "k", value: .number("-1e3"), line: 1, column: 120)]))
        #expect(rows[1].isEmpty)
    }

    @Test func readsLines() throws {
        #expect(try Self.rows("{\"a\":1}\n{\"a\":2}\n\n{\"a\":3}", .lines).count == 3)
        #expect(try Self.rows("", .lines).isEmpty)
        #expect(try Self.rows("[]").isEmpty)
        #expect(try Self.rows("\u{FEFF}[{\"a\":1}]").count == 1)
    }

    static let refusals: [(String, JSONRowReader.Layout, Int, Int, String)] = [
        ("{\"a\":1}", .array, 1, 1, "found an object"),
        ("[1]", .array, 1, 2, "expected an object"),
        ("[{\"a\":1},]", .array, 1, 10, "expected an object"),
        ("[{\"a\":1}", .array, 1, 9, "',' or ']'"),
        ("[{\"a\":01}]", .array, 1, 8, "',' or '}'"),
        ("[{\"a\":\"x\ny\"}]", .array, 1, 9, "control character"),
        ("[{\"a\":\"\\u0000\"}]", .array, 1, 14, "NUL"),
        ("[{\"a\":\"\\ud800\"}]", .array, 1, 14, "surrogate"),
        ("[{\"a\":tru}]", .array, 1, 10, "expected a value"),
        ("{\"a\":1}\n[2]", .lines, 2, 1, "expected an object"),
        ("[{\"a\":1}] x", .array, 1, 11, "end of the input"),
    ]

    @Test(arguments: refusals)
    func refuses(_ text: String, _ layout: JSONRowReader.Layout, _ line: Int, _ column: Int, _ words: String) throws {
        do {
            _ = try Self.rows(text, layout)
            Issue.record("no error for \(text)")
        } catch let error as ImportError {
            #expect(error.line == line, "\(error)")
            #expect(error.column == column, "\(error)")
            #expect(error.message.contains(words), "\(error)")
        }
    }

    @Test func boundsTheDepth() throws {
        let deep = "[{\"a\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}]"
        #expect(throws: ImportError.self) { try Self.rows(deep) }
        do {
            _ = try Self.rows(deep)
        } catch let error as ImportError {
            #expect(error.message == "values are nested deeper than 100 levels")
        }
        let top = String(repeating: "[", count: 100_000)
        #expect(throws: ImportError.self) { try Self.rows(top) }
    }

    /// The values of a row are bounded in number, not only in depth: a flat array of millions is refused, and a row
    /// just under the bound reads.
    @Test func boundsTheValuesOfARow() throws {
        let many = "[{\"a\":[" + Array(repeating: "1", count: JSONRowReader.maximumValues).joined(separator: ",") + "]}]"
        #expect { try Self.rows(many) } throws: { ($0 as? ImportError)?.message == "a row holds more than 1000000 values" }
        let fewer = "[{\"a\":[" + Array(repeating: "1", count: JSONRowReader.maximumValues - 2).joined(separator: ",") + "]}]"
        #expect(try Self.rows(fewer).count == 1)
    }

    @Test func rejectsInvalidUTF8() throws {
        let bytes = Array("[{\"a\":\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}]".utf8)
        let reader = JSONRowReader(ImportInput(bytes: bytes), layout: .array)
        #expect(throws: ImportError.self) { _ = try reader.next() }
    }
}
