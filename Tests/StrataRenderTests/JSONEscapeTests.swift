import Foundation
import Testing
@testable import StrataRender

/// `ByteBuffer`'s JSON strings: always valid UTF-8 and valid JSON, and nothing a terminal would act on
/// left raw.
@Suite struct JSONEscapeTests {
    /// Bytes in → the JSON string out, and whether invalid UTF-8 was repaired.
    static let strings: [([UInt8], String, Bool)] = [
        (Array("plain".utf8), #""plain""#, false),
        (Array("a\"b\\c\n\t\u{1}".utf8), #""a\"b\\c\n\t\u0001""#, false),
        (Array("\u{2028}\u{2029}".utf8), #""\u2028\u2029""#, false),
        (Array("\u{80}\u{9B}[2J\u{9F}".utf8), #""\u0080\u009b[2J\u009f""#, false),
        (Array("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}".utf8), #""\u202a\u202b\u202c\u202d\u202e""#, false),
        (Array("\u{2066}\u{2067}\u{2068}\u{2069}".utf8), #""\u2066\u2067\u2068\u2069""#, false),
        // Their neighbours stay as they are.
        (Array("\u{7F}".utf8), #""\u007f""#, false),
        (Array("\u{A0}\u{2027}\u{202F}\u{2065}\u{206A}é数据".utf8), "\"\u{A0}\u{2027}\u{202F}\u{2065}\u{206A}é数据\"", false),
        ([0x41, 0xFF, 0x42], "\"A\u{FFFD}B\"", true),
        ([0x43, 0xE2, 0x80], "\"C\u{FFFD}\"", true),
        // A repaired string still has its controls escaped.
        ([0xFF] + Array("\u{2028}\u{9B}".utf8), "\"\u{FFFD}\\u2028\\u009b\"", true),
        // Bytes of an escaped sequence that are not one (a bad lead) are repaired, not escaped.
        ([0x80, 0xA8], "\"\u{FFFD}\u{FFFD}\"", true),
    ]

    @Test(arguments: strings)
    func escapesStrings(_ input: [UInt8], _ expected: String, _ repaired: Bool) throws {
        var buffer = ByteBuffer()
        input.withUnsafeBytes { buffer.appendJSONString($0) }
        #expect(String(validating: buffer.bytes, as: UTF8.self) == expected)
        #expect(buffer.repairedInvalidUTF8 == repaired)
        let decoded = try JSONSerialization.jsonObject(with: Data(buffer.bytes), options: .fragmentsAllowed) as? String
        #expect(decoded == String(decoding: input, as: UTF8.self))
    }

    /// JSON made elsewhere (SQLite's arrays of list keys): the same escapes, the syntax untouched.
    static let texts: [([UInt8], String, Bool)] = [
        (Array(#"["a",1]"#.utf8), #"["a",1]"#, false),
        (Array("[\"\u{2028}\u{9B}\u{202E}\u{2066}\"]".utf8), #"["\u2028\u009b\u202e\u2066"]"#, false),
        ([0x5B, 0x22, 0x41, 0xFF, 0x22, 0x5D], "[\"A\u{FFFD}\"]", true),
    ]

    @Test(arguments: texts)
    func escapesJSONText(_ input: [UInt8], _ expected: String, _ repaired: Bool) {
        var buffer = ByteBuffer()
        input.withUnsafeBytes { buffer.appendJSONText($0) }
        #expect(String(validating: buffer.bytes, as: UTF8.self) == expected)
        #expect(buffer.repairedInvalidUTF8 == repaired)
    }

    @Test func theFlagOutlivesAFlush() {
        var buffer = ByteBuffer()
        [UInt8(0xFF)].withUnsafeBytes { buffer.appendCSVField($0) }
        buffer.removeAll()
        #expect(buffer.repairedInvalidUTF8 && buffer.count == 0)
    }

    @Test func keysAndPrettyJSONAreEscapedToo() {
        let value = JSONValue.object([("na\u{202E}me", .string("x\u{2028}y"))])
        #expect(value.serialized() == #"{"na\u202eme":"x\u2028y"}"#)
    }
}
