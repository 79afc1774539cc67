import Testing
@testable import CoreDataModel

/// Bombs, truncations and corruption: each a one-line `ModelReadError` naming the byte, never a crash or a hang.
@Suite struct InflateHostileInputTests {
    /// The message of the `ModelReadError` that inflating `bytes` throws, or nil when it does not throw one.
    static func failure(_ bytes: [UInt8], limit: Int = 1 << 20, chunkSize: Int = 64 * 1024) -> String? {
        do {
            _ = try Inflate.data(bytes, limit: limit, chunkSize: chunkSize)
            return nil
        } catch let error as ModelReadError {
            return error.message
        } catch {
            return "not a ModelReadError: \(error)"
        }
    }

    // MARK: - Decompression bombs

    /// Ten megabytes of zeros deflate to about ten kilobytes: the limit stops them, wherever it falls.
    @Test func aBombIsRefusedAtTheLimit() throws {
        let zeros = [UInt8](repeating: 0, count: 10 << 20)
        for bomb in try ZlibReference.compress(zeros, settings: [(9, 15), (9, -15)]) {
            #expect(bomb.count < 20_000)
            for limit in [0, 1, 100_000, 1 << 20] {
                let message = try #require(Self.failure(bomb, limit: limit))
                #expect(message.hasPrefix(
                    "model cache: the data inflates to more than the limit of \(limit) bytes (at byte "))
                #expect(!message.contains("\n"))
            }
        }
    }

    /// The limit is inclusive: output of exactly `limit` bytes is accepted, one byte more is not.
    @Test(arguments: [1, 4095, 65_536, 200_001])
    func outputOfExactlyTheLimitIsAccepted(size: Int) throws {
        let bytes = incompressibleBytes(count: size, seed: UInt64(size))
        for compressed in try ZlibReference.compress(bytes, settings: [(6, 15), (6, -15)]) {
            #expect(try Inflate.data(compressed, limit: size) == bytes)
            let message = try #require(Self.failure(compressed, limit: size - 1))
            #expect(message.hasPrefix("model cache: the data inflates to more than the limit of \(size - 1) bytes"))
        }
    }

    // MARK: - Truncated input

    /// Every cut of a stream, in either framing, ends early at the byte where it was cut.
    @Test func everyTruncationEndsEarlyAtItsLength() throws {
        let text = compressibleText(lines: 40)
        for compressed in try ZlibReference.compress(text, settings: [(6, 15), (6, -15)]) {
            for chunkSize in [1, 7, 64 * 1024] {
                for length in 1..<compressed.count {
                    let message = Self.failure(Array(compressed[..<length]), chunkSize: chunkSize)
                    #expect(message == "model cache: the compressed data ends early (at byte \(length))",
                            "cut at \(length), chunks of \(chunkSize)")
                }
            }
        }
    }

    @Test func emptyInputIsRefused() {
        #expect(Self.failure([]) == "model cache: the compressed data is empty")
    }

    // MARK: - Corrupt input

    struct Corruption: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var expectedPrefix: String
        var testDescription: String { name }
    }

    static let corruptions: [Corruption] = [
        Corruption(name: "reserved block type 3", bytes: [0xFF, 0xFF, 0xFF, 0xFF],
                   expectedPrefix: "model cache: the compressed data is corrupt at byte 1 (invalid block type)"),
        Corruption(name: "stored block whose length and its complement disagree",
                   bytes: [0x01, 0x05, 0x00, 0x00, 0x00, 0x41, 0x42],
                   expectedPrefix: "model cache: the compressed data is corrupt at byte 5 (invalid stored block lengths)"),
        Corruption(name: "a zlib header asking for a preset dictionary", bytes: [0x78, 0xBB, 0x00, 0x00, 0x00, 0x01],
                   expectedPrefix: "model cache: the compressed data needs a preset dictionary"),
        Corruption(name: "a fixed-Huffman distance before the start of the output",
                   // BFINAL 1, fixed codes; length code 257 (3 bytes), distance code 0 (1 byte back): nothing yet.
                   bytes: [0x03, 0x02, 0x00],
                   expectedPrefix: "model cache: the compressed data is corrupt at byte"),
    ]

    @Test(arguments: corruptions)
    func corruptInputNamesTheByte(corruption: Corruption) throws {
        let message = try #require(Self.failure(corruption.bytes))
        #expect(message.hasPrefix(corruption.expectedPrefix), "\(message)")
        #expect(!message.contains("\n"))
    }

    /// A flipped bit in the Adler-32 checksum of a zlib stream: the data inflates but does not check out.
    @Test func aWrongChecksumIsCorrupt() throws {
        let text = compressibleText(lines: 30)
        var compressed = try ZlibReference.compress(text, level: 6, wbits: 15)
        compressed[compressed.count - 1] ^= 0x01
        #expect(Self.failure(compressed)
            == "model cache: the compressed data is corrupt at byte \(compressed.count) (incorrect data check)")
    }

    @Test(arguments: [15, -15])
    func bytesAfterTheEndOfTheStreamAreRefused(wbits: Int) throws {
        let compressed = try ZlibReference.compress(Array("model".utf8), level: 6, wbits: wbits)
        #expect(Self.failure(compressed + [0, 1, 2])
            == "model cache: 3 bytes follow the end of the compressed data (at byte \(compressed.count))")
    }

    /// Each bit of a small stream flipped in turn: the result is the input, other bytes within the limit, or a
    /// one-line ModelReadError; never a crash, a hang or output past the limit.
    @Test(arguments: [15, -15])
    func everyFlippedBitEndsInDataOrAOneLineError(wbits: Int) throws {
        let text = compressibleText(lines: 12)
        let compressed = try ZlibReference.compress(text, level: 9, wbits: wbits)
        var errors = 0
        for index in compressed.indices {
            for bit in 0..<8 {
                var damaged = compressed
                damaged[index] ^= 1 << bit
                do {
                    let output = try Inflate.data(damaged, limit: 4 * text.count, chunkSize: 16)
                    #expect(output.count <= 4 * text.count)
                } catch let error as ModelReadError {
                    errors += 1
                    #expect(error.message.hasPrefix("model cache: ") && !error.message.contains("\n"), "\(error)")
                }
            }
        }
        #expect(errors > 0)
    }
}
