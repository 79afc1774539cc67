#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Digests
import StrataCore

/// One file of a migrations directory: `<version>_<name>.sql` or `<version>_<name>.strata`.
package struct MigrationFile: Sendable, Equatable {
    /// What a migration is written in, named by its file's extension.
    package enum Kind: String, CaseIterable, Sendable {
        /// SQL, run as written; a `-- strata:down` line starts the part that undoes it.
        case sql
        /// The migration language (`StrataScript`).
        case strata
    }

    /// What a migration's file name says.
    struct Name: Equatable {
        var version: Int
        var name: String
        var kind: Kind
    }

    /// A `.sql` file's two parts (a `.strata` file's text is all `up`).
    struct Sections: Sendable {
        /// What runs going up.
        var up: SQLSection
        /// What runs going down: the lines after `-- strata:down`, when the file has that line.
        var down: SQLSection?
        /// The line of the file that `-- strata:down` is on, when there is one.
        var downLine: Int? = nil

        /// The line of the file that `direction`'s section starts on.
        func firstLine(_ direction: MigrationDirection) -> Int {
            direction == .up ? 1 : (downLine ?? 0) + 1
        }
    }

    package let version: Int
    package let name: String
    package let kind: Kind
    package let fileName: String
    /// A `.strata` file's text; empty for a `.sql` file, whose text is read section by section (`sections`) and
    /// never held whole.
    let text: String
    /// SHA-256 of the file's bytes, in hex: what drift is measured against. A large `.sql` file's is taken on another
    /// thread while the run goes on (`FileChecksum`), and asking for it waits for it; when the file could not be read
    /// again, or changed since it was loaded, it says so instead (`verifiedChecksum()` throws then).
    package var checksum: String {
        do { return try digest.value() } catch { return "unknown (\(Migrator.reason(error)))" }
    }
    private let digest: FileChecksum

    /// The checksum, for what is recorded or compared.
    /// - Throws: `StrataError` when the file could not be read again or changed since it was loaded.
    func verifiedChecksum() throws -> String {
        try digest.value()
    }

    /// A `.sql` file larger than this has its SHA-256 taken on another thread, as its statements run.
    static let checksumInBackground = 4 << 20
    /// A `.sql` file's up and down parts, found once.
    let sections: Sections

    /// Files are equal when their names, kinds and checksums are.
    package static func == (a: MigrationFile, b: MigrationFile) -> Bool {
        (a.fileName, a.version, a.kind, a.checksum) == (b.fileName, b.version, b.kind, b.checksum)
    }

    /// The largest version: `PRAGMA user_version` holds a signed 32-bit integer.
    package static let largestVersion = Int(Int32.max)

    /// - Parameter blockSize: the bytes a `.sql` file is read and run in at a time (`MigrationSource`).
    /// - Throws: `StrataError` naming the file when its name does not follow the pattern, its version is
    ///   above `largestVersion`, or its bytes are not UTF-8 text (invalid UTF-8, or a NUL byte), with the
    ///   byte offset of the first bad byte.
    init(fileName: String, bytes: [UInt8], blockSize: Int = MigrationSource.defaultBlockSize) throws {
        let parsed = try Self.parseName(fileName)
        let source = MigrationSource(storage: .bytes(bytes), blockSize: blockSize)
        var check = Check(fileName: fileName, hashing: true, chunkSize: source.blockSize)
        try source.forEachBlock(in: 0..<bytes.count) { try check.add($0) }
        try self.init(fileName: fileName, parsed: parsed, source: source, check: check.finish(), text: parsed.kind == .strata ? bytes : nil)
    }

    /// Reads `directory/fileName`: a `.strata` file into its text; a `.sql` file block by block, checked, its SHA-256
    /// taken and its sections found, without ever holding it whole (`MigrationSource` reads it again when it runs).
    /// - Throws: as `init(fileName:bytes:)`, the message starting with `directory/`; `StrataError`
    ///   "cannot read PATH: reason".
    /// - Parameter checksumInBackgroundAbove: a `.sql` file larger than this has its checksum taken on another
    ///   thread (`FileChecksum`).
    static func read(directory: String, fileName: String, blockSize: Int = MigrationSource.defaultBlockSize,
                     checksumInBackgroundAbove: Int = checksumInBackground) throws -> MigrationFile {
        let path = directory + "/" + fileName
        do {
            let parsed = try parseName(fileName)
            // A FIFO or device named like a migration would block or never end: refused by name.
            switch Platform.fileKind(path) {
            case .regular: break
            case .directory: throw StrataError("\(fileName) is a directory, not a migration file")
            case .other: throw StrataError("\(fileName) is not a regular file (a FIFO, device or socket), not a migration file")
            case .missing:
                throw StrataError(Platform.entryKind(path) == .symbolicLink
                                  ? "\(fileName) is a symbolic link to nothing, not a migration file" : "\(fileName) is gone: it was removed while being read")
            }
            if parsed.kind == .strata {
                var checked: Check.Result?
                guard let text = try Platform.readText(path, inspect: { bytes in
                    var check = Check(fileName: fileName, hashing: true, chunkSize: blockSize)
                    try check.add(bytes)
                    checked = try check.finish()
                }), let checked else { throw StrataError("cannot read \(path): \(Platform.errorText())") }
                let source = MigrationSource(storage: .bytes(Array(text.utf8)), blockSize: blockSize)
                return try MigrationFile(fileName: fileName, parsed: parsed, source: source, check: checked, text: Array(text.utf8))
            }
            let descriptor: Int32, opened: Int64
            switch Platform.openRegularFile(path) {
            case .success(let file): (descriptor, opened) = file
            case .failure(let refusal): throw StrataError("cannot read \(path): \(MigrationSource.describe(refusal))")
            }
            defer { close(descriptor) }
            var check = Check(fileName: fileName, hashing: opened <= checksumInBackgroundAbove, chunkSize: blockSize)
            var fingerprints: [UInt64] = []
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(blockSize, 16))
            defer { buffer.deallocate() }
            var size = 0
            while true {
                let got = try MigrationSource.read(descriptor, into: buffer, count: buffer.count, at: size, path: path)
                guard got > 0 else { break }
                let block = UnsafeBufferPointer(rebasing: buffer[0..<got])
                try check.add(block)
                fingerprints.append(MigrationSource.fingerprint(block))
                size += got
                if got < buffer.count { break }
            }
            let source = MigrationSource(storage: .file(path: path, displayName: path, size: size, fingerprints: fingerprints),
                                         blockSize: buffer.count)
            return try MigrationFile(fileName: fileName, parsed: parsed, source: source, check: check.finish(), text: nil)
        } catch let error as StrataError {
            throw StrataError("\(directory)/\(error.message)", code: .invalidMigration, site: ErrorSite(file: fileName, line: error.site?.line))
        }
    }

    /// - Throws: what reading the sections' outlines throws.
    private init(fileName: String, parsed: Name, source: MigrationSource, check: Check.Result, text: [UInt8]?) throws {
        (version, name, kind, self.fileName) = (parsed.version, parsed.name, parsed.kind, fileName)
        self.text = text.map { String(decoding: $0, as: UTF8.self) } ?? ""
        digest = check.checksum.map(FileChecksum.init) ?? FileChecksum(hashing: source)
        guard kind == .sql else {
            // A .strata file is all up; it is not SQL, and only its text is read.
            sections = Sections(up: try SQLSection(source: source, range: 0..<source.count, firstLine: 1), down: nil)
            return
        }
        guard let down = check.downLine else {
            sections = Sections(up: SQLSection(source: source, range: 0..<source.count, firstLine: 1, outline: check.up), down: nil)
            return
        }
        sections = Sections(up: SQLSection(source: source, range: 0..<max(down.start - 1, 0), firstLine: 1, outline: check.up),
                            down: SQLSection(source: source, range: min(down.end + 1, source.count)..<source.count, firstLine: down.line + 1,
                                             outline: check.down ?? SQLOutline()),
                            downLine: down.line)
    }

    /// What reading a file's bytes in order finds, in one pass: that they are UTF-8 text without NUL, their SHA-256,
    /// the `-- strata:down` line, and the outline of the SQL on each side of it (`SQLOutline`).
    struct Check {
        struct Result {
            /// Nil when not `hashing`.
            var checksum: String?
            var downLine: DownLine.Found?
            var up: SQLOutline
            var down: SQLOutline?
        }

        let fileName: String
        private var text = TextCheck.Stream()
        private var hash: SHA256?
        private var lines = DownLine()
        private let chunkSize: Int
        /// The scan of the up section, then of the down section.
        private var scan: SQLOutline.Scan
        private var up: SQLOutline?
        /// Bytes not yet scanned, from `pendingStart`; those before `skipUntil` (the down line's) are not SQL.
        private var pending: [UInt8] = []
        private var pendingStart = 0, skipUntil = 0

        /// - Parameter hashing: take the SHA-256 (else `FileChecksum` takes it later).
        init(fileName: String, hashing: Bool, chunkSize: Int) {
            self.fileName = fileName
            hash = hashing ? SHA256() : nil
            self.chunkSize = chunkSize
            scan = SQLOutline.Scan(chunkSize: chunkSize)
            pending.reserveCapacity(2 * chunkSize)
        }

        /// - Throws: `StrataError` naming the file, the first bad byte's offset and its line.
        mutating func add(_ block: UnsafeBufferPointer<UInt8>) throws {
            if let bad = text.check(block) {
                // A bad byte carried from the block before has no newline after it there.
                let before = max(bad.offset - lines.offset, 0)
                throw badByte(bad, line: lines.line + SQLOutline.newlines(in: UnsafeBufferPointer(rebasing: block[0..<before])))
            }
            hash?.update(UnsafeRawBufferPointer(block))
            let start = lines.offset
            lines.add(block)
            let from = min(max(skipUntil - start, 0), block.count)
            if pending.isEmpty { pendingStart = start + from }
            pending.append(contentsOf: block[from...])
            if up == nil, let found = lines.found { endUp(at: found) }
            // Up to the line that may still be the down line: none of it is SQL of the up section.
            scan(upTo: lines.undecided ?? pendingStart + pending.count, final: false)
        }

        mutating func finish() throws -> Result {
            if let bad = text.finish() { throw badByte(bad, line: lines.line) }
            let found = lines.finish()
            if up == nil, let found { endUp(at: found) }
            scan(upTo: pendingStart + pending.count, final: true)
            return Result(checksum: hash?.finalize(), downLine: found, up: up ?? scan.outline, down: up == nil ? nil : scan.outline)
        }

        /// The up section ends before the down line; the down section's scan starts after it.
        private mutating func endUp(at found: DownLine.Found) {
            scan(upTo: max(found.start - 1, 0), final: true)
            up = scan.outline
            scan = SQLOutline.Scan(chunkSize: chunkSize)
            skipUntil = found.end + 1
            pending.removeFirst(min(max(skipUntil - pendingStart, 0), pending.count))
            pendingStart = max(pendingStart, skipUntil)
        }

        private mutating func scan(upTo end: Int, final: Bool) {
            let count = min(max(end - pendingStart, 0), pending.count)
            let consumed = pending.withUnsafeBufferPointer { scan.feed(UnsafeBufferPointer(rebasing: $0[0..<count]), final: final) }
            pending.removeFirst(consumed)
            pendingStart += consumed
        }

        private func badByte(_ bad: (offset: Int, byte: UInt8), line: Int) -> StrataError {
            let what = bad.byte == 0 ? "a NUL byte" : "a byte that is not UTF-8 (0x\(String(bad.byte, radix: 16, uppercase: true)))"
            return StrataError("\(fileName): \(what) at byte offset \(bad.offset) (line \(line)): a migration must be UTF-8 text "
                               + "without NUL bytes; nothing was run", site: ErrorSite(line: line))
        }
    }

    /// Version, name and kind from a file name.
    /// - Throws: `StrataError` naming the file when the name does not follow the pattern or its version is
    ///   too large for `PRAGMA user_version`.
    static func parseName(_ fileName: String) throws -> Name {
        let malformed = StrataError("\(fileName): a migration is named <version>_<name>.sql or .strata, "
                                    + "with a version from 1 up, as in 3_add_priority.sql")
        guard let dot = fileName.lastIndex(of: "."), let kind = Kind(rawValue: String(fileName[fileName.index(after: dot)...])),
              let underscore = fileName[..<dot].firstIndex(of: "_")
        else { throw malformed }
        let digits = fileName[..<underscore]
        let name = String(fileName[fileName.index(after: underscore)..<dot])
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), !name.isEmpty
        else { throw malformed }
        let significant = digits.drop { $0 == "0" }
        guard !significant.isEmpty else { throw malformed }
        guard significant.count <= 10, let version = Int(significant), version <= largestVersion else {
            throw StrataError("\(fileName): version \(significant) is above \(largestVersion), the largest that "
                              + "PRAGMA user_version holds")
        }
        return Name(version: version, name: name, kind: kind)
    }

    /// Finds the first `-- strata:down` line (in any ASCII case, between spaces, tabs and a carriage return) in
    /// bytes that come in blocks, counting lines; a line that cannot be it is skipped to its end.
    struct DownLine {
        struct Found {
            /// The offsets of the line's first byte and of its end (its newline, or the end of the file).
            var start: Int
            var end: Int
            var line: Int
        }

        /// The line the next byte is on, and that byte's offset.
        private(set) var line = 1
        private(set) var offset = 0
        private(set) var found: Found?
        private var lineStart = 0
        /// How much of the pattern the line has matched (its blanks before it skipped); -1: not a down line.
        private var matched = 0

        private static let pattern = Array("-- strata:down".utf8)

        /// Where the line that may still be the down line starts; nil once every line so far is known.
        var undecided: Int? { found == nil && matched >= 0 ? lineStart : nil }

        mutating func add(_ block: UnsafeBufferPointer<UInt8>) {
            if found != nil {
                offset += block.count
                line += SQLOutline.newlines(in: block)
                return
            }
            let start = offset
            offset += block.count
            var index = 0
            while index < block.count {
                let byte = block[index]
                if byte == UInt8(ascii: "\n") {
                    if found == nil, endLine(at: start + index) {
                        // Found: the lines are still counted, for the line of a bad byte after it.
                        line += SQLOutline.newlines(in: UnsafeBufferPointer(rebasing: block[(index + 1)...]))
                        return
                    } else if found != nil {
                        line += 1
                    }
                    index += 1
                    continue
                }
                if matched < 0 {
                    // Not a down line: on to its end.
                    while index < block.count && block[index] != UInt8(ascii: "\n") { index += 1 }
                    continue
                }
                let blank = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
                if matched == 0 && blank {
                    // Blanks before the pattern.
                } else if matched < Self.pattern.count {
                    let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
                    matched = lower == Self.pattern[matched] ? matched + 1 : -1
                } else if !blank {
                    matched = -1
                }
                index += 1
            }
        }

        /// The down line, once the bytes have all been added.
        mutating func finish() -> Found? {
            if found == nil { _ = endLine(at: offset) }
            return found
        }

        /// Ends the line at `end`; true when it is the down line.
        private mutating func endLine(at end: Int) -> Bool {
            if matched == Self.pattern.count {
                found = Found(start: lineStart, end: end, line: line)
                return true
            }
            line += 1
            lineStart = end + 1
            matched = 0
            return false
        }
    }
}
