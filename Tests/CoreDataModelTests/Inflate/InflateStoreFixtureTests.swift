import Foundation
import Testing
@testable import CoreDataModel

/// The model caches of real Core Data stores (Fixtures/Stores, with their provenance in its README.md; the
/// blobs were extracted from the stores' Z_MODELCACHE.Z_CONTENT by Fixtures/Stores/extract.py).
@Suite struct InflateStoreFixtureTests {
    static let stores = ["SampleModel_V1", "SampleModel3_V1", "SampleModel2_V2"]

    static func modelCache(of store: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Stores/\(store)/modelcache.bin")
        return [UInt8](try Data(contentsOf: url))
    }

    /// Core Data writes raw deflate; the archive inside is a binary property list, as Python's zlib also reads it.
    @Test(arguments: stores)
    func aStoresModelCacheInflatesToABinaryPropertyList(store: String) throws {
        let blob = try Self.modelCache(of: store)
        #expect(Inflate.format(of: blob) == .rawDeflate)
        let inflated = try Inflate.data(blob, limit: 16 << 20)
        #expect(inflated.starts(with: Array("bplist00".utf8)))
        #expect(inflated == (try ZlibReference.decompress(blob, wbits: -15)))
        #expect(try Inflate.data(blob, limit: inflated.count, chunkSize: 100) == inflated)
    }

    @Test(arguments: stores)
    func aStoresModelCacheIsRefusedOneByteUnderItsSize(store: String) throws {
        let blob = try Self.modelCache(of: store)
        let size = try Inflate.data(blob, limit: 16 << 20).count
        #expect(throws: ModelReadError.self) { try Inflate.data(blob, limit: size - 1) }
        #expect(throws: ModelReadError.self) { try Inflate.data(Array(blob.dropLast()), limit: size) }
    }
}
