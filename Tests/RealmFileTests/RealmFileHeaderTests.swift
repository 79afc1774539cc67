import Foundation
import Testing
@testable import RealmFile

@Suite struct RealmFileHeaderTests {
    static func read(_ bytes: [UInt8]) throws -> RealmFileReader { try RealmFileReader(bytes: bytes, name: "app.realm") }

    /// The message of the error reading `bytes` throws, checked to be one line.
    static func failure(_ bytes: [UInt8], _ body: (RealmFileReader) throws -> Void = { _ in }) -> RealmReadError? {
        do {
            try body(read(bytes))
            return nil
        } catch let error as RealmReadError {
            return error
        } catch {
            Issue.record("not a RealmReadError: \(error)")
            return nil
        }
    }

    @Test func theActiveSlotChoosesTopRefAndFormat() throws {
        let (file, top) = RealmTestFileBuilder.sample(format: 22)
        for slot in [0, 1] {
            var bytes = file
            // Put the real top ref and format in `slot`, junk in the other (an older commit, an older format).
            let other = 1 - slot
            bytes.replaceSubrange((slot * 8)..<(slot * 8 + 8), with: RealmTestFileBuilder.uint64(top))
            bytes.replaceSubrange((other * 8)..<(other * 8 + 8), with: RealmTestFileBuilder.uint64(8))
            bytes[20 + slot] = 22
            bytes[20 + other] = 9
            bytes[23] = UInt8(slot)
            let reader = try Self.read(bytes)
            #expect(reader.header.activeSlot == slot)
            #expect(reader.header.topRef == top)
            #expect(reader.header.fileFormat == 22)
            #expect(reader.header.slotFormats[other] == 9)
            #expect(!reader.header.isStreaming)
            #expect(reader.header.dataEnd == bytes.count)
        }
    }

    @Test func theStreamingFormTakesTheTopRefFromTheFooter() throws {
        var builder = RealmTestFileBuilder()
        let top = builder.appendGroup(tables: [("class_Dog", .null)])
        let file = builder.streamingFile(topRef: top)
        let reader = try Self.read(file)
        #expect(reader.header.isStreaming)
        #expect(reader.header.topRef == top)
        #expect(reader.header.topRefs[0] == RealmFileHeader.streamingTopRef)
        #expect(reader.header.dataEnd == file.count - 16)
        #expect(try reader.groupTop().tables.map(\.name) == ["class_Dog"])
    }

    @Test func aNewEmptyFileHasNoTables() throws {
        var builder = RealmTestFileBuilder()
        builder.format = 0
        let reader = try Self.read(builder.file(topRef: 0))
        #expect(reader.header.fileFormat == 0)
        #expect(try reader.groupTop() == .empty)
    }

