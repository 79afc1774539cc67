/// A Realm `Decimal128` value: IEEE 754-2008 decimal128 in the BID encoding (binary integer significand), as
/// realm-core stores it (`decimal128.hpp/.cpp`, `array_decimal128.cpp`).
///
/// `description` is exactly realm-core's `Decimal128::to_string()`. That function has two printers, and which one
/// runs depends only on the top 49 coefficient bits of `high` (realm-core's `unpack`, which ignores the `11`
/// combination form):
/// * those bits are zero → realm-core's own printer: `[-]d[.ddd][E±n]` from the low word and the raw 14-bit
///   exponent field (`2.5E-1`, `1.25`, `-0`, `0E-10`, `NaN`, `-Inf`);
/// * otherwise → the Intel library's `bid128_to_string`: `±digitsE±n` with the coefficient as an integer
///   (`+18446744073709551616E+0`, `+NaN`, `+SNaN`); a non-canonical coefficient (≥ 10^34, or the `11` form)
///   prints as `0`, per IEEE.
/// The null pattern prints `NULL`, as realm-core does; readers should test `isRealmNull` first.
///
/// Cost: a few integer operations and one string of at most 48 bytes; no Foundation.
public struct RealmDecimal128: Sendable, Equatable, CustomStringConvertible {
    /// The low 64 bits of the BID128 value (low coefficient bits).
    public let low: UInt64
    /// The high 64 bits: sign, combination/exponent field and the top 49 coefficient bits.
    public let high: UInt64

    public init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    // MARK: - Widening (format 24 leaves of width 4 and 8)

    /// A BID64 value widened exactly as realm-core's `Decimal128(Bid64)` (Intel `bid64_to_bid128`); realm-core's
    /// 64-bit null `0x7c000000000000aa` becomes the 128-bit null. NaN payloads are scaled by 10^18 and a
    /// signaling NaN becomes quiet; non-canonical coefficients become 0.
    public init(bid64 x: UInt64) {
        if x == Self.null64 {
            self.init(low: Self.nullLow, high: Self.nullHigh)
            return
        }
        let sign = x & Self.signBit
        let coefficient: UInt64, exponent: UInt64
        if x & 0x6000_0000_0000_0000 == 0x6000_0000_0000_0000 {
            if x & 0x7800_0000_0000_0000 == 0x7800_0000_0000_0000 {
                var special = x & 0xFE03_FFFF_FFFF_FFFF
                if x & 0x0003_FFFF_FFFF_FFFF >= 1_000_000_000_000_000 { special = x & 0xFE00_0000_0000_0000 }
                if x & 0x7C00_0000_0000_0000 == 0x7800_0000_0000_0000 { special = x & 0xF800_0000_0000_0000 }
                let payload = (special & 0x0003_FFFF_FFFF_FFFF).multipliedFullWidth(by: 1_000_000_000_000_000_000)
                self.init(low: payload.low, high: payload.high | (special & 0xFC00_0000_0000_0000))
                return
            }
            let large = (x & 0x0007_FFFF_FFFF_FFFF) | 0x0020_0000_0000_0000
            coefficient = large >= 10_000_000_000_000_000 ? 0 : large
            exponent = (x >> 51) & 0x3FF
        } else {
            coefficient = x & 0x001F_FFFF_FFFF_FFFF
            exponent = (x >> 53) & 0x3FF
        }
        self.init(low: coefficient, high: sign | ((exponent + 6176 - 398) << 49))
    }

    /// A BID32 value widened exactly as realm-core's `Decimal128(Bid32)` (Intel `bid32_to_bid128`); realm-core's
    /// 32-bit null `0x7c0000aa` becomes the 128-bit null. NaN payloads are scaled by 10^27 and a signaling NaN
    /// becomes quiet; non-canonical coefficients become 0.
    public init(bid32 x: UInt32) {
        if x == Self.null32 {
            self.init(low: Self.nullLow, high: Self.nullHigh)
            return
        }
        let sign = UInt64(x & 0x8000_0000) << 32
        let coefficient: UInt32, exponent: UInt64
        if x & 0x6000_0000 == 0x6000_0000 {
            if x & 0x7800_0000 == 0x7800_0000 {
                var special = x & 0xFE0F_FFFF
                if x & 0x000F_FFFF >= 1_000_000 { special = x & 0xFE00_0000 }
                if x & 0x7C00_0000 == 0x7800_0000 { special = x & 0xF800_0000 }
                // payload × 10^27 (10^27 = 0x33B2E3C_9FD0803CE8000000); payload < 2^20, so it fits in 110 bits.
                let payload = UInt64(special & 0x000F_FFFF)
                let lowProduct = payload.multipliedFullWidth(by: 0x9FD0_803C_E800_0000)
                let highWord = lowProduct.high &+ payload &* 0x033B_2E3C
                self.init(low: lowProduct.low,
                          high: highWord | ((UInt64(special) << 32) & 0xFC00_0000_0000_0000))
                return
            }
            let large = (x & 0x001F_FFFF) | 0x0080_0000
            coefficient = large >= 10_000_000 ? 0 : large
            exponent = UInt64((x >> 21) & 0xFF)
        } else {
            coefficient = x & 0x007F_FFFF
            exponent = UInt64((x >> 23) & 0xFF)
        }
        self.init(low: UInt64(coefficient), high: sign | ((exponent + 6176 - 101) << 49))
    }

    // MARK: - Classification

    /// True for realm-core's null pattern `{0xaa, 0x7c00000000000000}` exactly (`Decimal128::is_null`); a negated
    /// or otherwise different NaN is a NaN value, not null.
    public var isRealmNull: Bool { low == Self.nullLow && high == Self.nullHigh }

