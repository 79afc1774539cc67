import Testing
@testable import CoreDataModel

/// Round trips against Python's zlib: whatever it deflates, in either framing and at any level, inflates back.
@Suite struct InflateTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { "\(name) (\(bytes.count) bytes)" }
    }

    static let inputs: [Case] = [
        Case(name: "empty", bytes: []),
        Case(name: "one byte", bytes: [0x2A]),
        Case(name: "a word", bytes: Array("bplist00".utf8)),
        Case(name: "compressible text", bytes: compressibleText(lines: 6_000)),
        Case(name: "incompressible bytes", bytes: incompressibleBytes(count: 150_000, seed: 14)),
    ]

    static let levels = [0, 1, 6, 9]

    @Test(arguments: inputs)
    func zlibAndRawDeflateStreamsAtEveryLevelInflateToTheirInput(input: Case) throws {
        let settings = Self.levels.flatMap { level in [(level, 15), (level, -15)] }
        let streams = try ZlibReference.compress(input.bytes, settings: settings)
        for ((level, wbits), compressed) in zip(settings, streams) {
            #expect(Inflate.format(of: compressed) == (wbits > 0 ? .zlib : .rawDeflate), "level \(level)")
            #expect(try Inflate.data(compressed, limit: input.bytes.count) == input.bytes, "level \(level), wbits \(wbits)")
        }
    }

    /// Chunks of a few bytes make every input and output boundary fall inside a block, a code or the checksum.
    @Test func smallChunksInflateTheSame() throws {
        let text = compressibleText(lines: 800)
        for compressed in try ZlibReference.compress(text, settings: [(9, 15), (9, -15)]) {
            for chunkSize in [1, 3, 64, 4096] {
                #expect(try Inflate.data(compressed, limit: text.count, chunkSize: chunkSize) == text, "\(chunkSize)")
            }
        }
    }

    @Test(arguments: [
        ([0x78, 0x9C], Inflate.Format.zlib),  // the default level
        ([0x78, 0x01], .zlib),                // level 0
        ([0x78, 0xDA], .zlib),                // level 9
        ([0x48, 0x0D], .zlib),                // a 4 KiB window
        ([0x78, 0x9D], .rawDeflate),          // check bits wrong
        ([0x79, 0x18], .rawDeflate),          // method 9, check bits right
        ([0x88, 0x1C], .rawDeflate),          // a 64 KiB window, which RFC 1950 does not allow
        ([0x78], .rawDeflate),                // too short for a header
        ([0xF3, 0x48], .rawDeflate),          // a dynamic-Huffman final block, as Python writes "Hello"
    ] as [([UInt8], Inflate.Format)])
    func theFormatIsToldByTheHeader(bytes: [UInt8], expected: Inflate.Format) {
        #expect(Inflate.format(of: bytes) == expected)
    }
}
