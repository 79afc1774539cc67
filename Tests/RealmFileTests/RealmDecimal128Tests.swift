import Testing
@testable import RealmFile

/// Every expected text below was printed by realm-core itself (v14.14.0, `Decimal128::to_string()`), not typed by
/// hand: /work/scratch/dec/gen.cpp (not committed) builds `realm::Decimal128` values from strings
/// (`Decimal128(StringData)`), doubles, floats, ints and raw bits, and `Decimal128(Bid64)` / `Decimal128(Bid32)` from
/// raw BID64/BID32 patterns (as `array_decimal128.cpp` widens width-8 and width-4 leaves), links with librealm.a and
/// prints one row per value: the raw input, the BID128 words realm-core holds, and its text. The trailing comment
/// says how realm-core made the value.
@Suite struct RealmDecimal128Tests {
    struct TextCase: Sendable, CustomTestStringConvertible {
        let low, high: UInt64
        let text: String
        init(_ low: UInt64, _ high: UInt64, _ text: String) {
            self.low = low
            self.high = high
            self.text = text
        }
        var testDescription: String { "0x\(String(high, radix: 16))_\(String(low, radix: 16)) → \(text)" }
    }

    /// A narrow BID value, the BID128 words realm-core widens it to, and realm-core's text.
    struct WideningCase<Narrow: FixedWidthInteger & Sendable>: Sendable, CustomTestStringConvertible {
        let bits: Narrow
        let low, high: UInt64
        let text: String
        init(_ bits: Narrow, _ low: UInt64, _ high: UInt64, _ text: String) {
            self.bits = bits
            self.low = low
            self.high = high
            self.text = text
        }
        var testDescription: String { "0x\(String(bits, radix: 16)) → \(text)" }
    }

