import StrataCore

/// A query that cannot run: a syntax error, or a semantic one (unknown class or property, a type mismatch),
/// with the place in the query text it points at.
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable { case syntax, semantic }

    public var kind: Kind
    public var message: String
    /// Offset of the offending spot in the query text, in characters.
    public var offset: Int
    /// 1-based line and column of `offset`.
    public var line: Int
    public var column: Int

    public init(_ kind: Kind, _ message: String, at offset: Int, in text: String) {
        self.kind = kind
        self.message = message
        self.offset = offset
        var line = 1, column = 1
        for character in text.prefix(offset) {
            if character.isNewline { line += 1; column = 1 } else { column += 1 }
        }
        self.line = line
        self.column = column
    }

    /// `1:14: expected ')'`
    public var description: String { "\(line):\(column): \(message)" }
}

extension QueryError {
    /// The statements of SQL a query never begins with (`DELETE` and `UPDATE` are the browser's edits).
    static let sqlKeywords: Set<String> = ["SELECT", "WITH", "PRAGMA", "EXPLAIN", "VALUES", "INSERT", "REPLACE", "CREATE",
                                           "DROP", "ALTER", "ATTACH", "VACUUM"]

    /// True when `text` begins like an SQL statement (`select * from Track`) and no class of `schema` has that
    /// name: what is wrong is then the language, which `sql` speaks.
    public static func looksLikeSQL(_ text: String, schema: Schema) -> Bool {
        let word = text.drop(while: \.isWhitespace).prefix(while: { $0.isLetter })
        return sqlKeywords.contains(word.uppercased()) && schema.class(named: String(word)) == nil
    }
}
