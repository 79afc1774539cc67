import Foundation
import Testing
@testable import CoreDataModel

/// Archives written by Foundation's own `NSKeyedArchiver` (swift-corelibs-foundation on Linux, Apple's on macOS),
/// read back with `KeyedArchive`: the reader against an independent writer.
@Suite struct FoundationArchiveTests {
    @Test func anArchiveFoundationWritesReads() throws {
        let uuid = try #require(UUID(uuidString: "00010203-0405-0607-0809-0A0B0C0D0E0F"))
        let root: NSDictionary = [
            "name": "Recipe" as NSString, "items": ["flour", "Grüße"] as NSArray, "count": NSNumber(value: 3),
            "ratio": NSNumber(value: 0.25), "id": uuid as NSUUID, "when": NSDate(timeIntervalSinceReferenceDate: 5),
            "blob": NSData(bytes: [1, 2, 3] as [UInt8], length: 3), "tags": NSSet(array: ["x"]),
        ]
        let data = try NSKeyedArchiver.archivedData(withRootObject: root, requiringSecureCoding: false)
        let archive = try KeyedArchive(data: data)
        #expect(archive.archiver == "NSKeyedArchiver")
        let top = try archive.root()
        #expect(top.isKind(of: "NSDictionary"))
        let entries = Dictionary(try top.asDictionaryEntries(), uniquingKeysWith: { first, _ in first })
        func value(_ key: String) throws -> ArchivedObject { try #require(entries[key]) }
        #expect(try value("name").asString() == "Recipe")
        #expect(try value("items").asArray().map { try $0.asString() } == ["flour", "Grüße"])
        #expect(try value("count").value == .integer(3))
        #expect(try value("ratio").value == .real(0.25))
        #expect(try value("blob").asData() == [1, 2, 3])
        #expect(try value("when").double("NS.time") == 5)
        #expect(try value("id").data("NS.uuidbytes") == Array(0..<16))
        #expect(try value("tags").asArray().map(\.value) == [.string("x")])
    }
    // A self-containing NSMutableArray is not archived here: swift-corelibs-foundation's NSArray bridging
    // recurses without end on one (a crash in Foundation, not in the reader); KeyedArchiveTests builds cycles instead.
}
