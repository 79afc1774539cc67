import StrataCore

/// What is wrong with one place of an import's input: its line and column (a CSV field's number, a JSON value's
/// character), and what, in words. `Importer` adds the input's name: `data.csv:1042:3: column 'price': 'abc' is
/// not a double`.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    /// 1-based: the field's number in a CSV record, the byte's column in a JSON line; 0 when the whole line is meant.
    public var column: Int
    public var message: String

    public init(line: Int, column: Int = 0, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { column > 0 ? "\(line):\(column): \(message)" : "\(line): \(message)" }

    /// The one-line error the command prints, with the input's name in front.
    public func located(in input: String) -> StrataError {
        StrataError("\(input):\(description)")
    }

    /// A value as an error quotes it: in single quotes, cut after 40 characters (stderr escapes its controls on a
    /// terminal, as every message's).
    static func quoted(_ text: String) -> String {
        let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "'" + cut + "'"
    }
}
