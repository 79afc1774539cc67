import SQLiteKit
import StrataCore

/// The class `import --create` makes: each property's type inferred from every row of the input, not the first
/// (a column that looks like whole numbers until a row holds 2.5 is a double; one that also holds text, a string;
/// one with an empty field or a missing member, optional).
///
/// Types, per value: true/false → bool; a whole number → int; another number → double; ISO 8601 text → date;
/// 8-4-4-4-12 hex → uuid; anything else → string. Mixed kinds join: int and double → double; any other mix →
/// string. A property seen only empty is an optional string. A property named `id` that is an int, string or
/// uuid in every row becomes the primary key. Arrays and objects are refused: a list or dictionary property
/// needs a class made first (`strata migrate`).
public struct InferredClass: Sendable, Equatable {
    public struct InferredProperty: Sendable, Equatable {
        public var name: String
        public var type: PropertyType
        public var isOptional: Bool
        public var isPrimaryKey: Bool

        /// The column's declaration, as Strata's type inference reads it back as `type`.
        var declaration: SQL {
            let declared: SQL = switch type {
            case .bool: "BOOLEAN"
            case .int: "INTEGER"
            case .double: "REAL"
            case .date: "DATETIME"
            case .uuid: "UUID"
            default: "TEXT"
            }
            return "\(identifier: name) \(declared)" + (isPrimaryKey ? " PRIMARY KEY" : "") + (isOptional ? "" : " NOT NULL")
        }
    }

    public var name: String
    public var properties: [InferredProperty]
    /// How many rows were read to infer it.
    public var rows: Int

    public var createSQL: SQL {
        "CREATE TABLE \(identifier: name) (\n    \(properties.map(\.declaration).joined(separator: ",\n    "))\n)"
    }

    /// `id int (primary key), name string, price double?`.
    public var summary: String {
        properties.map { "\($0.name) \($0.type.rawValue)\($0.isOptional ? "?" : "")\($0.isPrimaryKey ? " (primary key)" : "")" }
            .joined(separator: ", ")
    }

    /// SQLite's default limit of columns in a table.
    public static let maximumProperties = 2000

    // MARK: - Inference

    enum Kind: Int, Comparable {
        case none, bool, int, double, date, uuid, string

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        func joined(_ other: Kind) -> Kind {
            if self == other || other == .none { return self }
            if self == .none { return other }
            if Set([self, other]) == [.int, .double] { return .double }
            return .string
        }

        var type: PropertyType {
            switch self {
            case .bool: .bool
            case .int: .int
            case .double: .double
            case .date: .date
            case .uuid: .uuid
            case .none, .string: .string
            }
        }
    }

    struct Column {
        var name: String
        var kind = Kind.none
        var sawNil = false
        var seen = 0
    }

