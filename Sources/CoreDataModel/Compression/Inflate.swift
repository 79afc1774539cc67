import CZlib

/// Inflates deflate-compressed bytes with zlib, as Core Data's `Z_MODELCACHE.Z_CONTENT` needs.
///
/// Core Data writes the model cache as *raw* deflate (RFC 1951, no header or checksum: what Apple's Compression
/// framework calls `COMPRESSION_ZLIB`); zlib-wrapped data (RFC 1950) is accepted as well, told apart by its
/// two-byte header. The output is bounded by `limit`, so a small blob cannot inflate into gigabytes, and every
/// failure is a one-line `ModelReadError` naming the byte of the input where it was found.
public enum Inflate {
    /// The two framings of a deflate stream.
    public enum Format: Sendable, Equatable {
        /// RFC 1950: a two-byte header, the deflate stream, an Adler-32 checksum.
        case zlib
        /// RFC 1951: the deflate stream alone.
        case rawDeflate
    }

    /// The format `bytes` is in: `.zlib` when they open with a valid zlib header (method 8, a window of at most
    /// 32 KiB, the header check bits right), `.rawDeflate` otherwise.
    public static func format(of bytes: [UInt8]) -> Format {
        guard bytes.count >= 2 else { return .rawDeflate }
        let method = bytes[0] & 0x0F, windowLog = bytes[0] >> 4
        let header = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
        return method == 8 && windowLog <= 7 && header % 31 == 0 ? .zlib : .rawDeflate
    }

    /// The inflated bytes of `bytes`, a zlib or raw deflate stream (see `format(of:)`).
    ///
    /// Streams through `inflate()` a chunk at a time; memory stays within `limit` plus one chunk.
    /// - Throws: `ModelReadError` when the input is empty, ends before the stream does, is corrupt, or would
    ///   inflate to more than `limit` bytes.
    public static func data(_ bytes: [UInt8], limit: Int) throws -> [UInt8] {
        try data(bytes, limit: limit, chunkSize: 64 * 1024)
    }

    /// `data(_:limit:)` with the size of the chunks fed to and taken from `inflate()`; tests make it small.
    static func data(_ bytes: [UInt8], limit: Int, chunkSize: Int) throws -> [UInt8] {
        guard !bytes.isEmpty else { throw ModelReadError("model cache: the compressed data is empty") }
        let chunk = max(1, min(chunkSize, Int(UInt32.max)))
        let windowBits: Int32 = format(of: bytes) == .zlib ? 15 : -15

        var stream = z_stream()
        let started = strata_inflate_init2(&stream, windowBits)
        guard started == Z_OK else {
            throw ModelReadError("model cache: zlib could not start inflating (\(describe(started, stream)))")
        }
        defer { inflateEnd(&stream) }

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        return try bytes.withUnsafeBufferPointer { input -> [UInt8] in
            guard let base = input.baseAddress else { return [] }
            var fed = 0
            while true {
                if stream.avail_in == 0 && fed < input.count {
                    let size = min(chunk, input.count - fed)
                    stream.next_in = UnsafeMutablePointer(mutating: base + fed)
                    stream.avail_in = UInt32(size)
                    fed += size
                }
                let (code, produced) = buffer.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    let code = inflate(&stream, Z_NO_FLUSH)
                    return (code, out.count - Int(stream.avail_out))
                }
                let position = fed - Int(stream.avail_in)
                guard produced <= limit - output.count else {
                    throw ModelReadError(
                        "model cache: the data inflates to more than the limit of \(limit) bytes (at byte \(position))")
                }
                output.append(contentsOf: buffer[0..<produced])
                switch code {
                case Z_STREAM_END:
                    guard position == input.count else {
                        throw ModelReadError(
                            "model cache: \(input.count - position) bytes follow the end of the compressed data (at byte \(position))")
                    }
                    return output
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0 && fed == input.count:
                    throw ModelReadError("model cache: the compressed data ends early (at byte \(input.count))")
                case Z_NEED_DICT:
                    throw ModelReadError("model cache: the compressed data needs a preset dictionary (at byte \(position))")
                case Z_DATA_ERROR:
                    throw ModelReadError("model cache: the compressed data is corrupt at byte \(position) (\(describe(code, stream)))")
                default:
                    throw ModelReadError("model cache: inflating failed at byte \(position) (\(describe(code, stream)))")
                }
            }
        }
    }

    /// zlib's own message for a failure when it gave one, else the name of the return code.
    private static func describe(_ code: Int32, _ stream: z_stream) -> String {
        if let message = stream.msg { return String(cString: message) }
        switch code {
        case Z_MEM_ERROR: return "out of memory"
        case Z_VERSION_ERROR: return "incompatible zlib version"
        case Z_STREAM_ERROR: return "stream error"
        case Z_BUF_ERROR: return "no progress possible"
        default: return "code \(code)"
        }
    }
}
