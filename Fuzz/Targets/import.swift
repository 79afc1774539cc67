// libFuzzer target: `strata import`'s readers and conversion. The input is read as CSV, as a JSON array and as NDJSON
// (each row read to the end), as one JSON value (what a CSV field holds for a list), and imported into a class of
// every type in an in-memory database, each format in a transaction rolled back; `--create`'s inference reads it too.
// Any input must end in rows or an ImportError / StrataError of one line (as the CLI shows it): never a crash, a
// hang or an error of another kind. (`@testable`: the readers' bounds are internal; Fuzz/run builds with -enable-testing.)
import SQLiteKit
@testable import StrataCore
@testable import StrataQuery

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    read { let reader = CSVReader(ImportInput(bytes: bytes)); while try reader.next() { sink &+= reader.fields.count } }
    read { let reader = JSONRowReader(ImportInput(bytes: bytes), layout: .array); while let row = try reader.next() { sink &+= row.members.count } }
    read { let reader = JSONRowReader(ImportInput(bytes: bytes), layout: .lines); while let row = try reader.next() { sink &+= row.members.count } }
    read { _ = try bytes.withUnsafeBytes { try JSONRowReader.parseValue($0) } }
    read { _ = try InferredClass.infer(csv: CSVReader(ImportInput(bytes: bytes)), className: "Made", inputName: "input") }
    read { _ = try InferredClass.infer(json: JSONRowReader(ImportInput(bytes: bytes), layout: .lines), className: "Made", inputName: "input") }
    let (connection, schema, info) = fixture
    for format in [Importer.Format.csv, .json, .ndjson] {
        read {
            _ = try connection.rollingBack(.immediate) {
                let importer = try Importer(connection: connection, schema: schema, info: info, inputName: "input")
                switch format {
                case .csv: _ = try importer.importCSV(CSVReader(ImportInput(bytes: bytes)))
                case .json: _ = try importer.importJSON(JSONRowReader(ImportInput(bytes: bytes), layout: .array))
                case .ndjson: _ = try importer.importJSON(JSONRowReader(ImportInput(bytes: bytes), layout: .lines))
                }
            }
        }
    }
    return 0
}

/// Runs a read of the input: it may refuse the input, in one line.
private func read(_ body: () throws -> Void) {
    do { try body() } catch let error as ImportError {
        oneLine(error.description)
    } catch let error as StrataError {
        oneLine(error.message)
    } catch {
        fatalError("threw \(type(of: error)), not an ImportError or a StrataError: \(error)")
    }
}

private func oneLine(_ message: String) {
    guard !message.isEmpty, !TerminalText.escaped(message).contains(where: \.isNewline) else {
        fatalError("a message that is empty or not one line: \(String(reflecting: message))")
    }
}

nonisolated(unsafe) private var sink = 0

/// A class with a property of each type a row may give, a list of objects and a collection of values.
nonisolated(unsafe) private let fixture: (Connection, Schema, ClassInfo) = {
    do {
        let connection = try Connection(path: "", mode: .memory)
        try connection.execute("""
            CREATE TABLE Tag (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO Tag VALUES (1, 'a'), (2, 'b');
            CREATE TABLE Item (id INTEGER PRIMARY KEY, b BOOLEAN, i INTEGER, f FLOAT, d DOUBLE, dec DECIMAL, s TEXT NOT NULL DEFAULT '',
                dt DATETIME, bin BLOB, u UUID, tag INTEGER REFERENCES Tag(id), a);
            CREATE TABLE Item_tags (owner INTEGER NOT NULL REFERENCES Item(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                target INTEGER NOT NULL REFERENCES Tag(id) ON DELETE CASCADE, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            CREATE TABLE Item_words (owner INTEGER NOT NULL REFERENCES Item(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                value TEXT NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            """)
        var reader = SchemaReader(connection: connection)
        let schema = try reader.read()
        guard let item = schema.class(named: "Item") else { fatalError("no Item in the fixture") }
        return (connection, schema, item)
    } catch {
        fatalError("the fixture database: \(error)")
    }
}()
