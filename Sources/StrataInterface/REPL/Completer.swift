import StrataCore

/// Tab completion for the REPL: commands first, then class names, then properties and key paths through
/// links after a class, and the query language's keywords and operators.
public struct Completer: Sendable {
    public let schema: Schema
    public let commands: [String]

    public init(schema: Schema, commands: [String]) {
        self.schema = schema
        self.commands = commands
    }

    static let keywords = [
        "where", "AND", "OR", "NOT", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "IN", "BETWEEN", "ANY", "ALL",
        "NONE", "SUBQUERY", "SORT(", "DISTINCT(", "LIMIT(", "ASC", "DESC", "true", "false", "nil", "TRUEPREDICATE",
        "FALSEPREDICATE", "==", "!=", "<", "<=", ">", ">=", "@count", "@size", "@min", "@max", "@sum", "@avg",
    ]

    /// The words that complete `word`, the last word of `line` (the text before the cursor).
    public func candidates(line: String, word: String) -> [String] {
        let before = line.dropLast(word.count).split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "," }).map(String.init)
        let classNames = schema.visibleClasses.map(\.name)
        if before.isEmpty { return matching(commands + classNames, word) }
        // The class the line is about: the first word that names one.
        guard let info = before.lazy.compactMap({ schema.class(named: $0) }).first else {
            return matching(classNames, word)
        }
        return matching(Self.keywords + paths(from: info, prefix: word), word)
    }

    /// Property names of `info`, or of the class a link path leads to: `list.` completes to `list.name`, ….
    func paths(from info: ClassInfo, prefix: String) -> [String] {
        var components = prefix.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        components.removeLast()
        var current = info
        for name in components {
            guard let property = current.property(named: name), property.type == .object || property.type == .list,
                  let target = property.target.flatMap(schema.class(named:))
            else { return [] }
            current = target
        }
        let base = components.isEmpty ? "" : components.joined(separator: ".") + "."
        return current.properties.map { base + $0.name }
    }

    /// Names a terminal would act on are never offered: readline lists candidates raw, and such a name
    /// cannot be typed anyway.
    private func matching(_ options: [String], _ word: String) -> [String] {
        let lower = word.lowercased()
        var seen = Set<String>()
        return options.filter {
            $0.lowercased().hasPrefix(lower) && !TerminalText.needsEscaping($0) && seen.insert($0).inserted
        }
    }
}
