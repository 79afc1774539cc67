/// A JSON value as an import reads it: numbers kept as written (an int64 stays exact, a decimal keeps its
/// digits), members of objects in their order, each with where it starts.
public indirect enum ImportJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's text, checked against JSON's grammar.
    case number(String)
    case string(String)
    case array([ImportJSON])
    case object([Member])

    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: ImportJSON
        /// Where the value starts.
        public var line: Int
        public var column: Int

        public init(key: String, value: ImportJSON, line: Int = 1, column: Int = 1) {
            (self.key, self.value, self.line, self.column) = (key, value, line, column)
        }
    }

    /// What kind of value it is, for messages: `a number`, `an array`.
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as an error quotes it: a string's text, a number's, `true`; containers by kind.
    var shown: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): ImportError.quoted(text)
        case .array, .object: kind
        }
    }
}

/// One object of a JSON array or of NDJSON: a row to import, with where it starts.
public struct ImportJSONRow: Sendable, Equatable {
    public var members: [ImportJSON.Member]
    public var line: Int
    public var column: Int
}
