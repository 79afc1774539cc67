import Testing
@testable import StrataCore
@testable import StrataMigrate

/// Migration files as text: UTF-8 without NUL, versions that `user_version` holds, and SQL read
/// statement by statement.
@Suite struct MigrationTextTests {
    @Test(arguments: [
        ([], nil as TextCheck.BadByte?),
        (Array("SELECT 'é ☕ 𝄞';\n".utf8), nil),
        ([0x41, 0x00], TextCheck.BadByte(offset: 1, line: 1, isNUL: true)),
        ([0x0A, 0x0A, 0xE9, 0x41], TextCheck.BadByte(offset: 2, line: 3, isNUL: false)),   // Latin-1 é
        ([0xC0, 0x80], TextCheck.BadByte(offset: 0, line: 1, isNUL: false)),               // overlong NUL
        ([0xC3], TextCheck.BadByte(offset: 0, line: 1, isNUL: false)),                     // cut short
        ([0xE0, 0x9F, 0x80], TextCheck.BadByte(offset: 0, line: 1, isNUL: false)),         // overlong
        ([0xED, 0xBF, 0xBF], TextCheck.BadByte(offset: 0, line: 1, isNUL: false)),         // a surrogate
        ([0xED, 0x9F, 0xBF], nil),                                                         // U+D7FF
        ([0xF4, 0x90, 0x80, 0x80], TextCheck.BadByte(offset: 0, line: 1, isNUL: false)),   // above U+10FFFF
        ([0xF4, 0x8F, 0xBF, 0xBF], nil),                                                   // U+10FFFF
        ([0xE2, 0x98, 0x41], TextCheck.BadByte(offset: 0, line: 1, isNUL: false)),         // continuation missing
        ([0x41, 0xBF], TextCheck.BadByte(offset: 1, line: 1, isNUL: false)),               // lone continuation
        ([0xFF], TextCheck.BadByte(offset: 0, line: 1, isNUL: false)),
    ])
    func textIsUTF8WithoutNUL(_ bytes: [UInt8], _ expected: TextCheck.BadByte?) {
        #expect(TextCheck.firstBadByte(bytes) == expected)
    }

