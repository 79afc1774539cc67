import Foundation
import SQLiteKit
import Testing
@testable import StrataCore

// MARK: - Generating values

extension ValueEncodingTests {
    /// A seeded generator (SplitMix64), so that a failing seed fails the same way every run.
    struct Generator: RandomNumberGenerator {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
        mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }

        typealias Stored = Table.Cell.Stored

        func table(rows: Int) throws -> Table {
            var generator = self
            var cells: [[Table.Cell]] = []
            var lists: [Table.List] = []
            for _ in 0..<rows {
                cells.append(Table.storedColumns.map { generator.cell(for: $0) })
                lists.append(generator.list())
            }
            return try Table(rows: cells, lists: lists)
        }

        /// Mostly a value of the column's type; sometimes NULL, sometimes any storage class at all.
        mutating func cell(for column: Table.Column) -> Table.Cell {
            if chance(0.1) { return .init(stored: .null) }
            if chance(0.15) { return .init(stored: anyValue()) }
            switch column.type {
            case .bool: return .init(stored: .integer(chance(0.85) ? pick([0, 1]) : pick([2, -1, .max])))
            case .int: return .init(stored: .integer(integer()))
            case .float: return .init(stored: .real(float()))
            case .double: return .init(stored: .real(double()))
            case .decimal:
                return .init(stored: pick([.integer(integer()), .real(double()), .text(Array(pick(["12.50", "1e3", "-0.000"]).utf8))]))
            case .string: return .init(stored: .text(text()))
            case .date: return date(column.storage)
            case .data: return .init(stored: .blob(blob()))
            case .uuid:
                if chance(0.7) { return .init(stored: .blob(blob(count: 16))) }
                if chance(0.5) { return .init(stored: .blob(blob())) }
                let uuid = blob(count: 16).withUnsafeBytes { $0.load(as: uuid_t.self) }
                return .init(stored: .text(Array(UUID(uuid: uuid).uuidString.utf8)))
            case .object: return .init(stored: chance(0.6) ? .integer(integer()) : .text(text()))
            case .any, .list, .collection, .linkingObjects: return .init(stored: anyValue())
            }
        }

        mutating func anyValue() -> Stored {
            pick([.integer(integer()), .real(double()), .text(text()), .blob(blob())])
        }

        mutating func list() -> Table.List {
            if chance(0.1) { return .stored(pick([.integer(integer()), .real(double()), .blob(blob())])) }
            let count = pick([0, 0, 1, 2, 3, 6])
            return .keys((0..<count).map { _ in chance(0.5) ? .integer(integer()) : .text(Array(validText().utf8)) })
        }

        mutating func integer() -> Int64 {
            if chance(0.3) { return pick([.min, .max, .min + 1, .max - 1, 0, -1, 1, 1 << 53, (1 << 53) + 1]) }
            return Int64.random(in: .min ... .max, using: &self) >> Int64.random(in: 0...63, using: &self)
        }

        static let doubles: [Double] = [
            0.0, -0.0, .infinity, -.infinity, .nan, 0.1, 1.5, 2, -2, 1e15, 1e15 - 1, 999_999_999_999_999.9, 1e16, 1e300,
            -1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 9_007_199_254_740_994, 9.223372036854775808e18,
            0.30000000000000004, 100,
        ]

        mutating func double() -> Double {
            if chance(0.4) { return pick(Self.doubles) }
            let value = Double(bitPattern: next())
            return value.isNaN ? 1.25 : value
        }

