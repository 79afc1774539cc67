// libFuzzer target: the .strata migration language — the file parsed (lines, comments, `sql { … }` and `down { … }`
// blocks), then each operation of `up` and of the way down translated against a fixed schema and its statements run in
// a savepoint that is rolled back, so every input meets the same schema. Raw SQL (`sql { … }`) is translated but not
// run: it is the user's own SQL, and a recursive query in it could run for ever. Any input must end in operations or a
// StrataError of one line ("FILE:LINE:COLUMN: message"); a translation or run must end in statements or a failure of
// one line at its place: never a crash, a hang or another error.
import SQLiteKit
import StrataCore
import StrataQuery

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let script: StrataScript
    do {
        script = try StrataScript.parse(text, file: "1_fuzz.strata")
    } catch let error as StrataError {
        oneLine(error.message, text)
        return 0
    } catch {
        fail(text, "threw \(type(of: error)), not a StrataError: \(error)")
    }
    for entry in script.up + (script.wayDown ?? []) {
        sink &+= entry.operation.description.utf8.count &+ (entry.operation.inverse == nil ? 0 : 1)
        translate(entry, text)
    }
    return 0
}

private func translate(_ entry: StrataScript.Entry, _ text: String) {
    let connection = fixture.connection
    do {
        try connection.execute("SAVEPOINT fuzz")
        defer { _ = try? connection.execute("ROLLBACK TO fuzz"); _ = try? connection.execute("RELEASE fuzz") }
        do {
            let statements = try entry.operation.statements(schema: fixture.schema, runner: fixture.runner)
            if case .sql = entry.operation { return }
            for statement in statements {
                sink &+= statement.planText.utf8.count
                try connection.execute(statement.sql, statement.arguments)
            }
        } catch {
            let failure = entry.located(error, file: "1_fuzz.strata")
            switch failure.cause {
            case is StrataOperation.NameError, is QueryError, is StrataError, is SQLiteError: break
            default: fail(text, "\(entry.operation.description) threw \(type(of: failure.cause)): \(failure.cause)")
            }
            // SQLite's own messages may quote the SQL, which may span lines: only Strata's wording is checked.
            if !(failure.cause is SQLiteError) { oneLine(failure.description, text) }
        }
    } catch {
        fail(text, "the savepoint: \(error)")
    }
}

private func oneLine(_ message: String, _ text: String) {
    // As the CLI shows it: escaped, since a message may quote a name or value holding a line break.
    guard !message.isEmpty, !TerminalText.escaped(message).contains(where: \.isNewline) else {
        fail(text, "a message that is empty or not one line: \(String(reflecting: message))")
    }
}

private func fail(_ text: String, _ message: String) -> Never {
    fatalError("\(String(reflecting: String(text.prefix(300)))): \(message)")
}

nonisolated(unsafe) private var sink = 0

/// The database the operations are translated against and run on, made once.
private struct Fixture {
    let connection: Connection
    let schema: Schema
    let runner: QueryRunner

    init() {
        do {
            connection = try Connection(path: "", mode: .memory)
            try connection.execute(Self.sql)
            var reader = SchemaReader(connection: connection)
            schema = try reader.read()
            runner = try QueryRunner(connection: connection)
        } catch {
            fatalError("the fixture database: \(error)")
        }
    }

    static let sql = """
        CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "desc" TEXT);
        CREATE TABLE Project (id INTEGER PRIMARY KEY, title TEXT);
        CREATE TABLE Tag (name TEXT PRIMARY KEY, color TEXT) WITHOUT ROWID;
        CREATE TABLE Task (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '', isCompleted BOOLEAN NOT NULL DEFAULT 0,
            priority INTEGER, score REAL, createdAt DATETIME, notes TEXT, data BLOB, uuid UUID,
            list INTEGER REFERENCES TaskList(id), legacy TEXT, "limit" INTEGER
        );
        CREATE INDEX Task_name ON Task(name);
        CREATE TABLE TaskList_items (
            owner INTEGER NOT NULL REFERENCES TaskList(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            target INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE, PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        CREATE TABLE Task_tags (
            owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            target TEXT NOT NULL REFERENCES Tag(name) ON DELETE CASCADE, PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        CREATE TABLE Meter (id INTEGER PRIMARY KEY, reading REAL, note TEXT) STRICT;
        CREATE TABLE Pair (a INTEGER, b TEXT, PRIMARY KEY (a, b));

        INSERT INTO TaskList VALUES (1, 'Groceries', 'weekly'), (2, 'Work', NULL);
        INSERT INTO Project VALUES (1, 'P');
        INSERT INTO Tag VALUES ('urgent', 'red'), ('home', NULL);
        INSERT INTO Task (id, name, isCompleted, priority, score, createdAt, notes, list, legacy) VALUES
            (1, 'Buy milk', 0, 2, 1.5, '2015-01-01T10:00:00.000Z', 'n', 1, 'x'),
            (2, 'Write', 1, NULL, NULL, NULL, NULL, 2, NULL);
        INSERT INTO TaskList_items VALUES (1, 0, 1), (1, 1, 2);
        INSERT INTO Task_tags VALUES (1, 0, 'urgent');
        INSERT INTO Meter VALUES (1, 1.5, 'a');
        INSERT INTO Pair VALUES (1, 'x');
        """
}

nonisolated(unsafe) private let fixture = Fixture()
