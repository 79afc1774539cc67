import SQLiteKit
import Testing
@testable import StrataQuery
@testable import StrataCore

/// Queries over lists, sets and dictionaries of values (issue 31), each compared with the count a query written
/// here by hand in SQL gives on the same data: the answer a person would get in the sqlite3 shell.
@Suite struct CollectionQueryTests {
    /// Words with a collection of every element type: nil elements, empty collections, Mixed elements of mixed
    /// types, and dictionary keys that need quoting.
    static let sql = """
        CREATE TABLE Word (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        INSERT INTO Word VALUES (1, 'дом'), (2, 'cat'), (3, 'run'), (4, 'empty'), (5, 'mixed'), (6, 'nils'), (7, 'big'), (8, 'Åsa');
        CREATE TABLE Word_rus (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                               value TEXT NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        INSERT INTO Word_rus VALUES (1, 0, 'дом'), (1, 1, 'здание'), (1, 2, 'строение'), (2, 0, 'кот'), (3, 0, 'бег'), (3, 1, 'бежать'),
                                    (7, 0, 'большой'), (8, 0, 'Åsa');
        CREATE TABLE Word_tags (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, value TEXT NOT NULL,
                                PRIMARY KEY (owner, value)) WITHOUT ROWID;
        INSERT INTO Word_tags VALUES (1, 'noun'), (2, 'noun'), (2, 'animal'), (3, 'verb'), (3, 'Verbal'), (5, 'verb'), (7, 'adj'), (8, 'name');
        CREATE TABLE Word_counts (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                                  value INTEGER, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        INSERT INTO Word_counts VALUES (1, 0, 1), (1, 1, 2), (1, 2, 3), (2, 0, -4), (3, 0, NULL), (3, 1, 10), (6, 0, NULL), (6, 1, NULL),
                                       (7, 0, 9223372036854775807), (7, 1, 1);
        CREATE TABLE Word_lucky (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, value INTEGER NOT NULL,
                                 PRIMARY KEY (owner, value)) WITHOUT ROWID;
        INSERT INTO Word_lucky VALUES (1, 3), (1, 7), (2, 13), (5, 7), (5, 8), (7, 1), (7, 2), (7, 3), (7, 4);
        CREATE TABLE Word_maybe (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, value INTEGER, UNIQUE (owner, value));
        INSERT INTO Word_maybe VALUES (1, NULL), (1, 5), (2, 5), (6, NULL);
        CREATE TABLE Word_scores (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, key TEXT NOT NULL,
                                  value INTEGER NOT NULL, PRIMARY KEY (owner, key)) WITHOUT ROWID;
        INSERT INTO Word_scores VALUES (1, 'easy', 4), (1, 'hard', 12), (2, 'easy', 2), (3, 'a b', 1), (3, 'quo"te', 7), (3, 'easy', 5),
                                       (5, 'hard', -1), (7, '', 0);
        CREATE TABLE Word_extra (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, key TEXT NOT NULL,
                                 value, value_type TEXT, PRIMARY KEY (owner, key)) WITHOUT ROWID;
        INSERT INTO Word_extra VALUES (1, 'n', 1, 'int'), (2, 'n', '1', 'string'), (3, 'n', 1, 'bool'), (5, 'n', 1.0, 'double'),
                                      (5, 's', 'x', 'string'), (6, 'n', NULL, NULL);
        CREATE TABLE Word_anys (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                                value, value_type TEXT, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        INSERT INTO Word_anys VALUES (5, 0, 1, 'int'), (5, 1, 'two', 'string'), (5, 2, NULL, NULL), (5, 3, 1, 'bool'), (1, 0, '1', 'string'),
                                     (2, 0, 2.5, 'double'), (3, 0, x'01', 'binary'), (7, 0, '2020-01-01T00:00:00.000Z', 'timestamp');
        CREATE TABLE Word_weights (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                                   value DOUBLE NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        INSERT INTO Word_weights VALUES (1, 0, 1.5), (1, 1, 2.75), (2, 0, -0.5), (7, 0, 1e300), (7, 1, 3.0);
        CREATE TABLE Word_seen (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                                value DATETIME NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        INSERT INTO Word_seen VALUES (1, 0, '1999-12-31T23:59:59.000Z'), (1, 1, '2021-06-01T00:00:00.000Z'), (2, 0, '2020-01-01T00:00:00.000Z'),
                                     (3, 0, '1970-01-01T00:00:00.000Z');
        CREATE TABLE Word_flags (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                                 value BOOLEAN NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        INSERT INTO Word_flags VALUES (1, 0, 1), (1, 1, 0), (2, 0, 0), (3, 0, 1);
        CREATE TABLE Word_blobs (owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                                 value BLOB, PRIMARY KEY (owner, position)) WITHOUT ROWID;
        INSERT INTO Word_blobs VALUES (1, 0, x'0a0b'), (2, 0, NULL), (3, 0, x'');
        """

