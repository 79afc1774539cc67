import Foundation

/// Python's zlib, run through `Process`: the reference the inflate tests compare against.
enum ZlibReference {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `bytes` deflated by Python's `zlib.compressobj` at `level`, with `wbits` 15 (zlib) or -15 (raw deflate).
    static func compress(_ bytes: [UInt8], level: Int, wbits: Int) throws -> [UInt8] {
        try compress(bytes, settings: [(level, wbits)])[0]
    }

    /// `bytes` deflated once for each (level, wbits) of `settings`, in one run of Python (each run costs a
    /// tenth of a second or more): the streams are written one after another, each after its 8-byte length.
    static func compress(_ bytes: [UInt8], settings: [(level: Int, wbits: Int)]) throws -> [[UInt8]] {
        let output = try python("""
            import struct, sys, zlib
            data = sys.stdin.buffer.read()
            for setting in sys.argv[1:]:
                level, wbits = map(int, setting.split(","))
                c = zlib.compressobj(level, zlib.DEFLATED, wbits)
                stream = c.compress(data) + c.flush()
                sys.stdout.buffer.write(struct.pack(">Q", len(stream)) + stream)
            """, arguments: settings.map { "\($0.level),\($0.wbits)" }, input: bytes)
        var streams: [[UInt8]] = [], offset = 0
        while offset + 8 <= output.count {
            let length = output[offset..<offset + 8].reduce(0) { $0 << 8 | Int($1) }
            offset += 8
            guard length <= output.count - offset else { break }
            streams.append(Array(output[offset..<offset + length]))
            offset += length
        }
        guard streams.count == settings.count, offset == output.count else {
            throw Failure(description: "python3 wrote \(streams.count) streams for \(settings.count) settings")
        }
        return streams
    }

    /// `bytes` inflated by Python's `zlib.decompress` with `wbits` 15 (zlib) or -15 (raw deflate).
    static func decompress(_ bytes: [UInt8], wbits: Int) throws -> [UInt8] {
        try python("""
            import sys, zlib
            sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read(), int(sys.argv[1])))
            """, arguments: [String(wbits)], input: bytes)
    }

    /// Runs `python3 -c script arguments…` with `input` on stdin and returns its stdout; throws when it fails.
    private static func python(_ script: String, arguments: [String], input: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write stdin on another thread: a large input would otherwise fill the pipe while python's output
        // fills the other one.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 failed (\(process.terminationStatus)): "
                + (String(data: errors, encoding: .utf8) ?? ""))
        }
        return [UInt8](output)
    }
}

/// Reproducible bytes that do not compress: a 64-bit linear congruential generator's high bytes.
func incompressibleBytes(count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
}

/// Text that compresses well, with enough variety for dynamic Huffman blocks and long back-references.
func compressibleText(lines: Int) -> [UInt8] {
    Array((0..<lines).map { "entity \($0 % 97) attribute z\($0 % 13) of type \($0 % 7)\n" }.joined().utf8)
}
