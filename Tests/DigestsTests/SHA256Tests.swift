import Digests
import Testing

/// FIPS 180-4 / NIST example vectors, including messages that end exactly at and just past a block's padding room.
@Suite struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func nistVectors(_ message: String, _ digest: String) {
        #expect(Self.hex(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test func aMillionAs() {
        var hasher = SHA256()
        for _ in 0..<1000 { hasher.update([UInt8](repeating: 0x61, count: 1000)) }
        #expect(Self.hex(hasher.digest()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Feeding the same bytes in pieces of every size gives the digest of feeding them at once.
    @Test func piecesGiveTheSameDigest() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let whole = SHA256.hash(bytes)
        for size in [1, 3, 55, 56, 63, 64, 65, 128] {
            var hasher = SHA256()
            var start = 0
            while start < bytes.count {
                hasher.update(Array(bytes[start..<min(start + size, bytes.count)]))
                start += size
            }
            #expect(hasher.digest() == whole, "pieces of \(size)")
        }
    }
}
