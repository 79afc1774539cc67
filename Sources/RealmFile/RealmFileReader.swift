import Foundation

/// The byte-level reader of a `.realm` file: the header, nodes and arrays, every ref, size and width checked.
///
/// The file is mapped read-only (or, when small, copied; see `RealmBytes`) and never written. Nothing read from
/// the file is trusted: a ref must be 8-byte aligned, past the 24-byte header and inside the file (before the
/// streaming footer), a node's payload must end inside the file, and walks through refs go through
/// `RealmNodeWalk`, which stops cycles, runaway depth and shared subtrees that would multiply the work. Every
/// failure is a `RealmReadError`, one line naming the file and the byte offset.
public struct RealmFileReader: Sendable {
    /// The name used in messages (usually the path as the user typed it).
    public let name: String
    /// The file's bytes.
    public let bytes: RealmBytes
    /// The checked header; its format is one this reader reads.
    public let header: RealmFileHeader
    /// The unit of the integers of an old DateTime column (type 7, formats 2–9): realm-core defines them as seconds
    /// since 1970 (its upgrade to format 5 made `Timestamp(seconds, 0)` of each), as realm-cocoa and realm-java wrote
    /// them; realm-js wrote milliseconds. Nothing in a file names the SDK that wrote it, so the user says
    /// (`--realm-dates ms`); the values are never used to guess.
    public var oldDateTimeUnit: RealmDateUnit = .seconds
    /// True when the file is encrypted and was read with its key: its plaintext is in memory only.
    public private(set) var isDecrypted = false

    /// The default limit on the size of a file: 64 GiB (it is mapped, not read into memory).
    public static let defaultMaximumSize = 64 << 30

    /// Reads the header of a file held in memory.
    /// - Throws: `RealmReadError` (not a realm file, encrypted, unsupported format, damaged header or footer).
    public init(bytes: [UInt8], name: String) throws {
        try self.init(storage: RealmBytes(copying: bytes), name: name)
    }

    init(storage: RealmBytes, name: String) throws {
        self.name = name
        storage.name = name
        self.bytes = storage
        do {
            self.header = try RealmFileHeader.read(storage, name: name)
        } catch {
            throw storage.wholeOrCutShort(error)
        }
    }

    /// Maps the regular file at `path` and reads its header.
    /// - Parameter name: the name for messages; defaults to `path`.
    /// - Throws: `RealmReadError` of kind `.io` for a missing file, a directory, FIFO or device, an unreadable file
    ///   or one larger than `maximumSize`; then whatever the header check throws.
    /// - Parameter key: the 64-byte key of an encrypted file: its pages are read and decrypted into memory (none is
    ///   written anywhere); nil for a file that is not encrypted.
    public init(contentsOf path: String, name: String? = nil, maximumSize: Int = defaultMaximumSize, key: [UInt8]? = nil) throws {
        let name = name ?? path
        // O_NONBLOCK: opening a FIFO must not wait for a writer; the type check below then refuses it.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RealmReadError(.io, errno == ENOENT ? "\(name): no such file" : "\(name): cannot be opened for reading (\(RealmBytes.lastError()))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw RealmReadError(.io, "\(name): cannot be read (\(RealmBytes.lastError()))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw RealmReadError(.io, "\(name): not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= max(0, maximumSize) else {
            throw RealmReadError(.io, "\(name): file of \(size) bytes is larger than the \(maximumSize)-byte limit")
        }
        guard let key else {
            try self.init(storage: RealmBytes(descriptor: descriptor, size: size, name: name), name: name)
            return
        }
        let file = try RealmBytes(descriptor: descriptor, size: size, name: name)
        // A key for a file that is not encrypted is not needed: the file reads as it is.
        if size >= 20, (16..<20).map({ file[$0] }) == RealmFileHeader.mnemonic {
            try self.init(storage: file, name: name)
            return
        }
        let plain = try RealmEncryption.decrypt(UnsafeRawBufferPointer(start: file.base, count: file.count), key: key, name: name)
        try file.checkWhole()
        try self.init(storage: RealmBytes(copying: plain), name: name)
        isDecrypted = true
    }

    // MARK: - Nodes

    /// The header of the node at `ref`.
    /// - Throws: `RealmReadError` when `ref` is not a valid ref, the header runs past the end of the file, or its
    ///   width type is one realm-core does not write.
    public func nodeHeader(at ref: UInt64) throws -> RealmNodeHeader {
        if let problem = Self.refProblem(ref, dataEnd: header.dataEnd) {
            throw RealmReadError(.damaged, "\(name): \(problem)")
        }
        let offset = Int(ref)  // refProblem has checked ref < dataEnd
        guard offset <= header.dataEnd &- RealmNodeHeader.size else {
            throw nodeError(ref, "the 8-byte node header runs past the end of the data (offset \(header.dataEnd))")
        }
        do {
            return try RealmNodeHeader.decode(bytes, at: offset, ref: ref)
        } catch {
            throw nodeError(ref, error.text)
        }
    }

    /// The node at `ref` with its payload, checked to lie inside the file.
    public func array(at ref: UInt64) throws -> RealmArray {
        let node = try nodeHeader(at: ref)
        let start = Int(ref) &+ RealmNodeHeader.size
        let (end, overflow) = start.addingReportingOverflow(node.payloadSize)
        guard !overflow, end <= header.dataEnd else {
            throw nodeError(ref, "\(node.count) elements of width \(node.width) (\(node.widthType)) need \(node.payloadSize) bytes, "
                + "past the end of the data (offset \(header.dataEnd))")
        }
        return RealmArray(header: node, storage: bytes, payloadStart: start, dataEnd: header.dataEnd)
    }

    /// Why `ref` cannot be a node's ref, or nil when it can (aligned, past the header, before `dataEnd`).
    static func refProblem(_ ref: UInt64, dataEnd: Int) -> String? {
        if ref == 0 { return "ref 0 is the null ref, not a node" }
        if ref % 8 != 0 { return "ref \(ref) is not 8-byte aligned" }
        if ref < UInt64(RealmFileHeader.size) { return "ref \(ref) points into the 24-byte file header" }
        if ref >= UInt64(dataEnd) { return "ref \(ref) is outside the file (data ends at offset \(dataEnd))" }
        return nil
    }

    func nodeError(_ ref: UInt64, _ problem: String) -> RealmReadError {
        RealmReadError(.damaged, "\(name): node at offset \(ref): \(problem)")
    }
}

/// What an old DateTime's integer counts (`RealmFileReader.oldDateTimeUnit`).
public enum RealmDateUnit: String, Sendable, CaseIterable {
    case seconds
    case milliseconds = "ms"
}
