import Foundation
import Testing
@testable import CoreDataModel
import CoreDataStoreFixtures

@Suite struct BinaryPropertyListTests {
    static let roundTrips: [PropertyListValue] = [
        .null, .bool(true), .bool(false),
        .integer(0), .integer(255), .integer(256), .integer(65_535), .integer(65_536), .integer(4_294_967_296),
        .integer(-1), .integer(Int64.min), .integer(Int64.max), .unsignedInteger(UInt64.max),
        .real(0), .real(-2.5), .real(.infinity), .date(-978_307_200), .date(662_695_445.5),
        .data([]), .data(Array(0...255)), .string(""), .string("fourteen chars"), .string("fifteen chars!!"),
        .string(String(repeating: "long ", count: 100)), .string("Grüße 🍰"), .uid(0), .uid(300), .uid(UInt64(UInt32.max) + 1),
        .array([]), .set([.integer(1), .string("a")]),
        .array((0..<20).map { .integer(Int64($0)) }),
        .dictionary(["$top": .dictionary(["root": .uid(1)]), "$objects": .array([.string("$null"), .dictionary([:])])]),
        .array([.array([.array([.dictionary(["deep": .array([.null])])])])]),
    ]

    @Test(arguments: roundTrips)
    func aWrittenValueReadsBackEqual(value: PropertyListValue) throws {
        #expect(try BinaryPropertyList.read(BinaryPropertyListWriter.write(value)) == value)
        #expect(try PropertyList.read(BinaryPropertyListWriter.write(value)) == value)
    }

    @Test(arguments: [1, 2, 4, 8])
    func everyReferenceSizeReads(size: Int) throws {
        let value = PropertyListValue.dictionary(["a": .array([.integer(1), .string("x")]), "b": .bool(true)])
        #expect(try BinaryPropertyList.read(BinaryPropertyListWriter.write(value, referenceSize: size)) == value)
    }

    @Test func moreThan256ObjectsUseWiderReferencesAndOffsets() throws {
        let value = PropertyListValue.array((0..<70_000).map { .integer(Int64($0)) })
        #expect(try BinaryPropertyList.read(BinaryPropertyListWriter.write(value)) == value)
    }

    @Test func aSharedObjectIsReadOnceForEveryReference() throws {
        // Object 1 (a string) referenced twice by the array: a DAG, not a cycle.
        let file = RawBinaryPropertyList(objects: [[0xA2, 1, 1], [0x51, 0x78]]).bytes
        #expect(try BinaryPropertyList.read(file) == .array([.string("x"), .string("x")]))
    }

    @Test func aChainOfSharedArraysStaysLinear() throws {
        // Each array refers twice to the next: 2^200 paths, 201 objects. Decoding once per object keeps it quick.
        let depth = 200
        var objects: [[UInt8]] = (0..<depth).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        var file = RawBinaryPropertyList(objects: objects)
        file.offsetSize = 2
        let value = try BinaryPropertyList.read(file.bytes)
        var level = value
        var count = 0
        while case .array(let elements) = level { level = elements[1]; count += 1 }
        #expect(count == depth)
        #expect(level == .bool(true))
    }

