import PageCrypto

/// An encrypted `.realm` file's pages, decrypted into memory with the file's 64-byte key (realm-core's
/// `util/encrypted_file_mapping.cpp`, whose layout comment and `AESCryptor` are the reference; the manual's REALM
/// FILES section describes it).
///
/// The file is blocks of one metadata page and up to 64 data pages, each page 4,096 bytes. Entry `i` (64 bytes) of a
/// block's metadata page belongs to data page `i` of the block: `iv1` (u32), the HMAC-SHA224 of the page's ciphertext
/// (28 bytes), then `iv2` and its HMAC, the values before the last write (which realm-core falls back to when a write
/// was interrupted between the two). A page is AES-256-CBC under the key's first 32 bytes, with the IV `iv || data
/// position` (u32 then u64, little-endian, in 16 bytes); the HMAC is under the key's last 32. A page whose `iv1` is 0
/// was never written and reads as zeros. The plaintext never leaves memory.
public enum RealmEncryption {
    static let pageSize = 4096
    static let pagesPerBlock = 64

    /// A key as a user gives it: 128 hex digits (spaces and a trailing newline allowed around them), or the 64 raw
    /// bytes of a key file.
    /// - Throws: `RealmReadError` of kind `.io` saying what the key should be.
    public static func key(from bytes: [UInt8], source: String) throws -> [UInt8] {
        if bytes.count == 64 { return bytes }
        let digits = bytes.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard digits.count == 128 else {
            throw RealmReadError(.io, "\(source): a Realm key is 128 hex digits or 64 bytes, not \(bytes.count) bytes")
        }
        var key: [UInt8] = []
        key.reserveCapacity(64)
        for pair in stride(from: 0, to: 128, by: 2) {
            guard let high = hexValue(digits[pair]), let low = hexValue(digits[pair + 1]) else {
                throw RealmReadError(.io, "\(source): a Realm key is 128 hex digits or 64 bytes; this one has a character that is no hex digit")
            }
            key.append(high << 4 | low)
        }
        return key
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The data (plaintext) of the encrypted file `file`.
    /// - Throws: `RealmReadError`: a size that is not whole pages (truncated), the first page failing authentication
    ///   (a wrong key: `the key does not open app.realm`), another page failing it (damage, naming the page).
    public static func decrypt(_ file: UnsafeRawBufferPointer, key: [UInt8], name: String) throws -> [UInt8] {
        guard key.count == 64 else { throw RealmReadError(.io, "\(name): a Realm key is 64 bytes, not \(key.count)") }
        guard file.count % pageSize == 0, file.count >= 2 * pageSize else {
            throw RealmReadError(.damaged, "\(name): an encrypted realm is whole pages of 4096 bytes, at least two, "
                                 + "and this one is \(file.count) bytes (the file is truncated)")
        }
        let filePages = file.count / pageSize
        let blocks = (filePages + pagesPerBlock) / (pagesPerBlock + 1)
        let dataPages = filePages - blocks
        var plain = [UInt8](repeating: 0, count: dataPages * pageSize)
        try key.withUnsafeBytes { key in
            let aesKey = UnsafeRawBufferPointer(rebasing: key[0..<32]), macKey = UnsafeRawBufferPointer(rebasing: key[32..<64])
            try plain.withUnsafeMutableBytes { plain in
                for page in 0..<dataPages {
                    // Data page `page` follows its block's metadata page and the block's pages before it.
                    let block = page / pagesPerBlock
                    let metadata = block * (pagesPerBlock + 1) * pageSize + (page % pagesPerBlock) * 64
                    let offset = (page + block + 1) * pageSize
                    let ciphertext = UnsafeRawBufferPointer(rebasing: file[offset..<(offset + pageSize)])
                    let entry = UnsafeRawBufferPointer(rebasing: file[metadata..<(metadata + 64)])
                    let iv1 = entry.loadUnaligned(fromByteOffset: 0, as: UInt32.self).littleEndian
                    if iv1 == 0 { continue }
                    let mac: [UInt8]
                    do {
                        mac = try PageCrypto.hmacSHA224(key: macKey, data: ciphertext)
                    } catch let failure as PageCrypto.Failure {
                        throw RealmReadError(.io, "\(name): page \(page): \(failure.message)")
                    }
                    var iv = iv1
                    if !mac.elementsEqual(entry[4..<32]) {
                        // The write of the page after its new IV and HMAC was interrupted: the old ones still fit.
                        let iv2 = entry.loadUnaligned(fromByteOffset: 32, as: UInt32.self).littleEndian
                        guard iv2 != 0, mac.elementsEqual(entry[36..<64]) else {
                            if page == 0 {
                                throw RealmReadError(.encrypted, "the key does not open \(name) (its first page fails authentication)")
                            }
                            throw RealmReadError(.damaged, "\(name): encrypted page \(page) (at offset \(offset)) "
                                                 + "fails authentication: the file is damaged")
                        }
                        iv = iv2
                    }
                    var vector = [UInt8](repeating: 0, count: 16)
                    withUnsafeBytes(of: iv.littleEndian) { vector.replaceSubrange(0..<4, with: $0) }
                    withUnsafeBytes(of: UInt64(page * pageSize).littleEndian) { vector.replaceSubrange(4..<12, with: $0) }
                    try vector.withUnsafeBytes { vector in
                        do {
                            try PageCrypto.decryptAES256CBC(key: aesKey, iv: vector, input: ciphertext,
                                                            output: UnsafeMutableRawBufferPointer(rebasing: plain[(page * pageSize)..<((page + 1) * pageSize)]))
                        } catch let failure as PageCrypto.Failure {
                            throw RealmReadError(.io, "\(name): page \(page): \(failure.message)")
                        }
                    }
                }
            }
        }
        return plain
    }
}
