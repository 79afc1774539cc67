// libFuzzer target: the query language — lexer, parser and compiler — against a fixed schema, then the compiled SQL
// run for a few rows on the in-memory database that schema was read from. The schema has links (to an integer key and
// to a text key), lists of both, lists, sets and dictionaries of values (Mixed ones with their types) and a set of
// objects, backlinks, dates stored as ISO text and as seconds and milliseconds since 1970,
// strings, integers, reals, blobs, UUIDs, a boolean, and names that are keywords. `$0`…`$2` are bound. Any input must
// end in a compiled query that runs, or a QueryError of one line (as shown) pointing inside the text: never a crash, a
// hang, another error, or SQL that SQLite refuses.
import SQLiteKit
import StrataCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // `--args`, read as the query language reads values: the text itself, then, where it reads, bound to the query.
    var arguments: [Expression]?
    do {
        arguments = try QueryParser.parseArguments(text)
    } catch let error as QueryError {
        check(error, in: text)
    } catch {
        fail(text, "--args threw \(type(of: error)), not a QueryError: \(error)")
    }
    let query: CompiledQuery
    do {
        // Every third input binds typed arguments (a list, nil, data, an object) for its $0, $1, $2.
        let typed = size % 3 == 0 ? arguments ?? fixture.typedArguments : nil
        query = try QueryCompiler.compile(text, schema: fixture.schema, connection: fixture.connection,
                                          parameters: ["2", "Buy milk", "2015-01-01"], arguments: typed, labelsLinks: size % 2 == 1)
    } catch let error as QueryError {
        check(error, in: text)
        return 0
    } catch {
        fail(text, "threw \(type(of: error)), not a QueryError: \(error)")
    }
    do {
        _ = try fixture.runner.plan(query)
        var rows = 0
        try fixture.runner.run(query) { values in
            rows += 1
            sink &+= values.count
            return rows < 20
        }
    } catch {
        fail(text, "compiled but did not run: \(error)\nSQL: \(query.sql)")
    }
    return 0
}

/// A QueryError's message is one line as the CLI shows it (escaped: a name may hold a line break), and its place is
/// inside the text (the end included).
private func check(_ error: QueryError, in text: String) {
    guard !error.message.isEmpty, !TerminalText.escaped(error.message).contains(where: \.isNewline) else {
        fail(text, "a message that is empty or not one line: \(String(reflecting: error.message))")
    }
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    guard error.offset >= 0, error.offset <= text.count, error.line >= 1, error.line <= lines.count,
          error.column >= 1, error.column <= lines[error.line - 1].count + 1
    else {
        fail(text, "error outside the text at \(error.line):\(error.column) (offset \(error.offset)): \(error.message)")
    }
}

private func fail(_ text: String, _ message: String) -> Never {
    fatalError("\(String(reflecting: String(text.prefix(300)))): \(message)")
}

nonisolated(unsafe) private var sink = 0