    @Test(arguments: [
        ("2147483647_max.sql", nil as String?),
        ("002147483647_max.sql", nil),
        ("2147483648_big.sql", "2147483648_big.sql: version 2147483648 is above 2147483647, the largest that PRAGMA user_version holds"),
        ("99999999999999999999_big.sql", "99999999999999999999_big.sql: version 99999999999999999999 is above 2147483647"),
        ("0_zero.sql", "0_zero.sql: a migration is named <version>_<name>.sql or .strata"),
    ])
    func versionsFitUserVersion(_ fileName: String, _ message: String?) {
        do {
            let file = try MigrationFile(fileName: fileName, bytes: [])
            #expect(message == nil, "accepted \(fileName)")
            #expect(file.version == 2147483647)
        } catch let error as StrataError {
            #expect(message.map(error.message.hasPrefix) == true, "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aFileThatIsNotTextNamesTheFileAndTheByte() {
        #expect(throws: StrataError("1_a.sql: a byte that is not UTF-8 (0xE9) at byte offset 3 (line 2): a migration must be UTF-8 text "
                                    + "without NUL bytes; nothing was run", site: ErrorSite(line: 2))) {
            try MigrationFile(fileName: "1_a.sql", bytes: [0x78, 0x3B, 0x0A, 0xE9])
        }
    }

    /// Each statement by its first words and its offset, the way lint and the checks read them.
    @Test(arguments: [
        ("", [] as [String]),
        ("SELECT 1", ["0 SELECT"]),
        (";; SELECT 1;;\n  select 2 ;", ["3 SELECT", "16 select"]),
        ("INSERT INTO t VALUES ('a;b', \"c;d\", [e;f], `g;h`); -- x; y\n/* z; */ DELETE FROM t", ["0 INSERT", "68 DELETE"]),
        ("CREATE TRIGGER r AFTER INSERT ON t BEGIN UPDATE t SET a = 1; DELETE FROM u; END; VACUUM", ["0 CREATE", "81 VACUUM"]),
        ("CREATE TEMP TRIGGER r AFTER INSERT ON t BEGIN SELECT 1; END; SELECT 2", ["0 CREATE", "61 SELECT"]),
        ("SELECT 'unterminated; still one", ["0 SELECT"]),
    ])
    func statementsSplitAtSemicolonsKeepingTriggerBodies(_ sql: String, _ expected: [String]) {
        var found: [String] = []
        SQLScript.forEachStatement(sql) { found.append("\($0.offset) \($0.text(0))") }
        #expect(found == expected)
    }

    @Test(arguments: [
        ("select 1", true), ("SeLeCt 1", true), ("selects", false), ("\"select\"", false), ("ſelect", false),
    ])
    func keywordsIgnoreASCIICaseOnly(_ sql: String, _ expected: Bool) {
        var found = false
        SQLScript.forEachStatement(sql) { found = $0.isKeyword(0, "SELECT") }
        #expect(found == expected)
    }

    /// Letters, digits, `_`, `$` and non-ASCII bytes continue a word; every other ASCII character ends it.
    @Test func wordsAreLettersDigitsUnderscoreDollarAndNonASCII() {
        for scalar in (0x21...0x7E).compactMap(Unicode.Scalar.init) {
            let character = Character(scalar)
            let continues = character.isLetter || character.isNumber || character == "_" || character == "$"
            let tokens = SQLTokenizer.tokens("a\(character)b")
            #expect((tokens.count == 1 && tokens[0].kind == .word) == continues, "\(character)")
        }
        #expect(SQLTokenizer.tokens("daten_é数").map(\.text) == ["daten_é数"])
    }

    @Test func tokensAreTheSameAsBefore() {
        let tokens = SQLTokenizer.tokens("CREATE TABLE [a b] (\"x\"\"y\" TEXT, `z` INT, 'it''s' <> 1.5e3) -- done")
        #expect(tokens.map(\.text) == ["CREATE", "TABLE", "a b", "(", "x\"y", "TEXT", ",", "z", "INT", ",", "it's", "<>", "1.5e3", ")"])
        #expect(tokens.map(\.offset) == [0, 7, 13, 19, 20, 27, 31, 33, 37, 40, 42, 50, 53, 58])
    }

    /// Lint checks the properties `.strata` operations name against the schema the files build from nothing,
    /// and stops checking where the files need a database that had tables before them.
    @Test(arguments: [
        ([("1_a.strata", "add class A (id int primary key, x int?)\nadd index A(y)")], "1_a.strata:2:13: A has no property 'y'" as String?),
        ([("1_a.sql", "CREATE TABLE A (id INTEGER PRIMARY KEY);"), ("2_b.strata", "rename property A.id to key\nadd index A(id)")],
         "2_b.strata:2:13: A has no property 'id'"),
        ([("1_a.strata", "add class A (id int primary key)\nadd property A.n int = 0\nadd index A(n)\nupdate A set n = 1")], nil),
        // Task comes from before the first migration: nothing to check against.
        ([("1_a.strata", "add index Task(nope)")], nil),
        ([("1_a.sql", "ALTER TABLE Task ADD COLUMN x INTEGER;"), ("2_b.strata", "add class B (id int primary key)\nadd index B(nope)")], nil),
    ])
    func lintChecksPropertiesOnTheSchemaTheFilesBuild(_ files: [(String, String)], _ message: String?) throws {
        let migrations = try files.map { try MigrationFile(fileName: $0.0, bytes: Array($0.1.utf8)) }
        do {
            try MigrationLint.checkProperties(migrations)
            #expect(message == nil, "accepted")
        } catch let error as StrataError {
            #expect(error.message == message)
        }
    }
}
