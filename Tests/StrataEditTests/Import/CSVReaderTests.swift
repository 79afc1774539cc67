import Testing
@testable import StrataEdit

/// The CSV reader, as tables: bytes in, records (or the error's line, column and words) out.
@Suite struct CSVReaderTests {
    /// Every record of `text`, each field as text with a `"` mark when it was quoted.
    static func records(_ bytes: [UInt8], chunk: Int? = nil) throws -> [[String]] {
        let reader = CSVReader(ImportInput(bytes: bytes))
        var records: [[String]] = []
        while try reader.next() {
            records.append((0..<reader.fieldCount).map { (reader.isQuoted($0) ? "\"" : "") + reader.text($0) })
        }
        return records
    }

    static func records(_ text: String) throws -> [[String]] { try records(Array(text.utf8)) }

    static let cases: [(String, [[String]])] = [
        ("a,b\n1,2\n", [["a", "b"], ["1", "2"]]),
        ("a,b\r\n1,2\r\n", [["a", "b"], ["1", "2"]]),
        ("a,b\r1,2", [["a", "b"], ["1", "2"]]),
        ("a,b\n1,2", [["a", "b"], ["1", "2"]]),
        ("a\n\n\nb\n", [["a"], ["b"]]),
        ("a,b\n,\n", [["a", "b"], ["", ""]]),
        ("a,b,\n", [["a", "b", ""]]),
        ("a,b,", [["a", "b", ""]]),
        ("\"x,y\",\"say \"\"hi\"\"\"\n", [["\"x,y", "\"say \"hi\""]]),
        ("\"line\nbreak\",z\n", [["\"line\nbreak", "z"]]),
        ("\"crlf\r\ninside\",z\r\n", [["\"crlf\r\ninside", "z"]]),
        ("\"\",x\n", [["\"", "x"]]),
        ("ab\"c,d\n", [["ab\"c", "d"]]),
        ("\u{FEFF}id,name\n1,é\n", [["id", "name"], ["1", "é"]]),
        ("", []),
        ("\n\n", []),
    ]

    @Test(arguments: cases)
    func reads(_ text: String, _ expected: [[String]]) throws {
        #expect(try Self.records(text) == expected)
    }

    static let refusals: [([UInt8], Int, Int, String)] = [
        (Array("a,b\n1,\u{0}2\n".utf8), 2, 2, "NUL"),
        (Array("a,b\n1,\"x\u{0}\"\n".utf8), 2, 2, "NUL"),
        (Array("a,b\n1,".utf8) + [0xC3, 0x28] + Array("\n".utf8), 2, 2, "not UTF-8"),
        (Array("a,b\n1,\"".utf8) + [0xFF] + Array("\"\n".utf8), 2, 2, "not UTF-8"),
        (Array("a,b\n1,\"open\nstill".utf8), 2, 2, "not closed"),
        (Array("a,b\n\"x\"y,2\n".utf8), 2, 1, "after its closing quote"),
        ([0xEF, 0xBB], 1, 1, "not UTF-8"),
    ]

    @Test(arguments: refusals)
    func refuses(_ bytes: [UInt8], _ line: Int, _ column: Int, _ words: String) throws {
        do {
            _ = try Self.records(bytes)
            Issue.record("no error for \(bytes)")
        } catch let error as ImportError {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message.contains(words), "\(error)")
        }
    }

    @Test func keepsTheLineOfEachField() throws {
        let reader = CSVReader(ImportInput(bytes: Array("a,b,c\n\"x\ny\",2,3\n4,5,6\n".utf8)))
        _ = try reader.next()
        _ = try reader.next()
        #expect(reader.recordLine == 2)
        #expect(reader.line(of: 0) == 2)
        #expect(reader.line(of: 1) == 3)
        _ = try reader.next()
        #expect(reader.recordLine == 4)
    }

    @Test func readsAFieldOfManyChunks() throws {
        let big = String(repeating: "x", count: ImportInput.chunkSize * 3 + 17)
        let records = try Self.records("a,b\n\"\(big)\",\(big)\n")
        #expect(records[1][0].count == big.count + 1)
        #expect(records[1][1] == big)
    }

    @Test func readsTenThousandColumns() throws {
        let header = (0..<10_000).map { "c\($0)" }.joined(separator: ",")
        let records = try Self.records(header + "\n")
        #expect(records[0].count == 10_000)
    }
}
