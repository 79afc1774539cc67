import SQLiteKit
import StrataCore

/// Parses Strata's query language: Realm Query Language and NSPredicate syntax.
///
///     query       → CLASS ( WHERE? predicate )? trailer*
///     trailer     → SORT '(' keyPath (ASC|DESC)? (',' …)* ')' | DISTINCT '(' keyPath (',' …)* ')' | LIMIT '(' INT ')'
///                 | SHOW '(' keyPath (AS NAME)? (',' …)* ')'
///     predicate   → or
///     or          → and ( (OR | '||') and )*
///     and         → not ( (AND | '&&') not )*
///     not         → (NOT | '!') not | primary
///     primary     → '(' predicate ')' | TRUEPREDICATE | FALSEPREDICATE | comparison
///     comparison  → (ANY | SOME | ALL | NONE)? expression operator options? expression
///                 | expression BETWEEN '{' expression ',' expression '}'
///                 | expression IN ( '{' expression (',' expression)* '}' | expression )
///     operator    → '==' | '=' | '!=' | '<>' | '<' | '<=' | '>' | '>=' | BEGINSWITH | ENDSWITH | CONTAINS | LIKE
///     options     → '[c]' | '[d]' | '[cd]'
///     expression  → literal | '$' INT | keyPath | SUBQUERY '(' keyPath ',' '$' NAME ',' predicate ')' '.' '@count'
///     keyPath     → ('$' NAME '.')? component ('.' component)* ('.' '@' AGGREGATE ('.' NAME)?)?
///     component   → (NAME | '`' any '`' | '@links' '.' NAME '.' NAME | '@keys' | '@values') ('[' STRING ']')*
///                                                                             (in backticks, `` is a backtick)
///     literal     → INT | DECIMAL | STRING | DATE | DATA | TRUE | FALSE | NIL | NULL
///
/// Keywords are case-insensitive; a property named like a keyword is written in backticks. As in SQLite, a
/// name may also be written in double or single quotes where only a name can stand (the class, a path after
/// its first `.`, `@links`, SORT, DISTINCT, SHOW); a double-quoted string before a `.`, or on the left of a
/// comparison when the class has a property so named, is that property too.
public struct QueryParser {
    private let text: String
    private var tokens: [QueryToken]
    private var position = 0
    /// How deep parentheses, NOT and SUBQUERY nest right now: bounded, so no input can exhaust the stack.
    private var depth = 0
    static let maximumDepth = 900

    /// `name` as the query language reads it back: as it is when it is a plain word and no keyword, else
    /// in backticks, each backtick in it doubled (`` `a``b` `` names a`b).
    public static func quotedName(_ name: String) -> String {
        let plain = name.first.map { $0.isLetter || $0 == "_" } == true
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !keywords.contains(name.uppercased())
        return plain ? name : "`" + name.replacingOccurrences(of: "`", with: "``") + "`"
    }

    /// `text` as a string literal the lexer reads back as `text`: in double quotes, with `\\` and `\"` and the
    /// escapes for newline, tab, carriage return and NUL (the lexer's backslash escapes, `QueryLexer.quoted`).
    public static func quotedString(_ text: String) -> String {
        var result = "\""
        // By scalar: "\r\n" is one Character, which no single case would match.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A stored value (an object key) as a literal of the query language that compares equal to it: an integer
    /// or a number as written, text through `quotedString`, a blob as `x'…'`, NULL as `nil`.
    public static func literal(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "nil"
        case .text(let text): quotedString(text)
        // Numbers and x'…' are written as SQL writes them.
        case .integer, .real, .blob: value.sqlLiteral
        }
    }

