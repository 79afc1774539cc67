import Foundation
import Testing
@testable import RealmFile

/// The fuzz seeds (Fuzz/Seeds/realm: written with `RealmTestFileBuilder`, and copies of small fixtures, `files-*`,
/// `real-*` and `encrypted-*`) stay meaningful: the good ones read through — header, group, the structural walk, then the schema
/// and every object of every table, as the fuzz target reads them — and the `hostile-*` ones fail with one line.
/// Regression inputs the fuzzer found live in `Fuzz/Seeds/realm` too, named `crash-*`, and must fail with one line or
/// read cleanly.
@Suite struct RealmFuzzSeedTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Seeds/realm").standardized

    static var seeds: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".realm") || $0.hasPrefix("crash-") }.sorted()
    }

    @Test func thereAreSeeds() { #expect(Self.seeds.count >= 40) }

    @Test(arguments: seeds)
    func aSeedReadsOrFailsAsItsNameSays(name: String) throws {
        var bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        // The encrypted seeds (`encrypted-*`, copies of realm-core's encrypted fixtures) read, as the fuzz target
        // reads them, once decrypted with their key, the bytes 00 to 3f.
        if name.hasPrefix("encrypted-") {
            bytes = try bytes.withUnsafeBytes { try RealmEncryption.decrypt($0, key: (0..<64).map { UInt8($0) }, name: name) }
        }
        let nodes = RealmHostileFileTests.error(bytes)
        let objects = RealmHostileTableTests.failure { try RealmHostileTableTests.readAll(bytes) }
        if name.hasPrefix("hostile-") {
            RealmHostileFileTests.expectOneLine(nodes, "\(name)")
            RealmHostileFileTests.expectOneLine(objects, "\(name)")
        } else if name.hasPrefix("crash-") {
            if let nodes { RealmHostileFileTests.expectOneLine(nodes, "\(name)") }
            if let objects { RealmHostileFileTests.expectOneLine(objects, "\(name)") }
        } else if name.hasPrefix("files-") || name.hasPrefix("real-") || name.hasPrefix("encrypted-") {
            #expect(nodes == nil, "\(name)")
            #expect(objects == nil, "\(name)")
        } else {
            // The builder's synthetic files are nodes and a group, not whole tables: their tables may be refused.
            #expect(nodes == nil, "\(name)")
            if let objects { RealmHostileFileTests.expectOneLine(objects, "\(name)") }
        }
    }

    @Test func theFixtureCopiesReadObjects() throws {
        // Reading every object is what the copies are for: at least one seed of each kind has objects.
        for prefix in ["files-all-types-", "real-"] {
            var objects = 0
            for name in Self.seeds where name.hasPrefix(prefix) {
                let reader = try RealmFileReader(bytes: [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name))), name: name)
                for table in try reader.schema().tables { try reader.forEachObject(in: table) { _, _ in objects += 1 } }
            }
            #expect(objects > 100, "\(prefix)")
        }
    }
}
