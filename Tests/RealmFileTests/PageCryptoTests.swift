import PageCrypto
import Testing

/// The library behind PageCrypto (libcrypto opened on first use on Linux, CommonCrypto on macOS) against published test
/// vectors: NIST SP 800-38A F.2.5/F.2.6 for AES-256-CBC, RFC 4231 for HMAC-SHA224.
@Suite struct PageCryptoTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    static let key = bytes("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
    static let iv = bytes("000102030405060708090a0b0c0d0e0f")
    static let plain = bytes("6bc1bee22e409f96e93d7e117393172a" + "ae2d8a571e03ac9c9eb76fac45af8e51")
    static let cipher = bytes("f58c4c04d6e5f1ba779eabfb5f7bfbd6" + "9cfc4e967edb808d679f777bc6702c7d")

    @Test func aes256CBCMatchesSP80038A() throws {
        var out = [UInt8](repeating: 0, count: 32)
        try Self.key.withUnsafeBytes { key in
            try Self.iv.withUnsafeBytes { iv in
                try Self.plain.withUnsafeBytes { input in
                    try out.withUnsafeMutableBytes { try PageCrypto.encryptAES256CBC(key: key, iv: iv, input: input, output: $0) }
                }
            }
        }
        #expect(out == Self.cipher)
        var back = [UInt8](repeating: 0, count: 32)
        try Self.key.withUnsafeBytes { key in
            try Self.iv.withUnsafeBytes { iv in
                try out.withUnsafeBytes { input in
                    try back.withUnsafeMutableBytes { try PageCrypto.decryptAES256CBC(key: key, iv: iv, input: input, output: $0) }
                }
            }
        }
        #expect(back == Self.plain)
    }

    @Test func partialBlocksAreRefused() {
        var out = [UInt8](repeating: 0, count: 32)
        #expect(throws: PageCrypto.Failure.self) {
            try Self.key.withUnsafeBytes { key in
                try Self.iv.withUnsafeBytes { iv in
                    try Self.plain.prefix(20).withUnsafeBytes { input in
                        try out.withUnsafeMutableBytes { try PageCrypto.decryptAES256CBC(key: key, iv: iv, input: input, output: $0) }
                    }
                }
            }
        }
    }

    @Test(arguments: [
        ("4a656665", Array("what do ya want for nothing?".utf8), "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44"),
        (String(repeating: "0b", count: 20), Array("Hi There".utf8), "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22"),
    ])
    func hmacSHA224MatchesRFC4231(key: String, data: [UInt8], mac: String) throws {
        let computed = try Self.bytes(key).withUnsafeBytes { key in try data.withUnsafeBytes { try PageCrypto.hmacSHA224(key: key, data: $0) } }
        #expect(computed == Self.bytes(mac))
    }
}
