import StrataCore
import StrataQuery

/// Tab completion for the REPL: commands first, then class names, then properties and key paths through
/// links after a class, and the query language's keywords and operators.
///
/// What it offers is what the query language reads: a name that is not a plain word (`Calories-Table`, a
/// keyword) comes in backticks (`QueryParser.quotedName`), and a keyword in the case it was begun in.
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
    ///
    /// After an opening backtick the editor hands over the word without it: the names then come without their
    /// opening backtick, and with the closing one.
    public func candidates(line: String, word: String) -> [String] {
        let start = line.dropLast(word.count)
        let opened = start.last == "`" && Self.words(of: String(start.dropLast())).open == false
        let before = Self.words(of: String(opened ? start.dropLast() : start)).words
        let classNames = schema.visibleClasses.map(\.name)
        func names(_ names: [String], keywords: [String] = []) -> [String] {
            if opened { return matching(names.map { $0.split(separator: "`", omittingEmptySubsequences: false).joined(separator: "``") + "`" }, raw: names, word) }
            return matching(keywords.map { Self.inCase(of: word, $0) } + names.map(QueryParser.quotedName),
                            raw: keywords + names, word)
        }
        if before.isEmpty { return opened ? names(classNames) : matching(commands, word) + names(classNames) }
        if before.count == 1, schema.class(named: before[0]) == nil || commands.contains(before[0]) {
            switch command(before[0]) {
            // `follow` takes a link, list, collection or backlink of the open object.
            case "follow":
                guard let name = context.openClass, let info = schema.class(named: name) else { return [] }
                let links = info.properties.filter { $0.type == .object || $0.type.isCollection || $0.type == .linkingObjects }
                // `follow` reads its argument as one word or a quoted name: a backlink stays `@links.Class.property`.
                let plain = links.filter { $0.type == .linkingObjects && !opened && !$0.name.contains(where: \.isWhitespace) }
                return matching(plain.map(\.name), word) + names(links.filter { !plain.contains($0) }.map(\.name))
            // `open` takes a class, then a key, which is not guessed.
            case "open", "schema":
                return names(classNames)
            default:
                break
            }
        } else if before.count > 1, command(before[0]) == "open" || command(before[0]) == "follow" {
            return []
        }
        // The class the line is about: the first word that names one.
        guard let info = before.lazy.compactMap({ schema.class(named: $0) }).first else {
            return names(classNames)
        }
        if opened { return names(info.properties.map(\.name)) }
        let paths = paths(from: info, prefix: word)
        return matching(Self.keywords.map { Self.inCase(of: word, $0) } + paths.map(\.written), raw: Self.keywords + paths.map(\.raw), word)
    }

    /// True when `candidate`, the one completion of `word` at the end of `line`, is a link or a list that a `.`
    /// may follow: the editor then adds no space after it.
    public func continuesAfter(_ candidate: String, line: String, word: String) -> Bool {
        let before = Self.words(of: String(line.dropLast(word.count))).words
        guard let info = before.lazy.compactMap({ schema.class(named: $0) }).first,
              let path = paths(from: info, prefix: candidate).first(where: { $0.written == candidate })
        else { return false }
        return path.isLink
    }

    /// The command a word at the start of the line names: exactly, or as the one command it begins.
    private func command(_ word: String) -> String? {
        let lower = word.lowercased()
        if commands.contains(lower) { return lower }
        let matches = commands.filter { $0.hasPrefix(lower) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// A keyword spelled in the case the word was begun in: `beg` → `beginswith`, `BEG` → `BEGINSWITH`; as it is
    /// listed when the word mixes cases or has no letter.
    static func inCase(of word: String, _ keyword: String) -> String {
        let letters = word.filter(\.isLetter)
        guard !letters.isEmpty else { return keyword }
        if letters.allSatisfy(\.isLowercase) { return keyword.lowercased() }
        if letters.allSatisfy(\.isUppercase) { return keyword.uppercased() }
        return keyword
    }

    /// One key path a completion can offer: as the query language reads it, as the schema names it, and whether
    /// it ends in a link or a list.
    struct Path {
        var written: String
        var raw: String
        var isLink: Bool
    }

    /// Property names of `info`, or of the class a link path leads to: `list.` completes to `list.name`, ….
    func paths(from info: ClassInfo, prefix: String) -> [Path] {
        var components = Self.pathComponents(prefix)
        components.removeLast()
        var current = info
        for name in components {
            guard let property = current.property(named: name), property.type == .object || property.type == .list,
                  let target = property.target.flatMap(schema.class(named:))
            else { return [] }
            current = target
        }
        let written = components.isEmpty ? "" : components.map(QueryParser.quotedName).joined(separator: ".") + "."
        let raw = components.isEmpty ? "" : components.joined(separator: ".") + "."
        return current.properties.map { property in
            Path(written: written + Self.written(property), raw: raw + property.name,
                 isLink: property.type == .object || property.type == .list)
        }
    }

    /// A property as a key path writes it: a backlink as `@links.Class.property`, each part quoted as needed.
    static func written(_ property: Property) -> String {
        if property.type == .linkingObjects, let target = property.target, let origin = property.originProperty,
           property.name == "@links.\(target).\(origin)"
        {
            return "@links.\(QueryParser.quotedName(target)).\(QueryParser.quotedName(origin))"
        }
        return QueryParser.quotedName(property.name)
    }

    /// The names of a key path as typed so far (`list.`, `` `my list`.na ``), backticks removed; the last is
    /// the one being typed. `@links.Class.property` is one name.
    static func pathComponents(_ path: String) -> [String] {
        var components: [String] = []
        var current = ""
        var inBackticks = false
        var characters = Array(path)[...]
        while let character = characters.popFirst() {
            if character == "`" {
                if inBackticks, characters.first == "`" {
                    characters.removeFirst()
                    current.append("`")
                } else {
                    inBackticks.toggle()
                }
            } else if character == ".", !inBackticks, !(current.hasPrefix("@links") && current.filter { $0 == "." }.count < 2) {
                components.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        components.append(current)
        return components
    }

    /// The words of a line, split at spaces, `(` and `,` outside quotes, each name's backticks or quotes removed
    /// (a doubled one stands for itself); `open` is true when the line ends inside backticks or quotes.
    static func words(of line: String) -> (words: [String], open: Bool) {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var started = false
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            if let open = quote {
                if character == open {
                    if characters.first == open {
                        characters.removeFirst()
                        current.append(open)
                    } else {
                        quote = nil
                    }
                } else {
                    current.append(character)
                }
            } else if character == " " || character == "\t" || character == "(" || character == "," {
                if started { words.append(current) }
                current = ""
                started = false
            } else if "`\"'".contains(character) {
                quote = character
                started = true
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return (words, quote != nil)
    }

    /// The options whose names (`raw`, as the schema spells them) begin with `word`, without case; the word may
    /// begin with a backtick. Names a terminal would act on are never offered: readline lists candidates raw, and
    /// such a name cannot be typed anyway.
    private func matching(_ options: [String], raw: [String]? = nil, _ word: String) -> [String] {
        let typed = Self.pathComponents(word).joined(separator: ".").lowercased()
        var seen = Set<String>()
        return zip(options, raw ?? options).filter { option, name in
            name.lowercased().hasPrefix(typed) && !TerminalText.needsEscaping(option) && seen.insert(option).inserted
        }.map(\.0)
    }
}

/// What completion needs to know of the browser's state: the class of the object `open` showed, set by the REPL.
/// Readline calls completion on the REPL's own thread, between commands.
public final class CompletionContext: @unchecked Sendable {
    public var openClass: String?

    public init() {}
}
