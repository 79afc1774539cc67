#if canImport(CommonCrypto)
import CommonCrypto
#else
import CCrypto
#endif

/// The cryptography of encrypted `.realm` pages, from a library made for it (OpenSSL's libcrypto on Linux, loaded on
/// first use; CommonCrypto on macOS), never written by hand: AES-256-CBC of whole 16-byte blocks without padding, and
/// HMAC-SHA224. The one place Strata touches cryptography.
public enum PageCrypto {
    public struct Failure: Error, Equatable {
        public let message: String
    }

    /// Decrypts `input` (a multiple of 16 bytes) into `output` (as long) with AES-256 in CBC mode, no padding.
    /// - Parameters:
    ///   - key: 32 bytes.
    ///   - iv: 16 bytes.
    public static func decryptAES256CBC(key: UnsafeRawBufferPointer, iv: UnsafeRawBufferPointer, input: UnsafeRawBufferPointer,
                                        output: UnsafeMutableRawBufferPointer) throws
    {
        try aes256CBC(encrypting: false, key: key, iv: iv, input: input, output: output)
    }

    /// Encrypts `input` into `output` the same way: what realm-core writes, for tests that build encrypted files of
    /// every shape.
    public static func encryptAES256CBC(key: UnsafeRawBufferPointer, iv: UnsafeRawBufferPointer, input: UnsafeRawBufferPointer,
                                        output: UnsafeMutableRawBufferPointer) throws
    {
        try aes256CBC(encrypting: true, key: key, iv: iv, input: input, output: output)
    }

    private static func aes256CBC(encrypting: Bool, key: UnsafeRawBufferPointer, iv: UnsafeRawBufferPointer, input: UnsafeRawBufferPointer,
                                  output: UnsafeMutableRawBufferPointer) throws
    {
        guard key.count == 32, iv.count == 16, input.count % 16 == 0, output.count >= input.count else {
            throw Failure(message: "AES-256-CBC needs a 32-byte key, a 16-byte IV and whole blocks")
        }
        #if canImport(CommonCrypto)
        var moved = 0
        let status = CCCrypt(CCOperation(encrypting ? kCCEncrypt : kCCDecrypt), CCAlgorithm(kCCAlgorithmAES), 0, key.baseAddress, 32,
                             iv.baseAddress, input.baseAddress, input.count, output.baseAddress, output.count, &moved)
        guard status == kCCSuccess, moved == input.count else { throw Failure(message: "AES-256-CBC failed (\(status))") }
        #else
        guard strata_crypto_aes256_cbc(encrypting ? 1 : 0, key.bindMemory(to: UInt8.self).baseAddress,
                                       iv.bindMemory(to: UInt8.self).baseAddress, input.bindMemory(to: UInt8.self).baseAddress,
                                       input.count, output.bindMemory(to: UInt8.self).baseAddress) == 1
        else { throw Failure(message: String(cString: strata_crypto_error())) }
        #endif
    }

    /// The HMAC-SHA224 of `data` under `key`: 28 bytes.
    ///
    /// - Throws: `Failure` when the library cannot be loaded (Linux loads libcrypto on first use) or fails.
    public static func hmacSHA224(key: UnsafeRawBufferPointer, data: UnsafeRawBufferPointer) throws -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: 28)
        #if canImport(CommonCrypto)
        CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA224), key.baseAddress, key.count, data.baseAddress, data.count, &mac)
        #else
        guard strata_crypto_hmac_sha224(key.baseAddress, key.count, data.bindMemory(to: UInt8.self).baseAddress, data.count, &mac) == 1
        else { throw Failure(message: String(cString: strata_crypto_error())) }
        #endif
        return mac
    }
}
