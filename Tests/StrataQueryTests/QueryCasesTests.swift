import SQLiteKit
import Testing
@testable import StrataQuery
@testable import StrataCore

/// One query and the objects it must find: a set, or an exact order when the query sorts or limits.
/// Expected keys are worked out by hand from the fixture tables in `QueryFixture` (and, for the demo
/// database, from the generator's rows with a separate script), never copied from Strata's output.
struct QueryCase: Sendable, CustomTestStringConvertible {
    var query: String
    var arguments: [String] = []
    var keys: [Int64]
    var ordered = false

    var testDescription: String {
        query + arguments.map { " --arg \($0)" }.joined()
    }
}

/// A set of keys, in any order.
private func matches(_ query: String, _ keys: [Int64], _ arguments: String...) -> QueryCase {
    QueryCase(query: query, arguments: arguments, keys: keys)
}

/// Keys in exactly this order.
private func ordered(_ query: String, _ keys: [Int64], _ arguments: String...) -> QueryCase {
    QueryCase(query: query, arguments: arguments, keys: keys, ordered: true)
}

private let allTasks = Array(Int64(1)...17)

private func allTasks(except excluded: Int64...) -> [Int64] {
    allTasks.filter { !excluded.contains($0) }
}

/// A query that must fail, and how.
struct QueryErrorCase: Sendable, CustomTestStringConvertible {
    var query: String
    var arguments: [String] = []
    var kind: QueryError.Kind
    var message: String
    var line: Int
    var column: Int

    var testDescription: String { query.replacingOccurrences(of: "\n", with: "⏎") }
}

private func fails(_ query: String, _ kind: QueryError.Kind, _ message: String, at line: Int, _ column: Int,
                   _ arguments: String...) -> QueryErrorCase
{
    QueryErrorCase(query: query, arguments: arguments, kind: kind, message: message, line: line, column: column)
}

@Suite struct QueryCasesTests {
    // MARK: - The tasks database

    static let basics: [QueryCase] = [
        matches("Task", allTasks),
        matches("Task where TRUEPREDICATE", allTasks),
        matches("Task TRUEPREDICATE", allTasks),
        matches("Task where FALSEPREDICATE", []),
        matches("Task where NOT FALSEPREDICATE", allTasks),
        matches("Task where truepredicate AND priority == 7", [14, 15]),
        matches("Task WHERE priority == 7", [14, 15]),
        matches("TaskList", [1, 2, 3, 4, 5]),
        matches("Tag", [1, 2, 3, 4, 5]),
        matches("`Task` where name == \"a_b\"", [14]),
    ]

    static let integers: [QueryCase] = [
        matches("Task where priority == 2", [1, 6, 10]),
        matches("Task where priority = 2", [1, 6, 10]),
        matches("Task where priority != 2", allTasks(except: 1, 6, 10)),
        matches("Task where priority <> 2", allTasks(except: 1, 6, 10)),
        matches("Task where priority > 3", [5, 7, 14, 15]),
        matches("Task where priority >= 3", [3, 5, 7, 9, 14, 15]),
        matches("Task where priority => 3", [3, 5, 7, 9, 14, 15]),
        matches("Task where priority < 1", [12, 13, 17]),
        matches("Task where priority <= 1", [2, 8, 12, 13, 17]),
        matches("Task where priority =< 1", [2, 8, 12, 13, 17]),
        matches("Task where priority == nil", [4, 11, 16]),
        matches("Task where priority == NULL", [4, 11, 16]),
        matches("Task where priority != nil", allTasks(except: 4, 11, 16)),
        matches("Task where NOT priority > 3", allTasks(except: 5, 7, 14, 15)),
        matches("Task where !(priority < 1)", allTasks(except: 12, 13, 17)),
        matches("Task where priority IN {1, 3, 99}", [2, 3, 8, 9]),
        matches("Task where priority IN {nil, 0}", [4, 11, 12, 16, 17]),
        matches("Task where priority IN {}", []),
        // As realm-core orders nil: equal to nil alone.
        matches("Task where priority <= nil", [4, 11, 16]),
        matches("Task where priority >= nil", [4, 11, 16]),
        matches("Task where priority < nil", []),
        matches("Task where priority > nil", []),
        matches("Task where NOT priority IN {1, 2}", allTasks(except: 1, 2, 6, 8, 10)),
        matches("Task where priority BETWEEN {1, 3}", [1, 2, 3, 6, 8, 9, 10]),
        matches("Task where NOT priority BETWEEN {1, 3}", allTasks(except: 1, 2, 3, 6, 8, 9, 10)),
        matches("Task where priority == -3", [13]),
        matches("Task where priority > -1", allTasks(except: 4, 11, 13, 16)),
        matches("Task where priority == 2.0", [1, 6, 10]),
        matches("Task where priority > 1.5", [1, 3, 5, 6, 7, 9, 10, 14, 15]),
        matches("Task where priority == 2.5", []),
        matches("Task where 2 < priority", [3, 5, 7, 9, 14, 15]),
        matches("Task where 7 == priority", [14, 15]),
        matches("Task where priority == `limit`", [10, 11, 16]),
        matches("Task where priority < `limit`", [1, 3, 7, 13]),
        matches("Task where priority == $0", [14, 15], "7"),
        matches("Task where priority > $0", [5, 14, 15], "4"),
        matches("Task where priority BETWEEN {$0, $1}", [1, 2, 6, 8, 10], "1", "2"),
        matches("Task where priority == $0 OR `limit` == $0", [1, 7], "10"),
    ]

    static let doubles: [QueryCase] = [
        matches("Task where score == 2", [2, 8]),
        matches("Task where score == 2.0", [2, 8]),
        matches("Task where score != 2", allTasks(except: 2, 8)),
        matches("Task where score > 7", [7, 9, 12, 15]),
        matches("Task where score >= 7", [7, 9, 12, 14, 15]),
        matches("Task where score < 0", [4, 13]),
        matches("Task where score <= 0", [4, 5, 13, 17]),
        matches("Task where score == 0", [5, 17]),
        matches("Task where score == nil", [3, 10, 11, 16]),
        matches("Task where score BETWEEN {-1.25, 1.5}", [1, 4, 5, 13, 17]),
        matches("Task where score IN {7, 7.5, 100}", [12, 14, 15]),
        matches("Task where score > 1e1", [9, 12]),
        matches("Task where score < -0.75", [4]),
        matches("Task where score > priority", [2, 6, 7, 8, 9, 12, 13, 15]),
        matches("Task where score == $0", [15], "7.5"),
        matches("Task where NOT score > 2", allTasks(except: 6, 7, 9, 12, 14, 15)),
    ]

    static let bools: [QueryCase] = [
        matches("Task where isCompleted == true", [2, 4, 6, 9, 12, 15]),
        matches("Task where isCompleted == TRUE", [2, 4, 6, 9, 12, 15]),
        matches("Task where isCompleted == false", [1, 3, 5, 8, 10, 11, 13, 14, 16, 17]),
        matches("Task where isCompleted != true", [1, 3, 5, 7, 8, 10, 11, 13, 14, 16, 17]),
        matches("Task where isCompleted == nil", [7]),
        matches("Task where NOT isCompleted == false", [2, 4, 6, 7, 9, 12, 15]),
        matches("Task where isCompleted == 1", [2, 4, 6, 9, 12, 15]),
        matches("Task where isCompleted == $0", [1, 3, 5, 8, 10, 11, 13, 14, 16, 17], "false"),
        matches("Task where isCompleted IN {true, nil}", [2, 4, 6, 7, 9, 12, 15]),
    ]

