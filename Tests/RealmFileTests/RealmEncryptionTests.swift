import Foundation
import PageCrypto
import Testing
@testable import RealmFile

/// Encrypted files of every shape realm-core's layout allows, built here with libcrypto as realm-core writes them
/// (`AESCryptor::write`: a metadata page before each run of up to 64 data pages, each page's IV and HMAC in its
/// entry), then read back: more than one block, keys of all zero bytes and all 0xff, a page never written, a write
/// interrupted after its new IV, a wrong key, a damaged page. The fixtures realm-core itself encrypted
/// (`Files/…/encrypted.realm`) are read in `RealmFixtureFileTests`.
@Suite struct RealmEncryptionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/Realm/Files").standardized

    /// `plain` (padded to whole pages) encrypted under `key`; pages in `unwritten` are left as never written, and
    /// pages in `interrupted` carry their IV and HMAC in the second slot, the first holding a newer write's.
    static func encrypt(_ plain: [UInt8], key: [UInt8], unwritten: Set<Int> = [], interrupted: Set<Int> = []) throws -> [UInt8] {
        let pageSize = 4096
        var data = plain
        data += [UInt8](repeating: 0, count: (pageSize - data.count % pageSize) % pageSize)
        let pages = data.count / pageSize
        let blocks = (pages + 63) / 64
        var file = [UInt8](repeating: 0, count: (pages + blocks) * pageSize)
        try key.withUnsafeBytes { key in
            let aes = UnsafeRawBufferPointer(rebasing: key[0..<32]), mac = UnsafeRawBufferPointer(rebasing: key[32..<64])
            for page in 0..<pages where !unwritten.contains(page) {
                let block = page / 64, offset = (page + block + 1) * pageSize
                let entry = block * 65 * pageSize + (page % 64) * 64
                let iv = UInt32(5 + page)
                var vector = [UInt8](repeating: 0, count: 16)
                withUnsafeBytes(of: iv.littleEndian) { vector.replaceSubrange(0..<4, with: $0) }
                withUnsafeBytes(of: UInt64(page * pageSize).littleEndian) { vector.replaceSubrange(4..<12, with: $0) }
                var cipher = [UInt8](repeating: 0, count: pageSize)
                try data.withUnsafeBytes { data in
                    try vector.withUnsafeBytes { vector in
                        try cipher.withUnsafeMutableBytes { output in
                            try PageCrypto.encryptAES256CBC(key: aes, iv: vector, input: UnsafeRawBufferPointer(rebasing: data[(page * pageSize)..<((page + 1) * pageSize)]),
                                                            output: output)
                        }
                    }
                }
                file.replaceSubrange(offset..<(offset + pageSize), with: cipher)
                let hmac = try cipher.withUnsafeBytes { try PageCrypto.hmacSHA224(key: mac, data: $0) }
                var slot = [UInt8](repeating: 0, count: 64)
                let at = interrupted.contains(page) ? 32 : 0
                withUnsafeBytes(of: iv.littleEndian) { slot.replaceSubrange(at..<(at + 4), with: $0) }
                slot.replaceSubrange((at + 4)..<(at + 32), with: hmac)
                if interrupted.contains(page) {
                    // The newer write's IV and HMAC, whose page never reached the file.
                    withUnsafeBytes(of: (iv + 1).littleEndian) { slot.replaceSubrange(0..<4, with: $0) }
                    slot.replaceSubrange(4..<32, with: [UInt8](repeating: 0xAB, count: 28))
                }
                file.replaceSubrange(entry..<(entry + 64), with: slot)
            }
        }
        return file
    }

    static func plain(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: root.appendingPathComponent(name))) }

    static func decrypt(_ file: [UInt8], key: [UInt8]) throws -> [UInt8] {
        try file.withUnsafeBytes { try RealmEncryption.decrypt($0, key: key, name: "app.realm") }
    }

    @Test(arguments: [Array(0..<64) as [UInt8], [UInt8](repeating: 0, count: 64), [UInt8](repeating: 0xFF, count: 64)])
    func aFileOfTwoBlocksReadsBackUnderAnyKey(_ key: [UInt8]) throws {
        let plain = try Self.plain("big-values.realm")
        #expect(plain.count > 64 * 4096, "the file should need a second block")
        let file = try Self.encrypt(plain, key: key)
        let read = try Self.decrypt(file, key: key)
        #expect(Array(read.prefix(plain.count)) == plain)
        // Read as a file: the same group as the plain file's.
        let path = NSTemporaryDirectory() + "strata-encrypted-\(UUID().uuidString).realm"
        try Data(file).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let encrypted = try RealmFileReader(contentsOf: path, name: "app.realm", key: key)
        let reference = try RealmFileReader(bytes: plain, name: "app.realm")
        #expect(encrypted.isDecrypted)
        #expect(try encrypted.groupTop().tables.map(\.name) == reference.groupTop().tables.map(\.name))
        try encrypted.checkTree(from: encrypted.header.topRef)
    }

    @Test func aPageNeverWrittenReadsAsZerosAndAnInterruptedWriteAsBefore() throws {
        let key = Array(0..<64) as [UInt8]
        let plain = try Self.plain("big-values.realm")
        let read = try Self.decrypt(try Self.encrypt(plain, key: key, unwritten: [70], interrupted: [3, 65]), key: key)
        #expect(read[(70 * 4096)..<(71 * 4096)].allSatisfy { $0 == 0 })
        #expect(read[(3 * 4096)..<(4 * 4096)] == plain[(3 * 4096)..<(4 * 4096)])
        #expect(read[(65 * 4096)..<(66 * 4096)] == plain[(65 * 4096)..<(66 * 4096)])
    }

    @Test func aWrongKeyADamagedPageAndATruncatedFileAreSaid() throws {
        let key = Array(0..<64) as [UInt8]
        var file = try Self.encrypt(try Self.plain("big-values.realm"), key: key)
        #expect(throws: RealmReadError(.encrypted, "the key does not open app.realm (its first page fails authentication)")) {
            try Self.decrypt(file, key: [UInt8](repeating: 0xFF, count: 64))
        }
        // Data page 64 is the second block's first: after its metadata page, at (64 + 2) × 4096.
        file[66 * 4096 + 10] ^= 0x40
        #expect(throws: RealmReadError(.damaged, "app.realm: encrypted page 64 (at offset 270336) fails authentication: the file is damaged")) {
            try Self.decrypt(file, key: key)
        }
        #expect(throws: RealmReadError.self) { try Self.decrypt(Array(file.prefix(4096 * 5 + 100)), key: key) }
        #expect(throws: RealmReadError.self) { try Self.decrypt(Array(file.prefix(4096)), key: key) }
    }

    @Test(arguments: [
        ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f\n", true),
        ("  " + String(repeating: "FF", count: 64) + "\r\n", true),
        (String(repeating: "ab", count: 63), false),
        (String(repeating: "zz", count: 64), false),
    ])
    func aKeyIsHexDigitsOrSixtyFourBytes(_ text: String, _ valid: Bool) throws {
        if valid {
            #expect(try RealmEncryption.key(from: Array(text.utf8), source: "key").count == 64)
        } else {
            #expect(throws: RealmReadError.self) { try RealmEncryption.key(from: Array(text.utf8), source: "key") }
        }
        #expect(try RealmEncryption.key(from: [UInt8](repeating: 7, count: 64), source: "key") == [UInt8](repeating: 7, count: 64))
    }
}
