// libFuzzer target: the value parsers. The input, as text, is read as an ISO 8601 date (and what it reads is written
// and read back), as base64 (encoded and decoded back), as an object key of classes keyed by an integer, a text, a
// UUID and two columns (and of a view, which has none), and as a typed value (bare, and as one quoted string) for
// every property of a class with every type: strings, bools, ints, floats, doubles, decimals, dates in each storage,
// data (x'…', B64"…", @path with the file read stubbed), UUIDs as blobs and text, links and untyped columns. The bytes
// are read as a date straight from a column, a keyed archive's class, an external-data reference, a UUID, and as
// numbers for each date storage and each date formatter. Any input must end in values or a StrataError of one line (as
// the CLI shows it): never a crash or a hang. (`@testable`: ObjectKeyText and the date range are internal; Fuzz/run
// builds the modules with -enable-testing.)
import SQLiteKit
@testable import StrataCore
@testable import StrataQuery

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    dates(text, bytes)
    numbers(bytes)
    if let decoded = Base64.decode(text) {
        guard Base64.decode(Base64.encode(decoded)) == decoded else { fail(text, "base64 does not read back") }
    }
    sink &+= (ArchivedData.rootClassName(bytes)?.utf8.count ?? 0) &+ (ExternalData.reference(bytes) == nil ? 0 : 1)
    if size == 16 { sink &+= UUIDText.canonical(Array(bytes)).utf8.count }
    _ = TypedValue.reading(text)
    for info in fixture.keyed {
        do { sink &+= try ObjectKeyText.parse(text, for: info).count } catch { check(error, text) }
    }
    let parser = fixture.parser
    // A date property reads its column's storage (and shape) from the database first: a text that is no date
    // meets one of them, for speed; a date meets all of them.
    let isDate = text.lowercased() == "now" || ISODate.parse(text) != nil
    var triedDate = false
    for property in parser.info.properties {
        if property.type == .date {
            if triedDate && !isDate { continue }
            triedDate = true
        }
        for typed in [TypedValue.reading(text), TypedValue(text, quoted: true)] {
            do { _ = try parser.value(typed, for: property) } catch { check(error, text) }
        }
    }
    do {
        _ = try ValueParser.wholeNumber(text) { StrataError($0) }
    } catch {
        check(error, text)
    }
    return 0
}

/// ISO 8601 text: a date read writes back as text that reads as the same moment, in every shape a column uses.
private func dates(_ text: String, _ bytes: UnsafeRawBufferPointer) {
    guard let reading = ISODate.reading(text) else { return }
    guard ISODate.reading(bytes) == reading else { fail(text, "the text and its bytes read as different dates") }
    let written = ISODate.format(unixMilliseconds: reading.milliseconds)
    guard ISODate.parse(written) == reading.milliseconds else {
        fail(text, "\(reading.milliseconds) ms is written as \(written), which does not read back")
    }
    // Its parts follow each other from the first byte to the last (what a narrowed column and a column's shape cut).
    let parts = reading.parts
    let ranges = [parts.date, parts.hourMinute, parts.seconds, parts.fraction, parts.zone]
    guard parts.date.lowerBound == 0, parts.zone.upperBound == bytes.count,
          zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound == $1.lowerBound }), !parts.date.isEmpty
    else { fail(text, "its parts \(ranges) do not cover its \(bytes.count) bytes in order") }
    for sample in [nil, "2026-01-01", "2026-01-01 00:00:00", "2026-01-01T00:00:00.123456+01:00", text] {
        // Written in any column's shape, the moment reads back to the second.
        let shaped = DateTextShape(sample: sample).format(reading.milliseconds)
        guard let back = ISODate.parse(shaped), abs(back - reading.milliseconds) < 1000 else {
            fail(text, "\(reading.milliseconds) ms is written as \(shaped) in the shape of \(sample ?? "nil"), which does not read back")
        }
        sink &+= shaped.utf8.count
    }
}

