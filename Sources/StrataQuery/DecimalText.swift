import SQLiteKit

/// A decimal number read exactly from its text (`12345678901234567890.25`, `-1.5E+3`, Realm's `+123E-2`): what a
/// property declared `DECIMAL TEXT` holds, every digit of a Realm Decimal128. A double would keep 17 digits.
///
/// The value is `0.d₁d₂…dₙ × 10^exponent` with d₁ ≠ 0 and no trailing zero (zero has no digits), so two texts of one
/// number (`1.50`, `15E-1`) read alike. Queries compare and sort decimals by `key`, a text whose byte order is the
/// numbers' order; `strata_decimal_key`, `_text`, `_real` and `_sum` are its SQL functions.
struct DecimalText: Equatable {
    enum Kind: Equatable { case negativeInfinity, finite, positiveInfinity }
    var kind: Kind = .finite
    var negative = false
    /// Significant digits, 0–9 each, the first not 0, the last not 0; empty for zero.
    var digits: [UInt8] = []
    var exponent = 0

    /// Decimal128's exponents (±6176) and its 34 digits, with room: a text beyond them is not a decimal here.
    static let exponentLimit = 10_000
    static let digitLimit = 1_000

    /// Reads `[+-]digits[.digits][(e|E)[+-]digits]`, `Inf`, `+Inf`, `-Inf`, `Infinity`; nil for anything else,
    /// NaN included (it equals nothing, as in Realm).
    init?(_ text: String) {
        var bytes = Array(text.utf8)
        while let last = bytes.last, last == 0x20 { bytes.removeLast() }
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        // Only a short text can be an infinity: a long one is not copied and lowered for the question.
        if bytes.count - index <= 8, ["inf", "infinity"].contains(String(decoding: bytes[index...], as: UTF8.self).lowercased()) {
            kind = negative ? .negativeInfinity : .positiveInfinity
            return
        }
        var all: [UInt8] = []
        var pointAt: Int? = nil
        var sawDigit = false
        while index < bytes.count {
            let byte = bytes[index]
            if (0x30...0x39).contains(byte) {
                sawDigit = true
                if !(all.isEmpty && byte == 0x30) { all.append(byte - 0x30) } else if pointAt != nil { exponent -= 1 }
                if all.count > Self.digitLimit { return nil }
            } else if byte == UInt8(ascii: "."), pointAt == nil {
                pointAt = all.count
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { return nil }
        // The point's place among the significant digits; leading zeros after the point were counted above.
        exponent += pointAt ?? all.count
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else { return nil }
            index += 1
            var sign = 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
            }
            var value = 0
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                if value > Self.exponentLimit * 2 { return nil }
                index += 1
            }
            guard index > start, index == bytes.count else { return nil }
            exponent += sign * value
        }
        while let last = all.last, last == 0 { all.removeLast() }
        digits = all
        if digits.isEmpty { negative = false; exponent = 0 }
        guard abs(exponent) <= Self.exponentLimit else { return nil }
    }

    init(kind: Kind = .finite, negative: Bool = false, digits: [UInt8] = [], exponent: Int = 0) {
        self.kind = kind
        self.negative = negative
        self.digits = digits
        self.exponent = exponent
    }

    /// A stored value as a decimal: text as above, an integer exactly, a real by its shortest digits.
    init?(_ value: SQLiteValue) {
        switch value {
        case .integer(let number): self.init(String(number))
        case .real(let number):
            guard number.isFinite else {
                if number.isNaN { return nil }
                self.init(kind: number < 0 ? .negativeInfinity : .positiveInfinity)
                return
            }
            self.init(number.description)
        case .text(let text): self.init(text)
        default: return nil
        }
    }

    // MARK: - Sort key

    /// A text whose byte order is the numbers' order, equal for equal numbers: `0` −∞, `1…` negative, `2` zero,
    /// `3…` positive, `4` +∞. A finite number's exponent follows in six digits (offset by 500,000; complemented for
    /// a negative number, whose digits are complemented too and end with `~`, so that −1.25 sorts before −1.2).
    var key: String {
        switch kind {
        case .negativeInfinity: return "0"
        case .positiveInfinity: return "4"
        case .finite: break
        }
        if digits.isEmpty { return "2" }
        var bytes: [UInt8] = [UInt8(ascii: negative ? "1" : "3")]
        let biased = 500_000 + (negative ? -exponent : exponent)
        bytes += Self.sixDigits(biased)
        bytes += digits.map { UInt8(ascii: "0") + (negative ? 9 - $0 : $0) }
        if negative { bytes.append(UInt8(ascii: "~")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number a `key` stands for.
    init?(key: String) {
        let bytes = Array(key.utf8)
        guard let first = bytes.first else { return nil }
        switch first {
        case UInt8(ascii: "0"): self.init(kind: .negativeInfinity, negative: true)
        case UInt8(ascii: "4"): self.init(kind: .positiveInfinity)
        case UInt8(ascii: "2"): self.init()
        case UInt8(ascii: "1"), UInt8(ascii: "3"):
            let negative = first == UInt8(ascii: "1")
            guard bytes.count >= 8, let biased = Int(String(decoding: bytes[1..<7], as: UTF8.self)) else { return nil }
            var body = Array(bytes[7...])
            if negative {
                guard body.last == UInt8(ascii: "~") else { return nil }
                body.removeLast()
            }
            let digits = body.map { negative ? 9 - ($0 &- 0x30) : $0 &- 0x30 }
            guard digits.allSatisfy({ $0 <= 9 }) else { return nil }
            self.init(negative: negative, digits: digits, exponent: negative ? 500_000 - biased : biased - 500_000)
        default: return nil
        }
    }

    private static func sixDigits(_ value: Int) -> [UInt8] {
        var value = value
        var bytes = [UInt8](repeating: 0x30, count: 6)
        for index in stride(from: 5, through: 0, by: -1) {
            bytes[index] = 0x30 + UInt8(value % 10)
            value /= 10
        }
        return bytes
    }

    // MARK: - Text

    /// Plain digits with a point where it falls (`12345678901234567890.25`, `-0.005`); an exponent (`1.5E+40`)
    /// only when plain digits would need more than 40 zeros.
    var text: String {
        switch kind {
        case .negativeInfinity: return "-Inf"
        case .positiveInfinity: return "+Inf"
        case .finite: break
        }
        if digits.isEmpty { return "0" }
        let sign = negative ? "-" : ""
        let characters = digits.map { Character(Unicode.Scalar(0x30 + $0)) }
        let zerosAfter = exponent - digits.count
        if exponent > 40 || exponent < -40 {
            let rest = characters.count > 1 ? "." + String(characters.dropFirst()) : ""
            let shown = exponent - 1
            return sign + String(characters[0]) + rest + "E" + (shown < 0 ? "-" : "+") + String(abs(shown))
        }
        if exponent <= 0 {
            return sign + "0." + String(repeating: "0", count: -exponent) + String(characters)
        }
        if zerosAfter >= 0 {
            return sign + String(characters) + String(repeating: "0", count: zerosAfter)
        }
        return sign + String(characters.prefix(exponent)) + "." + String(characters.dropFirst(exponent))
    }

    /// The nearest double, infinities included.
    var double: Double? {
        switch kind {
        case .negativeInfinity: -.infinity
        case .positiveInfinity: .infinity
        case .finite: Double(text)
        }
    }

    // MARK: - Sums

    /// The sum of decimals, exact while the numbers added span at most `widthLimit` digit places (far beyond any
    /// Decimal128 sum); nil beyond that, or for +∞ plus −∞ (NaN).
    struct Sum {
        static let widthLimit = 400
        /// The sum's digits, least significant first, in places from 10^low up.
        private var magnitude: [Int8] = []
        private var low = 0
        private var negative = false
        private var infinity: Kind? = nil
        private(set) var failed = false
        private(set) var count = 0

        mutating func add(_ value: DecimalText) {
            count += 1
            guard !failed else { return }
            if value.kind != .finite {
                if let infinity, infinity != value.kind { failed = true }
                infinity = value.kind
                return
            }
            guard !value.digits.isEmpty else { return }
            // The value's places: its last digit is at 10^(exponent - digits.count).
            let valueLow = value.exponent - value.digits.count
            let newLow = magnitude.isEmpty ? valueLow : min(low, valueLow)
            let top = max(magnitude.isEmpty ? value.exponent : low + magnitude.count, value.exponent)
            guard top - newLow <= Self.widthLimit else { failed = true; return }
            if newLow < low || magnitude.isEmpty {
                magnitude = [Int8](repeating: 0, count: magnitude.isEmpty ? 0 : low - newLow) + magnitude
                low = newLow
            }
            if magnitude.count < top - low + 1 { magnitude += [Int8](repeating: 0, count: top - low + 1 - magnitude.count) }
            let sign: Int8 = value.negative == negative ? 1 : -1
            for (offset, digit) in value.digits.reversed().enumerated() {
                magnitude[valueLow - low + offset] += sign * Int8(digit)
            }
            normalize()
        }

        /// Carries and borrows; a negative total flips the sign.
        private mutating func normalize() {
            var carry: Int8 = 0
            for index in magnitude.indices {
                var digit = magnitude[index] + carry
                carry = 0
                while digit < 0 { digit += 10; carry -= 1 }
                while digit > 9 { digit -= 10; carry += 1 }
                magnitude[index] = digit
            }
            if carry < 0 {
                // The total went below zero: it is −(10^n − digits), so take the ten's complement.
                negative.toggle()
                var borrow: Int8 = 0
                for index in magnitude.indices {
                    var digit = -magnitude[index] - borrow
                    borrow = 0
                    if digit < 0 { digit += 10; borrow = 1 }
                    magnitude[index] = digit
                }
            } else if carry > 0 {
                magnitude.append(carry)
            }
        }

        var result: DecimalText? {
            if failed { return nil }
            if let infinity { return DecimalText(kind: infinity, negative: infinity == .negativeInfinity) }
            guard let top = magnitude.lastIndex(where: { $0 != 0 }) else { return DecimalText() }
            // The highest digit is at 10^(low + top): the number is 0.d₁d₂… × 10^(low + top + 1).
            var digits = magnitude[...top].reversed().map { UInt8($0) }
            while digits.last == 0 { digits.removeLast() }
            return DecimalText(negative: negative, digits: digits, exponent: low + top + 1)
        }
    }

    // MARK: - Means

    /// Decimal128's precision: a quotient keeps 34 significant digits.
    static let quotientDigits = 34

    /// The number divided by `divisor` (a count, at least 1), rounded half to even to 34 significant digits, as
    /// Decimal128 divides: the mean realm-core gives for `@avg` of decimals.
    func divided(by divisor: Int) -> DecimalText {
        precondition(divisor > 0)
        guard kind == .finite, !digits.isEmpty, divisor > 1 else { return self }
        // Long division, digit by digit: dividend digit k (from 1) stands at 10^(exponent − k), as does quotient digit k.
        var quotient: [UInt8] = []
        var firstPlace = 0
        var remainder = 0
        var step = 0
        while quotient.count <= Self.quotientDigits {
            step += 1
            remainder = remainder * 10 + (step <= digits.count ? Int(digits[step - 1]) : 0)
            let digit = remainder / divisor
            remainder %= divisor
            if quotient.isEmpty {
                guard digit != 0 else { continue }
                firstPlace = step
            }
            quotient.append(UInt8(digit))
        }
        // A digit beyond the one that guards the rounding stands for whatever is left: it makes a 5 more than half.
        if remainder != 0 || (step < digits.count && digits[step...].contains { $0 != 0 }) { quotient.append(1) }
        return DecimalText(negative: negative, digits: quotient, exponent: exponent - firstPlace + 1).rounded(toSignificant: Self.quotientDigits)
    }

    /// The number to `count` significant digits, rounded half to even (as Decimal128 quantizes: a float's 7, a double's 15).
    func rounded(toSignificant count: Int) -> DecimalText {
        guard kind == .finite, digits.count > count, count > 0 else { return self }
        var kept = Array(digits[..<count])
        let guardDigit = digits[count]
        let beyond = digits[(count + 1)...].contains { $0 != 0 }
        var exponent = self.exponent
        if guardDigit > 5 || (guardDigit == 5 && (beyond || kept[count - 1] % 2 == 1)) {
            var index = count - 1
            while index >= 0, kept[index] == 9 { kept[index] = 0; index -= 1 }
            if index >= 0 { kept[index] += 1 } else { kept.insert(1, at: 0); kept.removeLast(); exponent += 1 }
        }
        while kept.last == 0 { kept.removeLast() }
        return DecimalText(negative: negative, digits: kept, exponent: exponent)
    }

    // MARK: - SQL

    /// Registers `strata_decimal_key(value)` (NULL for NULL, NaN and what is no decimal), `strata_decimal_text(key)`,
    /// `strata_decimal_real(key)` (the nearest double) and the aggregates `strata_decimal_sum(value)` and `strata_decimal_avg(value)`
    /// (their text; NULL for no rows; a double, as SQLite's `total()` adds, when the exact sum cannot be kept).
    static func register(on connection: Connection) throws {
        try connection.createFunction("strata_decimal_key", argumentCount: 1) { arguments in
            DecimalText(arguments[0]).map { .text($0.key) } ?? .null
        }
        try connection.createFunction("strata_decimal_text", argumentCount: 1) { arguments in
            guard case .text(let key) = arguments[0], let decimal = DecimalText(key: key) else { return .null }
            return .text(decimal.text)
        }
        try connection.createFunction("strata_decimal_real", argumentCount: 1) { arguments in
            guard case .text(let key) = arguments[0], let decimal = DecimalText(key: key) else { return .null }
            return decimal.double.map(SQLiteValue.real) ?? .null
        }
        try connection.createAggregate("strata_decimal_sum", argumentCount: 1) { DecimalSumAggregate() }
        try connection.createAggregate("strata_decimal_avg", argumentCount: 1) { DecimalSumAggregate(mean: true) }
    }
}

/// `strata_decimal_sum`: DecimalText.Sum over a column, with a double beside it for a sum too wide to keep exactly;
/// `strata_decimal_avg`: that sum divided by the count, as Decimal128 divides.
final class DecimalSumAggregate: SQLAggregate {
    private var sum = DecimalText.Sum()
    private var approximate = 0.0
    private let mean: Bool

    init(mean: Bool = false) {
        self.mean = mean
    }

    func step(_ arguments: [SQLiteValue]) throws {
        guard let value = DecimalText(arguments.first ?? .null) else { return }
        sum.add(value)
        approximate += value.double ?? 0
    }

    func finish() throws -> SQLiteValue {
        guard sum.count > 0 else { return .null }
        if let exact = sum.result { return .text((mean ? exact.divided(by: sum.count) : exact).text) }
        return .real(mean ? approximate / Double(sum.count) : approximate)
    }
}
