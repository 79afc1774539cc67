import Foundation
import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataRender

// MARK: - What the stored value says

extension ValueEncodingTests {
    /// Expectations worked out from the stored value with Foundation, not with Strata's own formatting.
    enum Oracle {
        /// The JSON of one value, by its column's type (ARCHITECTURE.md §3).
        static func checkJSON(_ json: String, of value: SQLiteValue, in column: Table.Column, dateText: Table.DateText,
                              _ context: Report.Context, _ report: inout Report)
        {
            func expect(_ ok: Bool, _ what: String) { if !ok { report.fail(context, "json \(json): \(what)") } }
            switch (column.type, value) {
            case (_, .null):
                expect(json == "null", "NULL is null")
            case (.bool, .integer(let number)) where number == 0 || number == 1:
                expect(json == (number == 1 ? "true" : "false"), "a bool")
            case (.date, _) where column.storage != nil && date(of: value, column.storage, dateText) != nil:
                let milliseconds = date(of: value, column.storage, dateText) ?? 0
                if case .text(let stored) = value, let precise = preciseISO(stored, milliseconds) {
                    // More fraction digits than milliseconds: kept, every one (issue 29, item 14).
                    expect(json == "\"\(precise)\"", "the date \(precise)")
                } else if let iso = iso(milliseconds) {
                    expect(json == "\"\(iso)\"", "the date \(iso)")
                } else {
                    expect(json.hasPrefix("\""), "a date")
                }
            case (.list, .text):
                let keys = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any]
                expect(keys != nil, "a list is an array of keys")
            case (.float, .real(let number)) where Float(number).isFinite && Double(Float(number)) == number:
                expect(Float(json) == Float(number) && json == shortest(Float(number)), "the float \(Float(number))")
            case (.date, .text) where column.storage != nil && dateText == .unknown:
                break
            case (_, .integer(let number)):
                expect(json == String(number), "the integer \(number)")
            case (_, .real(let number)):
                if number.isFinite {
                    expect(Double(json) == number && json == shortest(number), "the double \(number)")
                } else {
                    expect(json == "null", "JSON has no infinities")
                }
            case (_, .text(let text)):
                expect(decodedString(json) == text, "the string \(text.debugDescription)")
            case (.uuid, .blob(let bytes)) where bytes.count == 16:
                let uuid = bytes.withUnsafeBytes { $0.load(as: uuid_t.self) }
                expect(json == "\"\(UUID(uuid: uuid).uuidString)\"", "a canonical uuid")
            case (_, .blob(let bytes)):
                expect(json == "\"\(Data(bytes).base64EncodedString())\"", "base64")
            }
        }

