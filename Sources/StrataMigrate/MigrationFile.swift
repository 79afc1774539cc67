import StrataCore

/// One file of a migrations directory: `<version>_<name>.sql` or `<version>_<name>.strata`.
public struct MigrationFile: Sendable, Equatable {
    public enum Kind: String, Sendable { case sql, strata }

    public let version: Int
    public let name: String
    public let kind: Kind
    public let fileName: String
    public let text: String
    /// SHA-256 of the file's bytes, in hex: what drift is measured against.
    public let checksum: String

    public init(fileName: String, bytes: [UInt8]) throws {
        guard let (version, name, kind) = Self.parseName(fileName) else {
            throw StrataError("\(fileName): a migration is named <version>_<name>.sql or .strata, "
                              + "with a version from 1 up, as in 3_add_priority.sql")
        }
        (self.version, self.name, self.kind, self.fileName) = (version, name, kind, fileName)
        text = String(decoding: bytes, as: UTF8.self)
        var hash = SHA256()
        hash.update(bytes)
        checksum = hash.finalize()
    }

    /// Version, name and kind from a file name; nil when the name does not follow the pattern.
    static func parseName(_ fileName: String) -> (Int, String, Kind)? {
        guard let dot = fileName.lastIndex(of: "."), let kind = Kind(rawValue: String(fileName[fileName.index(after: dot)...])),
              let underscore = fileName[..<dot].firstIndex(of: "_")
        else { return nil }
        let digits = fileName[..<underscore]
        let name = String(fileName[fileName.index(after: underscore)..<dot])
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), digits.count <= 18,
              let version = Int(digits), version > 0, !name.isEmpty
        else { return nil }
        return (version, name, kind)
    }

    /// A `.sql` file's sections: what runs going up, and what a `-- strata:down` line starts.
    public var sections: (up: String, down: String?) {
        var up: [String] = [], down: [String]?
        // By byte: a CRLF file's "\r\n" is one Character, which is not "\n".
        for bytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let line = String(decoding: bytes, as: UTF8.self)
            if line.trimmingCharacters(in: " \t\r").lowercased() == "-- strata:down" && down == nil {
                down = []
            } else if down != nil {
                down?.append(line)
            } else {
                up.append(line)
            }
        }
        return (up.joined(separator: "\n"), down.map { $0.joined(separator: "\n") })
    }
}

/// The migrations of a directory, in version order.
public enum MigrationDirectory {
    /// Reads every `.sql` and `.strata` file of `path` (other files are left alone).
    /// - Throws: `StrataError` naming the file for a malformed name, a duplicate version, or an unreadable file.
    public static func load(_ path: String) throws -> [MigrationFile] {
        guard Platform.fileKind(path) == .directory else {
            throw StrataError(Platform.fileKind(path) == .missing ? "no migrations directory \(path) (see --dir)" : "\(path) is not a directory")
        }
        guard let names = Platform.directoryEntries(path) else { throw StrataError("cannot read \(path): \(Platform.errorText())") }
        var files: [MigrationFile] = []
        for name in names.sorted() where !name.hasPrefix(".") && (name.hasSuffix(".sql") || name.hasSuffix(".strata")) {
            guard let bytes = Platform.readFile(path + "/" + name) else { throw StrataError("cannot read \(path)/\(name): \(Platform.errorText())") }
            do {
                files.append(try MigrationFile(fileName: name, bytes: bytes))
            } catch let error as StrataError {
                throw StrataError("\(path)/\(error.message)")
            }
        }
        files.sort { $0.version < $1.version }
        for (a, b) in zip(files, files.dropFirst()) where a.version == b.version {
            throw StrataError("\(path): \(a.fileName) and \(b.fileName) have the same version \(a.version)")
        }
        return files
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var view = Substring(self)
        while let first = view.first, set.contains(first) { view.removeFirst() }
        while let last = view.last, set.contains(last) { view.removeLast() }
        return view
    }
}