    static let strings: [QueryCase] = [
        matches("Task where name == \"Buy milk\"", [1]),
        matches("Task where name == 'Buy milk'", [1]),
        matches("Task where name == \"buy milk\"", []),
        matches("Task where name ==[c] \"buy milk\"", [1]),
        matches("Task where name !=[c] \"BUY MILK\"", allTasks(except: 1)),
        matches("Task where name BEGINSWITH \"Buy\"", [1]),
        matches("Task where name BEGINSWITH[c] \"buy\"", [1, 2]),
        matches("Task where name beginswith[c] \"BUY\"", [1, 2]),
        matches("Task where name ENDSWITH \"milk\"", [1]),
        matches("Task where name ENDSWITH[c] \"noir\"", [4]),
        matches("Task where name CONTAINS \"a\"", [3, 5, 6, 9, 10, 11, 14, 15, 16]),
        matches("Task where name CONTAINS[c] \"a\"", [3, 4, 5, 6, 7, 9, 10, 11, 14, 15, 16]),
        matches("Task where name == \"\"", [17]),
        matches("Task where name != \"\"", allTasks(except: 17)),
        matches("Task where name CONTAINS \"\"", allTasks),
        matches("Task where name BEGINSWITH \"\"", allTasks),
        matches("Task where name < \"B\"", [11, 12, 13, 17]),
        matches("Task where name >= \"a\"", [2, 8, 9, 14, 15, 16]),
        matches("Task where name BETWEEN {\"a\", \"b\"}", [14, 15, 16]),
        matches("Task where name.@size == 3", [14, 15]),
        matches("Task where name IN {\"a_b\", \"axb\", \"nope\"}", [14, 15]),
        matches("Task where name IN {\"A_B\"}", []),
        // RQL's grammar takes a case option on IN, as on == (`expr equality CASE expr`, IN an equality).
        matches("Task where name IN[c] {\"A_B\", \"AXB\"}", [14, 15]),
        matches("Task where name BEGINSWITH[c] $0", [1, 2], "b"),
        matches("Task where $0 == name", [14], "a_b"),
        matches("Task where name CONTAINS `desc`", [5, 6, 10]),
        matches("Task where notes == `desc`", [2, 6, 11, 14, 15, 16, 17]),
        matches("Task where name <[c] \"b\"", [11, 12, 13, 14, 15, 16, 17]),
        matches("Task where priority IN $0", [1, 6, 10], "2"),
    ]