    /// A query's predicate, and the same question as a condition on `w`, a row of Word, in SQL.
    struct Case: CustomStringConvertible, Sendable {
        var predicate: String
        var oracle: String
        var description: String { predicate }
        init(_ predicate: String, _ oracle: String) {
            self.predicate = predicate
            self.oracle = oracle
        }
    }

    static func exists(_ table: String, _ condition: String) -> String {
        "EXISTS (SELECT 1 FROM Word_\(table) c WHERE c.owner = w.id AND (\(condition)))"
    }

    static func value(_ table: String, _ select: String, _ condition: String = "1") -> String {
        "(SELECT \(select) FROM Word_\(table) c WHERE c.owner = w.id AND (\(condition)))"
    }

    static let numeric = "c.value_type IN ('int', 'float', 'double', 'decimal128')"

    static let cases: [Case] = [
        // Lists of strings: counts, quantifiers, string operators.
        Case("rus.@count > 1", "\(value("rus", "count(*)")) > 1"),
        Case("rus.@size == 0", "\(value("rus", "count(*)")) = 0"),
        Case("rus == \"дом\"", exists("rus", "c.value = 'дом'")),
        Case("ANY rus CONTAINS \"ани\"", exists("rus", "instr(c.value, 'ани') > 0")),
        Case("ALL rus BEGINSWITH \"б\"", "NOT \(exists("rus", "NOT (substr(c.value, 1, 1) = 'б')"))"),
        Case("NONE rus ENDSWITH \"ие\"", "NOT \(exists("rus", "substr(c.value, -2) = 'ие'"))"),
        Case("rus != \"дом\"", exists("rus", "c.value <> 'дом'")),
        Case("NOT (rus == \"дом\")", "NOT \(exists("rus", "c.value = 'дом'"))"),
        // Sets of strings: [c], LIKE, IN both ways, SUBQUERY with the element as its variable.
        Case("ANY tags == \"verb\"", exists("tags", "c.value = 'verb'")),
        Case("tags == \"verb\"", exists("tags", "c.value = 'verb'")),
        Case("\"verb\" IN tags", exists("tags", "c.value = 'verb'")),
        // A list against a list in braces: ANY of its values in them, when ANY is written; element by element in order
        // (realm-core's answer) when neither side says.
        Case("ANY tags IN {\"adj\", \"name\"}", exists("tags", "c.value IN ('adj', 'name')")),
        Case("tags BEGINSWITH[c] \"VERB\"", exists("tags", "lower(substr(c.value, 1, 4)) = 'verb'")),
        Case("tags ==[c] \"verbal\"", exists("tags", "lower(c.value) = 'verbal'")),
        Case("tags LIKE \"*n*\"", exists("tags", "c.value GLOB '*n*'")),
        Case("NONE tags == \"noun\"", "NOT \(exists("tags", "c.value = 'noun'"))"),
        Case("ALL tags != \"noun\"", "NOT \(exists("tags", "c.value = 'noun'"))"),
        Case("SUBQUERY(tags, $t, $t BEGINSWITH \"n\").@count >= 1", "\(value("tags", "count(*)", "c.value GLOB 'n*'")) >= 1"),
        Case("tags.@count == 2 AND rus.@count == 1", "\(value("tags", "count(*)")) = 2 AND \(value("rus", "count(*)")) = 1"),
        // Lists of optional ints: nil elements, exact sums, the average and extremes without nil.
        Case("counts == nil", exists("counts", "c.value IS NULL")),
        Case("counts != nil", exists("counts", "c.value IS NOT NULL")),
        // total(): SQLite's sum() stops at a 64-bit overflow, which Strata's exact sum passes.
        Case("counts.@sum > 5", "\(value("counts", "total(c.value)")) > 5"),
        Case("counts.@sum == 0", "\(value("counts", "total(c.value)")) = 0"),
        Case("counts.@avg >= 2", "\(value("counts", "avg(c.value)")) >= 2"),
        Case("counts.@min < 0", "\(value("counts", "min(c.value)")) < 0"),
        Case("counts.@max == 9223372036854775807", "\(value("counts", "max(c.value)")) = 9223372036854775807"),
        Case("ALL counts > 0", "NOT \(exists("counts", "NOT coalesce(c.value > 0, 0)"))"),
        Case("counts BETWEEN {2, 10}", exists("counts", "c.value BETWEEN 2 AND 10")),
        // Sets of ints, required and optional.
        Case("7 IN lucky", exists("lucky", "c.value = 7")),
        Case("ANY lucky IN {3, 13}", exists("lucky", "c.value IN (3, 13)")),
        Case("lucky == ANY {3, 13}", exists("lucky", "c.value IN (3, 13)")),
        Case("lucky.@sum >= 10", "\(value("lucky", "coalesce(sum(c.value), 0)")) >= 10"),
        Case("lucky.@count > 3", "\(value("lucky", "count(*)")) > 3"),
        Case("maybe == nil", exists("maybe", "c.value IS NULL")),
        Case("maybe == 5", exists("maybe", "c.value = 5")),
        Case("NONE maybe == nil", "NOT \(exists("maybe", "c.value IS NULL"))"),
        // Dictionaries: by key (quoted or not), keys, values, aggregates.
        Case("scores[\"easy\"] > 3", "\(value("scores", "c.value", "c.key = 'easy'")) > 3"),
        Case("scores.easy == nil", "NOT \(exists("scores", "c.key = 'easy'"))"),
        Case("scores[\"easy\"] != 4", "coalesce(\(value("scores", "c.value", "c.key = 'easy'")) <> 4, 1)"),
        Case("scores[\"a b\"] == 1", "\(value("scores", "c.value", "c.key = 'a b'")) = 1"),
        Case("scores[\"quo\\\"te\"] == 7", "\(value("scores", "c.value", "c.key = 'quo\"te'")) = 7"),
        Case("scores[\"\"] == 0", "\(value("scores", "c.value", "c.key = ''")) = 0"),
        Case("scores.@values > 10", exists("scores", "c.value > 10")),
        Case("scores.@keys == \"hard\"", exists("scores", "c.key = 'hard'")),
        Case("scores.@keys BEGINSWITH \"q\"", exists("scores", "c.key GLOB 'q*'")),
        Case("ALL scores.@values > 0", "NOT \(exists("scores", "NOT (c.value > 0)"))"),
        Case("scores.@count == 0", "\(value("scores", "count(*)")) = 0"),
        Case("scores.@sum == 13", "\(value("scores", "coalesce(sum(c.value), 0)")) = 13"),
        Case("scores.@max > 4", "\(value("scores", "max(c.value)")) > 4"),
        Case("scores[\"easy\"] > 3 OR scores.@values > 10 OR scores.@keys == \"hard\"",
             "\(value("scores", "c.value", "c.key = 'easy'")) > 3 OR \(exists("scores", "c.value > 10")) OR \(exists("scores", "c.key = 'hard'"))"),
        // Mixed elements compare by their Realm type: 1 is an int or a double, never "1" or true.
        Case("extra[\"n\"] == 1", "\(value("extra", "c.value", "c.key = 'n' AND \(numeric)")) = 1"),
        Case("extra.n == \"1\"", "\(value("extra", "c.value", "c.key = 'n' AND c.value_type = 'string'")) = '1'"),
        Case("extra.n == true", "\(value("extra", "c.value", "c.key = 'n' AND c.value_type = 'bool'")) = 1"),
        Case("extra.@values == \"x\"", exists("extra", "c.value_type = 'string' AND c.value = 'x'")),
        Case("extra.n == nil", "NOT \(exists("extra", "c.key = 'n' AND c.value IS NOT NULL"))"),
        Case("anys == 1", exists("anys", "\(numeric) AND c.value = 1")),
        Case("anys == \"two\"", exists("anys", "c.value_type = 'string' AND c.value = 'two'")),
        Case("anys == true", exists("anys", "c.value_type = 'bool' AND c.value = 1")),
        Case("anys == nil", exists("anys", "c.value IS NULL")),
        Case("anys > 2", exists("anys", "\(numeric) AND c.value > 2")),
        Case("anys.@count >= 4", "\(value("anys", "count(*)")) >= 4"),
        // Doubles, dates, bools and data.
        Case("weights.@max > 2.5", "\(value("weights", "max(c.value)")) > 2.5"),
        Case("weights < 0", exists("weights", "c.value < 0")),
        Case("weights.@avg > 1", "\(value("weights", "avg(c.value)")) > 1"),
        Case("seen.@max > 2020-01-01", "\(value("seen", "max(c.value)")) > '2020-01-01T00:00:00.000Z'"),
        Case("ANY seen < 2000-01-01", exists("seen", "c.value < '2000-01-01'")),
        Case("seen == 2020-01-01T00:00:00Z", exists("seen", "c.value = '2020-01-01T00:00:00.000Z'")),
        Case("flags == true", exists("flags", "c.value = 1")),
        Case("ALL flags == false", "NOT \(exists("flags", "c.value <> 0"))"),
        Case("blobs == nil", exists("blobs", "c.value IS NULL")),
        Case("blobs.@count == 1", "\(value("blobs", "count(*)")) = 1"),
        // Collections with links and scalars together.
        Case("name BEGINSWITH \"d\" AND tags == \"noun\"", "w.name GLOB 'd*' AND \(exists("tags", "c.value = 'noun'"))"),
    ]

