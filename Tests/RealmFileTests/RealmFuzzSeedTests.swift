import Foundation
import Testing
@testable import RealmFile

/// The fuzz seeds (Fuzz/Seeds/realm, written with `RealmTestFileBuilder`) stay meaningful: the good ones read
/// through, the `hostile-*` ones fail with one line. Regression inputs the fuzzer found live in `Fuzz/Seeds/realm`
/// too, named `crash-*`, and must fail or read cleanly.
@Suite struct RealmFuzzSeedTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Seeds/realm").standardized

    static var seeds: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".realm") || $0.hasPrefix("crash-") }.sorted()
    }

    @Test func thereAreSeeds() { #expect(Self.seeds.count >= 8) }

    @Test(arguments: seeds)
    func aSeedReadsOrFailsAsItsNameSays(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let error = RealmHostileFileTests.error(bytes)
        if name.hasPrefix("hostile-") {
            RealmHostileFileTests.expectOneLine(error, "\(name)")
        } else if name.hasPrefix("crash-") {
            if let error { RealmHostileFileTests.expectOneLine(error, "\(name)") }
        } else {
            #expect(error == nil, "\(name)")
        }
    }
}
