import Testing
@testable import StrataEdit
import StrataCore

@Suite struct BlobLimitTests {
    @Test(arguments: [
        ("1048576", 1_048_576), ("1", 1), ("512K", 512 * 1024), ("10M", 10 * 1024 * 1024), ("10m", 10 * 1024 * 1024),
        ("1G", 1 << 30), ("1GiB", 1 << 30), ("1gb", 1 << 30), ("2T", 2 << 40), ("100B", 100), (" 3M ", 3 << 20),
    ] as [(String, Int64)])
    func readsSizes(_ text: String, _ bytes: Int64) throws {
        #expect(try BlobLimit.parse(text) == bytes)
    }

    @Test(arguments: ["", "0", "-1", "1.5M", "10x", "M", "G1", "1 G", "99999999999999999999", "8388608T", "B", "iB"])
    func refusesWhatIsNotASize(_ text: String) {
        #expect(throws: StrataError.usage("--max-blob takes a size in bytes such as 1048576, 10M or 1G, not '\(text)'")) {
            try BlobLimit.parse(text)
        }
    }

    @Test(arguments: [(1 << 30, "1 GiB"), (10 << 20, "10 MiB"), (1024, "1 KiB"), (1000, "1000 bytes"), (1, "1 byte")] as [(Int64, String)])
    func describesLimits(_ bytes: Int64, _ text: String) {
        #expect(BlobLimit.describe(bytes) == text)
    }
}
