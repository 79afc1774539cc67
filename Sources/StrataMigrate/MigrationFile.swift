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
    }

    package let version: Int
    package let name: String
    package let kind: Kind
    package let fileName: String
    let text: String
    /// SHA-256 of the file's bytes, in hex: what drift is measured against.
    package let checksum: String

    /// - Throws: `StrataError` naming the file when its name does not follow the pattern.
    init(fileName: String, bytes: [UInt8]) throws {
        guard let parsed = Self.parseName(fileName) else {
            throw StrataError("\(fileName): a migration is named <version>_<name>.sql or .strata, "
                              + "with a version from 1 up, as in 3_add_priority.sql")
        }
        (version, name, kind, self.fileName) = (parsed.version, parsed.name, parsed.kind, fileName)
        text = String(decoding: bytes, as: UTF8.self)
        var hash = SHA256()
        hash.update(bytes)
        checksum = hash.finalize()
    }

    /// Version, name and kind from a file name; nil when the name does not follow the pattern.
    static func parseName(_ fileName: String) -> Name? {
        guard let dot = fileName.lastIndex(of: "."), let kind = Kind(rawValue: String(fileName[fileName.index(after: dot)...])),
              let underscore = fileName[..<dot].firstIndex(of: "_")
        else { return nil }
        let digits = fileName[..<underscore]
        let name = String(fileName[fileName.index(after: underscore)..<dot])
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), digits.count <= 18,
              let version = Int(digits), version > 0, !name.isEmpty
        else { return nil }
        return Name(version: version, name: name, kind: kind)
    }

    /// A `.sql` file's sections: what runs going up, and what a `-- strata:down` line starts.
    var sections: Sections {
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
        return Sections(up: up.joined(separator: "\n"), down: down.map { $0.joined(separator: "\n") })
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
