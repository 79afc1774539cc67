import Digests
import Testing

/// The hex digest and streaming in pieces, as checksums of migration files and content digests use them.
@Suite struct SHA256HexTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func knownDigests(_ text: String, _ digest: String) {
        #expect(SHA256.hex(Array(text.utf8)) == digest)
    }

    @Test(arguments: [1, 3, 63, 64, 65, 200])
    func piecewiseUpdatesMatchOneShot(_ chunk: Int) {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var hasher = SHA256()
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            hasher.update(Array(bytes[start..<min(start + chunk, bytes.count)]))
        }
        #expect(hasher.finalize() == SHA256.hex(bytes))
    }
}
