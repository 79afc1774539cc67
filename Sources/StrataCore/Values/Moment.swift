/// A moment to the nanosecond, as Realm's timestamps hold it: whole seconds since 1970 (UTC) and the nanoseconds
/// after them, `0 ..< 1_000_000_000` (realm-core's `Timestamp` keeps the nanoseconds' sign with the seconds'; here
/// they always count forwards, so that one moment has one form).
public struct Moment: Hashable, Comparable, Sendable {
    public private(set) var seconds: Int64
    public private(set) var nanoseconds: Int64

    /// Any seconds and nanoseconds, whole seconds carried out of the nanoseconds (saturating at Int64's ends).
    public init(seconds: Int64, nanoseconds: Int64) {
        let (carry, nanosecond) = Self.floorDivide(nanoseconds, 1_000_000_000)
        self.seconds = seconds.addingReportingOverflow(carry).overflow ? (carry < 0 ? .min : .max) : seconds + carry
        self.nanoseconds = nanosecond
    }

    public init(milliseconds: Int64) {
        let (seconds, millisecond) = Self.floorDivide(milliseconds, 1000)
        self.init(seconds: seconds, nanoseconds: millisecond * 1_000_000)
    }

    /// Milliseconds since 1970, rounded down; the least or greatest Int64 for a moment beyond them.
    public var milliseconds: Int64 {
        let (whole, overflowed) = seconds.multipliedReportingOverflow(by: 1000)
        let (sum, carried) = whole.addingReportingOverflow(nanoseconds / 1_000_000)
        guard !overflowed && !carried else { return seconds < 0 ? .min : .max }
        return sum
    }

    /// Twelve bytes that sort as the moments do (what SQLite compares, byte by byte): the seconds big-endian with the
    /// sign bit flipped, then the nanoseconds big-endian.
    public var key: [UInt8] {
        let biased = UInt64(bitPattern: seconds) ^ (1 << 63)
        let nanos = UInt32(nanoseconds)
        return (0..<8).map { UInt8(truncatingIfNeeded: biased >> (56 - 8 * UInt64($0))) }
            + (0..<4).map { UInt8(truncatingIfNeeded: nanos >> (24 - 8 * UInt32($0))) }
    }

    /// The moment a `key` is; nil for any other bytes.
    public init?(key: [UInt8]) {
        guard key.count == 12 else { return nil }
        let biased = key[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let nanos = key[8..<12].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard nanos < 1_000_000_000 else { return nil }
        self.init(seconds: Int64(bitPattern: biased ^ (1 << 63)), nanoseconds: Int64(nanos))
    }

    /// ISO 8601 in UTC, with milliseconds or, when the moment has more, all nine digits.
    public var isoText: String { ISODate.format(unixSeconds: seconds, nanoseconds: nanoseconds) }

    public static func < (lhs: Moment, rhs: Moment) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// The floor of `value / divisor` and the remainder in `0 ..< divisor` (`divisor` > 0), for every `value`.
    static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
