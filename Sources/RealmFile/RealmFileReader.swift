import Foundation

/// The byte-level reader of a `.realm` file: the header, nodes and arrays, every ref, size and width checked.
///
/// The whole file is read into memory (up to `maximumSize`) and never written. Nothing read from the file is
/// trusted: a ref must be 8-byte aligned, past the 24-byte header and inside the file (before the streaming
/// footer), a node's payload must end inside the file, and walks through refs go through `RealmNodeWalk`, which
/// stops cycles, runaway depth and shared subtrees that would multiply the work. Every failure is a
/// `RealmReadError`, one line naming the file and the byte offset.
public struct RealmFileReader: Sendable {
    /// The name used in messages (usually the path as the user typed it).
    public let name: String
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The checked header; its format is one this reader reads.
    public let header: RealmFileHeader

    /// The default limit on the size of a file read into memory: 1 GiB.
    public static let defaultMaximumSize = 1 << 30

    /// Reads the file's header from `bytes`.
    /// - Throws: `RealmReadError` (not a realm file, encrypted, unsupported format, damaged header or footer).
    public init(bytes: [UInt8], name: String) throws {
        self.name = name
        self.bytes = bytes
        self.header = try RealmFileHeader.read(bytes, name: name)
    }

    /// Reads the regular file at `path` into memory and its header.
    /// - Parameter name: the name for messages; defaults to `path`.
    /// - Throws: `RealmReadError` of kind `.io` for a missing file, a directory, FIFO or device, an unreadable file
    ///   or one larger than `maximumSize`; then whatever `init(bytes:name:)` throws.
    public init(contentsOf path: String, name: String? = nil, maximumSize: Int = defaultMaximumSize) throws {
        let name = name ?? path
        let maximumSize = min(max(0, maximumSize), Int.max - 1)
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: resolved)
        } catch {
            throw RealmReadError(.io, "\(name): no such file")
        }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
            throw RealmReadError(.io, "\(name): not a regular file")
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumSize {
            throw RealmReadError(.io, "\(name): file of \(size) bytes is larger than the \(maximumSize)-byte limit")
        }
        guard let handle = FileHandle(forReadingAtPath: resolved) else {
            throw RealmReadError(.io, "\(name): cannot be opened for reading")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            // One byte more than the limit tells a file that grew since the check.
            data = try handle.read(upToCount: maximumSize + 1) ?? Data()
        } catch {
            throw RealmReadError(.io, "\(name): cannot be read (\(error.localizedDescription.lowercased()))")
        }
        guard data.count <= maximumSize else {
            throw RealmReadError(.io, "\(name): file is larger than the \(maximumSize)-byte limit")
        }
        try self.init(bytes: [UInt8](data), name: name)
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
        return RealmArray(header: node, bytes: bytes, payloadStart: start, fileName: name, dataEnd: header.dataEnd)
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