        /// Mostly 32-bit floats, with the values that round differently as a Float and as a Double.
        mutating func float() -> Double {
            if chance(0.4) { return pick(Self.floats) }
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: next()))
            return value.isFinite ? Double(value) : 2.5
        }

        static let floats: [Double] = [
            Double(Float.greatestFiniteMagnitude), Double(Float.greatestFiniteMagnitude).nextUp,
            Double(Float.leastNonzeroMagnitude), Double(Float.leastNormalMagnitude), -0.0, Double(Float(0.1)), 0.1,
            16_777_216, 16_777_217, Double(Float(1e15)), 1e15, .infinity, -.infinity, .nan, Double(Float(1.1)).nextUp,
            Double(Float(883.5181)), 2,
        ]

        /// Pieces of text: quotes, separators, line breaks, controls, wide and combining characters, bidi overrides,
        /// and text that looks like something else (NULL, numbers, dates, data, lists).
        static let pieces = [
            "", " ", "a", "plain", "O'Brien", "\"", "\"\"", ",", ";", "\n", "\r\n", "\r", "\t", "\\", "|", " | ", "\\|",
            "数据", "e\u{301}", "🎉", "👩‍👩‍👧", "\u{202E}", "\u{0}", "\u{7}", "\u{8}", "\u{C}", "\u{1B}[31m", "\u{7F}",
            "\u{85}", "\u{2028}", "null", "true", "NULL", "∅", "1", "-0", "2026-11-29T21:28:29.123Z", "<3 bytes>", "[1] a", "──",
        ]

        mutating func validText() -> String {
            if chance(0.05) { return String(repeating: pick(Self.pieces), count: 150) }
            return (0..<Int.random(in: 0...4, using: &self)).map { _ in pick(Self.pieces) }.joined()
        }

        /// Text, now and then with bytes that are not UTF-8.
        mutating func text() -> [UInt8] {
            guard chance(0.08) else { return Array(validText().utf8) }
            let invalid: [[UInt8]] = [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]]
            return Array(validText().utf8) + pick(invalid) + Array(validText().utf8)
        }

        mutating func blob(count: Int? = nil) -> [UInt8] {
            let count = count ?? pick([0, 1, 2, 8, 9, 15, 16, 17, 64, 3000])
            return (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
        }

        // MARK: Dates

        /// From 1716 to 9892, where Foundation's calendar checks what Strata shows.
        mutating func milliseconds() -> Int64 {
            if chance(0.3) {
                return pick([0, -1, 1, 999, -999, 1_764_451_709_123, 978_307_200_000, 951_782_400_000, -8_000_000_000_000])
            }
            return Int64.random(in: -8_000_000_000_000...250_000_000_000_000, using: &self)
        }

        mutating func date(_ storage: DateStorage?) -> Table.Cell {
            if storage == .isoText || storage == nil || chance(0.2) { return isoText() }
            let milliseconds = milliseconds()
            switch Int.random(in: 0..<6, using: &self) {
            case 0: return .init(stored: .integer(pick([.max, .min, 1 << 62])))
            case 1: return .init(stored: .real(pick([.infinity, -.infinity, 1e300, 9e15])))
            default: break
            }
            let units: Double = switch storage {
            case .unixMilliseconds: Double(milliseconds)
            case .referenceSeconds: Double(milliseconds - 978_307_200_000) / 1000
            default: Double(milliseconds) / 1000
            }
            // Whole units as INTEGER, the rest as REAL, now and then off by less than half a millisecond.
            if units == units.rounded(), chance(0.7) { return .init(stored: .integer(Int64(units))) }
            return .init(stored: .real(chance(0.3) ? units + pick([0.0004, -0.0004, 0.000_000_1]) : units))
        }

        /// ISO 8601 text in the forms Strata reads, with the date each stands for, or text that is no date.
        mutating func isoText() -> Table.Cell {
            let milliseconds = milliseconds()
            func cell(_ text: String, _ dateText: Table.DateText) -> Table.Cell {
                .init(stored: .text(Array(text.utf8)), dateText: dateText)
            }
            guard let canonical = Oracle.iso(milliseconds) else { return cell("no date", .notADate) }
            let second = milliseconds - ((milliseconds % 1000) + 1000) % 1000
            switch Int.random(in: 0..<8, using: &self) {
            case 0: return cell(canonical, .date(milliseconds))
            // Without a zone: shown as stored.
            case 1: return cell(String(canonical.prefix(10)), .asStored)
            case 2: return cell(String(canonical.prefix(10)) + " " + String(canonical.dropFirst(11).prefix(8)), .asStored)
            case 3:
                let minutes = pick([-12 * 60, -90, 0, 60, 330, 14 * 60])
                guard let local = Oracle.iso(milliseconds + Int64(minutes) * 60_000) else {
                    return cell(canonical, .date(milliseconds))
                }
                let zone = (minutes < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(minutes) / 60, abs(minutes) % 60)
                return cell(String(local.dropLast()) + zone, .date(milliseconds))
            case 4:
                // Fractions of any length: milliseconds rounded from the first four digits.
                let count = Int.random(in: 1...9, using: &self)
                let digits = (0..<count).map { _ in String(Int.random(in: 0...9, using: &self)) }.joined()
                let four = Int64((digits + "000").prefix(4)) ?? 0
                return cell(String(canonical.prefix(19)) + "." + digits + "Z", .date(second + (four + 5) / 10))
            case 5: return cell(canonical.lowercased(), .date(milliseconds))
            case 6: return cell(canonical.replacingOccurrences(of: "Z", with: ""), .asStored)
            default:
                return cell(pick(Self.notDates), .notADate)
            }
        }

        /// Text that looks like a date but is none: impossible days, hours and zones, trailing text.
        static let notDates = [
            "2026-02-30T00:00:00.000Z", "2025-02-29", "2026-13-01", "2026-11-29T24:00:00Z", "not a date", "",
            "2026-11-29T21:28:29.123+25:00", "2026-11-29T21:28:29.123Zjunk", "2026-11-29T21:28:60.000Z",
        ]

        /// Every edge value in every column: one row per value, so that each type sees each of them.
        static func edgeTable() throws -> Table {
            let edges: [(Stored, Table.DateText)] = [
                (.null, .unknown), (.integer(.min), .unknown), (.integer(.max), .unknown), (.integer(0), .unknown),
                (.integer(1), .unknown), (.integer(-1), .unknown), (.integer(2), .unknown), (.real(-0.0), .unknown),
                (.real(.nan), .unknown), (.real(.infinity), .unknown), (.real(-.infinity), .unknown), (.real(0.1), .unknown),
                (.real(Double(Float(0.1))), .unknown), (.real(16_777_217), .unknown), (.real(1), .unknown),
                (.real(Double(Float.greatestFiniteMagnitude)), .unknown), (.real(Double(Float.greatestFiniteMagnitude).nextUp), .unknown),
                (.real(1e15), .unknown), (.real(1e16), .unknown), (.real(.leastNonzeroMagnitude), .unknown),
                (.real(.greatestFiniteMagnitude), .unknown), (.integer(1_764_451_709_123), .unknown),
                (.real(1_764_451_709.1235), .unknown), (.integer(8_640_000_000_000_000), .unknown),
                (.integer(8_640_000_000_000_001), .unknown), (.text([]), .notADate), (.text(Array("a,\"b\"\r\nc".utf8)), .notADate),
                (.text(Array(" edge ".utf8)), .notADate), (.text(Array("数据 e\u{301} 🎉 \u{202E} \u{8}\u{C}".utf8)), .notADate),
                (.text([0x61, 0xFF, 0x62, 0xE2, 0x82]), .notADate), (.text(Array(String(repeating: "long ", count: 400).utf8)), .notADate),
                (.text(Array("2025-11-29T21:28:29.123Z".utf8)), .date(1_764_451_709_123)),
                (.text(Array("2025-11-29T21:28:29.1235Z".utf8)), .date(1_764_451_709_124)),
                (.text(Array("2025-11-29T21:28:29.9995Z".utf8)), .date(1_764_451_710_000)),
                (.text(Array("2026-02-30T00:00:00.000Z".utf8)), .notADate), (.blob([]), .unknown),
                (.blob(Array(repeating: 0xAB, count: 16)), .unknown), (.blob(Array(repeating: 0x01, count: 15)), .unknown),
                (.blob(Array(repeating: 0x01, count: 17)), .unknown), (.blob(Array(repeating: 0x7F, count: 5000)), .unknown),
            ]
            let rows = edges.map { edge, dateText in
                Array(repeating: Table.Cell(stored: edge, dateText: dateText), count: Table.storedColumns.count)
            }
            let lists: [Table.List] = [
                .keys([]), .keys([.integer(.min), .integer(.max)]),
                .keys([.text(Array("a,b".utf8)), .text(Array("q\"\\\n\u{1}".utf8))]),
                .keys([.text(Array("数据 🎉".utf8)), .text([]), .real(2.5)]),
                .stored(.integer(3)), .stored(.blob([1, 2])), .stored(.null),
            ]
            return try Table(rows: rows, lists: rows.indices.map { lists[$0 % lists.count] })
        }
    }
}
