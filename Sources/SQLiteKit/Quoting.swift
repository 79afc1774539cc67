/// Quotes an SQL identifier (a table, column or index name), doubling embedded double quotes: the renderer's
/// (`SQLGenerationContext`), the one place names are quoted; elsewhere a name is `SQL.identifier(name)`.
///
///     quoteIdentifier("my \"table\"")  // "my ""table"""
func quoteIdentifier(_ name: String) -> String {
    "\"" + name.replacingAll("\"", with: "\"\"") + "\""
}

/// Quotes an SQL string literal, doubling embedded single quotes.
///
/// Values belong in bound parameters; this is for the few places SQL text must carry a name,
/// such as the argument of a pragma.
public func quoteLiteral(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "''") + "'"
}

extension String {
    /// Replaces every occurrence of one scalar, without Foundation.
    ///
    /// Works on Unicode scalars, not characters: a quote followed by a combining mark is one
    /// `Character` but still a quote to SQLite.
    func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == target { result.append(contentsOf: replacement.unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }
}
