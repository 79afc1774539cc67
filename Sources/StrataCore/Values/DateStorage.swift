import SQLiteKit

/// How a date column stores its dates, found by looking at its values (ARCHITECTURE.md §3).
public enum DateStorage: String, Sendable, Equatable {
    /// ISO 8601 text, such as `2026-11-29T21:28:29.123Z` or `2026-11-29 21:28:29`.
    case isoText
    /// Seconds since 1970, INTEGER or REAL.
    case unixSeconds
    /// Milliseconds since 1970, INTEGER.
    case unixMilliseconds
    /// Seconds since 2001-01-01, as Core Data stores dates.
    case referenceSeconds

    package static let referenceOffsetSeconds: Int64 = 978_307_200

    /// Looks at up to 20 values of the column. Numbers above 1e11 are milliseconds (as seconds they
    /// would be past the year 5000); Core Data stores count from 2001.
    /// - Throws: SQLite's error when the column cannot be read (a locked or damaged file).
    public static func detect(connection: Connection, table: String, column: String, conventions: StoreConventions) throws -> DateStorage {
        let isCoreData = conventions.countsDatesFrom2001
        let sql: SQL = "SELECT \(identifier: column) FROM \(identifier: table) WHERE \(identifier: column) IS NOT NULL LIMIT 20"
        let rows = try connection.rows(sql)
        guard !rows.isEmpty else { return isCoreData ? .referenceSeconds : .isoText }
        if rows.contains(where: { if case .text = $0[0] { return true } else { return false } }) { return .isoText }
        if isCoreData { return .referenceSeconds }
        let large = rows.contains { abs($0[0].double ?? 0) > 1e11 }
        return large ? .unixMilliseconds : .unixSeconds
    }

    /// What `Schema` keeps of the columns it has looked at: shared by every copy of the schema (a memo, not a
    /// fact of the schema: two schemas are equal whatever each has looked at).
    final class Memo: @unchecked Sendable, Equatable {
        private let lock = Lock()
        private var storages: [String: DateStorage] = [:]

        func value(table: String, column: String, detect: () throws -> DateStorage) throws -> DateStorage {
            let key = table + "\u{0}" + column
            if let known = lock.withLock({ storages[key] }) { return known }
            let storage = try detect()
            lock.withLock { storages[key] = storage }
            return storage
        }

        static func == (lhs: Memo, rhs: Memo) -> Bool { true }
    }

    /// SQL for the column's value as a moment to the nanosecond (`Moment.key`, a 12-byte blob that compares as the
    /// moments do; NULL when it is not a date), read exactly as `moment(_:)` reads a value: what queries compare,
    /// sort and aggregate, so that two moments 505 ns apart are two moments, as in Realm.
    package func momentSQL(_ column: SQL) -> SQL {
        "strata_moment(\(column), \(literal: .integer(Int64(code))))"
    }

    /// SQL for a value's moment when it is ISO 8601 text, NULL for any other value: how an untyped (Mixed) value
    /// compares with a date.
    package static func textMomentSQL(_ value: SQL) -> SQL {
        "strata_moment(\(value), -1)"
    }

    /// This storage as the number `strata_moment` takes.
    public var code: Int {
        switch self {
        case .isoText: 0
        case .unixSeconds: 1
        case .unixMilliseconds: 2
        case .referenceSeconds: 3
        }
    }

    public init?(code: Int) {
        switch code {
        case 0: self = .isoText
        case 1: self = .unixSeconds
        case 2: self = .unixMilliseconds
        case 3: self = .referenceSeconds
        default: return nil
        }
    }

    /// A stored value as a moment to the nanosecond: text as ISO 8601 (every fraction digit, to nine), a number by
    /// this storage (an ISO text column's numbers as seconds since 1970). Seconds held as a REAL keep the
    /// microseconds a double holds at today's dates, rounded (a double of 1.7e9 seconds has no finer digits: its
    /// nanoseconds are noise). Nil where `milliseconds(_:)` is nil.
    public func moment(_ value: SQLiteValue) -> Moment? {
        switch value {
        case .text(let text): return ISODate.moment(text)
        case .integer(let number):
            guard milliseconds(value) != nil else { return nil }
            switch self {
            case .unixMilliseconds: return Moment(milliseconds: number)
            case .referenceSeconds: return Moment(seconds: number + Self.referenceOffsetSeconds, nanoseconds: 0)
            default: return Moment(seconds: number, nanoseconds: 0)
            }
        case .real(let number):
            guard milliseconds(value) != nil else { return nil }
            var seconds = number
            switch self {
            case .unixMilliseconds: seconds = number / 1000
            case .referenceSeconds: seconds = number + Double(Self.referenceOffsetSeconds)
            default: break
            }
            let whole = seconds.rounded(.down)
            let microseconds = ((seconds - whole) * 1_000_000).rounded()
            return Moment(seconds: Int64(whole), nanoseconds: Int64(microseconds) * 1000)
        default:
            return nil
        }
    }

    /// JavaScript's date range, ±100,000,000 days from 1970, in milliseconds: the numbers that read as dates.
    static let maximumMilliseconds: Int64 = 8_640_000_000_000_000

    /// A stored value as milliseconds since 1970, the moment queries compare (text without a zone read as
    /// UTC, as SQLite reads it); nil when it does not read as a date, including a number beyond JavaScript's
    /// date range (±100,000,000 days), an infinity or NaN. Outputs show a number and text with a zone as
    /// this moment in UTC, but text without a zone as it is stored.
    public func milliseconds(_ value: SQLiteValue) -> Int64? {
        let milliseconds: Double?
        switch (self, value) {
        case (_, .text(let text)): return ISODate.parse(text)
        case (.unixMilliseconds, _): milliseconds = value.double
        case (.referenceSeconds, _): milliseconds = value.double.map { ($0 + Double(Self.referenceOffsetSeconds)) * 1000 }
        default: milliseconds = value.double.map { $0 * 1000 }
        }
        guard let rounded = milliseconds?.rounded(), abs(rounded) <= Double(Self.maximumMilliseconds) else { return nil }
        return Int64(rounded)
    }
}