/// The database, its schema and a runner, made once (a connection serves one thread; libFuzzer runs on one).
private struct Fixture {
    let connection: Connection
    let schema: Schema
    let runner: QueryRunner
    /// `$0`…`$2` as `--args` gives them: a list, nil and data.
    let typedArguments: [Expression] = (try? QueryParser.parseArguments("{{1, 2, 'Buy milk'}, nil, x'00ff'}")) ?? []

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
        CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "desc" TEXT, "sort" INTEGER);
        CREATE TABLE Tag (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE Label (code TEXT PRIMARY KEY, title TEXT) WITHOUT ROWID;
        CREATE TABLE Task (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, isCompleted BOOLEAN, priority INTEGER, score REAL,
            createdAt DATETIME, notes TEXT, data BLOB, list INTEGER REFERENCES TaskList(id),
            label TEXT REFERENCES Label(code), uuid UUID, "desc" TEXT, "limit" INTEGER
        );
        CREATE TABLE TaskList_items (
            owner INTEGER NOT NULL REFERENCES TaskList(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            target INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE, PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        CREATE TABLE Task_tags (
            owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            target INTEGER NOT NULL REFERENCES Tag(id) ON DELETE CASCADE, PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        CREATE TABLE Task_labels (
            owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            target TEXT NOT NULL REFERENCES Label(code) ON DELETE CASCADE, PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        CREATE TABLE Task_words (
            owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE, position INTEGER NOT NULL, value TEXT NOT NULL,
            PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        CREATE TABLE Task_nums (owner INTEGER NOT NULL REFERENCES Task(id), value INTEGER NOT NULL, PRIMARY KEY (owner, value)) WITHOUT ROWID;
        CREATE TABLE Task_maybe (owner INTEGER NOT NULL REFERENCES Task(id), value REAL, UNIQUE (owner, value));
        CREATE TABLE Task_extra (
            owner INTEGER NOT NULL REFERENCES Task(id), key TEXT NOT NULL, value, value_type TEXT, PRIMARY KEY (owner, key)
        ) WITHOUT ROWID;
        CREATE TABLE Task_when (
            owner INTEGER NOT NULL REFERENCES Task(id), key TEXT NOT NULL, value DATETIME NOT NULL, PRIMARY KEY (owner, key)
        ) WITHOUT ROWID;
        CREATE TABLE TaskList_pets (owner INTEGER NOT NULL REFERENCES TaskList(id), value TEXT NOT NULL REFERENCES Label(code),
            PRIMARY KEY (owner, value)) WITHOUT ROWID;
        CREATE TABLE Event (id INTEGER PRIMARY KEY, name TEXT, isoAt DATETIME, secAt TIMESTAMP, msAt DATETIME, realAt DATE);
        CREATE TABLE Gadget (id INTEGER PRIMARY KEY, f FLOAT, d DECIMAL, u UUID, anything);
        CREATE TABLE Pair (a INTEGER, b TEXT, label TEXT, PRIMARY KEY (a, b));

        INSERT INTO TaskList VALUES (1, 'Groceries', 'weekly shop', 2), (2, 'Work', NULL, 1), (3, 'Empty', '', NULL);
        INSERT INTO Tag VALUES (1, 'urgent'), (2, 'home'), (3, 'Work');
        INSERT INTO Label VALUES ('a', 'Alpha'), ('b', 'Beta'), ('c', NULL);
        INSERT INTO Task VALUES
            (1, 'Buy milk', 0, 2, 1.5, '2015-01-01T10:00:00.000Z', '2% fat', x'00FF', 1, 'a',
             x'E621E1F8C36C495A93FC0C247A3E6E5F', 'a', 10),
            (2, 'Caf\u{00E9} au lait', 1, NULL, -1.25, '2015-01-01 10:00:00', NULL, x'', 1, NULL,
             'E621E1F8-C36C-495A-93FC-0C247A3E6E5F', NULL, NULL),
            (3, 'Stra\u{00DF}e', NULL, 9223372036854775807, 1e300, '2016-02-29', 'a_b', NULL, 2, 'c', NULL, '', -1),
            (4, '', 1, -9223372036854775808, 0.0, NULL, '', x'CAFE', NULL, 'b', NULL, NULL, 0);
        INSERT INTO TaskList_items VALUES (1, 0, 1), (1, 1, 2), (1, 2, 1), (2, 0, 3);
        INSERT INTO Task_tags VALUES (1, 0, 1), (1, 1, 2), (3, 0, 3);
        INSERT INTO Task_labels VALUES (1, 0, 'a'), (1, 1, 'b'), (4, 0, 'c');
        INSERT INTO Task_words VALUES (1, 0, 'milk'), (1, 1, 'Milch'), (2, 0, ''), (3, 0, 'a_b%');
        INSERT INTO Task_nums VALUES (1, 1), (1, 9223372036854775807), (3, -5);
        INSERT INTO Task_maybe VALUES (1, NULL), (1, 1.5), (2, -0.0);
        INSERT INTO Task_extra VALUES (1, 'n', 1, 'int'), (1, 's', 'x', 'string'), (1, 'b', 1, 'bool'), (2, 'd', x'00', 'binary'),
            (2, '', NULL, NULL), (3, 'a b', 2.5, 'double'), (3, 't', '2015-01-01T10:00:00.000Z', 'timestamp');
        INSERT INTO Task_when VALUES (1, 'due', '2015-01-01T10:00:00.000Z'), (3, 'x', '1970-01-01T00:00:00.000Z');
        INSERT INTO TaskList_pets VALUES (1, 'a'), (1, 'b'), (2, 'c');
        INSERT INTO Event VALUES
            (1, 'launch', '2015-01-01T10:00:00Z', 1420106400, 1420106400000, 2457023.916666667),
            (2, 'none', NULL, NULL, NULL, NULL);
        INSERT INTO Gadget VALUES (1, 1.5, 10.25, x'00000000000000000000000000000001', 'x'), (2, NULL, NULL, NULL, 7);
        INSERT INTO Pair VALUES (1, 'x', 'p'), (2, 'y', NULL);
        """
}

nonisolated(unsafe) private let fixture = Fixture()
