import StrataCore

/// The database files a many-file `migrate` covers: paths as given, globs that strata expands itself
/// (when quoted, the shell leaves them), and the lines of a `--from-list` file; each file once.
enum DatabasePaths {
    /// The largest `--from-list` file read: far more paths than any job migrates.
    static let largestList: Int64 = 64 << 20

    /// True when a path has a glob character: `*`, `?` or `[`.
    static func isPattern(_ path: String) -> Bool { path.utf8.contains { $0 == 0x2A || $0 == 0x3F || $0 == 0x5B } }

    /// Every path, globs expanded (sorted), list files read, duplicates left out (the first kept).
    /// - Throws: `StrataError` naming a glob that matches no file, or a list that cannot be read.
    static func expand(_ arguments: [String], lists: [String]) throws -> [String] {
        var paths: [String] = []
        for argument in arguments {
            // A file whose name has a glob character is that file.
            if isPattern(argument), Platform.entryKind(argument) == .missing {
                let matched = matches(argument)
                if matched.isEmpty { throw StrataError("no database file matches '\(argument)'", code: .noSuchFile) }
                paths += matched
            } else {
                paths.append(argument)
            }
        }
        for list in lists { paths += try read(list: list) }
        var seen: Set<String> = []
        return paths.filter { seen.insert(normalized($0)).inserted }
    }

    /// The lines of a list file, without blank lines and a trailing carriage return.
    static func read(list: String) throws -> [String] {
        let bytes: [UInt8]
        switch Platform.readRegularFile(list, limit: largestList) {
        case .success(let read): bytes = read
        case .failure(.missing): throw StrataError("no such file: \(list) (the --from-list file)", code: .noSuchFile, site: ErrorSite(file: list))
        case .failure(.directory): throw StrataError("\(list) is a directory, not a --from-list file", code: .notARegularFile, site: ErrorSite(file: list))
        case .failure(.notRegular): throw StrataError("\(list) is not a regular file (a FIFO, device or socket), not a --from-list file", code: .notARegularFile,
                                                          site: ErrorSite(file: list))
        case .failure(.tooLarge): throw StrataError("\(list) is larger than \(largestList >> 20) MB: too large for a --from-list file")
        case .failure(.failed(let reason)): throw StrataError("cannot read \(list): \(reason)")
        }
        if let nul = bytes.firstIndex(of: 0) { throw StrataError("\(list): a NUL byte at byte offset \(nul): a --from-list file is text, one path a line") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw StrataError("\(list): not UTF-8 text: a --from-list file is text, one path a line")
        }
        // "\r\n" is one Character: a CRLF line ends at it as a LF line ends at "\n".
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).compactMap { line in
            line.allSatisfy({ $0 == " " || $0 == "\t" }) ? nil : String(line)
        }
    }

    /// A path with `.` and empty components gone and `..` applied, made absolute: two spellings of one
    /// path are one file.
    static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in Platform.absolutePath(path).split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The files (not folders) a glob matches, sorted; a component without glob characters is taken as it is.
    static func matches(_ pattern: String) -> [String] {
        let absolute = pattern.hasPrefix("/")
        let components = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var prefixes = [absolute ? "/" : ""]
        for (index, component) in components.enumerated() {
            let last = index == components.count - 1
            var next: [String] = []
            for prefix in prefixes {
                if !isPattern(component) {
                    next.append(prefix + component)
                    continue
                }
                let folder = prefix.isEmpty ? "." : prefix
                for name in (Platform.directoryEntries(folder) ?? []).sorted() where matches(name, pattern: component) {
                    next.append(prefix + name)
                }
            }
            prefixes = last ? next : next.filter { Platform.fileKind($0) == .directory }.map { $0 + "/" }
        }
        return prefixes.filter { path in
            let kind = Platform.fileKind(path)
            return kind != .missing && kind != .directory
        }
    }

    /// Whether a file name matches one component of a glob: `*` any run of characters, `?` one, `[abc]`,
    /// `[a-z]`, `[!abc]` or `[^abc]` one of a set; `\` takes the next character as it is. A name starting
    /// with `.` matches only a pattern that starts with `.`, as in the shell. Time is at most the product
    /// of the two lengths (the last `*` is the only one retried).
    static func matches(_ name: String, pattern: String) -> Bool {
        let name = Array(name.unicodeScalars), pattern = Array(pattern.unicodeScalars)
        if name.first == ".", pattern.first != "." { return false }
        var n = 0, p = 0
        var star: (pattern: Int, name: Int)?
        while n < name.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p + 1, n)
                p += 1
                continue
            }
            if p < pattern.count, let width = matchOne(pattern, at: p, name[n]) {
                p += width
                n += 1
                continue
            }
            guard let retry = star else { return false }
            // The last star takes one more character.
            star = (retry.pattern, retry.name + 1)
            (p, n) = (retry.pattern, retry.name + 1)
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// How many pattern characters match `character` at `p` (1, 2 for an escape, a bracket's length), or nil.
    private static func matchOne(_ pattern: [Unicode.Scalar], at p: Int, _ character: Unicode.Scalar) -> Int? {
        switch pattern[p] {
        case "?": return 1
        case "\\" where p + 1 < pattern.count: return pattern[p + 1] == character ? 2 : nil
        case "[":
            var i = p + 1
            let negated = i < pattern.count && (pattern[i] == "!" || pattern[i] == "^")
            if negated { i += 1 }
            var found = false, first = true
            while i < pattern.count, pattern[i] != "]" || first {
                first = false
                if i + 2 < pattern.count, pattern[i + 1] == "-", pattern[i + 2] != "]" {
                    if pattern[i] <= character && character <= pattern[i + 2] { found = true }
                    i += 3
                } else {
                    if pattern[i] == character { found = true }
                    i += 1
                }
            }
            // No closing bracket: the '[' is itself.
            guard i < pattern.count else { return character == "[" ? 1 : nil }
            return found != negated ? i - p + 1 : nil
        default: return pattern[p] == character ? 1 : nil
        }
    }
}