    @Test(arguments: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 20, 21, 22, 23, 24])
    func everySupportedFormatIsRead(format: Int) throws {
        let (file, top) = RealmTestFileBuilder.sample(format: UInt8(format))
        let reader = try Self.read(file)
        #expect(reader.header.fileFormat == format)
        #expect(reader.header.topRef == top)
    }

    @Test(arguments: [0, 1, 12, 19, 25, 26, 100, 255])
    func otherFormatsAreRefusedWithTheirNumber(format: Int) throws {
        let (file, _) = RealmTestFileBuilder.sample(format: UInt8(format))
        let error = try #require(Self.failure(file))
        #expect(error.kind == .unsupportedFormat(format))
        #expect(error.message == "app.realm: realm file format \(format) is not supported (strata reads formats 2 to 11 and 20 to 24)")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let message: String
        var testDescription: String { name }
    }

    static var headerCases: [Case] {
        let (good, top) = RealmTestFileBuilder.sample()
        func with(_ range: Range<Int>, _ bytes: [UInt8]) -> [UInt8] {
            var copy = good
            copy.replaceSubrange(range, with: bytes)
            return copy
        }
        func topRef(_ ref: UInt64) -> [UInt8] { with(0..<8, RealmTestFileBuilder.uint64(ref)) }
        var streaming = RealmTestFileBuilder()
        let streamingTop = streaming.appendGroup(tables: [])
        let streamed = streaming.streamingFile(topRef: streamingTop)
        func footer(_ ref: UInt64) -> [UInt8] {
            var copy = streamed
            copy.replaceSubrange((copy.count - 16)..<(copy.count - 8), with: RealmTestFileBuilder.uint64(ref))
            return copy
        }
        var cookieFlipped = streamed
        cookieFlipped[cookieFlipped.count - 8] ^= 0x01  // the low byte: little-endian
        var streamedTruncated = streamed
        streamedTruncated.removeLast(8)
        return [
            Case(name: "empty", bytes: [], message: "app.realm: not a realm file (0 bytes is smaller than the 24-byte header)"),
            Case(name: "23 bytes", bytes: Array(good.prefix(23)), message: "app.realm: not a realm file (23 bytes is smaller than the 24-byte header)"),
            Case(name: "wrong magic", bytes: with(16..<20, Array("T-DX".utf8)), message: "app.realm: not a realm file (no T-DB at offset 16)"),
            Case(name: "sqlite", bytes: Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 84),
                 message: "app.realm: not a realm file (no T-DB at offset 16)"),
            Case(name: "size not a multiple of 8", bytes: good + [0, 0, 0],
                 message: "app.realm: file size \(good.count + 3) is not a multiple of 8 (the file is truncated)"),
            Case(name: "misaligned top ref", bytes: topRef(top + 4), message: "app.realm: top ref \(top + 4) is not 8-byte aligned"),
            Case(name: "top ref in the header", bytes: topRef(16), message: "app.realm: top ref 16 points into the 24-byte file header"),
            Case(name: "top ref past the end", bytes: topRef(UInt64(good.count)),
                 message: "app.realm: top ref \(good.count) is outside the file (data ends at offset \(good.count))"),
            Case(name: "huge top ref", bytes: topRef(0xFFFF_FFFF_FFFF_FFF0),
                 message: "app.realm: top ref 18446744073709551600 is outside the file (data ends at offset \(good.count))"),
            Case(name: "streaming without room for a footer",
                 bytes: RealmTestFileBuilder.uint64(.max) + RealmTestFileBuilder.uint64(0) + Array("T-DB".utf8) + [24, 0, 0, 0],
                 message: "app.realm: streaming-form file of 24 bytes has no room for its 16-byte footer"),
            Case(name: "streaming cookie damaged", bytes: cookieFlipped,
                 message: "app.realm: streaming footer at offset \(streamed.count - 16): magic cookie 0x3034125237e526c9 is not 0x3034125237e526c8 (the file is truncated or damaged)"),
            Case(name: "streaming truncated", bytes: streamedTruncated,
                 message: "app.realm: streaming footer at offset \(streamed.count - 24): magic cookie 0x\(String(streamingTop, radix: 16)) is not 0x3034125237e526c8 (the file is truncated or damaged)"),
            Case(name: "streaming top ref misaligned", bytes: footer(streamingTop + 1),
                 message: "app.realm: top ref \(streamingTop + 1) is not 8-byte aligned"),
            Case(name: "streaming top ref in the footer", bytes: footer(UInt64(streamed.count - 16)),
                 message: "app.realm: top ref \(streamed.count - 16) is outside the file (data ends at offset \(streamed.count - 16))"),
            Case(name: "streaming top ref in the header", bytes: footer(8),
                 message: "app.realm: top ref 8 points into the 24-byte file header"),
        ]
    }

    @Test(arguments: headerCases)
    func aDamagedHeaderIsAOneLineError(hostile: Case) throws {
        let error = try #require(Self.failure(hostile.bytes))
        #expect(error.message == hostile.message)
    }

    static func encryptedLooking(pages: Int, iv1: UInt32 = 5) -> [UInt8] {
        var generator = SplitMix(seed: 42)
        var bytes = (0..<(pages * 4096)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        bytes.replaceSubrange(0..<4, with: (0..<4).map { UInt8(truncatingIfNeeded: iv1 >> (8 * $0)) })
        return bytes
    }

    @Test(arguments: [2, 3, 65, 66])
    func anEncryptedFileIsRefused(pages: Int) throws {
        let error = try #require(Self.failure(Self.encryptedLooking(pages: pages)))
        #expect(error.kind == .encrypted)
        #expect(error.message == "app.realm is encrypted: give its key with --key-file PATH or the STRATA_REALM_KEY variable")
    }

    @Test(arguments: [
        ("one page", encryptedLooking(pages: 1)),
        ("not whole pages", Array(encryptedLooking(pages: 3).dropLast(8))),
        ("iv1 zero", encryptedLooking(pages: 2, iv1: 0)),
        ("iv1 huge", encryptedLooking(pages: 2, iv1: 0xFFFF_FFFF)),
        ("zeros", [UInt8](repeating: 0, count: 8192)),
    ])
    func noiseWithoutTheEncryptedShapeIsNotARealmFile(name: String, bytes: [UInt8]) throws {
        let error = try #require(Self.failure(bytes))
        #expect(error.kind == .notRealm, "\(name)")
        #expect(error.message == "app.realm: not a realm file (no T-DB at offset 16)")
    }

    // MARK: - Files on disk

    @Test func aFileOnDiskIsReadWithTheNameGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("realmfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("app.realm").path
        let (file, top) = RealmTestFileBuilder.sample()
        #expect(FileManager.default.createFile(atPath: path, contents: Data(file)))
        let reader = try RealmFileReader(contentsOf: path, name: "app.realm")
        #expect(reader.header.topRef == top)
        #expect(reader.bytes.array == file)

        func refusal(_ path: String, limit: Int = RealmFileReader.defaultMaximumSize) -> String? {
            do {
                _ = try RealmFileReader(contentsOf: path, name: "x.realm", maximumSize: limit)
                return nil
            } catch let error as RealmReadError {
                #expect(error.kind == .io)
                return error.message
            } catch { return "\(error)" }
        }
        #expect(refusal(folder.path) == "x.realm: not a regular file")
        #expect(refusal(folder.appendingPathComponent("missing.realm").path) == "x.realm: no such file")
        #expect(refusal(path, limit: file.count - 1) == "x.realm: file of \(file.count) bytes is larger than the \(file.count - 1)-byte limit")
        #expect(refusal(path, limit: file.count) == nil)
    }
}

/// A deterministic pseudo-random generator for noise bytes (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
