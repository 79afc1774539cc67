#if canImport(CommonCrypto)
import CommonCrypto
#else
import CCrypto
#endif

/// The cryptography of encrypted `.realm` pages, from a library made for it (OpenSSL's libcrypto on Linux,
/// CommonCrypto on macOS), never written by hand: AES-256-CBC of whole 16-byte blocks without padding, and
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
        guard let context = EVP_CIPHER_CTX_new() else { throw Failure(message: "AES-256-CBC: no cipher context") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_CipherInit_ex(context, EVP_aes_256_cbc(), nil, key.bindMemory(to: UInt8.self).baseAddress,
                                iv.bindMemory(to: UInt8.self).baseAddress, encrypting ? 1 : 0) == 1
        else { throw Failure(message: "AES-256-CBC: the cipher would not start") }
        EVP_CIPHER_CTX_set_padding(context, 0)
        var written: Int32 = 0, finished: Int32 = 0
        let out = output.bindMemory(to: UInt8.self).baseAddress
        guard EVP_CipherUpdate(context, out, &written, input.bindMemory(to: UInt8.self).baseAddress, Int32(input.count)) == 1,
              EVP_CipherFinal_ex(context, out.map { $0 + Int(written) }, &finished) == 1,
              Int(written + finished) == input.count
        else { throw Failure(message: "AES-256-CBC failed") }
        #endif
    }

    /// The HMAC-SHA224 of `data` under `key`: 28 bytes.
    public static func hmacSHA224(key: UnsafeRawBufferPointer, data: UnsafeRawBufferPointer) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: 28)
        #if canImport(CommonCrypto)
        CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA224), key.baseAddress, key.count, data.baseAddress, data.count, &mac)
        #else
        var length: UInt32 = 28
        _ = HMAC(EVP_sha224(), key.baseAddress, Int32(key.count), data.bindMemory(to: UInt8.self).baseAddress, data.count, &mac, &length)
        #endif
        return mac
    }
}
