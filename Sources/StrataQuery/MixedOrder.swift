import SQLiteKit
import StrataCore

/// Mixed values of a converted Realm (a value and its Realm type, as `convert` writes them) in realm-core's order
/// (`Mixed::compare` and its `sorting_rank`, `src/realm/mixed.cpp`): nil first, then booleans, numbers of every type
/// together by value, strings, binary data, timestamps, ObjectIds, UUIDs, links; and their numbers added as realm-core
/// adds a Mixed collection's (`Mixed::accumulate_numeric_to`: into a Decimal128, a float to 7 digits, a double to 15).
enum MixedOrder {
    /// The rank of a value of the Realm type `typeName`; for a value without one (a column that keeps no types), its
    /// storage class's. Nil for nil.
    static func rank(of value: SQLiteValue, typeName: String?) -> UInt8? {
        if case .null = value { return nil }
        guard let typeName else {
            switch value {
            case .integer, .real: return 1
            case .text: return 2
            default: return 3
            }
        }
        switch typeName {
        case "bool": return 0
        case "int", "float", "double", "decimal128": return 1
        case "string": return 2
        case "binary": return 3
        case "timestamp": return 4
        case "objectId": return 5
        case "uuid": return 6
        case "list": return 9
        case "set": return 10
        case "dictionary": return 11
        default: return typeName.hasPrefix("link") ? 7 : 12
        }
    }

    /// A key whose byte order is realm-core's order of the values (equal for values it holds equal): the rank, then the
    /// value's own key. Nil for nil and for a NaN Decimal128, which realm-core's aggregates leave out.
    static func key(_ value: SQLiteValue, typeName: String?) -> [UInt8]? {
        guard let rank = rank(of: value, typeName: typeName) else { return nil }
        var key: [UInt8] = [0x30 + rank]
        switch (rank, value) {
        case (1, _):
            guard let number = number(value, typeName: typeName) else { return nil }
            key += Array(number.key.utf8)
        case (4, .text(let text)):
            if let moment = ISODate.moment(text) { key += moment.key } else { key += Array(text.utf8) }
        case (5, .text(let text)), (6, .text(let text)):
            key += Array(text.lowercased().utf8)
        case (6, .blob(let bytes)) where bytes.count == 16:
            key += Array(UUIDText.canonical(bytes).lowercased().utf8)
        case (_, .integer(let integer)):
            key += Array(DecimalText(.integer(integer))?.key.utf8 ?? "".utf8)
        case (_, .text(let text)):
            key += Array(text.utf8)
        case (_, .blob(let bytes)):
            key += bytes
        default:
            key += Array((value.string ?? "").utf8)
        }
        return key
    }

    /// A number as realm-core adds it into a Decimal128: a float to 7 significant digits, a double to 15, a decimal
    /// and an integer exactly; nil for a NaN, and for a value that is no number.
    static func number(_ value: SQLiteValue, typeName: String?) -> DecimalText? {
        if typeName == nil, value.double == nil { return nil }
        guard rank(of: value, typeName: typeName) == 1 else { return nil }
        switch value {
        case .integer, .text: return DecimalText(value)
        case .real(let real):
            let digits = typeName == "float" ? 7 : 15
            return DecimalText(.real(real))?.rounded(toSignificant: digits)
        default: return nil
        }
    }

    /// Registers `strata_mixed_key(value, type)` (for ORDER BY), the aggregates `strata_mixed_min` and
    /// `strata_mixed_max(value, type, part)` (the least or greatest value, or with `part` 1 its type), and
    /// `strata_mixed_sum` and `strata_mixed_avg(value, type)` (as decimal text; the sum of none is 0, the mean NULL).
    static func register(on connection: Connection) throws {
        try connection.createFunction("strata_mixed_key", argumentCount: 2) { arguments in
            key(arguments[0], typeName: arguments[1].string).map(SQLiteValue.blob) ?? .null
        }
        for (name, greatest) in [("strata_mixed_min", false), ("strata_mixed_max", true)] {
            try connection.createAggregate(name, argumentCount: 3) { MixedExtreme(greatest: greatest) }
        }
        try connection.createAggregate("strata_mixed_sum", argumentCount: 2) { MixedSum(mean: false) }
        try connection.createAggregate("strata_mixed_avg", argumentCount: 2) { MixedSum(mean: true) }
    }
}

/// `strata_mixed_min` and `strata_mixed_max`: the value with the least or greatest `MixedOrder.key`, or its type.
final class MixedExtreme: SQLAggregate {
    private let greatest: Bool
    private var best: (key: [UInt8], value: SQLiteValue, type: SQLiteValue)?
    private var part: Int64 = 0

    init(greatest: Bool) {
        self.greatest = greatest
    }

    func step(_ arguments: [SQLiteValue]) throws {
        part = arguments[2].int64 ?? 0
        guard let key = MixedOrder.key(arguments[0], typeName: arguments[1].string) else { return }
        if let best, greatest ? !best.key.lexicographicallyPrecedes(key) : !key.lexicographicallyPrecedes(best.key) { return }
        best = (key, arguments[0], arguments[1])
    }

    func finish() throws -> SQLiteValue {
        guard let best else { return .null }
        return part == 1 ? best.type : best.value
    }
}

/// `strata_mixed_sum` and `strata_mixed_avg`: the numbers among Mixed values, added exactly as decimals.
final class MixedSum: SQLAggregate {
    private let mean: Bool
    private var sum = DecimalText.Sum()

    init(mean: Bool) {
        self.mean = mean
    }

    func step(_ arguments: [SQLiteValue]) throws {
        guard let number = MixedOrder.number(arguments[0], typeName: arguments[1].string) else { return }
        sum.add(number)
    }

    func finish() throws -> SQLiteValue {
        guard sum.count > 0 else { return mean ? .null : .text("0") }
        // A sum too wide to keep exactly (numbers 400 places apart) is none: realm-core's Decimal128 would round it.
        guard let total = sum.result else { return .null }
        return .text((mean ? total.divided(by: sum.count) : total).text)
    }
}
