/// The 24-byte header at the start of every unencrypted `.realm` file, and the streaming footer when there is one.
///
/// Layout (realm-core `alloc_slab.hpp`, `struct Header` / `struct StreamingFooter`; `alloc_slab.cpp`
/// `validate_header`): two 8-byte top refs, `T-DB`, one file-format byte per slot, a reserved byte and a flags byte
/// whose bit 0 selects the active slot. A file written by `Group::write` (compaction, "write copy", bundled seed
/// files) is in *streaming form*: top ref 0 is `0xFFFF_FFFF_FFFF_FFFF`, and the real top ref sits in a 16-byte footer
/// at the very end, followed by the magic cookie `0x3034125237E526C8`.
public struct RealmFileHeader: Sendable, Equatable {
    /// The header's size in bytes; no node may start inside it.
    public static let size = 24
    /// The streaming footer's size: the real top ref, then the cookie.
    public static let footerSize = 16
    /// The mnemonic at bytes 16–19.
    public static let mnemonic: [UInt8] = Array("T-DB".utf8)
    /// Top ref 0 of a file in streaming form.
    public static let streamingTopRef: UInt64 = 0xFFFF_FFFF_FFFF_FFFF
    /// The last 8 bytes of a file in streaming form.
    public static let footerMagicCookie: UInt64 = 0x3034_1252_37E5_26C8
    /// The file formats this reader understands: the column layout of realm core 0.x–5 (2–9) and the cluster
    /// layout of realm core 6 and later (10–24).
    public static let supportedFormats: Set<Int> = Set(2...9).union([10, 11, 20, 21, 22, 23, 24])

    /// The two top refs as stored (slot 0, slot 1).
    public let topRefs: [UInt64]
    /// The two file-format bytes as stored (slot 0, slot 1).
    public let slotFormats: [UInt8]
    /// The flags byte (offset 23).
    public let flags: UInt8
    /// The slot the flags select (0 or 1).
    public let activeSlot: Int
    /// True when the file is in streaming form (the top ref comes from the footer).
    public let isStreaming: Bool
    /// The top ref of the current version: the group's top array, or 0 for a file with nothing committed.
    public let topRef: UInt64
    /// The file format of the active slot (0 in a new empty file: "undecided").
    public let fileFormat: Int
    /// Where node data ends: the file size, less the footer in streaming form.
    public let dataEnd: Int
}

extension RealmFileHeader {
    /// Reads and checks the header (and footer) of `bytes`, a whole file.
    ///
    /// Checks, in realm-core's order: the size, `T-DB` (a missing one on a file shaped like an encrypted realm gives
    /// the encrypted refusal), the streaming footer, the top ref's alignment and range, then the file format.
    /// - Throws: `RealmReadError` naming `name` and what is wrong.
    public static func read(_ bytes: RealmBytes, name: String) throws -> RealmFileHeader {
        let size = bytes.count
        guard size >= Self.size else {
            throw RealmReadError(.notRealm, "\(name): not a realm file (\(size) bytes is smaller than the 24-byte header)")
        }
        guard (16..<20).map({ bytes[$0] }) == mnemonic else {
            if looksEncrypted(prefix: (0..<min(32, size)).map { bytes[$0] }, size: size) {
                throw RealmReadError(.encrypted, "\(name) is encrypted: give its key with --key-file PATH or the STRATA_REALM_KEY variable")
            }
            throw RealmReadError(.notRealm, "\(name): not a realm file (no T-DB at offset 16)")
        }
        guard size % 8 == 0 else {
            throw RealmReadError(.damaged, "\(name): file size \(size) is not a multiple of 8 (the file is truncated)")
        }
        let topRefs = [bytes.uint64(at: 0), bytes.uint64(at: 8)]
        let slotFormats = [bytes[20], bytes[21]]
        let flags = bytes[23]
        let slot = Int(flags & 1)
        var topRef = topRefs[slot]
        var streaming = false
        var dataEnd = size
        if slot == 0 && topRef == streamingTopRef {
            guard size >= Self.size + footerSize else {
                throw RealmReadError(.damaged, "\(name): streaming-form file of \(size) bytes has no room for its 16-byte footer")
            }
            let cookie = bytes.uint64(at: size - 8)
            guard cookie == footerMagicCookie else {
                throw RealmReadError(.damaged, "\(name): streaming footer at offset \(size - footerSize): magic cookie "
                    + "0x\(String(cookie, radix: 16)) is not 0x\(String(footerMagicCookie, radix: 16)) (the file is truncated or damaged)")
            }
            topRef = bytes.uint64(at: size - footerSize)
            streaming = true
            dataEnd = size - footerSize
        }
        guard topRef % 8 == 0 else {
            throw RealmReadError(.damaged, "\(name): top ref \(topRef) is not 8-byte aligned")
        }
        let format = Int(slotFormats[slot])
        if topRef != 0 {
            guard topRef >= UInt64(Self.size) else {
                throw RealmReadError(.damaged, "\(name): top ref \(topRef) points into the 24-byte file header")
            }
            guard topRef < UInt64(dataEnd) else {
                throw RealmReadError(.damaged, "\(name): top ref \(topRef) is outside the file (data ends at offset \(dataEnd))")
            }
        }
        // A new file has top ref 0 and format 0 ("undecided"): an empty realm, readable as such.
        if !(topRef == 0 && format == 0) {
            try checkFormat(format, name: name)
        }
        return RealmFileHeader(topRefs: topRefs, slotFormats: slotFormats, flags: flags, activeSlot: slot,
                               isStreaming: streaming, topRef: topRef, fileFormat: format, dataEnd: dataEnd)
    }

    /// Refuses a format this reader does not read, naming it.
    static func checkFormat(_ format: Int, name: String) throws {
        if supportedFormats.contains(format) { return }
        throw RealmReadError(.unsupportedFormat(format),
            "\(name): realm file format \(format) is not supported (strata reads formats 2 to 11 and 20 to 24)")
    }

    /// True for formats 2–9 (realm core 5 and earlier): tables are a spec and one B+tree per column, objects are
    /// addressed by row index.
    public var isLegacyLayout: Bool { (2...9).contains(fileFormat) }

    /// An encrypted realm has no plaintext header: it is made of 4096-byte pages, the first a metadata page of
    /// 64-byte IV-table entries whose first field, `iv1`, is a small non-zero counter
    /// (realm-core `util/encrypted_file_mapping.cpp`). That shape, without `T-DB`, is taken as encryption.
    /// - Parameters:
    ///   - prefix: the file's first 32 bytes (fewer for a shorter file);
    ///   - size: the file's size.
    public static func looksEncrypted(prefix: [UInt8], size: Int) -> Bool {
        guard size >= 8192, size % 4096 == 0, prefix.count >= 32 else { return false }
        let iv1 = UInt32(prefix[0]) | UInt32(prefix[1]) << 8 | UInt32(prefix[2]) << 16 | UInt32(prefix[3]) << 24
        guard iv1 != 0, iv1 < 1 << 24 else { return false }
        // The HMAC after iv1 is high-entropy: require it not to be all zeros.
        return prefix[4..<32].contains { $0 != 0 }
    }
}
