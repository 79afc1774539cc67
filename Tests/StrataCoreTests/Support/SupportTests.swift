import Testing
@testable import StrataCore

@Suite struct SHA256Tests {
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

@Suite struct ISODateTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (1_767_225_600_000, "2026-01-01T00:00:00.000Z"),
        (1_795_987_709_123, "2026-11-29T21:28:29.123Z"),
        (-62_135_596_800_000, "0001-01-01T00:00:00.000Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
    ])
    func formats(_ milliseconds: Int64, _ text: String) {
        #expect(ISODate.format(unixMilliseconds: milliseconds) == text)
    }

    @Test func daysRoundTrip() {
        for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let (year, month, day) = ISODate.civil(fromDays: days)
            #expect(ISODate.days(year: year, month: month, day: day) == days)
        }
    }
}
