import SQLiteKit
import StrataCore

/// A list, set or dictionary of values as one JSON text per object, the value of its result column: an array in
/// the collection's order (`["дом", "здание"]`), or an object by key (`{"easy": 3}`). Each element is written as the
/// JSON output writes a value of its type (ARCHITECTURE.md §3): bools as `true`/`false`, dates as ISO 8601, data as
/// base64, uuids canonical, nil as `null`; a Mixed element by the Realm type its `value_type` names.
enum CollectionJSON {
    /// Registers `strata_json_element(value, type, dateStorage)`: one element as JSON text.
    static func register(on connection: Connection) throws {
        try connection.createFunction("strata_json_element", argumentCount: 3) { arguments in
            .text(element(arguments[0], type: arguments[1].string ?? "", dateStorage: arguments[2].string.flatMap(DateStorage.init(rawValue:))))
        }
    }

    /// The SQL of a collection property's column: a correlated subquery of its owner at `alias`.
    static func sql(_ storage: ValueCollection, owner: SQL, dateStorage: DateStorage?) -> SQL {
        let value = SQL.identifier(storage.valueColumn)
        // A Mixed element is read by the Realm type its value_type names; any other by its property's type.
        let element = storage.element
        let type: SQL = element.typeColumn.map { "coalesce(\(identifier: $0), '')" } ?? .literal(.text(element.type.rawValue))
        let general: SQL = "strata_json_element(\(value), \(type), \(SQLiteValue.text(dateStorage?.rawValue ?? "")))"
        // `j`: the element as JSON text where SQLite's own aggregate would not write it as its type says; NULL where it
        // would, as it writes text (quoted and escaped), integers, finite doubles and NULL, without a call into Swift.
        let native: SQL = "typeof(\(value)) IN ('text', 'integer', 'null') OR (typeof(\(value)) = 'real' AND abs(\(value)) <= 1.7976931348623157e308)"
        let json: SQL = switch element.type {
        case .string, .int, .double, .decimal, .object: "CASE WHEN \(native) THEN NULL ELSE \(general) END"
        case .bool: "CASE \(value) WHEN 1 THEN 'true' WHEN 0 THEN 'false' ELSE \(general) END"
        case .date where dateStorage == .isoText: "CASE WHEN typeof(\(value)) IN ('text', 'null') THEN NULL ELSE \(general) END"
        default: general
        }
        let rows: SQL = "SELECT \(storage.keyColumn.map { SQL.identifier($0) + " AS k, " } ?? "")\(value) AS v, \(json) AS j FROM \(identifier: storage.table) "
            + "WHERE \(identifier: storage.ownerColumn) = \(owner) ORDER BY \(identifier: storage.orderColumn)"
        // json() in the aggregate's own argument, where its JSON subtype reaches the aggregate in every SQLite.
        let entry: SQL = "CASE WHEN j IS NULL THEN v ELSE json(j) END"
        let group: SQL = storage.kind == .dictionary ? "json_group_object(k, \(entry))" : "json_group_array(\(entry))"
        return "(SELECT \(group) FROM (\(rows)))"
    }

    /// One element as JSON text.
    static func element(_ value: SQLiteValue, type: String, dateStorage: DateStorage?) -> String {
        switch value {
        case .null:
            return "null"
        case .integer(let number):
            if type == "bool", number == 0 || number == 1 { return number == 1 ? "true" : "false" }
            if type == "date" || type == "timestamp", let milliseconds = (dateStorage ?? .unixSeconds).milliseconds(value) {
                return string(ISODate.format(unixMilliseconds: milliseconds))
            }
            return String(number)
        case .real(let number):
            if type == "date" || type == "timestamp", let milliseconds = (dateStorage ?? .unixSeconds).milliseconds(value) {
                return string(ISODate.format(unixMilliseconds: milliseconds))
            }
            guard number.isFinite else { return "null" }
            if type == "float", let float = Float(exactly: number) { return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : float.description }
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : number.description
        case .text(let text):
            return string(text)
        case .blob(let bytes):
            if bytes.count == 16, type == "uuid" { return string(UUIDText.canonical(bytes)) }
            return string(Base64.encode(bytes))
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