    struct Hostile: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let message: String
        var testDescription: String { name }
    }

    static let hostile: [Hostile] = {
        let good = RawBinaryPropertyList(objects: [[0x51, 0x78]])
        var cases: [Hostile] = []
        func add(_ name: String, _ bytes: [UInt8], _ message: String) { cases.append(Hostile(name: name, bytes: bytes, message: message)) }
        add("empty", [], "binary property list: the file is too short (0 bytes) for a header and a trailer")
        add("truncated", Array(good.bytes.prefix(30)), "binary property list: the file is too short (30 bytes) for a header and a trailer")
        add("wrong header", Array("bplist01".utf8) + Array(good.bytes.dropFirst(8)), "binary property list: the file does not start with 'bplist00'")
        var raw = good; raw.offsetSize = 0
        add("offset size 0", raw.bytes, "offset size 0 is not 1 to 8")
        raw = good; raw.referenceSize = 9
        add("reference size 9", raw.bytes, "object reference size 9 is not 1 to 8")
        raw = good; raw.objectCount = UInt64.max
        add("huge object count", raw.bytes, "object count 18446744073709551615 does not fit a file of 43 bytes")
        raw = good; raw.objectCount = 0
        add("no objects", raw.bytes, "object count 0 does not fit")
        raw = good; raw.objectCount = 40
        add("offset table past the trailer", raw.bytes, "offset table at byte 10: 40 offsets of 1 bytes run past the trailer at byte 11")
        raw = good; raw.top = 1
        add("top object out of range", raw.bytes, "top object 1 is not below the object count 1")
        raw = good; raw.tableOffset = UInt64.max
        add("offset table offset huge", raw.bytes, "offset table at byte 18446744073709551615 is outside the file (43 bytes)")
        raw = good; raw.offsets = [200]
        add("object offset past the end", raw.bytes, "binary property list: object 0 at byte 200 is past the end of the file (43 bytes)")
        raw = good; raw.offsets = [3]
        add("object offset inside the header", raw.bytes, "object 0 at byte 3 is outside the object area (bytes 8 to 10)")
        raw = good; raw.offsets = [10]
        add("object offset inside the table", raw.bytes, "object 0 at byte 10 is outside the object area")
        add("string longer than the file", RawBinaryPropertyList(objects: [[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]).bytes,
            "object 0 at byte 8: length 9223372036854775807 is larger than the file")
        add("string past the object area", RawBinaryPropertyList(objects: [[0x5E, 0x61]]).bytes,
            "object 0 at byte 8: ascii string of 14 bytes runs past the object area (ends at byte 10)")
        add("utf-16 past the object area", RawBinaryPropertyList(objects: [[0x6F, 0x10, 0x10, 0x00, 0x61]]).bytes,
            "utf-16 string of 32 bytes runs past the object area")
        add("data past the object area", RawBinaryPropertyList(objects: [[0x43, 0x00]]).bytes, "data of 3 bytes runs past the object area")
        add("length marker not an int", RawBinaryPropertyList(objects: [[0x4F, 0x51, 0x00]]).bytes, "length marker 0x51 is not an integer of 1 to 8 bytes")
        add("truncated integer", RawBinaryPropertyList(objects: [[0x13, 0x00, 0x01]]).bytes, "integer of 8 bytes runs past the object area")
        add("integer of 32 bytes", RawBinaryPropertyList(objects: [[0x15]]).bytes, "integer of 2^5 bytes is not 1, 2, 4, 8 or 16 bytes")
        add("16-byte integer too big", RawBinaryPropertyList(objects: [[0x14, 1] + [UInt8](repeating: 0, count: 15)]).bytes,
            "16-byte integer does not fit in 64 bits")
        add("real of 2 bytes", RawBinaryPropertyList(objects: [[0x21, 0, 0]]).bytes, "real of 2^1 bytes is not 4 or 8 bytes")
        add("bad date marker", RawBinaryPropertyList(objects: [[0x32, 0, 0, 0, 0]]).bytes, "date marker 0x32 is not 0x33")
        add("unknown marker", RawBinaryPropertyList(objects: [[0x70]]).bytes, "object 0 at byte 8: unknown marker 0x70")
        add("unknown null-type marker", RawBinaryPropertyList(objects: [[0x05]]).bytes, "unknown marker 0x05")
        add("uid of 9 bytes", RawBinaryPropertyList(objects: [[0x88] + [UInt8](repeating: 0, count: 9)]).bytes, "uid of 9 bytes is longer than 8")
        add("array referring past the count", RawBinaryPropertyList(objects: [[0xA1, 7]]).bytes,
            "object 0 at byte 8: array entry 0 refers to object 7, not below the object count 1")
        add("array of a huge count", RawBinaryPropertyList(objects: [[0xAF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]).bytes,
            "length 9223372036854775807 is larger than the file")
        add("array references truncated", RawBinaryPropertyList(objects: [[0xA5, 0]]).bytes, "array of 5 bytes runs past the object area")
        add("array containing itself", RawBinaryPropertyList(objects: [[0xA1, 0]]).bytes, "object 0 at byte 8: contains itself (a reference cycle)")
        add("two arrays in a cycle", RawBinaryPropertyList(objects: [[0xA1, 1], [0xA1, 0]]).bytes, "contains itself (a reference cycle)")
        add("dictionary in a cycle through a value", RawBinaryPropertyList(objects: [[0xD1, 1, 0], [0x51, 0x6B]]).bytes, "contains itself")
        add("dictionary with an integer key", RawBinaryPropertyList(objects: [[0xD1, 1, 1], [0x10, 0x01]]).bytes,
            "object 0 at byte 8: dictionary key 0 is an integer, not a string")
        add("dictionary of a count that overflows", RawBinaryPropertyList(objects: [[0xDF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]).bytes,
            "larger than the file")
        // 600 arrays each holding the next: deeper than the bound.
        var deep: [[UInt8]] = []
        for index in 0..<599 {
            let next = index + 1
            deep.append([0xA1, UInt8(next >> 8), UInt8(next & 0xFF)])
        }
        deep.append([0x09])
        var deepFile = RawBinaryPropertyList(objects: deep)
        deepFile.referenceSize = 2
        deepFile.offsetSize = 2
        add("nesting deeper than 512", deepFile.bytes, "containers are nested more than 512 deep")
        return cases
    }()

    @Test(arguments: hostile)
    func aDamagedFileIsAOneLineError(_ hostile: Hostile) {
        #expect {
            try BinaryPropertyList.read(hostile.bytes)
        } throws: { error in
            guard let error = error as? ModelReadError else { return false }
            return error.message.contains(hostile.message) && error.message.hasPrefix("binary property list: ")
                && !error.message.contains("\n") && error.message == error.message.lowercased()
        }
    }

    @Test func everyTruncationOfAValidFileIsAnErrorOrAValue() {
        let file = BinaryPropertyListWriter.write(.dictionary(["a": .array([.string("ü"), .data([1, 2])]), "b": .integer(-5)]))
        for length in 0..<file.count {
            #expect(throws: ModelReadError.self) { try BinaryPropertyList.read(Array(file.prefix(length))) }
        }
    }

    @Test func everySingleByteCorruptionIsHandled() {
        let file = BinaryPropertyListWriter.write(.dictionary(["a": .array([.string("ü"), .data([1, 2])]), "b": .integer(-5)]))
        var errors = 0
        for position in file.indices {
            for replacement: UInt8 in [0x00, 0x0F, 0x5F, 0xAF, 0xDF, 0xFF] {
                var damaged = file
                damaged[position] = replacement
                do { _ = try BinaryPropertyList.read(damaged) } catch { errors += 1 }
            }
        }
        #expect(errors > 0)
    }
}
