import SQLiteKit
import StrataCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of an import's input, read in chunks from a file descriptor: a regular file, or stdin.
///
/// Holds one chunk at a time, so that memory stays flat however long the input is; counts the bytes read for the
/// progress line.
public final class ImportInput {
    /// How the input is named in messages: its path, or `stdin`.
    public let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// The file's size when known (a regular file), for progress.
    public let size: Int64?
    public private(set) var bytesRead: Int64 = 0
    private var chunk: [UInt8]
    private var count = 0
    private var position = 0
    private var ended = false

    public static let chunkSize = 1 << 20

    /// Opens a regular file to read; a directory, FIFO or device is refused by name.
    public init(path: String) throws {
        switch Platform.openRegularFile(path) {
        case .success(let opened): (descriptor, size) = opened
        case .failure(.missing): throw StrataError("no such file: \(path)", code: .noSuchFile)
        case .failure(.directory): throw StrataError("\(path) is a directory, not a file to import")
        case .failure(.notRegular): throw StrataError("\(path) is not a regular file (a FIFO, device or socket): import reads regular files, or - for stdin")
        case .failure(.tooLarge): throw StrataError("cannot read \(path)")
        case .failure(.failed(let reason)): throw StrataError("cannot read \(path): \(reason)")
        }
        ownsDescriptor = true
        name = path
        chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// Reads an open descriptor (stdin), which it does not close.
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        ownsDescriptor = false
        self.name = name
        size = nil
        chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// Bytes from memory (tests, the fuzz target): the whole input, in one chunk.
    public init(bytes: [UInt8], name: String = "input") {
        descriptor = -1
        ownsDescriptor = false
        self.name = name
        size = Int64(bytes.count)
        chunk = bytes
        count = bytes.count
        ended = true
    }

    deinit { if ownsDescriptor { close(descriptor) } }

    /// Calls `body` with the next bytes not yet consumed (never empty), and consumes as many as it returns;
    /// false at the end of the input.
    /// - Throws: `StrataError` when reading fails.
    @inline(__always)
    public func withNextBytes(_ body: (UnsafeBufferPointer<UInt8>) throws -> Int) throws -> Bool {
        if position >= count {
            guard try refill() else { return false }
        }
        let used = try chunk.withUnsafeBufferPointer { buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[position..<count]))
        }
        position += used
        return true
    }

    /// The next byte without consuming it; nil at the end.
    func peek() throws -> UInt8? {
        if position >= count {
            guard try refill() else { return nil }
        }
        return chunk[position]
    }

    func advance() { position += 1 }

    /// The format the first bytes show, without consuming them: `[` is a JSON array, `{` NDJSON, anything else
    /// CSV (a byte order mark and whitespace skipped).
    public func sniffFormat() throws -> Importer.Format {
        if position >= count { _ = try refill() }
        var index = position
        if count - index >= 3 && chunk[index] == 0xEF && chunk[index + 1] == 0xBB && chunk[index + 2] == 0xBF { index += 3 }
        while index < count, [0x20, 0x09, 0x0A, 0x0D].contains(chunk[index]) { index += 1 }
        guard index < count else { return .csv }
        switch chunk[index] {
        case UInt8(ascii: "["): return .json
        case UInt8(ascii: "{"): return .ndjson
        default: return .csv
        }
    }

    private func refill() throws -> Bool {
        guard !ended else { return false }
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR {
                if InterruptSignal.fired { throw StrataError.interrupted }
                continue
            }
            guard got >= 0 else { throw StrataError("cannot read \(name): \(Platform.errorText())") }
            if got == 0 {
                ended = true
                return false
            }
            count = got
            position = 0
            bytesRead += Int64(got)
            return true
        }
    }
}
