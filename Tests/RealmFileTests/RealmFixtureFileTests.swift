import Foundation
import Testing
@testable import RealmFile

/// The files realm-core itself wrote (Tests/Fixtures/Realm/Files, by the generator beside them; formats 20, 22,
/// 23 and 24), read as far as the reader goes so far: the header as the JSON beside each file records it, the
/// group's table names, every node reachable from the top walked without a complaint, and the encrypted file
/// refused.
@Suite struct RealmFixtureFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/Realm/Files").standardized

    /// `format-23/all-types.realm`, … : every fixture with its JSON.
    static var fixtures: [String] {
        let folders = [""] + ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasPrefix("format-") }.sorted()
        return folders.flatMap { folder -> [String] in
            let path = root.appendingPathComponent(folder).path
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".realm") }.sorted()
            return names.map { folder.isEmpty ? $0 : folder + "/" + $0 }
        }
    }

    @Test func thereAreFixturesOfFourFormats() {
        #expect(Self.fixtures.count >= 24, "\(Self.fixtures)")
    }

    @Test(arguments: fixtures)
    func aFileRealmCoreWroteReadsAsItsJSONSays(_ name: String) throws {
        let url = Self.root.appendingPathComponent(name)
        let json = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: url.deletingPathExtension().appendingPathExtension("json"))) as? [String: Any])
        let header = try #require(json["header"] as? [String: Any])
        var key: [UInt8]?
        if json["encrypted"] as? Bool == true {
            // Without its key, refused as encrypted; with it, read as any file.
            #expect(throws: RealmReadError.self) { try RealmFileReader(contentsOf: url.path, name: name) }
            do { _ = try RealmFileReader(contentsOf: url.path, name: name) } catch let error as RealmReadError {
                #expect(error.kind == .encrypted, "\(error)")
            }
            key = try RealmEncryption.key(from: Array(try #require(json["encryptionKeyHex"] as? String).utf8), source: name)
        }
        let reader = try RealmFileReader(contentsOf: url.path, name: name, key: key)
        #expect(key != nil || reader.header.fileFormat == header["fileFormat"] as? Int)
        #expect(reader.header.isStreaming == (header["streaming"] as? Bool ?? false))
        let top = try reader.groupTop()
        let tables = try #require(json["tables"] as? [[String: Any]])
        // A slot of a removed table (realm-core keeps table keys stable) has no ref and no name: not a class.
        #expect(top.tables.filter { $0.ref != nil }.map(\.name) == tables.compactMap { $0["name"] as? String }, "\(name): \(top.tables)")
        try reader.checkTree(from: reader.header.topRef)
    }
}
