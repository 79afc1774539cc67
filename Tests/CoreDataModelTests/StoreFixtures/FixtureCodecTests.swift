import Digests
import CoreDataModel
import CoreDataStoreFixtures
import Foundation
import Testing

/// The fixtures' own SHA-256 and raw deflate, against known answers and the readers.
@Suite struct FixtureCodecTests {
    /// FIPS 180-2 appendix B's examples and the empty message (one block, two blocks, no data).
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256GivesTheStandardsAnswers(_ message: String, _ digest: String) {
        let hex = SHA256.hash(Array(message.utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(hex == digest)
    }

    @Test(arguments: [0, 1, 100, 70_000])
    func rawDeflateInflatesBack(_ count: Int) throws {
        let text = compressibleText(lines: count / 40 + 1)
        let bytes = Array(text.prefix(count))
        let deflated = try Deflate.raw(bytes)
        #expect(try Inflate.data(deflated, limit: count + 1) == bytes)
        #expect(try ZlibReference.decompress(deflated, wbits: -15) == bytes)
    }
}