/// The first bytes as numbers: each date storage's reading of them, and each formatter on what it reads.
private func numbers(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= 16 else { return }
    let first = bytes.loadUnaligned(fromByteOffset: 0, as: Int64.self)
    let second = bytes.loadUnaligned(fromByteOffset: 8, as: Int64.self)
    let real = bytes.loadUnaligned(fromByteOffset: 0, as: Double.self)
    for storage in [DateStorage.isoText, .unixSeconds, .unixMilliseconds, .referenceSeconds] {
        for value in [SQLiteValue.integer(first), .real(real)] {
            if let milliseconds = storage.milliseconds(value) {
                sink &+= ISODate.format(unixMilliseconds: milliseconds).utf8.count
            }
        }
    }
    // The range readers give: JavaScript's dates (±100,000,000 days), and a Realm timestamp's seconds and nanoseconds.
    sink &+= ISODate.format(unixMilliseconds: first % DateStorage.maximumMilliseconds).utf8.count
    sink &+= ISODate.format(unixSeconds: first, nanoseconds: second % 1_000_000_000).utf8.count
    if abs(real) <= Double(DateStorage.maximumMilliseconds / 1000) { sink &+= ISODate.format(unixSeconds: real).utf8.count }
}

private func check(_ error: any Error, _ text: String) {
    guard let error = error as? StrataError else { fail(text, "threw \(type(of: error)), not a StrataError: \(error)") }
    // Escaping only when a line break may be there (a byte 0x0A-0x0D, or the lead byte of U+0085, U+2028, U+2029):
    // most messages quote the input, and escaping each of them would halve the speed.
    let mayBreak = error.message.utf8.contains { (0x0A...0x0D).contains($0) || $0 == 0xC2 || $0 == 0xE2 }
    guard !error.message.isEmpty, !mayBreak || !TerminalText.escaped(error.message).contains(where: \.isNewline) else {
        fail(text, "a message that is empty or not one line: \(String(reflecting: error.message))")
    }
}

private func fail(_ text: String, _ message: String) -> Never {
    fatalError("\(String(reflecting: String(text.prefix(300)))): \(message)")
}

nonisolated(unsafe) private var sink = 0

/// A class of every type (with a value in each date column, for its storage and shape) and classes of every kind
/// of key, made once.
private struct Fixture {
    let parser: ValueParser
    let keyed: [ClassInfo]

    init() {
        do {
            let connection = try Connection(path: "", mode: .memory)
            try connection.execute(Self.sql)
            var reader = SchemaReader(connection: connection)
            let schema = try reader.read()
            guard let item = schema.class(named: "Item") else { fatalError("no Item in the fixture") }
            var parser = ValueParser(info: item, schema: schema, connection: connection)
            parser.now = { 1_780_000_000_123 }
            parser.readFile = { path, limit in
                guard path == "/tmp/logo.png" else { throw StrataError("no such file: \(path)") }
                return Array([0x89, 0x50, 0x4E, 0x47].prefix(Int(clamping: limit)))
            }
            self.parser = parser
            keyed = ["List", "Tag", "Token", "Pair", "BigList"].compactMap { schema.class(named: $0) }
        } catch {
            fatalError("the fixture database: \(error)")
        }
    }

    static let sql = """
        CREATE TABLE List (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE Tag (name TEXT PRIMARY KEY) WITHOUT ROWID;
        CREATE TABLE Token (id UUID PRIMARY KEY, label TEXT) WITHOUT ROWID;
        CREATE TABLE Pair (a INTEGER, b TEXT, PRIMARY KEY (a, b));
        CREATE VIEW BigList AS SELECT name FROM List;
        CREATE TABLE Item (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT, flag BOOLEAN NOT NULL DEFAULT 0,
            count INTEGER, ratio FLOAT, amount DOUBLE, price DECIMAL, blob BLOB, token UUID, textToken UUID, anything,
            isoDate DATETIME, spaceDate DATETIME, dayDate DATE, zoneDate DATETIME, unixDate TIMESTAMP, realDate TIMESTAMP,
            millisDate DATETIME, emptyDate DATETIME, list INTEGER REFERENCES List(id) ON DELETE SET NULL,
            tag TEXT REFERENCES Tag(name), pair INTEGER REFERENCES Pair(a), area INTEGER GENERATED ALWAYS AS (count * 2));
        INSERT INTO List VALUES (1, 'Inbox'), (2, 'Work');
        INSERT INTO Tag VALUES ('home'), ('a,b');
        INSERT INTO Pair VALUES (1, 'x');
        INSERT INTO Item (id, name, isoDate, spaceDate, dayDate, zoneDate, unixDate, realDate, millisDate, token, textToken)
            VALUES (1, 'a', '2026-01-01T00:00:00.000Z', '2026-01-01 00:00:00', '2026-01-01', '2026-01-01T00:00:00,5-05:00',
                    1767225600, 1767225600.5, 1767225600000, x'abcdef0123456789abcdef0123456789',
                    'abcdef01-2345-6789-abcd-ef0123456789');
        """
}

nonisolated(unsafe) private let fixture = Fixture()
