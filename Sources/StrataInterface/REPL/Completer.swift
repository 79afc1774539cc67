import StrataCore

/// Tab completion for the REPL: commands first, then class names, then properties and key paths through
/// links after a class, and the query language's keywords and operators.
public struct Completer: Sendable {
    public let schema: Schema
    public let commands: [String]
    /// What the browser has open, for `follow`.
    public let context: CompletionContext

    public init(schema: Schema, commands: [String], context: CompletionContext = CompletionContext()) {
        self.schema = schema
        self.commands = commands
        self.context = context
    }

    static let keywords = [
        "where", "AND", "OR", "NOT", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "IN", "BETWEEN", "ANY", "ALL",
        "NONE", "SUBQUERY", "SORT(", "DISTINCT(", "LIMIT(", "SHOW(", "AS", "ASC", "DESC", "true", "false", "nil", "TRUEPREDICATE",
        "FALSEPREDICATE", "==", "!=", "<", "<=", ">", ">=", "@count", "@size", "@min", "@max", "@sum", "@avg",
    ]

    /// The text that replaces the typed word when Tab offers `candidates`: the one candidate; else their common
    /// beginning, compared without case and spelled as typed for as far as it was typed, so that Tab never shortens
    /// or recases what was typed (`Su` against SUBQUERY, Subject and SupportRepId stays `Su`). The editor's own
    /// rule differs: libedit compares case, GNU readline only when told to ignore it.
    public static func replacement(_ candidates: [String], typed: String) -> String {
        guard let first = candidates.first else { return typed }
        if candidates.count == 1 { return first }
        func same(_ a: Character, _ b: Character) -> Bool { a == b || a.lowercased() == b.lowercased() }
        var common = Array(first)
        for candidate in candidates.dropFirst() {
            let other = Array(candidate)
            var length = 0
            while length < min(common.count, other.count) && same(common[length], other[length]) { length += 1 }
            common.removeSubrange(length...)
        }
        let word = Array(typed)
        guard common.count > word.count else { return typed }
        guard zip(common, word).allSatisfy(same) else { return String(common) }
        return typed + String(common[word.count...])
    }

    /// The words that complete `word`, the last word of `line` (the text before the cursor).
    public func candidates(line: String, word: String) -> [String] {
        let before = line.dropLast(word.count).split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "," }).map(String.init)
        let classNames = schema.visibleClasses.map(\.name)
        if before.isEmpty { return matching(commands + classNames, word) }
        if before.count == 1 {
            switch before[0] {
            // `follow` takes a link, list or backlink of the open object.
            case "follow":
                guard let name = context.openClass, let info = schema.class(named: name) else { return [] }
                let links = info.properties.filter { $0.type == .object || $0.type == .list || $0.type == .linkingObjects }
                return matching(links.map(\.name), word)
            // `open` takes a key of the current class, which is not guessed.
            case "open":
                return []
            default:
                break
            }
        }
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

/// What completion needs to know of the browser's state: the class of the object `open` showed, set by the REPL.
/// Readline calls completion on the REPL's own thread, between commands.
public final class CompletionContext: @unchecked Sendable {
    public var openClass: String?

    public init() {}
}