        /// The text of one value: NULL distinct from every string, the rest as JSON without quotes or escapes.
        static func checkText(_ text: String, json: String, of value: SQLiteValue, in column: Table.Column,
                              _ context: Report.Context, _ report: inout Report)
        {
            func expect(_ ok: Bool, _ what: String) { if !ok { report.fail(context, "text \(text.debugDescription): \(what)") } }
            switch (column.type, value) {
            case (_, .null):
                expect(text == "nil", "nil")
            case (.list, .text):
                guard let keys = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] else { return }
                let shown = keys.map { key in (key as? String).map(TextWidth.visible) ?? "\(key)" }
                let summary = "[\(keys.count)]" + (keys.isEmpty ? "" : " " + shown.joined(separator: ", "))
                expect(text == summary, "the list's count and keys")
            case (.uuid, .blob(let bytes)) where bytes.count == 16:
                expect(text == String(json.dropFirst().dropLast()), "the uuid")
            case (_, .blob(let bytes)):
                expect(text.hasPrefix("<\(bytes.count) bytes>"), "the number of bytes")
            case (.float, .real(let number)) where Float(number).isFinite && Double(Float(number)) == number:
                expect(text == json, "the float's digits, as in JSON")
            case (_, .integer):
                expect(text == json.replacingOccurrences(of: "\"", with: ""), "as in JSON")
            case (_, .real(let number)):
                let shown = json.hasPrefix("\"") ? String(json.dropFirst().dropLast()) : number.description
                expect(text == shown, "the date, or the double's digits")
            case (_, .text):
                expect(text == decodedString(json).map(TextWidth.visible), "the string, controls made visible")
            }
        }

        /// A CSV field holds the JSON value's text: a string's contents, a number or boolean as written;
        /// NULL is empty, an infinity `inf` or `-inf`.
        static func csvText(json: String, of value: SQLiteValue) -> String {
            if json == "null" {
                if case .real(let number) = value, number.isInfinite { return number < 0 ? "-inf" : "inf" }
                return ""
            }
            return json.hasPrefix("\"") ? decodedString(json) ?? "<not a JSON string>" : json
        }

        static func decodedString(_ json: String) -> String? {
            try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
        }

        /// Swift's shortest digits, without `.0` on whole numbers below 1e15.
        static func shortest<Number: BinaryFloatingPoint & CustomStringConvertible>(_ number: Number) -> String {
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : number.description
        }

        /// The milliseconds a date column's value stands for, as §3 defines each storage; nil when it is no date.
        /// A zoned text date with more than three fraction digits, in UTC with its fraction as stored: the moment to
        /// the second is the one read (`milliseconds`, which the fourth digit rounded) less the fraction's own
        /// rounding.
        static func preciseISO(_ stored: String, _ milliseconds: Int64) -> String? {
            guard let dot = stored.firstIndex(of: "."), stored.last == "Z" || stored.contains("+") || stored.dropFirst(11).contains("-")
            else { return nil }
            let digits = stored[stored.index(after: dot)...].prefix { $0.isNumber }
            guard digits.count > 3, let firstFour = Int(digits.prefix(4)) else { return nil }
            guard let whole = iso(milliseconds - Int64((firstFour + 5) / 10)) else { return nil }
            return String(whole.dropLast(4)) + digits + "Z"
        }

        static func date(of value: SQLiteValue, _ storage: DateStorage?, _ dateText: Table.DateText) -> Int64? {
            let milliseconds: Double
            switch (storage, value) {
            case (nil, _): return nil
            case (_, .text): if case .date(let known) = dateText { return known } else { return nil }
            case (.unixMilliseconds, .integer(let number)): milliseconds = Double(number)
            case (.unixMilliseconds, .real(let number)): milliseconds = number
            case (.referenceSeconds, .integer(let number)): milliseconds = (Double(number) + 978_307_200) * 1000
            case (.referenceSeconds, .real(let number)): milliseconds = (number + 978_307_200) * 1000
            case (_, .integer(let number)): milliseconds = Double(number) * 1000
            case (_, .real(let number)): milliseconds = number * 1000
            default: return nil
            }
            // JavaScript's date range: ±100,000,000 days.
            guard milliseconds.rounded().magnitude <= 8.64e15 else { return nil }
            return Int64(milliseconds.rounded())
        }

        static let utc: Calendar = {
            var calendar = Calendar(identifier: .gregorian)
            if let zone = TimeZone(secondsFromGMT: 0) { calendar.timeZone = zone }
            return calendar
        }()

        /// `2026-11-29T21:28:29.123Z` by Foundation's calendar, for years 1600 to 9999 (nil outside them).
        static func iso(_ milliseconds: Int64) -> String? {
            let seconds = milliseconds >= 0 ? milliseconds / 1000 : -((-milliseconds + 999) / 1000)
            let parts = utc.dateComponents([.era, .year, .month, .day, .hour, .minute, .second],
                                           from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            guard parts.era == 1, let year = parts.year, (1600...9999).contains(year), let month = parts.month,
                  let day = parts.day, let hour = parts.hour, let minute = parts.minute, let second = parts.second
            else { return nil }
            let fraction = Int(milliseconds - seconds * 1000)
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day, hour, minute, second, fraction)
        }
    }

    // MARK: - Reading CSV

    enum CSV {
        struct Field: Equatable {
            var text: String
            var isQuoted: Bool
        }

        /// RFC 4180 records: fields split at commas, records ended by CR LF, quoted fields with quotes doubled;
        /// nil for anything else, such as a bare line feed or quote outside quotes.
        static func parse(_ bytes: [UInt8]) -> [[Field]]? {
            guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
            let (quote, comma, cr, lf) = (UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(0x0D), UInt8(0x0A))
            var records: [[Field]] = []
            var record: [Field] = []
            var field: [UInt8] = []
            var index = 0
            var atFieldStart = true
            var isQuoted = false
            while index < bytes.count {
                let byte = bytes[index]
                if atFieldStart && byte == quote {
                    isQuoted = true
                    index += 1
                    while true {
                        guard index < bytes.count else { return nil }
                        if bytes[index] == quote {
                            if index + 1 < bytes.count && bytes[index + 1] == quote { field.append(quote); index += 2; continue }
                            index += 1
                            break
                        }
                        field.append(bytes[index])
                        index += 1
                    }
                    atFieldStart = false
                    guard index == bytes.count || bytes[index] == comma || bytes[index] == cr else { return nil }
                    continue
                }
                atFieldStart = false
                switch byte {
                case comma:
                    record.append(Field(text: String(decoding: field, as: UTF8.self), isQuoted: isQuoted))
                    (field, atFieldStart, isQuoted) = ([], true, false)
                    index += 1
                case cr:
                    guard index + 1 < bytes.count, bytes[index + 1] == lf else { return nil }
                    record.append(Field(text: String(decoding: field, as: UTF8.self), isQuoted: isQuoted))
                    records.append(record)
                    (record, field, atFieldStart, isQuoted) = ([], [], true, false)
                    index += 2
                case lf, quote:
                    return nil
                default:
                    field.append(byte)
                    index += 1
                }
            }
            return record.isEmpty && field.isEmpty && atFieldStart ? records : nil
        }
    }
}