    // (low, high, realm-core's to_string())
    static let bid128Cases: [TextCase] = [
        .init(0x0000000000000000, 0x3040000000000000, "0"),  // string "0"
        .init(0x0000000000000000, 0xb040000000000000, "-0"),  // string "-0"
        .init(0x0000000000000001, 0x3040000000000000, "1"),  // string "1"
        .init(0x0000000000000001, 0xb040000000000000, "-1"),  // string "-1"
        .init(0x0000000000000019, 0x303c000000000000, "2.5E-1"),  // string "0.25"
        .init(0x0000000000000019, 0x303c000000000000, "2.5E-1"),  // string "2.5E-1"
        .init(0x000000000000007d, 0x303c000000000000, "1.25"),  // string "1.25"
        .init(0x0000000000000001, 0x303a000000000000, "1E-3"),  // string "0.001"
        .init(0x0000000000000001, 0x303a000000000000, "1E-3"),  // string "1E-3"
        .init(0x000000000001e240, 0x303a000000000000, "123.456"),  // string "123.456"
        .init(0x000000000000000f, 0xb066000000000000, "-1.5E20"),  // string "-1.5E20"
        .init(0x0000000000000401, 0x303c000000000000, "10.25"),  // string "10.25"
        .init(0x0000000000000064, 0x3040000000000000, "100"),  // string "100"
        .init(0x0000000000000001, 0x3044000000000000, "1E2"),  // string "1E2"
        .init(0x000000000000000a, 0x303e000000000000, "1.0"),  // string "1.0"
        .init(0x0000000000000064, 0x303c000000000000, "1.00"),  // string "1.00"
        .init(0x0000000000000000, 0x303e000000000000, "0E-1"),  // string "0.0"
        .init(0x0000000000000000, 0x302c000000000000, "0E-10"),  // string "0E-10"
        .init(0x0000000000000000, 0x3054000000000000, "0E10"),  // string "0E+10"
        .init(0x0000000000000000, 0x8000000000000000, "-0E-6176"),  // string "-0E-6176"
        .init(0x0000000000000001, 0x303e000000000000, "1E-1"),  // string "0.1"
        .init(0x0000000000000001, 0xb034000000000000, "-1E-6"),  // string "-0.000001"
        .init(0x0000000000000007, 0x3040000000000000, "7"),  // string "7"
        .init(0xab54a98ceb1f0ad2, 0x3040000000000000, "12345678901234567890"),  // string "12345678901234567890"
        .init(0xffffffffffffffff, 0x3040000000000000, "18446744073709551615"),  // string "18446744073709551615"
        .init(0x0000000000000000, 0x3040000000000001, "+18446744073709551616E+0"),  // string "18446744073709551616"
        .init(0x0000000000000001, 0xb040000000000001, "-18446744073709551617E+0"),  // string "-18446744073709551617"
        .init(0x378d8e63ffffffff, 0x3041ed09bead87c0, "+9999999999999999999999999999999999E+0"),  // string "9999999999999999999999999999999999"
        .init(0x378d8e63ffffffff, 0x8001ed09bead87c0, "-9999999999999999999999999999999999E-6176"),  // string "-9999999999999999999999999999999999E-6176"
        .init(0xde825cd07e96aff2, 0x5ffe3cde6fff9732, "+1234567890123456789012345678901234E+6111"),  // string "1234567890123456789012345678901234E6111"
        .init(0xde825cd07e96aff2, 0x2ffe3cde6fff9732, "+1234567890123456789012345678901234E-33"),  // string "1.234567890123456789012345678901234"
        .init(0x38c15b0a00000000, 0x3044314dc6448d93, "+1000000000000000000000000000000000E+2"),  // string "99999999999999999999999999999999999"
        .init(0x38c15b0a00000000, 0x5ffe314dc6448d93, "+1000000000000000000000000000000000E+6111"),  // string "1E6144"
        .init(0x0000000000000001, 0x5ffe000000000000, "1E6111"),  // string "1E6111"
        .init(0x0000000000000001, 0x0000000000000000, "1E-6176"),  // string "1E-6176"
        .init(0x0000000000000000, 0x8000000000000000, "-0E-6176"),  // string "-1E-6177"
        .init(0x0000000000000000, 0x7800000000000000, "Inf"),  // string "1E7000"
        .init(0x0000000000000000, 0x0000000000000000, "0E-6176"),  // string "1E-7000"
        .init(0x0000000000000001, 0x2870000000000000, "1E-1000"),  // string "1E-1000"
        .init(0x0000000000000001, 0x3810000000000000, "1E1000"),  // string "1E1000"
        .init(0x000000000000007b, 0x2870000000000000, "1.23E-998"),  // string "123E-1000"
        .init(0x000000000000007b, 0x3810000000000000, "1.23E1002"),  // string "123E+1000"
        .init(0x0000000000000005, 0x2872000000000000, "5E-999"),  // string "5E-999"
        .init(0x0000000000000005, 0x380e000000000000, "5E999"),  // string "5E999"
        .init(0x0000000000000005, 0x2f7a000000000000, "5E-99"),  // string "5E-99"
        .init(0x0000000000000005, 0x3106000000000000, "5E99"),  // string "5E99"
        .init(0x0000000000000005, 0x302e000000000000, "5E-9"),  // string "5E-9"
        .init(0x0000000000000005, 0x3052000000000000, "5E9"),  // string "5E9"
        .init(0x0000000000000000, 0x7c00000000000000, "NaN"),  // string "NaN"
        .init(0x0000000000000000, 0xfc00000000000000, "-NaN"),  // string "-NaN"
        .init(0x0000000000000000, 0x7c00000000000000, "NaN"),  // string "+NaN"
        .init(0x0000000000000000, 0x7e00000000000000, "NaN"),  // string "SNaN"
        .init(0x0000000000000000, 0x7800000000000000, "Inf"),  // string "Inf"
        .init(0x0000000000000000, 0xf800000000000000, "-Inf"),  // string "-Inf"
        .init(0x0000000000000000, 0x7800000000000000, "Inf"),  // string "+Inf"
        .init(0x0000000000000000, 0x7800000000000000, "Inf"),  // string "Infinity"
        .init(0x0000000000000000, 0x7c00000000000000, "NaN"),  // string "abc"
        .init(0x0000000000000000, 0x7c00000000000000, "NaN"),  // string ""
        .init(0xbabe5564e6f39f8f, 0x2ffe9ae4795796a7, "+3141592653589793238462643383279503E-33"),  // string "3.14159265358979323846264338327950288"
        .init(0x00005af3107a4000, 0x3022000000000000, "1.00000000000000E-1"),  // double 0.1
        .init(0x0000000000000019, 0x303e000000000000, "2.5"),  // double 2.5
        .init(0x0000000000000177, 0xb03c000000000000, "-3.75"),  // double -3.75
        .init(0x00005af3107a4000, 0x327c000000000000, "1.00000000000000E300"),  // double 1e300
        .init(0x00005af3107a4000, 0x2dcc000000000000, "1.00000000000000E-300"),  // double 1e-300
        .init(0x00011db9e76a2483, 0x3024000000000000, "3.14159265358979"),  // double pi
        .init(0x0000a37fce126598, 0x328c000000000000, "1.79769313486232E308"),  // double DBL_MAX
        .init(0x0000ca5e89b18b60, 0x2dbc000000000000, "2.22507385850720E-308"),  // double DBL_MIN
        .init(0x0000000000000000, 0xb040000000000000, "-0"),  // double -0.0
        .init(0x00007048860ddf7a, 0x3046000000000000, "1.23456789012346E17"),  // double 1.2345678901234568e17
        .init(0x00012f2a36ecd555, 0x3022000000000000, "3.33333333333333E-1"),  // double 1/3
        .init(0x00000000000f4240, 0x3032000000000000, "1.000000E-1"),  // float 0.1f
        .init(0x00000000000f4240, 0x3026000000000000, "1.000000E-7"),  // float 1e-7f
        .init(0x0000000000000000, 0x3040000000000000, "0"),  // int64 0
        .init(0x0000000000000001, 0x3040000000000000, "1"),  // int64 1
        .init(0x0000000000000001, 0xb040000000000000, "-1"),  // int64 -1
        .init(0x000000000000002a, 0x3040000000000000, "42"),  // int64 42
        .init(0x00000000000f4240, 0xb040000000000000, "-1000000"),  // int64 -1000000
        .init(0x7fffffffffffffff, 0x3040000000000000, "9223372036854775807"),  // int64 9223372036854775807
        .init(0x8000000000000000, 0xb040000000000000, "-9223372036854775808"),  // int64 -9223372036854775808
        .init(0xffffffffffffffff, 0x3040000000000000, "18446744073709551615"),  // uint64 18446744073709551615
        .init(0x0000000000000000, 0x3040000000000000, "0"),  // Decimal128() default
        .init(0x00000000000000aa, 0x7c00000000000000, "NULL"),  // Decimal128(null)
        .init(0x0000000000000005, 0x7c00000000000000, "NaN"),  // Decimal128::nan("5")
        .init(0x00000000000000aa, 0xfc00000000000000, "-NaN"),  // raw negative null pattern
        .init(0x00000000000000ab, 0x7c00000000000000, "NaN"),  // raw NaN payload 0xab
        .init(0x00000000000000aa, 0x7c00000000000001, "+NaN"),  // raw NaN 0xaa with high payload bit
        .init(0x0000000000000000, 0x7e00000000000000, "NaN"),  // raw sNaN
        .init(0x0000000000000000, 0xfe00000000000000, "-NaN"),  // raw -sNaN
        .init(0x0000000000000001, 0x7e00000000000005, "+SNaN"),  // raw sNaN high payload
        .init(0x0000000000000000, 0xfc00000000000007, "-NaN"),  // raw -NaN high payload
        .init(0x0000000000001234, 0x7800000000000000, "Inf"),  // raw Inf with low bits
        .init(0x0000000000000000, 0xf800000000000abc, "-Inf"),  // raw -Inf with high bits
        .init(0x0000000000000000, 0x7a00000000000000, "Inf"),  // raw Inf with sNaN-position bit
        .init(0x0000000000000000, 0x3041ed09bead87c0, "+9999999999999995996987796049887232E+0"),  // raw coefficient high 0x1ed09bead87c0, low 0
        .init(0x378d8e63ffffffff, 0x3041ed09bead87c0, "+9999999999999999999999999999999999E+0"),  // raw coefficient 10^34-1
        .init(0x378d8e6400000000, 0x3041ed09bead87c0, "+0E+0"),  // raw coefficient 10^34 (non-canonical)
        .init(0xffffffffffffffff, 0x3041ffffffffffff, "+0E+0"),  // raw coefficient 2^113-1 (non-canonical)
        .init(0xffffffffffffffff, 0xb041ffffffffffff, "-0E+0"),  // raw -coefficient 2^113-1 (non-canonical)
        .init(0x378d8e6400000000, 0x0001ed09bead87c0, "+0E-6176"),  // raw 10^34 at min exponent
        .init(0x0000000000000000, 0x3040000000000001, "+18446744073709551616E+0"),  // raw coefficient 2^64
        .init(0x0000000000000005, 0x6000000000000000, "5E6112"),  // raw 11-form, high coefficient bits 0
        .init(0x0000000000000005, 0x6000000000000001, "+0E-6176"),  // raw 11-form, high coefficient bits 1
        .init(0x0000000000000000, 0x6ffe000000000003, "+0E+2012"),  // raw 11-form, max exponent field
        .init(0x0000000000000000, 0xe000000000000000, "-0E6112"),  // raw -11-form, zero
        .init(0x0000000000000001, 0x5ffe000000000000, "1E6111"),  // raw max biased exponent 12287, coefficient 1
        .init(0x00000000000004d2, 0x5ffe000000000000, "1.234E6114"),  // raw max exponent, coefficient 1234
        .init(0x00000000000004d2, 0x0000000000000000, "1.234E-6173"),  // raw min exponent, coefficient 1234
        .init(0x0000000000000000, 0x5ffe000000000000, "0E6111"),  // raw zero at max exponent
        .init(0x0000000000000000, 0x0000000000000000, "0E-6176"),  // raw all zero bits
        .init(0x0000000000000000, 0x8000000000000000, "-0E-6176"),  // raw sign only
        .init(0xffffffffffffffff, 0x3040000000000000, "18446744073709551615"),  // raw low 2^64-1
        .init(0xffffffffffffffff, 0x303c000000000000, "184467440737095516.15"),  // raw low 2^64-1 E-2
        .init(0x8ac7230489e80000, 0x3040000000000000, "10000000000000000000"),  // raw 10^19
        .init(0x002386f26fc10000, 0x3012000000000000, "1.0000000000000000E-7"),  // raw 10^16 E-23
        .init(0x0de0b6b3a7640000, 0x3000000000000000, "1.000000000000000000E-14"),  // raw 10^18 E-32
        .init(0x000000000000000a, 0x3010000000000000, "1.0E-23"),  // raw 10 E-24
        .init(0x4000000000000000, 0x3ffe000000000000, "4.611686018427387904E2033"),  // raw coefficient 2^62 exponent 2015 (field 0x1fff)
        .init(0x0000000000000007, 0x3000000000000001, "+18446744073709551623E-32"),  // raw 2^64+7 E-24
    ]