    /// The kind of a text value (a CSV field; a JSON string when `numbers` is false).
    static func kind(of text: String, numbers: Bool) -> Kind {
        if numbers {
            let lower = text.lowercased()
            if lower == "true" || lower == "false" { return .bool }
            if text.utf8.withContiguousStorageIfAvailable({ ImportScalar.wholeNumber(UnsafeRawBufferPointer($0)) }) ?? Int64(text) != nil {
                return .int
            }
            if let number = ImportScalar.number(text), number.isFinite,
               text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return .double }
        }
        let bytes = Array(text.utf8.prefix(11))
        if bytes.count >= 10, bytes[0..<4].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), bytes[4] == UInt8(ascii: "-"), ISODate.parse(text) != nil {
            return .date
        }
        if text.count == 36, UUIDWriter.bytes(text) != nil { return .uuid }
        return .string
    }

    /// Reads a CSV input to its end: the header names the properties, every record types them.
    /// - Throws: `StrataError` naming the input, line and column.
    public static func infer(csv reader: CSVReader, className: String, inputName: String) throws -> InferredClass {
        do {
            guard try reader.next() else { throw ImportError(line: 1, "the input is empty: a CSV import starts with a header row of property names") }
            let names = reader.fields
            guard names.count <= maximumProperties else {
                throw ImportError(line: reader.recordLine, "the header has \(names.count) columns, and a class holds at most \(maximumProperties) properties")
            }
            var columns: [Column] = []
            var seen: Set<String> = []
            for (index, name) in names.enumerated() {
                guard !name.isEmpty else { throw ImportError(line: reader.recordLine, column: index + 1, "the header names no property here") }
                guard seen.insert(name.lowercased()).inserted else {
                    throw ImportError(line: reader.recordLine, column: index + 1, "the header names '\(name)' twice")
                }
                columns.append(Column(name: name))
            }
            var rows = 0
            while try reader.next() {
                guard reader.fieldCount == names.count else {
                    throw ImportError(line: reader.recordLine, "the record has \(Plural.counted(reader.fieldCount, "field")), the header \(names.count)")
                }
                rows += 1
                for index in columns.indices {
                    if !reader.isQuoted(index) && reader.withField(index, { $0.isEmpty }) {
                        columns[index].sawNil = true
                        continue
                    }
                    let text = reader.text(index)
                    let kind = reader.isQuoted(index) && text.isEmpty ? .string : Self.kind(of: text, numbers: true)
                    columns[index].kind = columns[index].kind.joined(kind)
                    columns[index].seen += 1
                }
            }
            return make(className, columns, rows: rows)
        } catch let error as ImportError {
            throw error.located(in: inputName)
        }
    }

    /// Reads a JSON input to its end: every member of every object names and types a property.
    public static func infer(json reader: JSONRowReader, className: String, inputName: String) throws -> InferredClass {
        do {
            var columns: [Column] = []
            var indexes: [String: Int] = [:]
            var rows = 0
            while let row = try reader.next() {
                rows += 1
                for member in row.members {
                    let index: Int
                    if let known = indexes[member.key] {
                        index = known
                    } else {
                        guard !member.key.isEmpty else { throw ImportError(line: member.line, column: member.column, "a member has an empty name") }
                        guard !indexes.keys.contains(where: { $0.lowercased() == member.key.lowercased() }) else {
                            throw ImportError(line: member.line, column: member.column,
                                              "'\(member.key)' differs from another member's name only in case")
                        }
                        guard columns.count < maximumProperties else {
                            throw ImportError(line: member.line, column: member.column, "the objects have more than \(maximumProperties) members, and a class holds at most \(maximumProperties) properties")
                        }
                        index = columns.count
                        indexes[member.key] = index
                        var column = Column(name: member.key)
                        // Missing from the rows before: optional.
                        column.sawNil = rows > 1
                        columns.append(column)
                    }
                    let kind: Kind
                    switch member.value {
                    case .null:
                        columns[index].sawNil = true
                        continue
                    case .bool: kind = .bool
                    case .number(let text): kind = text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? .double : (Int64(text) == nil ? .double : .int)
                    case .string(let text): kind = Self.kind(of: text, numbers: false)
                    case .array, .object:
                        throw ImportError(line: member.line, column: member.column,
                                          "property '\(member.key)' holds \(member.value.kind): --create infers only properties of one value "
                                          + "(make a class with lists or dictionaries first, with strata migrate)")
                    }
                    columns[index].kind = columns[index].kind.joined(kind)
                    columns[index].seen += 1
                }
                let given = Set(row.members.map(\.key))
                for index in columns.indices where !given.contains(columns[index].name) { columns[index].sawNil = true }
            }
            return make(className, columns, rows: rows)
        } catch let error as ImportError {
            throw error.located(in: inputName)
        }
    }

    private static func make(_ name: String, _ columns: [Column], rows: Int) -> InferredClass {
        var properties = columns.map { column in
            InferredProperty(name: column.name, type: column.kind.type, isOptional: column.sawNil || column.kind == .none, isPrimaryKey: false)
        }
        if let key = properties.firstIndex(where: { $0.name.lowercased() == "id" }), !properties[key].isOptional,
           [.int, .string, .uuid].contains(properties[key].type), rows > 0
        {
            properties[key].isPrimaryKey = true
        }
        return InferredClass(name: name, properties: properties, rows: rows)
    }
}