    /// LIKE: `*` any run, `?` one character; `%` and `_` are ordinary characters.
    static let like: [QueryCase] = [
        matches("Task where name LIKE \"*milk\"", [1]),
        matches("Task where name LIKE \"?uy*\"", [1, 2]),
        matches("Task where name LIKE[c] \"b*\"", [1, 2]),
        matches("Task where name LIKE \"a?b\"", [14, 15]),
        matches("Task where name LIKE \"a_b\"", [14]),
        matches("Task where name LIKE \"100%*\"", [12]),
        matches("Task where name LIKE \"100*\"", [12, 13]),
        matches("Task where name LIKE \"*%*\"", [12]),
        matches("Task where name LIKE \"*_*\"", [14]),
        matches("Task where name LIKE \"a*c\"", [16]),
        matches("Task where name LIKE \"*\"", allTasks),
        matches("Task where name LIKE \"?\"", []),
        matches("Task where name LIKE \"\"", [17]),
        matches("Task where notes LIKE \"*%*\"", [1, 3]),
        matches("Task where notes LIKE \"?_?\"", [12]),
        matches("Task where notes LIKE \"*_*\"", [3, 4, 12]),
        matches("Task where notes LIKE \"star*\"", [5]),
        matches("Task where notes LIKE \"*and?q\"", [5]),
        matches("Task where NOT notes LIKE \"*_*\"", allTasks(except: 3, 4, 12)),
        // Realm's LIKE has no escape character: a backslash in the pattern matches a backslash.
        matches(#"Task where notes LIKE "back\\slash""#, [10]),
        matches(#"Task where notes LIKE "*\\*""#, [10]),
    ]

    static let nullStrings: [QueryCase] = [
        matches("Task where notes == nil", [2, 7, 11, 13, 14, 15, 16, 17]),
        matches("Task where notes != nil", [1, 3, 4, 5, 6, 8, 9, 10, 12]),
        matches("Task where notes == \"\"", [6]),
        matches("Task where notes != \"\"", allTasks(except: 6)),
        matches("Task where notes CONTAINS \"%\"", [1, 3]),
        matches("Task where notes CONTAINS \"_\"", [3, 4, 12]),
        matches("Task where NOT notes CONTAINS \"a\"", allTasks(except: 1, 5, 10, 12)),
        matches("Task where notes BEGINSWITH \"2%\"", [1]),
        matches("Task where notes ENDSWITH \"off\"", [3]),
        matches(#"Task where notes CONTAINS "\\""#, [10]),
        matches(#"Task where notes == "back\\slash""#, [10]),
        matches("Task where notes ==[c] nil", [2, 7, 11, 13, 14, 15, 16, 17]),
        matches("Task where notes != \"a_b\"", allTasks(except: 12)),
    ]

    /// Quotes and SQL inside values: always bound, never spliced.
    static let quoting: [QueryCase] = [
        matches(#"Task where name == "O'Brien says \"hi\"""#, [10]),
        matches(#"Task where name == 'O\'Brien says "hi"'"#, [10]),
        matches("Task where name == $0", [10], "O'Brien says \"hi\""),
        matches("Task where name CONTAINS \"'\"", [10, 11]),
        matches(#"Task where name CONTAINS "\"""#, [10]),
        matches("Task where name == \"'; DROP TABLE Task; --\"", [11]),
        matches("Task where name == $0", [11], "'; DROP TABLE Task; --"),
        matches("Task where name CONTAINS \"; --\"", [11]),
        matches("Task where name BEGINSWITH \"'\"", [11]),
        matches("TaskList where `desc` == \"'; DROP TABLE Task; --\"", [5]),
        matches("Task where name == \"\\u0061_b\"", [14]),
        matches("Task where name == \"%\" OR name == \"*\" OR name == \"_\"", []),
    ]

    /// `[c]` folds case and `[d]` diacritics across Unicode; "e\u{301}" and "é" stay distinct without `[d]`.
    static let unicode: [QueryCase] = [
        matches("Task where name == \"Caf\u{E9} au lait\"", [3]),
        matches("Task where name ==[c] \"caf\u{E9} au lait\"", [3]),
        matches("Task where name ==[c] \"CAF\u{C9} AU LAIT\"", [3]),
        matches("Task where name ==[d] \"Cafe au lait\"", [3]),
        matches("Task where name ==[cd] \"CAFE AU LAIT\"", [3]),
        matches("Task where name ==[dc] \"cafe au lait\"", [3]),
        matches("Task where name BEGINSWITH[c] \"caf\u{E9}\"", [3, 4]),
        matches("Task where name BEGINSWITH[d] \"Cafe\"", [3, 5]),
        matches("Task where name BEGINSWITH[cd] \"cafe\"", [3, 4, 5]),
        matches("Task where name BEGINSWITH \"Cafe\"", [5]),
        matches("Task where name BEGINSWITH \"Caf\u{E9}\"", [3]),
        matches("Task where name CONTAINS \"e\u{301}\"", [5]),
        matches("Task where name CONTAINS \"\u{E9}\"", [3]),
        matches("Task where name CONTAINS[c] \"\u{E9}\"", [3, 4]),
        matches("Task where name CONTAINS[d] \"e\"", [2, 3, 5, 6, 10, 12, 13]),
        matches("Task where name CONTAINS[d] \"creme\"", [5]),
        matches("Task where name CONTAINS \"cr\u{E8}me\"", [5]),
        matches("Task where name CONTAINS \"creme\"", []),
        matches("Task where name ENDSWITH[cd] \"CREME\"", [5]),
        matches("Task where name LIKE \"Caf? *\"", [3]),
        matches("Task where name LIKE[d] \"Caf? *\"", [3, 5]),
        matches("Task where name BEGINSWITH[c] \"stra\u{DF}e\"", [6, 7]),
        matches("Task where name ==[c] \"stra\u{DF}e fegen\"", [6]),
        matches("Task where name BEGINSWITH[c] \"\u{3C3}\u{3AF}\u{3C3}\"", [8]),
        matches("Task where notes BEGINSWITH[c] \"\u{3C3}\u{3AF}\u{3C3}\u{3C5}\u{3C6}\u{3BF}\"", [8]),
        matches("Task where name BEGINSWITH[cd] \"\u{3C3}\u{3B9}\u{3C3}\"", [8]),
        matches("Task where name ENDSWITH \"\u{3BF}\u{3C2}\"", [8]),
        matches("Task where name BEGINSWITH \"\u{6570}\u{636E}\"", [9]),
        matches("Task where name CONTAINS[c] \"\u{6570}\u{636E}\"", [9]),
        matches("Task where notes CONTAINS \"\u{636E}\u{5E93}\"", [9]),
        matches("Task where name LIKE \"\u{6570}? *\"", [9]),
        matches("TaskList where name ==[cd] \"unicode\"", [5]),
        matches("TaskList where name ==[c] \"\u{FC}n\u{EF}c\u{F6}d\u{E9}\"", [5]),
        matches("TaskList where name == \"\u{DC}n\u{EF}c\u{F6}d\u{E9}\"", [5]),
        matches("Task where tags.name ==[c] \"WORK\"", [3]),
    ]

    /// Property names that are keywords, in backticks.
    static let keywordNames: [QueryCase] = [
        matches("Task where `desc` == \"a\"", [1]),
        matches("Task where `desc` == nil", [2, 4, 8, 9, 11, 12, 14, 15, 16, 17]),
        matches("Task where `desc` == \"\"", [6]),
        matches("Task where `limit` > 4", [1, 3, 7]),
        matches("Task where `limit` == 0", [4]),
        matches("Task where `limit` <= 0", [4, 13]),
        ordered("Task where `desc` != nil SORT(`desc` DESC)", [13, 10, 7, 5, 3, 1, 6]),
        matches("TaskList where `sort` == 2", [1, 5]),
        ordered("TaskList SORT(`sort` ASC)", [4, 2, 1, 5, 3]),
        matches("Task where list.`sort` == 2", [1, 2, 3, 9, 10]),
        matches("Task where `limit` == `limit` AND `desc` == \"e\"", [10]),
    ]

    static let dates: [QueryCase] = [
        matches("Task where createdAt == 2015-01-01T10:00:00Z", [1, 7, 13]),
        matches("Task where createdAt == 2015-01-01T10:00:00.000Z", [1, 7, 13]),
        matches("Task where createdAt == 2015-01-01T10:00Z", [1, 7, 13]),
        matches("Task where createdAt == 2015-01-01@10:00:00", [1, 7, 13]),
        matches("Task where createdAt == 2015-01-01T11:00:00+01:00", [1, 7, 13]),
        matches("Task where createdAt == 2015-01-01T05:00:00-05:00", [1, 7, 13]),
        matches("Task where createdAt == \"2015-01-01T10:00:00Z\"", [1, 7, 13]),
        matches("Task where createdAt == 2015-01-01", [3]),
        matches("Task where createdAt == 2016-02-29", [5]),
        matches("Task where createdAt == 2015-01-01T09:00:00.250Z", [8]),
        matches("Task where createdAt < 2015-01-01", [2, 12]),
        matches("Task where createdAt >= 2015-01-01", [1, 3, 4, 5, 7, 8, 9, 10, 13]),
        matches("Task where createdAt > 2015-01-01T10:00:00Z", [4, 5, 9, 10]),
        matches("Task where createdAt BETWEEN {2015-01-01, 2015-01-01T23:59:59}", [1, 3, 7, 8, 13]),
        matches("Task where createdAt == nil", [6, 11, 14, 15, 16, 17]),
        matches("Task where createdAt != 2015-01-01T10:00:00Z", allTasks(except: 1, 7, 13)),
        matches("Task where NOT createdAt < 2015-01-01", allTasks(except: 2, 12)),
        matches("Task where createdAt > 2015-01-01@09:00:00", [1, 4, 5, 7, 8, 9, 10, 13]),
        // RQL's `@HH:MM:SS:N` ends in nanoseconds: 09:00:00 and 5 ns is before task 8's 09:00:00.250.
        matches("Task where createdAt > 2015-01-01@09:00:00:5", [1, 4, 5, 7, 8, 9, 10, 13]),
        matches("Task where createdAt == 2015-01-01@09:00:00:250000000", [8]),
        matches("Task where createdAt IN {2015-01-01, 2014-01-01}", [3, 12]),
        matches("Task where createdAt == $0", [1, 7, 13], "2015-01-01T10:00:00Z"),
        matches("Task where createdAt > $0", [5, 9], "2016-01-01"),
        ordered("Task where createdAt != nil SORT(createdAt DESC)", [9, 5, 4, 10, 1, 7, 13, 8, 3, 2, 12]),
        // The same moment in four storages.
        matches("Event where isoAt == 2015-01-01", [1]),
        matches("Event where secAt == 2015-01-01", [1]),
        matches("Event where msAt == 2015-01-01T00:00:00Z", [1]),
        matches("Event where realAt == 2015-01-01", [1]),
        matches("Event where realAt > 2015-01-01T10:00:00Z", [2, 3]),
        matches("Event where secAt > 2015-01-01T10:00:00Z", [3]),
        matches("Event where realAt == 2015-01-01T10:00:00.500Z", [2]),
        matches("Event where isoAt < 1970-01-01", [5]),
        matches("Event where secAt < 1970-01-01", [5]),
        matches("Event where msAt < 1970-01-01", [5]),
        matches("Event where msAt BETWEEN {2015-01-01, 2015-12-31}", [1, 2]),
        matches("Event where isoAt == nil", [4]),
        matches("Event where secAt != nil", [1, 2, 3, 5]),
        matches("Event where isoAt == 2015-01-01T05:00:00-05:00", [2]),
        matches("Event where secAt >= 2016-02-29@12:00:00", [3]),
        matches("Event where secAt == msAt", [1, 2, 3, 4, 5]),
        matches("Event where realAt == secAt", [1, 3, 4, 5]),
        ordered("Event SORT(msAt DESC)", [3, 2, 1, 5, 4]),
        ordered("Event SORT(realAt ASC)", [4, 5, 1, 2, 3]),
    ]

    static let data: [QueryCase] = [
        matches("Task where data == x'00FF'", [1]),
        matches("Task where data == X'00ff'", [1]),
        matches("Task where data == B64\"AP8=\"", [1]),
        matches("Task where data == x''", [2, 17]),
        matches("Task where data == B64\"\"", [2, 17]),
        matches("Task where data == nil", [3, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16]),
        matches("Task where data != nil", [1, 2, 4, 5, 7, 17]),
        matches("Task where data != x'00FF'", allTasks(except: 1)),
        matches("Task where data BEGINSWITH x'00'", [1, 7]),
        matches("Task where data ENDSWITH x'FE'", [4]),
        matches("Task where data CONTAINS \"ell\"", [5]),
        matches("Task where data == \"Hello\"", [5]),
        matches("Task where data == B64\"SGVsbG8=\"", [5]),
        matches("Task where data IN {x'00', x'CAFE'}", [4, 7]),
        matches("Task where data LIKE \"H?llo\"", [5]),
        // RQL's `@size` (and `@count`) after a string or data property is its length.
        matches("Task where data.@size == 2", [1, 4]),
    ]

    /// Float, decimal, uuid and untyped columns.
    static let otherTypes: [QueryCase] = [
        matches("Gadget where f > 1", [1, 4]),
        matches("Gadget where f == 0", [5]),
        matches("Gadget where f != 1.5", [2, 3, 4, 5]),
        matches("Gadget where f < 0", [2]),
        matches("Gadget where f == nil", [3]),
        matches("Gadget where d > 10", [1, 4]),
        matches("Gadget where d == 0", [2]),
        matches("Gadget where d BETWEEN {-10, 10}", [2, 5]),
        matches("Gadget where d == 10.25", [1]),
        matches("Gadget where u == \"00000000-0000-0000-0000-000000000000\"", [2]),
        matches("Gadget where u BEGINSWITH \"A0\"", [5]),
        matches("Gadget where u == nil", [3]),
        matches("Gadget where anything == 42", [1]),
        matches("Gadget where anything == \"text\"", [2]),
        matches("Gadget where anything == \"42\"", []),
        matches("Gadget where anything == nil", [3]),
        matches("Gadget where anything == x'01'", [4]),
        matches("Gadget where anything == 2.5", [5]),
        matches("Gadget where anything BEGINSWITH \"te\"", [2]),
        // A mixed value compares only with values of a comparable type, as in Realm.
        matches("Gadget where anything > 2", [1, 5]),
    ]

    /// To-one links, including NULL links.
    static let links: [QueryCase] = [
        matches("Task where list.name == \"Work\"", [4, 5, 12]),
        matches("Task where list.name != \"Work\"", allTasks(except: 4, 5, 12)),
        matches("Task where list.name BEGINSWITH \"W\"", [4, 5, 7, 8, 12]),
        matches("Task where NOT list.name BEGINSWITH \"W\"", allTasks(except: 4, 5, 7, 8, 12)),
        matches("Task where list == nil", [6, 11, 13, 14, 15, 16, 17]),
        matches("Task where list != nil", [1, 2, 3, 4, 5, 7, 8, 9, 10, 12]),
        matches("Task where list.name == nil", [6, 11, 13, 14, 15, 16, 17]),
        matches("Task where list == 2", [4, 5, 12]),
        matches("Task where list IN {1, 3}", [1, 2, 3, 7, 8]),
        matches("Task where list == $0", [9, 10], "5"),
        matches("Task where list.name == \"Wishlist\" && isCompleted == false", [8]),
        matches("Task where list.`desc` == nil", [4, 5, 6, 11, 12, 13, 14, 15, 16, 17]),
        matches("Task where list.`desc` == \"\"", [7, 8]),
        matches("Task where list.id > 2", [7, 8, 9, 10]),
        matches("Task where list.id < 3", [1, 2, 3, 4, 5, 12]),
        matches("Task where NOT list.id < 3", allTasks(except: 1, 2, 3, 4, 5, 12)),
        matches("Task where list.items.@count == 3", [1, 2, 3, 4, 5, 7, 8, 12]),
        matches("Task where list.name ==[cd] \"unicode\"", [9, 10]),
        matches("Task where list.name == \"Work\" OR list.name == \"Wishlist\"", [4, 5, 7, 8, 12]),
        matches("Task where list.items.@count == 0", [6, 11, 13, 14, 15, 16, 17]),
        matches("Task where list.@links.Task.list.@count == 2", [7, 8, 9, 10]),
    ]

    /// Lists: ANY (also bare), SOME, ALL, NONE and aggregates, with an empty list (TaskList 4) and tasks
    /// without tags.
    static let lists: [QueryCase] = [
        matches("TaskList where items.@count == 0", [4]),
        matches("TaskList where items.@count > 2", [1, 2, 3]),
        matches("TaskList where items.@size == 2", [5]),
        matches("TaskList where items.@count > $0", [1, 2, 3], "2"),
        matches("TaskList where ANY items.priority > 4", [2]),
        matches("TaskList where items.priority > 4", [2]),
        matches("TaskList where SOME items.isCompleted == true", [1, 2, 5]),
        matches("TaskList where ALL items.isCompleted == false", [4]),
        matches("TaskList where NONE items.isCompleted == true", [3, 4]),
        matches("TaskList where ALL items.priority > 0", [1, 3, 4, 5]),
        matches("TaskList where NONE items.priority == nil", [1, 3, 4, 5]),
        matches("TaskList where ANY items.priority == nil", [2]),
        matches("TaskList where ALL items.priority != nil", [1, 3, 4, 5]),
        matches("TaskList where NOT ANY items.priority > 4", [1, 3, 4, 5]),
        matches("TaskList where items.name CONTAINS[c] \"milk\"", [1, 3]),
        matches("TaskList where \"Buy milk\" IN items.name", [1, 3]),
        // RQL: `value IN path` is true when the value equals one of the values along the path.
        matches("Task where name IN list.items.name", [1, 2, 3, 4, 5, 7, 8, 9, 10, 12]),
        matches("TaskList where items.@min.priority == 1", [1, 3]),
        matches("TaskList where items.@max.priority == 5", [2]),
        matches("TaskList where items.@max.priority >= 3", [1, 2, 3, 5]),
        matches("TaskList where items.@min.priority == nil", [4]),
        matches("TaskList where items.@sum.priority == 6", [1]),
        matches("TaskList where items.@sum.priority == 0", [4]),
        matches("TaskList where items.@sum.priority == 5", [2, 5]),
        matches("TaskList where items.@avg.priority == 2", [1]),
        matches("TaskList where items.@avg.priority > 2.4", [2, 5]),
        matches("TaskList where items.@avg.priority == nil", [4]),
        matches("TaskList where items.priority.@sum == 7", [3]),
        matches("TaskList where items.@avg.score > 10", [2, 5]),
        matches("TaskList where items.@max.createdAt > 2016-01-01", [2, 5]),
        matches("TaskList where items.@min.createdAt < 2015-01-01", [1, 2]),
        matches("TaskList where items.list.name == \"Work\"", [2]),
        matches("TaskList where ANY items.score == nil", [1, 5]),
        matches("TaskList where ALL items.score != nil", [2, 3, 4]),
        matches("TaskList where items.@count == 3 AND @links.Task.list.@count == 3", [1, 2]),
        matches("TaskList where ANY items.tags.name == \"urgent\"", [1, 3, 5]),
        matches("Task where tags.name == \"home\"", [1, 2]),
        matches("Task where ANY tags.name == \"urgent\"", [1, 3, 9]),
        matches("Task where NONE tags.name == \"urgent\"", allTasks(except: 1, 3, 9)),
        matches("Task where ALL tags.name == \"home\"", allTasks(except: 1, 3, 5, 9)),
        matches("Task where ALL tags.name BEGINSWITH \"u\"", allTasks(except: 1, 2, 3, 5)),
        matches("Task where tags.@count == 0", allTasks(except: 1, 2, 3, 5, 9)),
        matches("Task where tags.@count == 3", [3]),
        matches("Task where tags.@count >= 1 AND NONE tags.name ==[c] \"work\"", [1, 2, 5, 9]),
        matches("Task where ANY tags.name IN {\"errand\", \"home\"}", [1, 2, 5]),
        matches("Task where tags.name == ANY {\"errand\", \"home\"}", [1, 2, 5]),
        // Neither side quantified: the list element by element, in order (Task 1's tags are urgent, home).
        matches("Task where tags.name IN {\"urgent\", \"home\"}", [1]),
        matches("Task where tags.name == {\"home\", \"urgent\"}", []),
        matches("Task where tags.name != {\"urgent\", \"home\"}", allTasks(except: 1)),
        matches("Task where ALL tags.name IN {\"errand\", \"home\"}", allTasks(except: 1, 3, 9)),
        matches("Task where NONE tags.name IN {\"errand\", \"home\"}", allTasks(except: 1, 2, 5)),
        matches("Task where tags.name != \"urgent\"", [1, 2, 3, 5]),
        matches("Task where NOT tags.name == \"urgent\"", allTasks(except: 1, 3, 9)),
        matches("Task where tags.id == 3", [3]),
        matches("Task where tags.name == $0", [1, 2], "home"),
    ]

    /// Backlinks, written `@links.Class.property` or as the linkingObjects property's name in backticks.
    static let backlinks: [QueryCase] = [
        matches("TaskList where @links.Task.list.@count == 0", [4]),
        matches("TaskList where @links.Task.list.@count >= 3", [1, 2]),
        matches("TaskList where @links.Task.list.name CONTAINS \"milk\"", [1]),
        matches("TaskList where ANY @links.Task.list.isCompleted == true", [1, 2, 5]),
        matches("TaskList where ALL @links.Task.list.isCompleted == false", [4]),
        matches("TaskList where NONE @links.Task.list.priority > 3", [1, 4, 5]),
        matches("TaskList where @links.Task.list.@max.priority == 5", [2]),
        matches("TaskList where @links.Task.list.@sum.score > 98", [2, 5]),
        matches("TaskList where `@links.Task.list`.@count == 2", [3, 5]),
        matches("TaskList where `@links.Task.list`.name BEGINSWITH \"S\"", [3]),
        matches("Task where @links.TaskList.items.@count == 2", [1]),
        matches("Task where @links.TaskList.items.@count == 0", [6, 11, 13, 14, 15, 16, 17]),
        matches("Task where @links.TaskList.items.name == \"Wishlist\"", [1, 7, 8]),
        matches("Task where `@links.TaskList.items`.name == \"Groceries\"", [1, 2, 3]),
        matches("Task where NONE @links.TaskList.items.name == \"Groceries\"", allTasks(except: 1, 2, 3)),
        matches("Task where list.name != \"Wishlist\" AND @links.TaskList.items.name == \"Wishlist\"", [1]),
        matches("Tag where @links.Task.tags.@count == 0", [5]),
        matches("Tag where @links.Task.tags.@count == 2", [2, 3]),
        matches("Tag where @links.Task.tags.name BEGINSWITH \"Caf\"", [1, 3, 4]),
        matches("Tag where @links.Task.tags.isCompleted == true", [1, 2]),
        matches("Tag where @links.Task.tags.list.name == \"Groceries\"", [1, 2, 3]),
        matches("TaskList where @links.Task.list.@min.score == nil", [4]),
        matches("Tag where SUBQUERY(@links.Task.tags, $t, $t.priority >= 3).@count > 0", [1, 3, 4]),
    ]

    static let subqueries: [QueryCase] = [
        matches("TaskList where SUBQUERY(items, $t, $t.isCompleted == false AND $t.name CONTAINS \"a\").@count > 0", [1, 2, 5]),
        matches("TaskList where SUBQUERY(items, $t, $t.priority >= 2).@count == 2", [1, 3, 5]),
        matches("TaskList where SUBQUERY(items, $t, TRUEPREDICATE).@count == items.@count", [1, 2, 3, 4, 5]),
        matches("TaskList where SUBQUERY(items, $t, $t.list.name == \"Work\").@count == 3", [2]),
        matches("TaskList where SUBQUERY(items, $t, SUBQUERY($t.tags, $g, $g.name == \"urgent\").@count > 0).@count > 0", [1, 3, 5]),
        matches("TaskList where SUBQUERY(items, $t, $t.priority > 2 AND $t.list.id == 5).@count == 1", [5]),
        matches("TaskList where 0 < SUBQUERY(items, $t, $t.priority == 5).@count", [2]),
        matches("TaskList where SUBQUERY(items, $t, $t.priority == nil).@size == 1", [2]),
        matches("Task where SUBQUERY(tags, $x, $x.name BEGINSWITH \"u\").@count == 1", [1, 3, 9]),
        matches("Task where SUBQUERY(tags, $x, $x.name == \"Work\").@count == 2", [3]),
    ]

    static let sorting: [QueryCase] = [
        ordered("Task where priority != nil SORT(priority ASC)", [13, 12, 17, 2, 8, 1, 6, 10, 3, 9, 7, 5, 14, 15]),
        ordered("Task where priority != nil SORT(priority DESC)", [14, 15, 5, 7, 3, 9, 1, 6, 10, 2, 8, 12, 17, 13]),
        ordered("Task SORT(priority DESC)", [14, 15, 5, 7, 3, 9, 1, 6, 10, 2, 8, 12, 17, 13, 4, 11, 16]),
        ordered("Task SORT(priority)", [4, 11, 16, 13, 12, 17, 2, 8, 1, 6, 10, 3, 9, 7, 5, 14, 15]),
        ordered("Task SORT(isCompleted DESC, priority ASC)", [4, 12, 2, 6, 9, 15, 11, 16, 13, 17, 8, 1, 10, 3, 5, 14, 7]),
        ordered("Task where list != nil SORT(list.name ASC)", [1, 2, 3, 7, 8, 4, 5, 12, 9, 10]),
        ordered("Task SORT(list.name DESC) LIMIT(4)", [9, 10, 4, 5]),
        ordered("Task where list != nil SORT(list.`sort` DESC)", [7, 8, 1, 2, 3, 9, 10, 4, 5, 12]),
        ordered("Task LIMIT(3)", [1, 2, 3]),
        ordered("Task LIMIT(0)", []),
        ordered("Task where isCompleted == true SORT(score DESC) LIMIT(2)", [12, 9]),
        ordered("Task where isCompleted == true LIMIT(100)", [2, 4, 6, 9, 12, 15]),
        ordered("Task where score != nil SORT(score ASC) LIMIT(5)", [4, 13, 5, 17, 1]),
        ordered("Task where priority == 2 SORT(name DESCENDING)", [6, 10, 1]),
        ordered("Task where priority == 2 sort(name ascending)", [1, 10, 6]),
        ordered("Task where name BEGINSWITH \"a\" SORT(name ASC)", [16, 14, 15]),
        ordered("Tag SORT(name ASC)", [3, 4, 2, 5, 1]),
        ordered("TaskList SORT(items.@count DESC, name ASC)", [1, 3, 2, 5, 4]),
        ordered("TaskList SORT(@links.Task.list.@count ASC)", [4, 3, 5, 1, 2]),
        ordered("Task where createdAt != nil SORT(createdAt ASC) LIMIT(4)", [12, 2, 3, 8]),
        ordered("Task DISTINCT(list)", [1, 4, 6, 7, 9]),
        ordered("Task DISTINCT(isCompleted)", [1, 2, 7]),
        ordered("Task DISTINCT(list, isCompleted)", [1, 2, 4, 5, 6, 7, 8, 9, 10, 11]),
        ordered("Task SORT(priority DESC) DISTINCT(isCompleted)", [14, 15, 7]),
        ordered("Task where priority != nil SORT(priority ASC) DISTINCT(list.name)", [13, 12, 2, 8, 10]),
        ordered("Task DISTINCT(list) LIMIT(2)", [1, 4]),
        // SORT, DISTINCT and LIMIT apply in the order written, as in Realm.
        ordered("Task DISTINCT(isCompleted) SORT(priority DESC)", [7, 1, 2]),
        ordered("Task LIMIT(3) SORT(name DESC)", [2, 3, 1]),
        ordered("Task SORT(priority DESC) LIMIT(5) SORT(name ASC)", [5, 3, 7, 14, 15]),
        ordered("Task LIMIT(5) DISTINCT(isCompleted)", [1, 2]),
        ordered("Task DISTINCT(list) SORT(priority DESC) LIMIT(2)", [7, 9]),
        ordered("Task SORT(score DESC) DISTINCT(list) LIMIT(3)", [12, 9, 7]),
    ]

    /// Precedence OR < AND < NOT, parentheses, and both spellings of each operator.
    static let logic: [QueryCase] = [
        matches("Task where priority == 7 OR priority == 0 AND isCompleted == true", [12, 14, 15]),
        matches("Task where (priority == 7 OR priority == 0) AND isCompleted == true", [12, 15]),
        matches("Task where NOT priority == 7 AND isCompleted == true", [2, 4, 6, 9, 12]),
        matches("Task where NOT (priority == 7 AND isCompleted == true)", allTasks(except: 15)),
        matches("Task where !(priority == 7) && isCompleted == true", [2, 4, 6, 9, 12]),
        matches("Task where priority == 7 || priority == 0 && isCompleted == true", [12, 14, 15]),
        matches("Task where isCompleted == true OR priority == 7 AND score > 7.2", [2, 4, 6, 9, 12, 15]),
        matches("Task where NOT NOT priority == 7", [14, 15]),
        matches("Task where priority == 7 and NOT isCompleted == true or name == \"a*b?c\"", [14, 16]),
        matches("Task where (((priority == 1)))", [2, 8]),
        matches("Task where TRUEPREDICATE AND FALSEPREDICATE OR priority == 5", [5]),
        matches("Task where priority == 1 AND (name BEGINSWITH \"b\" OR name BEGINSWITH \"\u{3A3}\")", [2, 8]),
        matches("Task where\n  priority == 7\n  AND isCompleted == false", [14]),
        matches("Task where NOT (priority > 2 OR score > 2)", [1, 2, 4, 8, 10, 11, 13, 16, 17]),
    ]

    static let tasksCases = basics + integers + doubles + bools + strings + like + nullStrings + quoting + unicode
        + keywordNames + dates + data + otherTypes + links + lists + backlinks + subqueries + sorting + logic

    @Test(arguments: tasksCases)
    func tasks(_ testCase: QueryCase) throws {
        try check(testCase, on: try QueryFixture.tasks())
    }

    // MARK: - The demo database (200 objects per class, seed 42)

    /// Expected keys come from the generated rows, filtered by a separate script.
    static let demoCases: [QueryCase] = [
        matches("RealmTestClass1 where integerValue == 0", [4, 31, 35, 42, 64, 70, 72, 74, 77, 99, 145, 167]),
        matches("RealmTestClass1 where integerValue == 9223372036854775807", [120, 155, 191]),
        matches("RealmTestClass1 where integerValue == -9223372036854775808", [14, 22, 55, 80, 85, 88, 92, 107, 137, 141, 158, 162, 183]),
        matches("RealmTestClass1 where integerValue IN {0, 9223372036854775807}",
                [4, 31, 35, 42, 64, 70, 72, 74, 77, 99, 120, 145, 155, 167, 191]),
        matches("RealmTestClass0 where integerValue < 0", [25, 67, 126, 135]),
        matches("RealmTestClass1 where floatValue == 0 OR doubleValue == 0",
                [10, 15, 27, 30, 45, 46, 47, 57, 65, 69, 72, 83, 103, 107, 116, 117, 118, 122, 151, 158, 161, 173, 179, 196]),
        matches("RealmTestClass1 where floatValue > 3.0e38", [10, 21, 24, 53, 67, 68, 69, 73, 94, 98, 101, 111, 127, 129, 151, 159]),
        matches("RealmTestClass1 where floatValue > 0 AND floatValue < 1e-30", [18, 29, 80, 100, 145, 148, 165, 192]),
        matches("RealmTestClass1 where floatValue BETWEEN {100, 110}", [109]),
        matches("RealmTestClass1 where doubleValue >= 1.7976931348623157e308", [47, 59, 61, 104, 127, 142, 148, 164]),
        matches("RealmTestClass1 where doubleValue > 0 AND doubleValue < 1e-300", [34, 38, 55, 86, 92, 97, 98, 120, 140, 143, 176, 177, 197]),
        matches("RealmTestClass1 where stringValue BEGINSWITH \"A\"", [68, 73, 97, 106, 142, 164, 194]),
        matches("RealmTestClass1 where stringValue BEGINSWITH[c] \"a\"", [68, 73, 97, 106, 142, 164, 194]),
        matches("RealmTestClass1 where stringValue BEGINSWITH \"a\"", []),
        matches("RealmTestClass1 where stringValue LIKE \"?0*\"", [12, 23, 25, 37, 45, 128, 167, 169]),
        matches("RealmTestClass1 where stringValue == $0", [5], "DE21E161-654E-4B5C-BECD-1024A19A511F"),
        matches("RealmTestClass1 where stringValue ==[c] $0", [5], "de21e161-654e-4b5c-becd-1024a19a511f"),
        matches("RealmTestClass0 where stringValue ENDSWITH \" bla\"", [147, 198]),
        matches("RealmTestClass0 where stringValue CONTAINS \"-4A\"",
                [1, 9, 14, 28, 70, 78, 94, 96, 102, 106, 125, 136, 137, 170, 171, 177, 180, 200]),
        matches("RealmTestClass0 where stringValue LIKE \"????????-????-4???-*\"", Array(1...200)),
        matches("RealmTestClass0 where dataValue BEGINSWITH \"F\"", [1, 8, 22, 69, 73, 76, 84, 86, 107, 130, 184, 185, 196, 198]),
        matches("RealmTestClass0 where dataValue CONTAINS \"-4A\"", [35, 49, 51, 52, 56, 57, 59, 66, 67, 130, 148, 182, 197]),
        matches("RealmTestClass1 where dateValue < 2000-01-01",
                [6, 10, 24, 27, 30, 44, 45, 48, 51, 56, 67, 68, 89, 91, 101, 107, 136, 142, 147, 149, 185, 188, 191, 200]),
        matches("RealmTestClass1 where dateValue BETWEEN {2020-01-01, 2020-12-31T23:59:59Z}", [12, 17, 21, 116, 141, 169, 171]),
        matches("RealmTestClass1 where dateValue == 2010-11-12T07:13:52Z", [1]),
        matches("RealmTestClass1 where arrayReference.@count == 0", [8, 19, 29, 76, 81, 85, 115, 123, 125, 127, 138, 150, 162, 167, 177, 200]),
        matches("RealmTestClass1 where arrayReference.@count == 1", [3, 9, 14, 39, 56, 63, 88, 108, 124, 129, 142, 154, 157, 169, 178, 184]),
        matches("RealmTestClass1 where arrayReference.@count == 12",
                [25, 27, 30, 35, 38, 68, 87, 95, 104, 107, 126, 131, 172, 174, 188, 189, 196]),
        matches("RealmTestClass1 where ANY arrayReference.integerValue == 0",
                [2, 4, 7, 14, 25, 28, 36, 38, 50, 52, 53, 67, 68, 72, 73, 78, 95, 96, 102, 103, 107, 113, 121, 133, 136, 141, 151, 164, 173, 190, 197]),
        matches("RealmTestClass1 where ALL arrayReference.integerValue > 5000000",
                [8, 19, 29, 56, 63, 76, 81, 83, 85, 88, 108, 115, 123, 125, 127, 129, 132, 138, 139, 146, 150, 154, 162, 165, 167, 168, 169, 177,
                 178, 182, 184, 185, 194, 200]),
        matches("RealmTestClass1 where NONE arrayReference.integerValue > 1000000 AND arrayReference.@count > 0", [9, 14, 39]),
        matches("RealmTestClass1 where arrayReference.stringValue CONTAINS \" bla\"", [23, 36, 68, 87, 114, 117, 128, 134, 188]),
        matches("RealmTestClass1 where arrayReference.@sum.integerValue == 0",
                [8, 14, 19, 29, 76, 81, 85, 115, 123, 125, 127, 138, 150, 162, 167, 177, 200]),
        // Lists here hold Int64.max and Int64.min: the sum must not overflow into an error.
        matches("RealmTestClass1 where arrayReference.@sum.integerValue < 0", [9, 23, 32, 35, 40, 52, 59, 68, 102, 175, 186]),
        matches("RealmTestClass1 where id <= 30 AND arrayReference.@sum.integerValue > 0",
                [1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 15, 16, 17, 18, 20, 21, 22, 24, 25, 26, 27, 28, 30]),
        matches("RealmTestClass1 where SUBQUERY(arrayReference, $o, $o.integerValue > 9000000).@count >= 2",
                [12, 13, 21, 24, 26, 27, 30, 33, 37, 38, 45, 49, 51, 55, 57, 64, 65, 71, 72, 73, 75, 89, 92, 96, 100, 101, 107, 109, 131, 140, 144,
                 148, 151, 152, 156, 160, 163, 171, 172, 173, 174, 175, 176, 182, 187, 188, 189, 192, 196, 199]),
        matches("RealmTestClass2 where objectReference.arrayReference.@count > 10",
                [4, 16, 18, 23, 24, 26, 32, 42, 46, 50, 69, 95, 98, 100, 102, 133, 134, 153, 168, 169, 171, 191, 192, 193, 194]),
        matches("RealmTestClass2 where objectReference.id IN {1, 2, 3, 4, 5}", [52, 58, 71, 75]),
        matches("RealmTestClass2 where objectReference.stringValue BEGINSWITH \"0\"", [9, 42, 49, 72, 79, 93, 103, 118, 122, 148, 179, 185, 190]),
        matches("RealmTestClass2 where objectReference.dateValue >= 2025-06-01", [7, 28, 60, 146, 168, 187]),
        matches("RealmTestClass0 where ALL @links.RealmTestClass1.arrayReference.boolValue == true AND @links.RealmTestClass1.arrayReference.@count > 0",
                [56, 83, 88, 89, 101, 132, 161, 172, 195, 197]),
        matches("RealmTestClass1 where @links.RealmTestClass2.objectReference.@count >= 4", [97, 114, 153, 178, 189]),
        ordered("RealmTestClass1 where boolValue == true AND integerValue > 5000000 SORT(integerValue DESC) LIMIT(5)", [120, 168, 157, 146, 82]),
        ordered("RealmTestClass1 where stringValue BEGINSWITH[c] \"a\" AND boolValue == true SORT(dateValue DESC) LIMIT(20)",
                [97, 164, 194, 142, 68]),
        ordered("RealmTestClass2 SORT(objectReference.dateValue ASC) LIMIT(10)", [24, 193, 47, 159, 43, 91, 102, 23, 45, 124]),
        ordered("RealmTestClass2 where id <= 40 DISTINCT(objectReference.boolValue, boolValue)", [1, 3, 6, 7]),
        ordered("RealmTestClass2 where id <= 40 SORT(integerValue DESC) DISTINCT(boolValue)", [33, 36]),
    ]

    @Test(arguments: demoCases)
    func demo(_ testCase: QueryCase) throws {
        try check(testCase, on: try QueryFixture.demo())
    }

    private func check(_ testCase: QueryCase, on fixture: QueryFixture) throws {
        let found: [Int64]
        do {
            found = try fixture.keys(testCase.query, testCase.arguments)
        } catch {
            Issue.record("\(testCase.testDescription): \(error)")
            return
        }
        if testCase.ordered {
            #expect(found == testCase.keys, "\(testCase.testDescription)")
        } else {
            #expect(found.sorted() == testCase.keys.sorted(), "\(testCase.testDescription)")
            #expect(Set(found).count == found.count, "each object once: \(testCase.testDescription)")
        }
    }

    // MARK: - Other schema shapes

    /// A query, the result columns that identify each object, and the objects it must find.
    struct ShapeCase: Sendable, CustomTestStringConvertible {
        var query: String
        var columns: [String]
        var expected: [String]
        var ordered = false
        var testDescription: String { query }
    }

    static let shapeCases: [ShapeCase] = [
        ShapeCase(query: "Note where label.title == \"Alpha\"", columns: ["id"], expected: ["1"]),
        ShapeCase(query: "Note where label == \"b\"", columns: ["id"], expected: ["2"]),
        ShapeCase(query: "Note where label == nil", columns: ["id"], expected: ["3"]),
        ShapeCase(query: "Note where label.title == nil", columns: ["id"], expected: ["3", "4"]),
        ShapeCase(query: "Note where labels.code == \"b\"", columns: ["id"], expected: ["1", "2"]),
        ShapeCase(query: "Note where labels.@count == 2", columns: ["id"], expected: ["1", "4"]),
        ShapeCase(query: "Note where ALL labels.code == \"c\"", columns: ["id"], expected: ["3", "4"]),
        ShapeCase(query: "Note where labels.title BEGINSWITH \"B\"", columns: ["id"], expected: ["1", "2"]),
        ShapeCase(query: "Label where @links.Note.labels.@count == 2", columns: ["code"], expected: ["b", "c"]),
        ShapeCase(query: "Label where @links.Note.label.body == \"one\"", columns: ["code"], expected: ["a"]),
        ShapeCase(query: "Label where @links.Note.label.@count == 0", columns: ["code"], expected: []),
        ShapeCase(query: "Label SORT(title DESC)", columns: ["code"], expected: ["b", "a", "c"], ordered: true),
        ShapeCase(query: "Note where at == 2015-01-01T10:00:00Z", columns: ["id"], expected: ["1"]),
        ShapeCase(query: "Note where at == 2015-01-01", columns: ["id"], expected: ["2"]),
        ShapeCase(query: "Note where at > 2015-01-01T10:00:00Z", columns: ["id"], expected: ["3"]),
        // To the nanosecond, as Realm compares timestamps: .123456 is not .123.
        ShapeCase(query: "Note where at == 2015-01-01T10:00:00.123456Z", columns: ["id"], expected: ["3"]),
        ShapeCase(query: "Note where at == 2015-01-01T10:00:00.123Z", columns: ["id"], expected: []),
        ShapeCase(query: "Note where at > 2015-01-01T10:00:00.123Z AND at < 2015-01-01T10:00:00.124Z", columns: ["id"], expected: ["3"]),
        ShapeCase(query: "Note SORT(at DESC)", columns: ["id"], expected: ["3", "1", "2", "4"], ordered: true),
        // A UUID is one value however it is stored: 16 bytes or its canonical text.
        ShapeCase(query: "Note where uuid == \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", columns: ["id"], expected: ["1", "2"]),
        ShapeCase(query: "Note where uuid == \"00000000-0000-0000-0000-000000000001\"", columns: ["id"], expected: ["4"]),
        ShapeCase(query: "Note where uuid == nil", columns: ["id"], expected: ["3"]),
        ShapeCase(query: "Note where uuid != nil", columns: ["id"], expected: ["1", "2", "4"]),
        ShapeCase(query: "Pair where label == \"p\"", columns: ["a", "b"], expected: ["1|x", "2|x"]),
        ShapeCase(query: "Pair SORT(label ASC)", columns: ["a", "b"], expected: ["0|z", "1|x", "2|x", "1|y"], ordered: true),
        ShapeCase(query: "Pair where a == 1 SORT(b DESC)", columns: ["a", "b"], expected: ["1|y", "1|x"], ordered: true),
        ShapeCase(query: "Pair DISTINCT(label)", columns: ["a", "b"], expected: ["0|z", "1|x", "1|y"], ordered: true),
        ShapeCase(query: "`Odd Name` where `first name` == \"Ann\"", columns: ["id"], expected: ["1"]),
        ShapeCase(query: "`Odd Name` where `quo\"te` == 5", columns: ["id"], expected: ["1"]),
        ShapeCase(query: "`Odd Name` where `quo\"te` == nil", columns: ["id"], expected: ["2"]),
        ShapeCase(query: "`Odd Name` where `where` BEGINSWITH \"t\"", columns: ["id"], expected: ["2"]),
        ShapeCase(query: "`Odd Name` SORT(`first name` DESC)", columns: ["first name"], expected: ["Bob", "Ann"], ordered: true),
        ShapeCase(query: "Rect where area > 10", columns: ["id"], expected: ["2"]),
        ShapeCase(query: "Rect where area == nil", columns: ["id"], expected: ["4"]),
        ShapeCase(query: "Rect SORT(area DESC)", columns: ["id"], expected: ["2", "1", "3", "4"], ordered: true),
        ShapeCase(query: "Meter where reading > 2", columns: ["id"], expected: ["2"]),
        ShapeCase(query: "Meter where note == nil", columns: ["id"], expected: ["2"]),
        ShapeCase(query: "BigRect", columns: ["id"], expected: ["1", "2"]),
        ShapeCase(query: "BigRect where h > 3", columns: ["id"], expected: ["2"]),
        // Integer sums are exact whenever the total fits in an Int64, as Realm's are.
        ShapeCase(query: "Bag where coins.@sum.value == -1", columns: ["id"], expected: ["1"]),
        ShapeCase(query: "Bag where coins.@sum.value == 1", columns: ["id"], expected: ["2"]),
        ShapeCase(query: "Bag where coins.@sum.value == 3", columns: ["id"], expected: ["3"]),
        ShapeCase(query: "Bag where coins.@sum.value == 0", columns: ["id"], expected: ["4"]),
        ShapeCase(query: "Bag where coins.@sum.value > 0", columns: ["id"], expected: ["2", "3"]),
        ShapeCase(query: "Bag where coins.@avg.value == -0.5", columns: ["id"], expected: ["1"]),
        ShapeCase(query: "Bag where coins.@max.value == 9223372036854775807", columns: ["id"], expected: ["1"]),
        ShapeCase(query: "Bag where coins.@min.value == -9007199254740992", columns: ["id"], expected: ["2"]),
        ShapeCase(query: "Bag SORT(coins.@sum.value ASC)", columns: ["id"], expected: ["1", "4", "2", "3"], ordered: true),
    ]

    @Test(arguments: shapeCases)
    func shapes(_ testCase: ShapeCase) throws {
        let fixture = try QueryFixture.shapes()
        let found: [String]
        do {
            found = try fixture.values(testCase.query, columns: testCase.columns)
        } catch {
            Issue.record("\(testCase.query): \(error)")
            return
        }
        if testCase.ordered {
            #expect(found == testCase.expected, "\(testCase.query)")
        } else {
            #expect(found.sorted() == testCase.expected.sorted(), "\(testCase.query)")
        }
    }

    // MARK: - Errors

    static let errorCases: [QueryErrorCase] = [
        fails("Tsk where name == \"x\"", .semantic, "unknown class 'Tsk' (did you mean 'Task'?)", at: 1, 1),
        fails("Task where nme == \"x\"", .semantic, "unknown property 'nme' in class Task (did you mean 'name'?)", at: 1, 12),
        fails("Task where list.nmae == \"x\"", .semantic, "unknown property 'nmae' in class TaskList (did you mean 'name'?)", at: 1, 12),
        fails("Task where priority == \"high\"", .semantic, "cannot compare 'priority', an int, with a string", at: 1, 24),
        fails("Task where priority BEGINSWITH \"1\"", .semantic, "BEGINSWITH needs a string, and 'priority' is an int", at: 1, 12),
        fails("Task where isCompleted < true", .semantic, "< does not apply to 'isCompleted', a bool", at: 1, 12),
        fails("Task where name == ", .syntax, "expected a value or a property but the query ended", at: 1, 20),
        fails("Task where (name == \"x\"", .syntax, "expected ')' but the query ended", at: 1, 24),
        fails("Task where name == \"x", .syntax, "unterminated string", at: 1, 20),
        fails("Task where name ~ \"x\"", .syntax, "unexpected character '~'", at: 1, 17),
        fails("Task where name ==[x] \"a\"", .syntax, "expected [c], [d] or [cd]", at: 1, 19),
        fails("Task where any == \"a\"", .syntax, "expected a value or a property but found '=='", at: 1, 16),
        fails("Task where tags.@foo > 1", .syntax, "unknown '@foo'", at: 1, 17),
        fails("Task where createdAt > 2015-13-01", .syntax, "invalid date '2015-13-01'", at: 1, 24),
        fails("Task where data == B64\"!!\"", .syntax, "invalid base64", at: 1, 20),
        fails("Task where data == x'ABC'", .syntax, "invalid hex", at: 1, 20),
        fails("Task where name == $1", .semantic, "$1 has no value", at: 1, 20, "x"),
        fails("Task where priority == $0", .semantic, "$ parameter 'abc' is not a number", at: 1, 24, "abc"),
        fails("Task where @links.TaskList.itms.@count > 0", .semantic, "TaskList has no link or list 'itms' to Task (did you mean 'items'?)", at: 1, 12),
        fails("Task where @links.Tsk.list.@count > 0", .semantic, "unknown class 'Tsk' in @links (did you mean 'Task'?)", at: 1, 12),
        fails("Task where tags > 1", .semantic, "compare a property of the objects in 'tags'", at: 1, 12),
        fails("Task where ALL priority > 1", .semantic, "ALL needs a path through a list", at: 1, 12),
        fails("Task where priority BETWEEN {1}", .syntax, "expected ','", at: 1, 31),
        fails("Task where priority BETWEEN {1, nil}", .semantic, "BETWEEN needs two values that are not nil", at: 1, 29),
        fails("Task where priority LIKE nil", .semantic, "LIKE needs a string, and 'priority' is an int", at: 1, 12),
        fails("Task where priority BETWEEN {nil, 3}", .semantic, "BETWEEN needs two values that are not nil", at: 1, 29),
        fails("Task SORT(tags.name)", .semantic, "SORT needs one value per object, but 'tags.name' goes through the list 'tags'", at: 1, 11),
        fails("Task where priority == 5 DISTINCT(tags.name)", .semantic, "DISTINCT needs one value per object", at: 1, 35),
        fails("Task where priority == 5 SORT(nme)", .semantic, "unknown property 'nme' in class Task (did you mean 'name'?)", at: 1, 31),
        fails("Task LIMIT(-1)", .syntax, "LIMIT takes a whole number", at: 1, 12),
        fails("Task where name == \"x\" LIMIT(1.5)", .syntax, "LIMIT takes a whole number", at: 1, 30),
        fails("Task where\n  name == \"x\" AND\n  nme == 1", .semantic, "unknown property 'nme'", at: 3, 3),
        fails("Task where\n  name == \"x\" AND\n  (priority == 1", .syntax, "expected ')' but the query ended", at: 3, 17),
        fails("Task where 5 == 5", .semantic, "a comparison needs a property on one side", at: 1, 12),
        fails("Task where priority == name", .semantic, "cannot compare 'priority' (int) with 'name' (string)", at: 1, 24),
        fails("Task where SUBQUERY(name, $t, $t.priority == 1).@count > 0", .semantic, "SUBQUERY needs a list or backlinks, and 'name' is not one", at: 1, 12),
        fails("", .syntax, "expected a class name", at: 1, 1),
        fails("task where name == \"x\"", .semantic, "unknown class 'task' (did you mean 'Task'?)", at: 1, 1),
        fails("Task where NAME == \"x\"", .semantic, "unknown property 'NAME' in class Task (did you mean 'name'?)", at: 1, 12),
        // Lines end at "\r\n" too (query files from Windows, pasted text).
        fails("Task where\r\n  nme == 1", .semantic, "unknown property 'nme'", at: 2, 3),
        fails("Task where\r\n  name == \"x\" AND\r\n  (priority == 1", .syntax, "expected ')' but the query ended", at: 3, 17),
        fails("   ", .syntax, "expected a class name", at: 1, 4),
        fails("Task where", .syntax, "expected a value or a property but the query ended", at: 1, 11),
        fails("Task where name == \"x\" SORT(name", .syntax, "expected ')' but the query ended", at: 1, 33),
        fails("Task where name == \"x\" garbage", .syntax, "expected SORT, DISTINCT, LIMIT, SHOW or the end of the query but found 'garbage'", at: 1, 24),
        fails("Task where list.name.foo == 1", .semantic, "'list.name' is a string, not a link: it has no properties", at: 1, 12),
        fails("Task where isCompleted == 2", .semantic, "cannot compare 'isCompleted', a bool, with a number", at: 1, 27),
        fails("Task where score BEGINSWITH[c] \"1\"", .semantic, "BEGINSWITH needs a string, and 'score' is a double", at: 1, 12),
        fails("Task where priority ==[c] 1", .semantic, "needs a string, and 'priority' is an int", at: 1, 12),
        fails("Task where tags.@avg > 1", .semantic, "@avg needs a property", at: 1, 12),
        fails("Task where tags.@sum.name > 1", .semantic, "@sum needs a number, and 'name' is a string", at: 1, 12),
        fails("TaskList where items.@min.name > \"a\"", .semantic, "@min needs a number, and 'name' is a string", at: 1, 16),
        fails("Task where name IN {\"a\", ", .syntax, "expected a value or a property but the query ended", at: 1, 26),
        fails("Task where $x.name == \"a\"", .semantic, "unknown variable '$x'", at: 1, 12),
        fails("Task where name == \"a\" &&", .syntax, "expected a value or a property but the query ended", at: 1, 26),
        fails(#"Task where name == 'it\'s"#, .syntax, "unterminated string", at: 1, 20),
        fails(#"Task where name == "\uZZZZ""#, .syntax, "invalid \\u escape", at: 1, 21),
        fails("Task where name == \"x\" LIMIT(", .syntax, "LIMIT takes a whole number", at: 1, 30),
        fails("Task where 1abc == 2", .syntax, "unexpected 'a' after number", at: 1, 13),
        fails("Task where name == \"\u{6570}\u{636E}\" AND nme == 1", .semantic, "unknown property 'nme'", at: 1, 29),
        fails("Task where name == \"Caf\u{E9}\" AND nme == 1", .semantic, "unknown property 'nme'", at: 1, 31),
        fails("Task where priority IN {1, \"a\"}", .semantic, "cannot compare 'priority', an int, with a string", at: 1, 28),
        fails("Task where list > 1", .semantic, "> does not apply to 'list', an object", at: 1, 12),
        fails("Task where data < x'00'", .semantic, "< does not apply to 'data'", at: 1, 12),
        fails("Task where name LIKE[q] \"a\"", .syntax, "expected [c], [d] or [cd]", at: 1, 21),
        fails("Task where score > 1e999", .syntax, "invalid number '1e999'", at: 1, 20),
        fails("Task where createdAt == \"yesterday\"", .semantic, "not an ISO 8601 date", at: 1, 25),
        fails("Task where createdAt == $0", .semantic, "$ parameter 'soon' is not an ISO 8601 date", at: 1, 25, "soon"),
        fails("Task where isCompleted == $0", .semantic, "$ parameter 'maybe' is not a bool", at: 1, 27, "maybe"),
        fails("Task where name == name == name", .syntax, "expected SORT, DISTINCT, LIMIT, SHOW or the end of the query but found '=='", at: 1, 25),
        fails("Task where name IN {\"a\"} [c]", .syntax, "expected SORT, DISTINCT, LIMIT, SHOW or the end of the query but found '[c]'", at: 1, 26),
        fails("Task where tags.@count.name > 1", .syntax, "expected a comparison operator such as ==, <, BEGINSWITH or IN but found '.'", at: 1, 23),
        fails("Task where @count > 1", .syntax, "@count needs a list before it", at: 1, 12),
        fails("Task where SUBQUERY(tags, t, t.name == \"x\").@count > 0", .syntax, "expected a variable such as $t but found 't'", at: 1, 27),
        fails("Task where SUBQUERY(tags, $t, $t.name == \"x\") > 0", .syntax, "expected '.' but found '>'", at: 1, 47),
        // As in realm-core, an inner SUBQUERY names its variable otherwise than an outer one does.
        fails("TaskList where SUBQUERY(items, $t, SUBQUERY($t.tags, $t, $t.name == \"urgent\").@count > 0).@count > 0", .semantic,
              "SUBQUERY's variable '$t' is already one of an outer SUBQUERY", at: 1, 36),
        fails("Task where `` == 1", .syntax, "empty name in backticks", at: 1, 12),
        fails("Task where `name == 1", .syntax, "unterminated name", at: 1, 12),
        fails("Task where name == $", .syntax, "expected a parameter number or a variable name after '$'", at: 1, 20),
        fails("Task where name == \"x\" SORT(name SIDEWAYS)", .syntax, "expected ')' but found 'SIDEWAYS'", at: 1, 34),
        fails("Task where tags.@links > 1", .syntax, "expected '.' but found '>'", at: 1, 24),
    ]

    @Test(arguments: errorCases)
    func errors(_ testCase: QueryErrorCase) throws {
        let fixture = try QueryFixture.tasks()
        do {
            let compiled = try fixture.compile(testCase.query, testCase.arguments)
            Issue.record("\(testCase.testDescription) compiled to \(compiled.sql)")
        } catch let error as QueryError {
            #expect(error.kind == testCase.kind, "\(testCase.testDescription): \(error)")
            #expect(error.message.contains(testCase.message), "\(testCase.testDescription): \(error)")
            #expect(error.line == testCase.line && error.column == testCase.column,
                    "\(testCase.testDescription): expected \(testCase.line):\(testCase.column), got \(error)")
        }
    }

    // MARK: - Values are bound, never spliced

    @Test(arguments: [
        "Task where name == \"'; DROP TABLE Task; --\"",
        "Task where name == $0",
        "Task where notes CONTAINS \"'); DELETE FROM Task; --\"",
        "TaskList where items.name BEGINSWITH[c] \"x' OR 1=1 --\"",
        "Task where name IN {\"a' OR 'b\", \"\\\"; DROP TABLE Tag; --\"}",
    ])
    func valuesAreBoundParameters(_ query: String) throws {
        let fixture = try QueryFixture.tasks()
        let compiled = try fixture.compile(query, ["'; DROP TABLE Task; --"])
        #expect(!compiled.sql.contains("DROP"), "\(compiled.sql)")
        #expect(!compiled.sql.contains("DELETE"), "\(compiled.sql)")
        #expect(!compiled.sql.contains("1=1"), "\(compiled.sql)")
        #expect(!compiled.sql.contains("OR 'b"), "\(compiled.sql)")
        _ = try fixture.runner.rows(compiled)
        #expect(try fixture.connection.scalar("SELECT count(*) FROM Task") == .integer(17))
        #expect(try fixture.connection.scalar("SELECT count(*) FROM Tag") == .integer(5))
    }

    @Test func theTablesCoverEnoughCases() {
        #expect(Self.tasksCases.count + Self.demoCases.count >= 150)
        let descriptions = (Self.tasksCases + Self.demoCases).map(\.testDescription)
        // By scalars: Swift's == calls "e\u{301}" and "é" equal, and both spellings are cases here.
        let duplicates = Dictionary(grouping: descriptions) { $0.unicodeScalars.map(\.value) }.filter { $0.value.count > 1 }.values
            .map { $0[0] }
        #expect(duplicates.isEmpty, "duplicate cases: \(duplicates.sorted())")
    }
}