    /// `--args`: the values of `$0`, `$1`, … as one list in braces of the language's own values (`{5, nil, {1, 2},
    /// x'00ff', 2020-01-01, oid(…), "text"}`), each a value of its own type, a list in braces a list.
    public static func parseArguments(_ text: String) throws -> [Expression] {
        var parser = try QueryParser(text)
        guard parser.isSymbol(.openBrace), case .list(let items, _) = try parser.parseList() else {
            throw parser.syntax("--args takes the parameters' values as a list in braces, as in {5, nil, {1, 2}, \"text\"}")
        }
        guard parser.current.kind == .end else { throw parser.syntax("expected the end of --args after its '}'" + parser.found()) }
        func check(_ item: Expression) throws {
            switch item {
            case .literal: return
            case .list(let inner, _): try inner.forEach(check)
            case .arithmetic(_, let a, let b, _): try check(a); try check(b)
            default: throw QueryError(.syntax, "--args holds values, not properties or parameters", at: item.offset, in: text)
            }
        }
        try items.forEach(check)
        return items
    }

    public static func parse(_ text: String) throws -> Query {
        var parser = try QueryParser(text)
        return try parser.parseQuery()
    }

    init(_ text: String) throws {
        self.text = text
        self.tokens = try QueryLexer.tokens(text)
    }

    /// The words a property cannot be named by without backticks.
    private static let keywords = Set(Keyword.allCases.filter(\.isReserved).map(\.rawValue))

    // MARK: - Token helpers

    private var current: QueryToken { tokens[position] }

    private mutating func advance() -> QueryToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func isKeyword(_ keyword: Keyword) -> Bool { current.keyword == keyword }

    private mutating func eatKeyword(_ keyword: Keyword) -> Bool {
        guard isKeyword(keyword) else { return false }
        position += 1
        return true
    }

    private func isSymbol(_ symbol: Symbol) -> Bool { current.kind == .symbol(symbol) }