    // (BID64 bits, realm-core's widened low, high, to_string())
    static let bid64Cases: [WideningCase<UInt64>] = [
        .init(0x31c0000000000000, 0x0000000000000000, 0x3040000000000000, "0"),  // to_bid64("0")
        .init(0xb1c0000000000000, 0x0000000000000000, 0xb040000000000000, "-0"),  // to_bid64("-0")
        .init(0x31c0000000000001, 0x0000000000000001, 0x3040000000000000, "1"),  // to_bid64("1")
        .init(0xb1c0000000000001, 0x0000000000000001, 0xb040000000000000, "-1"),  // to_bid64("-1")
        .init(0x3180000000000019, 0x0000000000000019, 0x303c000000000000, "2.5E-1"),  // to_bid64("2.5E-1")
        .init(0x318000000000007d, 0x000000000000007d, 0x303c000000000000, "1.25"),  // to_bid64("1.25")
        .init(0x3160000000000001, 0x0000000000000001, 0x303a000000000000, "1E-3"),  // to_bid64("1E-3")
        .init(0x316000000001e240, 0x000000000001e240, 0x303a000000000000, "123.456"),  // to_bid64("123.456")
        .init(0xb42000000000000f, 0x000000000000000f, 0xb066000000000000, "-1.5E20"),  // to_bid64("-1.5E20")
        .init(0x6c7386f26fc0ffff, 0x002386f26fc0ffff, 0x3040000000000000, "9999999999999999"),  // to_bid64("9999999999999999")
        .init(0xe00386f26fc0ffff, 0x002386f26fc0ffff, 0xad24000000000000, "-9.999999999999999E-383"),  // to_bid64("-9999999999999999E-398")
        .init(0x5fe0000000000001, 0x0000000000000001, 0x3322000000000000, "1E369"),  // to_bid64("1E369")
        .init(0x0000000000000001, 0x0000000000000001, 0x2d24000000000000, "1E-398"),  // to_bid64("1E-398")
        .init(0x5fe38d7ea4c68000, 0x00038d7ea4c68000, 0x3322000000000000, "1.000000000000000E384"),  // to_bid64("1000000000000000E369")
        .init(0x7c00000000000000, 0x0000000000000000, 0x7c00000000000000, "NaN"),  // to_bid64("NaN")
        .init(0xfc00000000000000, 0x0000000000000000, 0xfc00000000000000, "-NaN"),  // to_bid64("-NaN")
        .init(0x7800000000000000, 0x0000000000000000, 0x7800000000000000, "Inf"),  // to_bid64("Inf")
        .init(0xf800000000000000, 0x0000000000000000, 0xf800000000000000, "-Inf"),  // to_bid64("-Inf")
        .init(0x3080000000000000, 0x0000000000000000, 0x302c000000000000, "0E-10"),  // to_bid64("0E-10")
        .init(0x312000000004cb2f, 0x000000000004cb2f, 0x3036000000000000, "3.14159"),  // to_bid64("3.14159")
        .init(0x7c000000000000aa, 0x00000000000000aa, 0x7c00000000000000, "NULL"),  // DECIMAL_NULL_64
        .init(0xfc000000000000aa, 0x3739534d28680000, 0xfc00000000000009, "-NaN"),  // negative null pattern 64
        .init(0x7c000000000000ab, 0x451a0a00cfcc0000, 0x7c00000000000009, "+NaN"),  // NaN payload 0xab
        .init(0x7c00000000000000, 0x0000000000000000, 0x7c00000000000000, "NaN"),  // NaN no payload
        .init(0x7c038d7ea4c67fff, 0x2ae0a456589c0000, 0x7c00314dc6448d93, "+NaN"),  // NaN payload 10^15-1
        .init(0x7c038d7ea4c68000, 0x0000000000000000, 0x7c00000000000000, "NaN"),  // NaN payload 10^15 (non-canonical)
        .init(0x7e00000000000007, 0x6124fee993bc0000, 0x7c00000000000000, "NaN"),  // sNaN payload 7
        .init(0xfe00000000000000, 0x0000000000000000, 0xfc00000000000000, "-NaN"),  // -sNaN
        .init(0x7800000000001234, 0x0000000000000000, 0x7800000000000000, "Inf"),  // Inf with payload bits
        .init(0x7a00000000000000, 0x0000000000000000, 0x7800000000000000, "Inf"),  // Inf with bit 57
        .init(0xf800000000000000, 0x0000000000000000, 0xf800000000000000, "-Inf"),  // -Inf
        .init(0x6c7386f26fc0ffff, 0x002386f26fc0ffff, 0x3040000000000000, "9999999999999999"),  // large form 9999999999999999
        .init(0x6c7386f26fc10000, 0x0000000000000000, 0x3040000000000000, "0"),  // large form 10^16 (non-canonical)
        .init(0x6fffffffffffffff, 0x0000000000000000, 0x3122000000000000, "0E113"),  // large form all ones (non-canonical)
        .init(0x77fb86f26fc0ffff, 0x002386f26fc0ffff, 0x3322000000000000, "9.999999999999999E384"),  // large form max exponent
        .init(0x001fffffffffffff, 0x001fffffffffffff, 0x2d24000000000000, "9.007199254740991E-383"),  // small form max coefficient, min exponent
        .init(0x5fe0000000000001, 0x0000000000000001, 0x3322000000000000, "1E369"),  // small form max exponent field 767
        .init(0x8000000000000000, 0x0000000000000000, 0xad24000000000000, "-0E-398"),  // sign only
    ]

