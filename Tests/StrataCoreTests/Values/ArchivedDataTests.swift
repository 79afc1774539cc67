import Testing
@testable import StrataCore

@Suite struct ArchivedDataTests {
    /// What is not a keyed archive has no class, whatever it starts with: never a crash.
    @Test(arguments: [
        [UInt8](),
        Array("bplist00".utf8),
        Array("bplist00".utf8) + [0xFF, 0xFF, 0xFF],
        Array("bplist00".utf8) + [UInt8](repeating: 0, count: 40),
        Array("not a plist at all".utf8),
    ])
    func dataThatIsNoArchiveHasNoClass(_ bytes: [UInt8]) {
        #expect(bytes.withUnsafeBytes { ArchivedData.rootClassName($0) } == nil)
    }

    /// A binary property list that is not an archive (a plain dictionary, as `plistlib` writes it) has none either.
    @Test func aPlainPropertyListHasNoClass() {
        // {"a": 1} written by python3 plistlib.dumps(fmt=FMT_BINARY).
        let bytes: [UInt8] = [
            0x62, 0x70, 0x6c, 0x69, 0x73, 0x74, 0x30, 0x30, 0xd1, 0x01, 0x02, 0x51, 0x61, 0x10, 0x01, 0x08, 0x0b, 0x0d,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0f,
        ]
        #expect(bytes.withUnsafeBytes { ArchivedData.rootClassName($0) } == nil)
    }
}