    private mutating func eatSymbol(_ symbol: Symbol) -> Bool {
        guard isSymbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func expectSymbol(_ symbol: Symbol) throws {
        guard eatSymbol(symbol) else { throw syntax("expected '\(symbol.rawValue)'" + found()) }
    }

    private func found() -> String {
        switch current.kind {
        case .end: return " but the query ended"
        case .name(let word): return " but found '\(word)'"
        case .symbol(let symbol): return " but found '\(symbol.rawValue)'"
        case .options(let letters): return " but found '[\(letters)]'"
        case .string: return " but found a string"
        case .integer(let value): return " but found \(value)"
        default: return ""
        }
    }

    private func syntax(_ message: String, at offset: Int? = nil) -> QueryError {
        QueryError(.syntax, message, at: offset ?? current.offset, in: text)
    }

    // MARK: - Productions

    /// query → CLASS ( WHERE? predicate )? trailer*
    mutating func parseQuery() throws -> Query {
        let classOffset = current.offset
        let className: String
        switch advance().kind {
        case .name(let name), .quotedName(let name), .string(let name): className = name
        case .end: throw syntax("expected a class name, as in 'Task where name == \"x\"'", at: classOffset)
        default: throw syntax("expected a class name", at: classOffset)
        }
        var query = Query(className: className, predicate: .truePredicate, classOffset: classOffset)
        let hasWhere = eatKeyword(.where)
        if hasWhere || !(isTrailer || current.kind == .end) {
            query.predicate = try parsePredicate()
        }
        while current.kind != .end {
            if isTrailer, eatKeyword(.sort) {
                try expectSymbol(.openParenthesis)
                var keys: [SortKey] = []
                repeat {
                    let path = try parseKeyPath()
                    var ascending = true
                    if eatKeyword(.desc) || eatKeyword(.descending) { ascending = false } else if eatKeyword(.asc) || eatKeyword(.ascending) {}
                    keys.append(SortKey(path: path, ascending: ascending))
                } while eatSymbol(.comma)
                try expectSymbol(.closeParenthesis)
                query.stages.append(.sort(keys))
            } else if isTrailer, eatKeyword(.distinct) {
                try expectSymbol(.openParenthesis)
                var paths: [KeyPath] = []
                repeat { paths.append(try parseKeyPath()) } while eatSymbol(.comma)
                try expectSymbol(.closeParenthesis)
                query.stages.append(.distinct(paths))
            } else if isTrailer, eatKeyword(.limit) {
                try expectSymbol(.openParenthesis)
                guard case .integer(let limit) = current.kind, limit >= 0 else {
                    throw syntax("LIMIT takes a whole number of objects")
                }
                position += 1
                query.stages.append(.limit(Int(clamping: limit)))
                try expectSymbol(.closeParenthesis)
            } else if isTrailer, isKeyword(.show) {
                guard query.show == nil else { throw syntax("SHOW is given twice; list every column in one SHOW(…)") }
                position += 1
                query.show = try parseShow()
            } else {
                throw syntax("expected SORT, DISTINCT, LIMIT, SHOW or the end of the query" + found())
            }
        }
        return query
    }

    /// SORT, DISTINCT, LIMIT or SHOW as a trailer: not followed by what goes on from a property of that name
    /// (`sort == 1`, `limit.max > 2`, `show CONTAINS "x"`), which it then is, as in Realm.
    private var isTrailer: Bool {
        guard isKeyword(.sort) || isKeyword(.distinct) || isKeyword(.limit) || isKeyword(.show) else { return false }
        let next = tokens[position + 1]
        switch next.kind {
        case .symbol(let symbol):
            return ![.equal, .assign, .notEqual, .lessOrGreater, .less, .lessOrEqual, .greater, .greaterOrEqual, .dot, .openBracket].contains(symbol)
        case .name:
            return ![.beginsWith, .endsWith, .contains, .like, .in, .between].contains(next.keyword)
        case .options:
            return false
        default:
            return true
        }
    }

    /// '(' keyPath (AS NAME)? (',' keyPath (AS NAME)?)* ')', after SHOW
    private mutating func parseShow() throws -> [ShownColumn] {
        try expectSymbol(.openParenthesis)
        var columns: [ShownColumn] = []
        repeat {
            if isKeyword(.subquery) {
                throw syntax("SHOW takes key paths and aggregates, not SUBQUERY: filter with it after WHERE, or show a count such as tags.@count")
            }
            let path = try parseKeyPath()
            if isKeyword(.as) {
                position += 1
                columns.append(ShownColumn(path: path, name: try name("a name after AS"), isNamed: true))
            } else {
                columns.append(ShownColumn(path: path, name: path.description, isNamed: false))
            }
        } while eatSymbol(.comma)
        try expectSymbol(.closeParenthesis)
        return columns
    }

    /// or → and ( (OR | '||') and )*
    mutating func parsePredicate() throws -> Predicate {
        var terms = [try parseAnd()]
        while eatKeyword(.or) || eatSymbol(.or) { terms.append(try parseAnd()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    /// and → not ( (AND | '&&') not )*
    private mutating func parseAnd() throws -> Predicate {
        var terms = [try parseNot()]
        while eatKeyword(.and) || eatSymbol(.and) { terms.append(try parseNot()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    /// not → (NOT | '!') not | primary
    private mutating func parseNot() throws -> Predicate {
        if eatKeyword(.not) || eatSymbol(.not) {
            try enter(Self.notDepth)
            defer { depth -= Self.notDepth }
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    /// How much of SQLite's parser stack (100 levels) each nesting takes in the SQL it becomes, in tenths of a level,
    /// as measured on SQLite 3.40: `NOT (…)` 2.2, a parenthesised AND or OR 3.2, a correlated `(SELECT … WHERE … AND
    /// (…))` 11, as a path through a list. `maximumDepth` leaves a tenth of the stack for the statement around them and the comparisons
    /// at their ends (an EXISTS of its own for a path through a list), so that a query the parser takes, SQLite does.
    static let notDepth = 22, parenthesisDepth = 32, subqueryDepth = QueryCompiler.listDepth

    private mutating func enter(_ tenths: Int) throws {
        depth += tenths
        if depth > Self.maximumDepth {
            throw syntax("the query nests too deeply for SQLite (at most \(Self.maximumDepth / Self.notDepth) NOT, "
                         + "\(Self.maximumDepth / Self.parenthesisDepth) levels of parentheses or \(Self.maximumDepth / Self.subqueryDepth) "
                         + "SUBQUERY, and fewer of them together)")
        }
    }

    /// Whether the next token goes on with a comparison: an operator of arithmetic or of comparison.
    private var isArithmeticOrComparison: Bool {
        switch current.kind {
        case .symbol(let symbol):
            [.plus, .minus, .star, .slash, .equal, .assign, .notEqual, .lessOrGreater, .less, .lessOrEqual, .greater, .greaterOrEqual].contains(symbol)
        case .name:
            [.beginsWith, .endsWith, .contains, .like, .in, .between].contains(current.keyword)
        case .integer, .decimal:
            current.hasSign
        default:
            false
        }
    }

    /// primary → '(' predicate ')' | TRUEPREDICATE | FALSEPREDICATE | comparison
    private mutating func parsePrimary() throws -> Predicate {
        if isSymbol(.openParenthesis) {
            // A parenthesised predicate, or the start of a comparison's arithmetic (`(age - 5) * 2 == 70`): a
            // predicate first, then, where it fails or an operator follows it, a comparison.
            let start = position, outerDepth = depth
            position += 1
            try enter(Self.parenthesisDepth)
            let predicate: Result<Predicate, Error> = Result { () throws -> Predicate in
                let inner = try parsePredicate()
                try expectSymbol(.closeParenthesis)
                return inner
            }
            // Whatever the attempt nested, the comparison starts from here again.
            depth = outerDepth
            if case .success(let inner) = predicate, !isArithmeticOrComparison { return inner }
            let afterPredicate = position
            position = start
            do {
                return .comparison(try parseComparison())
            } catch {
                if case .failure(let failure) = predicate { throw failure }
                position = afterPredicate
                throw error
            }
        }
        if eatKeyword(.truePredicate) { return .truePredicate }
        if eatKeyword(.falsePredicate) { return .falsePredicate }
        return .comparison(try parseComparison())
    }

    /// ANY, SOME, ALL or NONE, if one is next.
    private mutating func parseQuantifier() -> Quantifier? {
        if eatKeyword(.any) || eatKeyword(.some) { return .any }
        if eatKeyword(.all) { return .all }
        if eatKeyword(.none) { return Quantifier.none }
        return nil
    }

    /// comparison → quantifier? expression operator options? quantifier? expression | … BETWEEN | … IN
    private mutating func parseComparison() throws -> Comparison {
        let start = current.offset
        let quantifier = parseQuantifier()
        let leftToken = current
        let left = try parseArithmetic()
        let op: ComparisonOperator
        switch current.kind {
        case .symbol(.equal), .symbol(.assign): op = .equal
        case .symbol(.notEqual), .symbol(.lessOrGreater): op = .notEqual
        case .symbol(.less): op = .less
        case .symbol(.lessOrEqual): op = .lessOrEqual
        case .symbol(.greater): op = .greater
        case .symbol(.greaterOrEqual): op = .greaterOrEqual
        default:
            switch current.keyword {
            case .beginsWith?: op = .beginsWith
            case .endsWith?: op = .endsWith
            case .contains?: op = .contains
            case .like?: op = .like
            case .in?: op = .in
            case .between?: op = .between
            default:
                // Realm's forms Strata does not have, named as such.
                if case .name(let word) = current.kind {
                    switch word.lowercased() {
                    case "text":
                        throw syntax("full-text search (TEXT) is not supported; CONTAINS[c] finds words in text")
                    default: break
                    }
                }
                throw syntax("expected a comparison operator such as ==, <, BEGINSWITH or IN" + found())
            }
        }
        position += 1
        var comparison = Comparison(left: left, op: op, right: .literal(.null, offset: 0), quantifier: quantifier, offset: start)
        if leftToken.quote == "\"", case .string(let name) = leftToken.kind, case .literal = left { comparison.leftQuotedName = name }
        // Right after an operator a bracket is its options, never a subscript.
        if current.kind == .symbol(.openBracket) { throw syntax("expected [c], [d] or [cd]") }
        if case .options(let letters) = current.kind {
            guard op != .between else { throw syntax("[c] and [d] do not apply to BETWEEN") }
            position += 1
            comparison.caseInsensitive = letters.contains("c")
            comparison.diacriticInsensitive = letters.contains("d")
        }
        switch op {
        case .between:
            let open = current.offset
            try expectSymbol(.openBrace)
            let low = try parseArithmetic()
            try expectSymbol(.comma)
            let high = try parseArithmetic()
            try expectSymbol(.closeBrace)
            comparison.right = .list([low, high], offset: open)
        default:
            comparison.rightQuantifier = parseQuantifier()
            comparison.right = try parseArithmetic()
        }
        return comparison
    }

    /// What each operator of arithmetic takes of SQLite's parser stack: as a parenthesis does (`(a + b)` and
    /// `strata_divide(a, b)` nest as one), counted along the whole expression, since `a + b + c …` nests in SQL.
    static let operatorDepth = parenthesisDepth

    /// arithmetic → term (('+' | '-') term)*; term → expression (('*' | '/') expression)*. A signed number after a value
    /// is an operator and its number: `age -5` is `age - 5`.
    private mutating func parseArithmetic() throws -> Expression {
        var charged = 0
        defer { depth -= charged }
        func binary(_ operators: [Symbol: ArithmeticOperator], _ operand: (inout QueryParser) throws -> Expression) throws -> Expression {
            var left = try operand(&self)
            while true {
                let offset = current.offset
                var op: ArithmeticOperator?
                if case .symbol(let symbol) = current.kind, let found = operators[symbol] {
                    op = found
                    position += 1
                } else if current.hasSign, operators[.plus] != nil {
                    // `age -5`: the lexer read a signed number; it is the operator and the number.
                    switch current.kind {
                    case .integer(let value) where value != .min:
                        op = value < 0 ? .subtract : .add
                        tokens[position].kind = .integer(abs(value))
                    case .decimal(let value, let text):
                        op = value.sign == .minus ? .subtract : .add
                        tokens[position].kind = .decimal(abs(value), text: String(text.drop { $0 == "-" || $0 == "+" }))
                    default: break
                    }
                    if op != nil { tokens[position].hasSign = false }
                }
                guard let op else { return left }
                try enter(Self.operatorDepth)
                charged += Self.operatorDepth
                left = .arithmetic(op, left, try operand(&self), offset: offset)
            }
        }
        return try binary([.plus: .add, .minus: .subtract]) { parser in
            try parser.parseTerm()
        }
    }

    private mutating func parseTerm() throws -> Expression {
        var charged = 0
        defer { depth -= charged }
        var left = try parseExpression()
        while case .symbol(let symbol) = current.kind, symbol == .star || symbol == .slash {
            let offset = current.offset
            position += 1
            try enter(Self.operatorDepth)
            charged += Self.operatorDepth
            left = .arithmetic(symbol == .star ? .multiply : .divide, left, try parseExpression(), offset: offset)
        }
        return left
    }

    private mutating func parseList() throws -> Expression {
        let open = current.offset
        try expectSymbol(.openBrace)
        // A list in a list (`--args '{{1, 2}}'`) nests as parentheses do: bounded, so no input exhausts the stack.
        try enter(Self.parenthesisDepth)
        defer { depth -= Self.parenthesisDepth }
        var items: [Expression] = []
        if !isSymbol(.closeBrace) {
            repeat { items.append(try parseArithmetic()) } while eatSymbol(.comma)
        }
        try expectSymbol(.closeBrace)
        return .list(items, offset: open)
    }

    /// expression → literal | parameter | keyPath | SUBQUERY(…).@count | '(' arithmetic ')' | '{' list '}'
    private mutating func parseExpression() throws -> Expression {
        let offset = current.offset
        if eatSymbol(.openParenthesis) {
            try enter(Self.parenthesisDepth)
            defer { depth -= Self.parenthesisDepth }
            let inner = try parseArithmetic()
            try expectSymbol(.closeParenthesis)
            return inner
        }
        switch current.kind {
        case .string(let value):
            // "First Name".length: a double-quoted name that a path goes on from.
            if current.quote == "\"", tokens[position + 1].kind == .symbol(.dot) { return .keyPath(try parseKeyPath()) }
            position += 1
            return .literal(.string(value), offset: offset)
        case .integer(let value): position += 1; return .literal(.integer(value), offset: offset)
        case .decimal(let value, let text): position += 1; return .literal(.decimal(value, text: text), offset: offset)
        case .date(let value): position += 1; return .literal(.date(value), offset: offset)
        case .data(let value): position += 1; return .literal(.data(value), offset: offset)
        case .base64(let value): position += 1; return .literal(.base64(value), offset: offset)
        case .objectKey(let key): position += 1; return .literal(.object(className: nil, key: .integer(key)), offset: offset)
        case .objectId(let text): position += 1; return .literal(.objectId(text), offset: offset)
        case .uuid(let text): position += 1; return .literal(.uuid(text), offset: offset)
        case .parameter(let index): position += 1; return .parameter(index, offset: offset)
        case .symbol(.openBrace): return try parseList()
        case .name:
            switch current.keyword {
            case .true?: position += 1; return .literal(.bool(true), offset: offset)
            case .false?: position += 1; return .literal(.bool(false), offset: offset)
            case .nil?, .null?: position += 1; return .literal(.null, offset: offset)
            case .subquery?: return try parseSubquery()
            default:
                // realm-core's obj("Class", key): the object of that class with that primary key.
                if case .name(let word) = current.kind, word.lowercased() == "obj", tokens[position + 1].kind == .symbol(.openParenthesis) {
                    position += 2
                    guard case .string(let className) = current.kind else { throw syntax("obj(…) takes a class name in quotes, then a key" + found()) }
                    position += 1
                    try expectSymbol(.comma)
                    // The key: a number, a string, an ObjectId, a UUID (lower-cased, as `convert` writes one) or a parameter.
                    let key: SQLiteValue
                    switch current.kind {
                    case .integer(let value): key = .integer(value)
                    case .string(let value): key = .text(value)
                    case .objectId(let text): key = .text(text)
                    case .uuid(let text): key = .text(text.lowercased())
                    case .parameter(let index):
                        position += 1
                        try expectSymbol(.closeParenthesis)
                        return .literal(.objectByParameter(className: className, index: index), offset: offset)
                    default: throw syntax("obj(…) takes a key: a number, a string, an oid(…), a uuid(…) or a $ parameter" + found())
                    }
                    position += 1
                    try expectSymbol(.closeParenthesis)
                    return .literal(.object(className: className, key: key), offset: offset)
                }
                // realm-core's inf, infinity and nan, unless a path goes on from the word.
                if case .name(let word) = current.kind, ["inf", "infinity", "nan"].contains(word.lowercased()),
                   tokens[position + 1].kind != .symbol(.dot), tokens[position + 1].kind != .symbol(.openBracket) {
                    position += 1
                    return .literal(.decimal(QueryLexer.specialValue(word, negative: false), text: word), offset: offset)
                }
                return .keyPath(try parseKeyPath())
            }
        case .quotedName, .variable, .attribute:
            return .keyPath(try parseKeyPath())
        case .end:
            throw syntax("expected a value or a property but the query ended")
        default:
            throw syntax("expected a value or a property" + found())
        }
    }

    /// SUBQUERY '(' keyPath ',' '$' NAME ',' predicate ')' '.' '@count'
    private mutating func parseSubquery() throws -> Expression {
        let offset = current.offset
        position += 1
        try enter(Self.subqueryDepth)
        defer { depth -= Self.subqueryDepth }
        try expectSymbol(.openParenthesis)
        let collection = try parseKeyPath()
        try expectSymbol(.comma)
        guard case .variable(let variable) = current.kind else { throw syntax("expected a variable such as $t" + found()) }
        position += 1
        try expectSymbol(.comma)
        let predicate = try parsePredicate()
        try expectSymbol(.closeParenthesis)
        try expectSymbol(.dot)
        guard case .attribute(let attribute) = current.kind, attribute == "count" || attribute == "size" else {
            throw syntax("expected '@count' after SUBQUERY(…)")
        }
        position += 1
        return .subqueryCount(collection: collection, variable: variable, predicate: predicate, offset: offset)
    }

    /// keyPath → ('$' NAME '.')? component ('.' component)* ('.' '@' AGGREGATE ('.' NAME)?)?
    mutating func parseKeyPath() throws -> KeyPath {
        var path = KeyPath(components: [], offset: current.offset)
        if case .variable(let variable) = current.kind {
            position += 1
            path.variable = variable
            guard eatSymbol(.dot) else { return path }
        }
        while true {
            let offset = current.offset
            switch current.kind {
            case .name(let name):
                if let keyword = Keyword(rawValue: name.uppercased()), keyword.isStructural {
                    throw syntax("'\(name)' is a keyword; write `\(name)` in backticks to use it as a property name", at: offset)
                }
                position += 1
                path.components.append(.property(name))
            case .quotedName(let name), .string(let name):
                position += 1
                path.components.append(.property(name))
            case .attribute("keys"), .attribute("values"):
                // A dictionary's keys or values (`scores.@values > 10`); a set's or list's values.
                guard !path.components.isEmpty else {
                    throw syntax("@\(current.kind == .attribute("keys") ? "keys" : "values") needs a dictionary before it, as in scores.@values", at: offset)
                }
                path.components.append(.property(current.kind == .attribute("keys") ? ValueCollection.keysName : ValueCollection.valuesName))
                position += 1
            case .attribute("links") where position + 2 < tokens.count && tokens[position + 1].kind == .symbol(.dot)
                && (tokens[position + 2].kind == .attribute("count") || tokens[position + 2].kind == .attribute("size")):
                // `@links.@count`: every object that links here.
                position += 1
                path.components.append(.allBacklinks)
                try expectSymbol(.dot)
                continue
            case .attribute("links"):
                position += 1
                try expectSymbol(.dot)
                let className = try name("a class name after @links.")
                try expectSymbol(.dot)
                let property = try name("a property name after @links.\(className).")
                path.components.append(.backlinks(className: className, property: property))
            case .attribute(let attribute):
                guard let aggregate = Aggregate(rawValue: attribute) else {
                    throw syntax("unknown '@\(attribute)'; expected @count, @size, @min, @max, @sum, @avg, @type, @keys, @values or @links", at: offset)
                }
                guard !path.components.isEmpty else { throw syntax("@\(attribute) needs a list before it, as in tasks.@\(attribute)", at: offset) }
                position += 1
                path.aggregate = aggregate
                if aggregate != .count && aggregate != .size && eatSymbol(.dot) {
                    path.aggregateProperty = try name("a property name after @\(attribute).")
                }
                return path
            default:
                throw syntax(path.components.isEmpty ? "expected a property name" + found() : "expected a property name after '.'" + found(), at: offset)
            }
            // `scores["easy"]`: a dictionary's value by its key; `items[0]`, `[FIRST]`, `[LAST]`, `[SIZE]`, `[*]` of a list.
            while eatSymbol(.openBracket) {
                switch current.kind {
                case .string(let key): path.components.append(.key(key))
                case .integer(let index) where index >= 0 && !current.hasSign: path.components.append(.index(Int(clamping: index)))
                case .symbol(.star): path.components.append(.all)
                case .parameter(let index): path.components.append(.parameterKey(index))
                case .name(let word) where ["FIRST", "LAST", "SIZE"].contains(word.uppercased()):
                    path.components.append(word.uppercased() == "FIRST" ? .index(0) : word.uppercased() == "LAST" ? .index(-1) : .size)
                default:
                    throw syntax("expected a key in quotes, a position, FIRST, LAST, SIZE or * after '['" + found())
                }
                position += 1
                try expectSymbol(.closeBracket)
            }
            guard eatSymbol(.dot) else { return path }
        }
    }

    private mutating func name(_ what: String) throws -> String {
        switch current.kind {
        case .name(let name), .quotedName(let name), .string(let name):
            position += 1
            return name
        default:
            throw syntax("expected " + what + found())
        }
    }
}