    // (BID32 bits, realm-core's widened low, high, to_string())
    static let bid32Cases: [WideningCase<UInt32>] = [
        .init(0x32800000, 0x0000000000000000, 0x3040000000000000, "0"),  // to_bid32("0")
        .init(0xb2800000, 0x0000000000000000, 0xb040000000000000, "-0"),  // to_bid32("-0")
        .init(0x32800001, 0x0000000000000001, 0x3040000000000000, "1"),  // to_bid32("1")
        .init(0xb2800001, 0x0000000000000001, 0xb040000000000000, "-1"),  // to_bid32("-1")
        .init(0x31800019, 0x0000000000000019, 0x303c000000000000, "2.5E-1"),  // to_bid32("2.5E-1")
        .init(0x3180007d, 0x000000000000007d, 0x303c000000000000, "1.25"),  // to_bid32("1.25")
        .init(0x31000001, 0x0000000000000001, 0x303a000000000000, "1E-3"),  // to_bid32("1E-3")
        .init(0x3101e240, 0x000000000001e240, 0x303a000000000000, "123.456"),  // to_bid32("123.456")
        .init(0xbc00000f, 0x000000000000000f, 0xb066000000000000, "-1.5E20"),  // to_bid32("-1.5E20")
        .init(0x6cb8967f, 0x000000000098967f, 0x3040000000000000, "9999999"),  // to_bid32("9999999")
        .init(0xe018967f, 0x000000000098967f, 0xaf76000000000000, "-9.999999E-95"),  // to_bid32("-9999999E-101")
        .init(0x5f800001, 0x0000000000000001, 0x30f4000000000000, "1E90"),  // to_bid32("1E90")
        .init(0x00000001, 0x0000000000000001, 0x2f76000000000000, "1E-101"),  // to_bid32("1E-101")
        .init(0x7c000000, 0x0000000000000000, 0x7c00000000000000, "NaN"),  // to_bid32("NaN")
        .init(0xfc000000, 0x0000000000000000, 0xfc00000000000000, "-NaN"),  // to_bid32("-NaN")
        .init(0x78000000, 0x0000000000000000, 0x7800000000000000, "Inf"),  // to_bid32("Inf")
        .init(0xf8000000, 0x0000000000000000, 0xf800000000000000, "-Inf"),  // to_bid32("-Inf")
        .init(0x2d800000, 0x0000000000000000, 0x302c000000000000, "0E-10"),  // to_bid32("0E-10")
        .init(0x3004cb2f, 0x000000000004cb2f, 0x3036000000000000, "3.14159"),  // to_bid32("3.14159")
        .init(0x7c0000aa, 0x00000000000000aa, 0x7c00000000000000, "NULL"),  // DECIMAL_NULL_32
        .init(0xfc0000aa, 0x2075287210000000, 0xfc000002254cb442, "-NaN"),  // negative null pattern 32
        .init(0x7c0000ab, 0xc045a8aef8000000, 0x7c0000022887e27e, "+NaN"),  // NaN payload 0xab
        .init(0x7c000000, 0x0000000000000000, 0x7c00000000000000, "NaN"),  // NaN no payload
        .init(0x7c0f423f, 0x98f0dacd18000000, 0x7c00314dc3095f56, "+NaN"),  // NaN payload 999999
        .init(0x7c0f4240, 0x0000000000000000, 0x7c00000000000000, "NaN"),  // NaN payload 10^6 (non-canonical)
        .init(0x7e000003, 0xdf7180b6b8000000, 0x7c00000009b18ab5, "+NaN"),  // sNaN payload 3
        .init(0x78000123, 0x0000000000000000, 0x7800000000000000, "Inf"),  // Inf with payload bits
        .init(0xf8000000, 0x0000000000000000, 0xf800000000000000, "-Inf"),  // -Inf
        .init(0x6cb8967f, 0x000000000098967f, 0x3040000000000000, "9999999"),  // large form 9999999
        .init(0x6cb89680, 0x0000000000000000, 0x3040000000000000, "0"),  // large form 10^7 (non-canonical)
        .init(0x6fffffff, 0x0000000000000000, 0x3074000000000000, "0E26"),  // large form all ones (non-canonical)
        .init(0x77f8967f, 0x000000000098967f, 0x30f4000000000000, "9.999999E96"),  // large form max exponent
        .init(0x007fffff, 0x00000000007fffff, 0x2f76000000000000, "8.388607E-95"),  // small form max coefficient, min exponent
        .init(0x5f800001, 0x0000000000000001, 0x30f4000000000000, "1E90"),  // small form max exponent field 191
        .init(0x80000000, 0x0000000000000000, 0xaf76000000000000, "-0E-101"),  // sign only
    ]

