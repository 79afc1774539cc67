import Foundation
import Testing

/// The built `strata` answering Realm Query Language as realm-core does on a real `.realm` file (all-types.realm, written
/// by realm-core's own generator: see Tests/Fixtures/Realm/README.md).
@Suite struct RealmQueryLanguageCommandTests {
    /// The `_id`s a query finds in all-types.realm, as csv rows, in order.
    static func ids(_ condition: String, _ arguments: [String] = []) throws -> (ids: [String], stderr: String) {
        let workspace = try Workspace()
        let file = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace)
        let result = try StrataProcess.run(["query", file, "AllTypes where \(condition) SHOW(_id)", "--format", "csv"]
                                           + arguments.flatMap { ["--arg", $0] })
        let lines = result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").dropFirst().map(String.init)
        return (lines, result.stderr)
    }

    @Test(arguments: [
        // String operators take a Mixed string, never a number by its text (2.25 and 42 are numbers).
        ("mixedValue CONTAINS $0", ["2"], []),
        ("mixedValue BEGINSWITH \"mixed\"", [], ["40"]),
        ("mixedValue CONTAINS[c] \"MIXED\"", [], ["40"]),
        // B64"…" is a string to a Mixed value; x'…' is binary, and finds only binary.
        ("mixedValue == B64\"bWl4ZWQgc3RyaW5n\"", [], ["40"]),
        ("mixedValue == x'000102ff'", [], ["50"]),
        ("mixedValue ENDSWITH x'ff'", [], ["50"]),
        // Timestamps to the nanosecond: 2020-09-14T12:26:40.000001000Z is one moment, a nanosecond later another.
        ("dateValue == 2020-09-14T12:26:40.000001Z", [], ["10"]),
        ("dateValue == 2020-09-14@12:26:40:1000", [], ["10"]),
        ("dateValue == 2020-09-14T12:26:40.000001001Z", [], []),
        ("dateValue > 2020-09-14T12:26:40.000001Z AND dateValue < 2020-09-16T12:26:40.000003Z", [], ["20"]),
        ("dateValue == $0", ["2020-09-14T12:26:40.000001Z"], ["10"]),
        ("dateValue == T1600086400:1000", [], ["10"]),
    ] as [(String, [String], [String])])
    func answersAsRealmCore(_ condition: String, _ arguments: [String], _ expected: [String]) throws {
        let (ids, stderr) = try Self.ids(condition, arguments)
        #expect(stderr.isEmpty, "\(stderr)")
        #expect(ids == expected, "\(condition)")
    }

    /// The names of the Person objects a query finds, in key order.
    static func people(_ condition: String) throws -> (names: [String], stderr: String) {
        let workspace = try Workspace()
        let file = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace)
        let result = try StrataProcess.run(["query", file, "Person where \(condition) SHOW(name)", "--format", "csv"])
        return (result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").dropFirst().map(String.init), result.stderr)
    }

    // Alice's dogs are [Rex, Bella, Rex] and her scores [3, 1, 4, 1, 5, -9, 2600000000]; Bob's dogs [Fido], scores [100];
    // Zoë has neither. Their ages are 34, 29 and 7. Rex is linked three times (twice from Alice's list, once by a link), Fido twice.
    @Test(arguments: [
        ("dogs[FIRST].dogName == 'Rex'", ["Alice"]), ("dogs[0].dogName == 'Fido'", ["Bob"]), ("dogs[1].dogName == 'Bella'", ["Alice"]),
        ("dogs[LAST].dogName == 'Rex'", ["Alice"]), ("dogs[5].dogName == nil", ["Alice", "Bob", "Zoë"]), ("dogs[SIZE] == 3", ["Alice"]),
        ("scores[LAST] > 1000", ["Alice"]), ("scores[FIRST] == 3", ["Alice"]), ("ANY dogs[*].dogName == 'Fido'", ["Bob"]),
        ("scores[SIZE] == 0", ["Zoë"]), ("@links.@count == 0", ["Zoë"]),
        // Arithmetic, with realm-core's precedence; a list in braces on either side, under ANY, ALL or NONE.
        ("age * 2 + 1 > 61", ["Alice"]), ("(age - 5) * 2 == 48", ["Bob"]), ("age / 0 > 1000", ["Alice", "Bob", "Zoë"]),
        ("ANY scores == {100, 5}", ["Alice", "Bob"]), ("ALL scores > ALL {-10, 2}", ["Bob", "Zoë"]), ("NONE scores IN {1, 100}", ["Zoë"]),
        ("scores == {100}", ["Bob"]), ("{100} == scores", ["Bob"]), ("age IN {34, 99}", ["Alice"]), ("age > ANY {29, 40}", ["Alice"]),
        ("'Alice Liddell' BEGINSWITH name", ["Alice"]),
        // Mixed collections in realm-core's order across types: Alice's anyList is [1, "two", nil, 3.0, a Dog], her anySet
        // {true, 5, "five"} (a set in that order), her properties' values a double, strings, nil, a Dog, a date and true.
        ("anyList.@min == 1", ["Alice"]), ("anyList.@sum == 4", ["Alice"]), ("anyList.@avg == 2", ["Alice"]),
        ("anyList.@sum == 0", ["Bob", "Zoë"]), ("anySet.@min == true", ["Alice"]), ("anySet.@max == 'five'", ["Alice"]),
        ("anySet == {true, 5, 'five'}", ["Alice"]), ("anySet == {5, true, 'five'}", []), ("properties.@min == true", ["Alice"]),
        ("properties.@sum == 1.72", ["Alice"]),
        // A Mixed value holding a link, named by obj(…): the class by its name or realm-core's table name, the key an oid(…).
        ("ANY anyList == obj('Dog', oid(600000000000000000000003))", ["Alice"]), ("ANY anyList == obj('Dog', oid(600000000000000000000001))", []),
        ("properties.pet == obj('class_Dog', oid(600000000000000000000001))", ["Alice"]),
        ("ANY anyList.@type == 'link'", ["Alice"]), ("properties.pet.@type == 'objectLink'", ["Alice"]),
    ] as [(String, [String])])
    func pathsAndArithmetic(_ condition: String, _ expected: [String]) throws {
        let (names, stderr) = try Self.people(condition)
        #expect(stderr.isEmpty, "\(stderr)")
        #expect(names == expected, "\(condition)")
    }

    /// A Mixed value is shown as the type it holds in every format and in `get`: a bool as true (stored as 1), a float
    /// and a timestamp as themselves, nil as nil.
    @Test func mixedValuesAreShownByTheirTypes() throws {
        let workspace = try Workspace()
        let file = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace)
        let query = "AllTypes where _id IN {0, 10, 20, 60, 100} SHOW(_id, mixedValue)"
        let csv = try StrataProcess.run(["query", file, query, "--format", "csv"])
        #expect(csv.stdout.replacingOccurrences(of: "\r\n", with: "\n")
                == "_id,mixedValue\n0,42\n10,true\n20,1.5\n60,2023-11-14T22:13:20.123456789Z\n100,\n", "\(csv.stdout)")
        let json = try StrataProcess.run(["query", file, query, "--format", "ndjson"])
        #expect(json.stdout == """
            {"_id":0,"mixedValue":42}
            {"_id":10,"mixedValue":true}
            {"_id":20,"mixedValue":1.5}
            {"_id":60,"mixedValue":"2023-11-14T22:13:20.123456789Z"}
            {"_id":100,"mixedValue":null}

            """, "\(json.stdout)")
        let table = try StrataProcess.run(["query", file, "AllTypes where _id == 10 SHOW(_id, mixedValue, boolValue)"])
        #expect(table.stdout.split(separator: "\n").last?.split(separator: " ").map(String.init) == ["10", "true", "false"], "\(table.stdout)")
        let get = try StrataProcess.run(["get", file, "AllTypes", "10", "--format", "json"])
        #expect(get.stdout.contains("\"mixedValue\": true"), "\(get.stdout)")
        let aggregate = try StrataProcess.run(["query", file, "Person where name == 'Alice' SHOW(anySet.@min AS least)", "--format", "csv"])
        #expect(aggregate.stdout.replacingOccurrences(of: "\r\n", with: "\n") == "least\ntrue\n", "\(aggregate.stdout)")
    }

    /// A Mixed property sorts in realm-core's order across types: nil, bool, numbers of every type by value, string,
    /// binary, timestamp, ObjectId, UUID; DISTINCT holds 1 and 1.0 alike but not 1 and true.
    @Test func mixedValuesSortInRealmsOrder() throws {
        let (ascending, stderr) = try Self.ids("TRUEPREDICATE SORT(mixedValue ASC)")
        #expect(stderr.isEmpty, "\(stderr)")
        #expect(ascending == ["100", "110", "10", "20", "30", "0", "70", "40", "50", "60", "80", "90"])
        let (descending, _) = try Self.ids("TRUEPREDICATE SORT(mixedValue DESC) DISTINCT(mixedValue)")
        #expect(descending == ["90", "80", "60", "50", "40", "70", "0", "30", "20", "10", "100"])
    }

    @Test(arguments: [
        ("mixedValue.@type == 'string'", ["40"]), ("mixedValue.@type == 'STRING'", ["40"]), ("mixedValue.@type == 'numeric'", ["0", "20", "30", "70"]),
        ("mixedValue.@type IN {'binary', 'null'}", ["50", "100", "110"]), ("mixedValue.@type == 'timestamp'", ["60"]),
    ] as [(String, [String])])
    func typeOfAMixedValue(_ condition: String, _ expected: [String]) throws {
        let (ids, stderr) = try Self.ids(condition)
        #expect(stderr.isEmpty, "\(stderr)")
        #expect(ids == expected, "\(condition)")
    }

    @Test func objWithAParameterAndAnUnknownClass() throws {
        let workspace = try Workspace()
        let file = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace)
        let found = try StrataProcess.run(["query", file, "Person where ANY anyList == obj('Dog', $0) SHOW(name)", "--format", "csv",
                                           "--arg", "600000000000000000000003"])
        #expect(found.status == 0 && found.stderr.isEmpty, "\(found.stderr)")
        #expect(found.stdout.replacingOccurrences(of: "\r\n", with: "\n") == "name\nAlice\n")
        let unknown = try StrataProcess.run(["query", file, "Person where anyList == obj('Nope', 1)"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "strata: query 1:25: obj(…) names 'Nope', which is no class of this file\n", "\(unknown.stderr)")
    }

    /// realm-core's nested collections (a list or a dictionary inside a Mixed value) are named as not supported.
    @Test(arguments: ["nested[0] == 1", "nested.x == 1", "properties['nickname'][0] == 1", "properties['nickname'][*] == 1"])
    func aPathIntoANestedCollectionIsNamed(_ condition: String) throws {
        let workspace = try Workspace()
        let file = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace)
        let result = try StrataProcess.run(["query", file, "Person where \(condition)"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("strata: query 1:14: ") && result.stderr.contains("(a nested collection) is not supported"), "\(result.stderr)")
    }

    @Test func anUnknownTypeNameIsSaid() throws {
        let (_, stderr) = try Self.ids("mixedValue.@type == 'bogus'")
        #expect(stderr.hasPrefix("strata: query 1:36: unknown type name 'bogus' for @type"), "\(stderr)")
    }

    /// `--args`: every parameter at once, each of its own type: a list, nil, an object, data.
    @Test func typedArgumentsBindListsNilAndObjects() throws {
        let workspace = try Workspace()
        let file = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace)
        // Zoë is 7, Alice's best friend is Bob, and Bob and Zoë have no favourite dog.
        let query = "Person where (age IN $0 OR bestFriend == $1) AND favouriteDog != $2 SHOW(name)"
        let result = try StrataProcess.run(["query", file, query, "--args", "{{7, 99}, obj('Person', 'Bob'), nil}", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.replacingOccurrences(of: "\r\n", with: "\n") == "name\nAlice\n")
        let both = try StrataProcess.run(["query", file, "Person where age == $0", "--args", "{7}", "--arg", "7"])
        #expect(both.status == 1 && both.stderr == "strata: give the parameters with --arg or with --args, not both\n", "\(both.stderr)")
        let bad = try StrataProcess.run(["query", file, "Person where age == $0", "--args", "{age}"])
        #expect(bad.status == 1 && bad.stderr == "strata: --args 1:2: --args holds values, not properties or parameters\n", "\(bad.stderr)")
        let missing = try StrataProcess.run(["query", file, "Person where age == $1", "--args", "{7}"])
        #expect(missing.status == 1 && missing.stderr.contains("$1 has no value: give it in --args (1 given)"), "\(missing.stderr)")
    }

    /// Realm's forms that Strata does not have are named, at their place.
    @Test(arguments: [
        ("Person where home geoWithin geoCircle([1, 2], 0.5)", "query 1:19: geospatial queries (geoWithin) are not supported"),
        ("Person where name TEXT 'alice'", "query 1:19: full-text search (TEXT) is not supported"),
        ("Person where bestFriend == L1:2", "query 1:28: typed links (L<table>:<key>) are not supported"),
        ("Person where $K0 == 1", "query 1:14: key path arguments ($K0) are not supported"),
    ])
    func unsupportedFormsAreNamed(_ query: String, _ message: String) throws {
        let workspace = try Workspace()
        let file = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace)
        let result = try StrataProcess.run(["query", file, query])
        #expect(result.status == 1 && result.stderr.hasPrefix("strata: " + message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