    /// True for any NaN, quiet or signaling, including the null pattern (`Decimal128::is_nan`).
    public var isNaN: Bool { high & 0x7C00_0000_0000_0000 == 0x7C00_0000_0000_0000 }

    /// True for positive or negative infinity.
    public var isInfinite: Bool { high & 0x7C00_0000_0000_0000 == 0x7800_0000_0000_0000 }

    // MARK: - Text

    /// Exactly realm-core's `Decimal128::to_string()`; see the type's documentation for its two forms.
    public var description: String {
        if isRealmNull { return "NULL" }
        return String(unsafeUninitializedCapacity: 48) { buffer in
            high & Self.coefficientHighMask == 0 ? realmText(into: buffer) : intelText(into: buffer)
        }
    }

    /// realm-core's printer (`to_string` when the top coefficient bits are zero). Writes at most 29 bytes.
    private func realmText(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        if high & Self.signBit != 0 { count = Self.put("-", into: buffer, at: count) }
        if high & 0x7800_0000_0000_0000 == 0x7800_0000_0000_0000 {
            let word: StaticString = high & 0x7C00_0000_0000_0000 == 0x7C00_0000_0000_0000 ? "NaN" : "Inf"
            return Self.put(word, into: buffer, at: count)
        }
        // realm-core moves the point left while digits remain and the exponent is not zero.
        var exponent = Int((high >> 49) & 0x3FFF) - 6176
        let digits = Self.decimalDigitCount(low)
        let fractionDigits = exponent > 0 ? digits - 1 : min(digits - 1, -exponent)
        exponent += fractionDigits
        let end = count + digits + (fractionDigits > 0 ? 1 : 0)
        var position = end
        var rest = low
        for index in 0..<digits {
            if index == fractionDigits && fractionDigits > 0 {
                position -= 1
                buffer[position] = UInt8(ascii: ".")
            }
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        count = end
        if exponent != 0 {
            count = Self.put("E", into: buffer, at: count)
            if exponent < 0 { count = Self.put("-", into: buffer, at: count) }
            count = Self.putDecimal(UInt64(exponent.magnitude), into: buffer, at: count)
        }
        return count
    }

    /// The Intel library's `bid128_to_string` (used by realm-core when the top coefficient bits are not zero).
    /// Writes at most 41 bytes.
    private func intelText(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let signText: StaticString = high & Self.signBit != 0 ? "-" : "+"
        var count = Self.put(signText, into: buffer, at: 0)
        if high & 0x7800_0000_0000_0000 == 0x7800_0000_0000_0000 {
            let word: StaticString
            if high & 0x7C00_0000_0000_0000 == 0x7C00_0000_0000_0000 {
                word = high & 0x7E00_0000_0000_0000 == 0x7E00_0000_0000_0000 ? "SNaN" : "NaN"
            } else {
                word = "Inf"
            }
            return Self.put(word, into: buffer, at: count)
        }
        let largeForm = high & 0x6000_0000_0000_0000 == 0x6000_0000_0000_0000
        let exponentField = largeForm ? (high << 2) & 0x7FFE_0000_0000_0000 : high & 0x7FFE_0000_0000_0000
        let exponent = Int(exponentField >> 49) - 6176
        let coefficientHigh = high & Self.coefficientHighMask
        // Non-canonical: the `11` form, or a coefficient above 10^34 − 1 = 0x1ED09BEAD87C0_378D8E63FFFFFFFF.
        let nonCanonical = largeForm || coefficientHigh > 0x0001_ED09_BEAD_87C0
            || (coefficientHigh == 0x0001_ED09_BEAD_87C0 && low > 0x378D_8E63_FFFF_FFFF)
        if nonCanonical {
            count = Self.put("0", into: buffer, at: count)
        } else {
            // coefficientHigh < 2^49 < 10^19, so the quotient fits in 64 bits.
            let (upper, lower) = Self.tenToThe19.dividingFullWidth((high: coefficientHigh, low: low))
            if upper == 0 {
                count = Self.putDecimal(lower, into: buffer, at: count)
            } else {
                count = Self.putDecimal(upper, into: buffer, at: count)
                count = Self.putDecimal(lower, into: buffer, at: count, width: 19)
            }
        }
        let exponentSign: StaticString = exponent < 0 ? "E-" : "E+"
        count = Self.put(exponentSign, into: buffer, at: count)
        return Self.putDecimal(UInt64(exponent.magnitude), into: buffer, at: count)
    }

    // MARK: - Helpers

    private static let signBit: UInt64 = 0x8000_0000_0000_0000
    private static let coefficientHighMask: UInt64 = 0x0001_FFFF_FFFF_FFFF
    private static let nullLow: UInt64 = 0xAA
    private static let nullHigh: UInt64 = 0x7C00_0000_0000_0000
    private static let null64: UInt64 = 0x7C00_0000_0000_00AA
    private static let null32: UInt32 = 0x7C00_00AA
    private static let tenToThe19: UInt64 = 10_000_000_000_000_000_000

    private static func decimalDigitCount(_ value: UInt64) -> Int {
        var count = 1
        var threshold: UInt64 = 10
        while count < 20 && value >= threshold {
            count += 1
            threshold = threshold &* 10
        }
        return count
    }

    private static func put(_ text: StaticString, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        var index = index
        for byte in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) {
            buffer[index] = byte
            index += 1
        }
        return index
    }

    /// Writes `value` in decimal, left-padded with zeros to `width` digits; returns the index after it.
    private static func putDecimal(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int,
                                   width: Int = 0) -> Int {
        let end = index + max(width, decimalDigitCount(value))
        var position = end
        var rest = value
        while position > index {
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return end
    }
}
