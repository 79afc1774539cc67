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

    /// A `.sql` file's two parts.
    struct Sections: Equatable, Sendable {
        /// What runs going up.
        var up: String
        /// What runs going down: the lines after `-- strata:down`, when the file has that line.
        var down: String?
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
    let text: String
    /// SHA-256 of the file's bytes, in hex: what drift is measured against.
    package let checksum: String
    /// A `.sql` file's up and down parts (a `.strata` file's text is all `up`), split once.
    let sections: Sections

    /// The largest version: `PRAGMA user_version` holds a signed 32-bit integer.
    package static let largestVersion = Int(Int32.max)

    /// - Throws: `StrataError` naming the file when its name does not follow the pattern, its version is
    ///   above `largestVersion`, or its bytes are not UTF-8 text (invalid UTF-8, or a NUL byte), with the
    ///   byte offset of the first bad byte.
    init(fileName: String, bytes: [UInt8]) throws {
        let parsed = try Self.parseName(fileName)
        let checksum = try bytes.withUnsafeBufferPointer { try Self.check($0, fileName: fileName) }
        self.init(fileName: fileName, parsed: parsed, text: String(decoding: bytes, as: UTF8.self), checksum: checksum)
    }

    /// Reads `directory/fileName` straight into its text: the file is in memory once, however large.
    /// - Throws: as `init(fileName:bytes:)`, the message starting with `directory/`; `StrataError`
    ///   "cannot read PATH: reason".
    static func read(directory: String, fileName: String) throws -> MigrationFile {
        let path = directory + "/" + fileName
        let parsed: Name, text: String?
        var checksum = ""
        do {
            parsed = try parseName(fileName)
            // A FIFO or device named like a migration would block or never end: refused by name.
            switch Platform.fileKind(path) {
            case .regular: break
            case .directory: throw StrataError("\(fileName) is a directory, not a migration file")
            case .other: throw StrataError("\(fileName) is not a regular file (a FIFO, device or socket), not a migration file")
            case .missing:
                throw StrataError(Platform.entryKind(path) == .symbolicLink
                                  ? "\(fileName) is a symbolic link to nothing, not a migration file" : "\(fileName) is gone: it was removed while being read")
            }
            text = try Platform.readText(path, inspect: { checksum = try check($0, fileName: fileName) })
        } catch let error as StrataError {
            throw StrataError("\(directory)/\(error.message)", code: .invalidMigration, site: ErrorSite(file: fileName, line: error.site?.line))
        }
        guard let text else { throw StrataError("cannot read \(path): \(Platform.errorText())") }
        return MigrationFile(fileName: fileName, parsed: parsed, text: text, checksum: checksum)
    }

    private init(fileName: String, parsed: Name, text: String, checksum: String) {
        (version, name, kind, self.fileName) = (parsed.version, parsed.name, parsed.kind, fileName)
        (self.text, self.checksum) = (text, checksum)
        sections = kind == .sql ? Self.sections(of: text) : Sections(up: text, down: nil)
    }

    /// The SHA-256 of a file's bytes, once they are found to be UTF-8 text without NUL.
    /// - Throws: `StrataError` naming the file, the first bad byte's offset and its line.
    private static func check(_ bytes: UnsafeBufferPointer<UInt8>, fileName: String) throws -> String {
        if let bad = TextCheck.firstBadByte(bytes) {
            let what = bad.isNUL ? "a NUL byte" : "a byte that is not UTF-8 (0x\(String(bytes[bad.offset], radix: 16, uppercase: true)))"
            throw StrataError("\(fileName): \(what) at byte offset \(bad.offset) (line \(bad.line)): a migration must be UTF-8 text "
                              + "without NUL bytes; nothing was run", site: ErrorSite(line: bad.line))
        }
        var hash = SHA256()
        hash.update(UnsafeRawBufferPointer(bytes))
        return hash.finalize()
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

    /// A `.sql` file's sections: what runs going up, and what a `-- strata:down` line starts. The up part
    /// is the text itself when there is no such line (no copy). One pass over the bytes.
    static func sections(of text: String) -> Sections {
        var text = text
        // By byte: a CRLF file's "\r\n" is one Character, which is not "\n".
        let split: Sections? = text.withUTF8 { bytes in
            func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            var start = 0, line = 1
            while start <= bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if isDownLine(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                    return Sections(up: string(0..<max(start - 1, 0)), down: string(min(end + 1, bytes.count)..<bytes.count), downLine: line)
                }
                start = end + 1
                line += 1
            }
            return nil
        }
        return split ?? Sections(up: text, down: nil)
    }

    private static let downLine = Array("-- strata:down".utf8)

    /// `-- strata:down`, in any ASCII case, between spaces, tabs and a carriage return.
    private static func isDownLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
        var start = 0, end = line.count
        while start < end && isBlank(line[start]) { start += 1 }
        guard end - start >= downLine.count, line[start] == UInt8(ascii: "-") else { return false }
        while end > start && isBlank(line[end - 1]) { end -= 1 }
        guard end - start == downLine.count else { return false }
        for index in 0..<downLine.count {
            let byte = line[start + index]
            if (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte) != downLine[index] { return false }
        }
        return true
    }
}
