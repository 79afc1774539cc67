import CMappedFile
import Foundation

/// The bytes of a `.realm` file: a read-only memory mapping of the file, or a copy held in memory.
///
/// Everything that reads nodes holds this object, so the bytes stay valid as long as any array read from them.
/// Files up to `copyLimit` are copied into memory: a copy cannot be cut short under the reader by another process
/// truncating the file (which would make a mapped page fault with SIGBUS). Larger files are mapped with
/// `MAP_PRIVATE` and `PROT_READ`: nothing can write through the mapping, and the pages the reader has finished with
/// can be given back (`releasePages`) so that a conversion of a large file keeps a small resident size. Another
/// process may truncate a mapped file (Realm compacts a file when it opens it): the mapping is guarded
/// (`CMappedFile`), so that a page past the new end reads as zeros instead of raising SIGBUS, and `checkWhole`
/// turns that into the error every reader of these bytes reports (`wholeOrCutShort`).
public final class RealmBytes: @unchecked Sendable {
    /// The first byte; valid for `count` bytes, never written.
    public let base: UnsafeRawPointer
    public let count: Int
    /// True when `base` is a mapping of the file rather than a copy.
    public let isMapped: Bool
    /// The file's name for messages, set once by the reader that owns these bytes.
    public internal(set) var name = ""
    private let owned: UnsafeMutableRawPointer?
    /// The mapping's place in the SIGBUS guard, or -1.
    private let guardSlot: Int32
    /// A descriptor of the mapped file, kept to see whether it became shorter than the mapping (a cut inside the
    /// last page raises no SIGBUS: the page's tail reads as zeros); -1 for a copy.
    private let mappedDescriptor: Int32

    /// Files larger than this are mapped, smaller ones copied.
    public static let copyLimit = 64 << 20

    /// A copy of `bytes`.
    public init(copying bytes: [UInt8]) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 8)
        bytes.withUnsafeBytes { source in
            if let address = source.baseAddress { memory.copyMemory(from: address, byteCount: source.count) }
        }
        owned = memory
        base = UnsafeRawPointer(memory)
        count = bytes.count
        isMapped = false
        guardSlot = -1
        mappedDescriptor = -1
    }

    /// Maps (or reads) the open file `descriptor` of `size` bytes; the caller closes the descriptor.
    init(descriptor: Int32, size: Int, name: String) throws {
        count = size
        if size > Self.copyLimit {
            let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
            guard let address, address != MAP_FAILED else {
                throw RealmReadError(.io, "\(name): cannot be mapped into memory (\(Self.lastError()))")
            }
            let slot = strata_mapping_guard(address, size)
            guard slot >= 0 else {
                munmap(address, size)
                throw RealmReadError(.io, "\(name): cannot be mapped into memory (too many files mapped at once)")
            }
            guardSlot = slot
            mappedDescriptor = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
            // Nodes are read where refs point, not in file order: no readahead, so that only the pages read are resident.
            _ = madvise(address, size, MADV_RANDOM)
            base = UnsafeRawPointer(address)
            owned = nil
            isMapped = true
            return
        }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, size), alignment: 8)
        var done = 0
        while done < size {
            let got = read(descriptor, memory + done, size - done)
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                memory.deallocate()
                let reason = got == 0 ? "it became shorter while being read" : Self.lastError()
                throw RealmReadError(.io, "\(name): cannot be read (\(reason))")
            }
            done += got
        }
        owned = memory
        base = UnsafeRawPointer(memory)
        isMapped = false
        guardSlot = -1
        mappedDescriptor = -1
    }

    deinit {
        if let owned {
            owned.deallocate()
        } else {
            strata_mapping_unguard(guardSlot)
            munmap(UnsafeMutableRawPointer(mutating: base), count)
            if mappedDescriptor >= 0 { close(mappedDescriptor) }
        }
    }

    /// True when another process truncated the mapped file after it was mapped, so that some bytes read as zeros
    /// instead of the file's; never for a copy.
    public var wasCutShort: Bool {
        guard guardSlot >= 0 else { return false }
        if strata_mapping_cut_short(guardSlot) != 0 { return true }
        var status = stat()
        return mappedDescriptor >= 0 && fstat(mappedDescriptor, &status) == 0 && Int(status.st_size) < count
    }

    /// The error for a file cut short while it was read.
    public var cutShortError: RealmReadError {
        RealmReadError(.io, "\(name): cannot be read (it became shorter while being read: another process truncated or compacted it)")
    }

    /// Throws `cutShortError` when the file was cut short: the check before trusting what was read.
    public func checkWhole() throws {
        if wasCutShort { throw cutShortError }
    }

    /// `error`, or `cutShortError` when the file was cut short (which is then the reason `error` happened).
    public func wholeOrCutShort(_ error: any Error) -> any Error {
        wasCutShort ? cutShortError : error
    }

    /// Gives the mapped pages back to the system (they are read again from the file when next touched); nothing for
    /// a copy.
    public func releasePages() {
        guard isMapped else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base), count, MADV_DONTNEED)
    }

    /// Asks the system to read the whole mapped file ahead, in the background: for work that reads all of it (a
    /// conversion), which then finds its pages in memory instead of waiting for each from the disk; nothing for a copy.
    public func readAhead() {
        guard isMapped else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base), count, MADV_WILLNEED)
    }

    /// Byte `offset`; the caller has checked it is below `count`.
    @inline(__always)
    subscript(offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }

    /// The little-endian UInt64 at `offset`; the caller has checked that 8 bytes are there.
    @inline(__always)
    func uint64(at offset: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }

    /// `length` bytes from `offset`, checked by the caller.
    @inline(__always)
    func buffer(_ offset: Int, _ length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + offset, count: length)
    }

    /// All the bytes, copied (for tests).
    public var array: [UInt8] { Array(buffer(0, count)) }

    static func lastError() -> String { String(cString: strerror(errno)).lowercased() }
}
