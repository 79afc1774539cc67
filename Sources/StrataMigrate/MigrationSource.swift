#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataCore

/// Where a `.sql` migration's bytes are, read block by block so that a file of any size is never in memory whole:
/// the file on disk, or bytes already in memory (SQL given as text, a file made by a test).
///
/// A file is read whole once when it is loaded (`MigrationFile.read`), which checks its text, takes its SHA-256 and
/// a fingerprint of each block; every later read (its statements found, run, linted, printed) compares each block
/// with its fingerprint before using it, so that what runs is what was checked and what the history's checksum says,
/// or the read fails saying the file changed.
final class MigrationSource: Sendable {
    /// The bytes are read in blocks of this many (the last one shorter).
    let blockSize: Int
    let storage: Storage

    enum Storage: Sendable {
        case bytes([UInt8])
        /// The file at `path` of `size` bytes, with the fingerprint of each block as it was loaded.
        case file(path: String, displayName: String, size: Int, fingerprints: [UInt64])
    }

    /// 256 KiB: large enough that a block's system call and its statements' chunk cost nothing next to running
    /// them, small enough that the few held at a time stay well under the memory the process starts with.
    static let defaultBlockSize = 1 << 18

    init(storage: Storage, blockSize: Int = defaultBlockSize) {
        self.storage = storage
        self.blockSize = max(blockSize, 16)
    }

    var count: Int {
        switch storage {
        case .bytes(let bytes): bytes.count
        case .file(_, _, let size, _): size
        }
    }

    /// Calls `body` with the bytes of `range`, in order, a block (or the part of one in the range) at a time;
    /// each block of a file is compared with its fingerprint first.
    /// - Throws: `StrataError` "cannot read PATH: reason", or "NAME changed since it was read: …" when a block
    ///   differs from what was loaded; what `body` throws.
    func forEachBlock(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard !range.isEmpty else { return }
        switch storage {
        case .bytes(let bytes):
            try bytes.withUnsafeBufferPointer { all in
                var start = range.lowerBound
                while start < range.upperBound {
                    let end = min(range.upperBound, (start / blockSize + 1) * blockSize)
                    try body(UnsafeBufferPointer(rebasing: all[start..<end]))
                    start = end
                }
            }
        case .file(let path, let displayName, let size, let fingerprints):
            let descriptor: Int32
            switch Platform.openRegularFile(path) {
            case .success(let opened): descriptor = opened.descriptor
            case .failure(let refusal): throw StrataError("cannot read \(path): \(Self.describe(refusal))")
            }
            defer { close(descriptor) }
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: blockSize)
            defer { buffer.deallocate() }
            var block = range.lowerBound / blockSize
            while block * blockSize < range.upperBound {
                let blockStart = block * blockSize
                let expected = min(blockSize, size - blockStart)
                let got = try Self.read(descriptor, into: buffer, count: expected, at: blockStart, path: path)
                let bytes = UnsafeBufferPointer(rebasing: buffer[0..<got])
                guard got == expected, block < fingerprints.count, Self.fingerprint(bytes) == fingerprints[block] else {
                    throw StrataError("\(displayName) changed since it was read (bytes \(blockStart) to \(blockStart + expected)): "
                                      + "run again once it is written", code: .invalidMigration)
                }
                let lower = max(range.lowerBound, blockStart) - blockStart, upper = min(range.upperBound, blockStart + got) - blockStart
                try body(UnsafeBufferPointer(rebasing: bytes[lower..<upper]))
                block += 1
            }
        }
    }

    /// Reads up to `count` bytes at `offset`, retrying short reads; fewer only at the end of the file.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int, at offset: Int, path: String) throws -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var got = 0
        while got < count {
            let read = pread(descriptor, base + got, count - got, off_t(offset + got))
            if read < 0 && errno == EINTR { continue }
            if read < 0 { throw StrataError("cannot read \(path): \(Platform.errorText())") }
            if read == 0 { break }
            got += read
        }
        return got
    }

    static func describe(_ refusal: Platform.ReadRefusal) -> String {
        switch refusal {
        case .missing: "it is gone (removed while being read)"
        case .directory: "it is a directory"
        case .notRegular: "it is not a regular file (a FIFO, device or socket)"
        case .tooLarge: "it is too large"
        case .failed(let reason): reason
        }
    }

    /// A 64-bit fingerprint of a block: a multiply-and-rotate hash over its 8-byte words and its length, which any
    /// edit changes but for a one-in-2⁶⁴ chance. Not a checksum of record (the SHA-256 is): it only tells a block
    /// read again from the one loaded, at a few gigabytes a second.
    static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = ((hash ^ word) &* 0x9E37_79B9_7F4A_7C15)
            hash ^= hash >> 32
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail ^ (shift << 56)) &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 31)
    }
}