    @Test(arguments: cases)
    func aQueryCountsWhatTheHandWrittenSQLCounts(_ testCase: Case) throws {
        let fixture = try QueryFixture(sql: Self.sql)
        let found = try fixture.runner.rows(try fixture.compile("Word where \(testCase.predicate)")).count
        let expected = try fixture.connection.scalar("SELECT count(*) FROM Word w WHERE \(testCase.oracle)").int64
        #expect(Int64(found) == expected, "\(testCase.predicate)")
    }

    /// The collections are the properties `schema` lists, with their element types and optionality.
    @Test func theCollectionsAreProperties() throws {
        let fixture = try QueryFixture(sql: Self.sql)
        let word = try #require(fixture.schema.class(named: "Word"))
        let types = word.properties.map { "\($0.name) \($0.typeDescription)" }
        #expect(types == ["id int", "name string", "rus list<string>", "tags set<string>", "counts list<int?>", "lucky set<int>",
                          "maybe set<int?>", "scores dictionary<int>", "extra dictionary<any?>", "anys list<any?>", "weights list<double>",
                          "seen list<date>", "flags list<bool>", "blobs list<data?>"])
        #expect(fixture.schema.visibleClasses.map(\.name) == ["Word"])
    }

    /// SHOW takes a collection whole, an aggregate of it, or one dictionary value; the JSON of each is its
    /// values in order (a set by value, a dictionary by key), typed.
    @Test func showWritesEachCollectionAsItsJSON() throws {
        let fixture = try QueryFixture(sql: Self.sql)
        let rows = try fixture.values("Word where id IN {1, 5} SHOW(rus, tags, counts, scores, extra, anys, flags, seen, scores[\"easy\"] AS easy, rus.@count AS n)",
                                      columns: ["rus", "tags", "counts", "scores", "extra", "anys", "flags", "seen", "easy", "n"])
        #expect(rows == [
            #"["дом","здание","строение"]|["noun"]|[1,2,3]|{"easy":4,"hard":12}|{"n":1}|["1"]|[true,false]|["1999-12-31T23:59:59.000Z","2021-06-01T00:00:00.000Z"]|4|3"#,
            #"[]|["verb"]|[]|{"hard":-1}|{"n":1,"s":"x"}|[1,"two",null,true]|[]|[]|∅|0"#,
        ])
    }

    struct Refusal: CustomStringConvertible, Sendable {
        var query: String
        var message: String
        var description: String { query }
    }

    static let refusals: [Refusal] = [
        Refusal(query: "Word SORT(tags)", message: "SORT needs one value per object, and 'tags' is a set (as in Realm)"),
        Refusal(query: "Word DISTINCT(scores)", message: "DISTINCT needs one value per object, and 'scores' is a dictionary"),
        Refusal(query: "Word where tags.len > 1", message: "'tags' is a set<string>: its elements have no property 'len'"),
        Refusal(query: "Word where rus[\"x\"] == 1", message: "'rus' is a list, not a dictionary"),
        Refusal(query: "Word where tags.@keys == \"x\"", message: "'tags' is a set: only a dictionary has @keys"),
        Refusal(query: "Word where scores[\"easy\"].@count > 1", message: "'scores[\"easy\"]' is one value: it has no @count"),
        Refusal(query: "Word where name[\"x\"] == 1", message: "'name' is a string, not a dictionary"),
        Refusal(query: "Word where tags > 1", message: "cannot compare"),
        Refusal(query: "Word where rus.@sum > 1", message: "@sum needs a number"),
        Refusal(query: "Word where ANY name == \"x\"", message: "ANY needs a path through a list"),
        Refusal(query: "Word where tags ==[x] \"a\"", message: "expected [c], [d] or [cd]"),
    ]

    @Test(arguments: refusals)
    func aQueryThatDoesNotFitIsRefused(_ refusal: Refusal) throws {
        let fixture = try QueryFixture(sql: Self.sql)
        #expect {
            _ = try fixture.compile(refusal.query)
        } throws: { error in
            "\(error)".contains(refusal.message) || ((error as? QueryError)?.message.contains(refusal.message) ?? false)
        }
    }
}
