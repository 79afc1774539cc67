import CZlib

/// Raw deflate (RFC 1951: no zlib header, no checksum), the compression of a store's `Z_MODELCACHE`: what
/// `Inflate.data(_:limit:)` and Python's `zlib.decompress(blob, -15)` read.
public enum Deflate {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `bytes` compressed in one call with `deflateInit2(level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY)`.
    /// - Throws: `Failure` with zlib's result code when zlib refuses (it does not for valid arguments).
    public static func raw(_ bytes: [UInt8], level: Int32 = 6) throws -> [UInt8] {
        var stream = z_stream()
        // deflateInit2 is a macro around deflateInit2_, which Swift does not import; call the function it names.
        var status = deflateInit2_(&stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
                                   Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw Failure(description: "deflate: deflateInit2 returned \(status)") }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
        let outputCount = output.count
        status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(outputCount)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw Failure(description: "deflate: deflate returned \(status)") }
        return Array(output[0..<Int(stream.total_out)])
    }
}