    @Test(arguments: bid128Cases)
    func aBID128ValuePrintsAsRealmCorePrintsIt(c: TextCase) {
        #expect(RealmDecimal128(low: c.low, high: c.high).description == c.text)
    }

    @Test(arguments: bid64Cases)
    func aBID64ValueWidensAndPrintsAsRealmCore(c: WideningCase<UInt64>) {
        let value = RealmDecimal128(bid64: c.bits)
        #expect(value == RealmDecimal128(low: c.low, high: c.high))
        #expect(value.description == c.text)
    }

    @Test(arguments: bid32Cases)
    func aBID32ValueWidensAndPrintsAsRealmCore(c: WideningCase<UInt32>) {
        let value = RealmDecimal128(bid32: c.bits)
        #expect(value == RealmDecimal128(low: c.low, high: c.high))
        #expect(value.description == c.text)
    }

    /// realm-core prints "NULL" exactly for `is_null()`, and both of its printers say NaN / Inf from the same bits
    /// the classification reads, so its text tells what each value is.
    @Test(arguments: bid128Cases
        + bid64Cases.map { TextCase($0.low, $0.high, $0.text) }
        + bid32Cases.map { TextCase($0.low, $0.high, $0.text) })
    func nullNaNAndInfinityAreClassifiedAsRealmCoreDoes(c: TextCase) {
        let value = RealmDecimal128(low: c.low, high: c.high)
        #expect(value.isRealmNull == (c.text == "NULL"))
        #expect(value.isNaN == (c.text == "NULL" || c.text.hasSuffix("NaN")))
        #expect(value.isInfinite == c.text.hasSuffix("Inf"))
    }
}
