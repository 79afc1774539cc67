import Foundation
import SQLiteKit
import Testing
@testable import StrataQuery
@testable import StrataDemo

/// The lexer, parser and compiler survive any text: random bytes, random token soups, and valid queries with
/// characters deleted, inserted, swapped or repeated. Every failure is a `QueryError` whose line and column
/// point inside the text; every query that compiles also runs (its SQL is valid). Inputs come from a seeded
/// generator, so a failure reproduces.
@Suite struct QueryParserFuzzTests {
    enum Source: String, CaseIterable, Sendable {
        case bytes, scalars, tokens, mutations, tokenMutations
    }

    static let inputsPerSource = 2000

    @Test(arguments: Source.allCases)
    func anyInputIsAQueryOrAQueryError(source: Source) throws {
        let fixture = try QueryFixture.tasks()
        var fuzzer = QueryFuzzer(seed: 0xF022 + UInt64(Source.allCases.firstIndex(of: source)!))
        var failures: [String] = []
        var compiled = 0
        for _ in 0..<Self.inputsPerSource {
            let text: String
            switch source {
            case .bytes: text = fuzzer.randomBytes()
            case .scalars: text = fuzzer.randomScalars()
            case .tokens: text = fuzzer.tokenSoup()
            case .mutations: text = fuzzer.mutation()
            case .tokenMutations: text = fuzzer.tokenMutation()
            }
            switch Self.check(text, on: fixture) {
            case .compiled: compiled += 1
            case .rejected: break
            case .failed(let failure): failures.append(failure)
            }
        }
        for failure in failures.prefix(20) { Issue.record(Comment(rawValue: failure)) }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.inputsPerSource) \(source.rawValue) inputs failed badly")
        if source == .tokenMutations {
            // Token edits keep many queries valid, so the compiler and its SQL are exercised, not only the parser.
            #expect(compiled * 20 >= Self.inputsPerSource, "only \(compiled) mutated queries compiled")
        }
    }

    enum Outcome {
        /// Compiled, and the SQL ran.
        case compiled
        /// A `QueryError` that points inside the text.
        case rejected
        /// Anything else: what went wrong.
        case failed(String)
    }

    static func check(_ text: String, on fixture: QueryFixture) -> Outcome {
        let shown = String(reflecting: text)
        let query: CompiledQuery
        do {
            query = try fixture.compile(text, QueryFuzzer.arguments)
        } catch let error as QueryError {
            // Lines split at "\n" alone, or at every line break ("\r\n" is one Character): either reading will do.
            func inside(_ lines: [Substring]) -> Bool {
                error.line >= 1 && error.line <= lines.count && error.column >= 1 && error.column <= lines[error.line - 1].count + 1
            }
            let byNewline = text.split(separator: "\n", omittingEmptySubsequences: false)
            let byLineBreak = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            guard error.offset >= 0, error.offset <= text.count, inside(byNewline) || inside(byLineBreak) else { return .failed("\(shown): error outside the text at \(error.line):\(error.column) (offset \(error.offset)): \(error.message)") }
            guard !error.message.isEmpty else { return .failed("\(shown): an empty message") }
            return .rejected
        } catch {
            return .failed("\(shown): threw \(type(of: error)), not a QueryError: \(error)")
        }
        do {
            var rows = 0
            try fixture.runner.run(query) { _ in
                rows += 1
                return rows < 50
            }
        } catch {
            return .failed("\(shown): compiled but did not run: \(error)\n    SQL: \(query.sql)")
        }
        return .compiled
    }

    /// Deep nesting must end in a result or a `QueryError`, never in a crash (a stack overflow in the recursive
    /// parser or compiler) or an SQLite error (SQLite's parser has a depth limit too). Each runs in a child
    /// process, so a crash fails this test instead of ending the whole run.
    @Test func deeplyNestedParenthesesAreNotACrash() async {
        await #expect(processExitsWith: .success) {
            let text = "Task where " + String(repeating: "(", count: 50_000) + "name == \"x\"" + String(repeating: ")", count: 50_000)
            QueryParserFuzzTests.exitUnlessWellHandled(text)
        }
    }

    @Test func deeplyNestedNotIsNotACrash() async {
        await #expect(processExitsWith: .success) {
            QueryParserFuzzTests.exitUnlessWellHandled("Task where " + String(repeating: "NOT ", count: 50_000) + "name == \"x\"")
        }
    }

    @Test func aThousandNotsRunOrAreRejected() async {
        await #expect(processExitsWith: .success) {
            QueryParserFuzzTests.exitUnlessWellHandled("Task where " + String(repeating: "NOT ", count: 1000) + "name == \"x\"")
        }
    }

    @Test func deeplyNestedSubqueriesAreNotACrash() async {
        await #expect(processExitsWith: .success) {
            var predicate = "$t0.name == \"x\""
            for level in (1...300).reversed() {
                predicate = "SUBQUERY($t\(level).@links.TaskList.items, $t\(level - 1), \(predicate)).@count > 0"
            }
            QueryParserFuzzTests.exitUnlessWellHandled("TaskList where SUBQUERY(items, $t300, " + predicate + ").@count > 0")
        }
    }

    /// Exits 0 when `text` compiles and runs or is a well-placed `QueryError`; else prints why and exits 1.
    static func exitUnlessWellHandled(_ text: String) {
        do {
            if case .failed(let failure) = check(text, on: try QueryFixture.tasks()) {
                print(failure.prefix(300))
                exit(1)
            }
        } catch {
            print(error)
            exit(1)
        }
        exit(0)
    }

    /// Inputs that once looked risky, kept as a fixed list.
    @Test(arguments: [
        "", " ", "\n", "\r\n", "Task\r\nwhere name == 1", "Task where\n", "\u{0}", "Task where name == \"\u{0}\"",
        "Task where name == \"\\", "Task where name == '\\u12", "Task where name == \"\\u\"", "Task where [", "Task where name ==[",
        "Task where name ==[c", "Task where name ==[cd", "[c]", "@", "$", "$99999999999999999999999", "Task where name == $99999999999999999999",
        "Task where priority == 99999999999999999999999999", "Task where priority == 1e400", "Task where priority == -", "Task where priority == .5",
        "Task where priority == 1.", "Task where createdAt == 2015-", "Task where createdAt == 2015-01-01T", "Task where createdAt == 2015-01-01T25:00:00",
        "Task where createdAt == 9999-12-31T23:59:59.999999Z", "Task where createdAt == 0000-01-01", "Task where createdAt == 2015-01-01@",
        "Task where createdAt == 2015-02-29", "Task where data == B64\"", "Task where data == x'", "Task where data == x'0'",
        "Task where data == B64\"====\"", "Task LIMIT(9223372036854775807)", "Task LIMIT(99999999999999999999)", "Task SORT()", "Task DISTINCT()",
        "Task SORT(name,)", "Task where ((((((((((((((((((((name == \"x\"))))))))))))))))))))",
        String(repeating: "(", count: 2000) + "name == \"x\"" + String(repeating: ")", count: 2000),
        "Task where " + Array(repeating: "priority == 1", count: 500).joined(separator: " OR "),
        "Task where SUBQUERY(", "Task where SUBQUERY(tags", "Task where SUBQUERY(tags,", "Task where SUBQUERY(tags, $t", "Task where SUBQUERY(tags, $t,",
        "Task where SUBQUERY(tags, $t, $t.name == 1)", "Task where SUBQUERY(tags, $t, $t.name == 1).", "Task where SUBQUERY(tags, $t, $t.name == 1).@",
        "Task where SUBQUERY(tags, $t, $t.name == 1).@min > 1", "Task where SUBQUERY(tags, $t, $u.name == 1).@count > 1",
        "Task where SUBQUERY(tags, $t, $t).@count > 1", "Task where SUBQUERY(tags, $t, $t == 1).@count > 1",
        "Task where SUBQUERY(list, $t, $t.name == 1).@count > 1", "Task where SUBQUERY(@links.TaskList.items, $t, $t.name == \"x\").@count > 0",
        "Task where @links", "Task where @links.", "Task where @links.Task", "Task where @links.Task.", "Task where @links.Task.list.@count > 0",
        "Task where @links.TaskList.items", "Task where @links.TaskList.items > 1", "Task where @links.TaskList.items.@sum > 1",
        "Task where tags.@count.@count > 1", "Task where tags.@sum.@max > 1", "Task where tags.@max.id.name > 1", "Task where tags.tags > 1",
        "Task where list.items.tags.name == \"x\"", "Task where ALL list.items.tags.name == \"x\"", "Task where list == list.items",
        "Task where tags == tags", "Task where tags == nil", "Task where list == \"x\"", "Task where list == 1.5", "Task where list == true",
        "Task where $0 == $1", "Task where $0 IN {1}", "Task where name IN $0", "Task where name IN name", "Task where name IN {name}",
        "Task where name BETWEEN name", "Task where name BETWEEN {name, name}", "Task where priority BETWEEN {1, 2, 3}", "Task where priority IN {{1}}",
        "Task where 1 BEGINSWITH name", "Task where \"x\" IN tags", "Task where nil == nil", "Task where nil == priority",
        "Task where TRUEPREDICATE == 1", "Task where ANY TRUEPREDICATE", "Task where NOT", "Task where ! !", "Task where (", "Task where )",
        "Task where name == \"x\" SORT(name) SORT(priority) DISTINCT(list) DISTINCT(name) LIMIT(1) LIMIT(2)",
        "Task SORT(@links.TaskList.items.@count DESC)", "Task SORT(tags.@avg.id)", "Task DISTINCT(tags.@count)", "Task SORT($t.name)",
        "Task where `@links.TaskList.items`.@count > 0", "Task where `` == 1", "Task where ` ` == 1", "`", "``", "`Task", "`Task`",
        "TaskList_items", "Task_tags where owner == 1", "sqlite_schema", "`sqlite_master`", "Task where `rowid` == 1",
        "Task where name == \"x\" \u{202E}", "Task where name == \"\u{1F600}\"", "Task where n\u{0301}ame == 1", "T\u{0301}ask",
        "Event where isoAt > secAt AND msAt < realAt", "Event where isoAt == \"not a date\"", "Event where secAt BETWEEN {2015-01-01, \"x\"}",
        "Gadget where anything BEGINSWITH x'00'", "Gadget where anything > 2015-01-01", "Gadget where u > \"a\"", "Gadget where d LIKE \"1*\"",
    ])
    func knownRiskyInputs(_ text: String) throws {
        let fixture = try QueryFixture.tasks()
        if case .failed(let failure) = Self.check(text, on: fixture) { Issue.record(Comment(rawValue: failure)) }
    }
}

/// Random query-ish text from a seeded stream.
struct QueryFuzzer {
    var random: RandomGenerator

    /// `$0` and `$1` for queries that use parameters.
    static let arguments = ["1", "x"]

    init(seed: UInt64) { random = RandomGenerator(seed: seed) }

    mutating func below(_ bound: Int) -> Int { Int(random.below(UInt64(bound))) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// Up to 60 random bytes, read as UTF-8 with replacement characters, often after a class name.
    mutating func randomBytes() -> String {
        let bytes = (0..<below(60)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let text = String(decoding: bytes, as: UTF8.self)
        return below(2) == 0 ? "Task where " + text : text
    }

    /// Up to 40 scalars from ASCII, Latin, combining marks, Greek, CJK, emoji and controls.
    mutating func randomScalars() -> String {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x20...0x7E, 0x00...0x1F, 0xA0...0x17F, 0x300...0x36F, 0x391...0x3C9,
                                             0x4E00...0x4E80, 0x1F600...0x1F64F, 0x2028...0x202E, 0xFFF0...0xFFFD]
        var text = below(3) == 0 ? "" : pick(["Task where ", "TaskList where ", "Tag ", "Event where "])
        for _ in 0..<below(40) {
            let range = pick(ranges)
            let value = range.lowerBound + UInt32(below(Int(range.upperBound - range.lowerBound) + 1))
            if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
        }
        return text
    }

    static let vocabulary: [String] = [
        // Classes and properties of the fixture, and near misses.
        "Task", "TaskList", "Tag", "Event", "Gadget", "Tsk", "name", "isCompleted", "priority", "score", "createdAt", "notes", "data", "list",
        "tags", "items", "`desc`", "`limit`", "`sort`", "id", "nme", "isoAt", "secAt", "anything", "u", "f", "d",
        "@links.Task.list", "@links.TaskList.items", "@links.Task.tags", "`@links.Task.list`", "$t", "$t.name", "$t.priority", "$0", "$1", "$7",
        // Keywords, any case.
        "where", "WHERE", "AND", "and", "&&", "OR", "or", "||", "NOT", "not", "!", "ANY", "SOME", "ALL", "NONE", "IN", "BETWEEN",
        "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "beginswith", "TRUEPREDICATE", "FALSEPREDICATE", "SUBQUERY", "SORT", "DISTINCT",
        "LIMIT", "ASC", "DESC", "ascending", "true", "false", "nil", "NULL", "desc", "limit",
        // Operators and punctuation.
        "==", "=", "!=", "<>", "<", "<=", ">", ">=", "=<", "=>", "[c]", "[d]", "[cd]", "[x]", "(", ")", "{", "}", ",", ".", "@count",
        "@size", "@min", "@max", "@sum", "@avg", "@links", "@foo", "`", "\"", "'", "\\", "$", "@", "~", "#", ";", "\n", " ", "\t",
        // Literals.
        "0", "1", "-1", "2.5", "-0.0", "1e10", "1e999", "9223372036854775807", "-9223372036854775808", "9223372036854775808", ".5", "1.",
        "\"x\"", "'y'", "\"\"", "\"Caf\u{E9}\"", "\"\\u00e9\"", "\"a\\\"b\"", "\"*\"", "\"?\"", "\"%\"", "\"_\"", "\"'; DROP TABLE Task; --\"",
        "2015-01-01", "2015-01-01T10:00:00Z", "2015-01-01@10:00:00", "2015-01-01T10:00:00+01:00", "2015-13-45", "B64\"AP8=\"", "B64\"!\"",
        "x'00FF'", "x'0'", "X'cafe'",
    ]

    /// 1 to 25 tokens from the vocabulary, usually after a class and WHERE.
    mutating func tokenSoup() -> String {
        var parts: [String] = []
        if below(4) != 0 { parts += [pick(["Task", "TaskList", "Tag", "Event", "Gadget"]), pick(["where", "WHERE", ""])] }
        for _ in 0..<(1 + below(25)) { parts.append(pick(Self.vocabulary)) }
        return parts.joined(separator: pick([" ", " ", "", "\n"]))
    }

    /// A valid query from the case tables with one to four edits.
    mutating func mutation() -> String {
        var characters = Array(pick(Self.seeds))
        let alphabet = Array("abcdeNOTANDOR()[]{}\"'`$@.,=<>!&|*?%_-+:T \n\\0123456789cdé数\u{301}")
        for _ in 0..<(1 + below(4)) {
            switch below(6) {
            case 0 where !characters.isEmpty:
                characters.remove(at: below(characters.count))
            case 1:
                characters.insert(pick(alphabet), at: below(characters.count + 1))
            case 2 where characters.count >= 2:
                let index = below(characters.count - 1)
                characters.swapAt(index, index + 1)
            case 3 where !characters.isEmpty:
                let start = below(characters.count), end = min(characters.count, start + 1 + below(8))
                characters.insert(contentsOf: characters[start..<end], at: below(characters.count + 1))
            case 4 where !characters.isEmpty:
                characters.removeSubrange(below(characters.count)...)
            default:
                if !characters.isEmpty { characters[below(characters.count)] = pick(alphabet) }
            }
        }
        return String(characters)
    }

    /// A valid query with one or two of its words (split at spaces) replaced, repeated, dropped or swapped;
    /// replacements come from the vocabulary, so most results are still queries, often odd ones.
    mutating func tokenMutation() -> String {
        var words = pick(Self.seeds).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<(1 + below(2)) {
            let index = below(words.count)
            switch below(5) {
            case 0, 1: words[index] = pick(Self.vocabulary)
            case 2: words.insert(words[index], at: index)
            case 3 where words.count > 2: words.remove(at: index)
            default:
                let other = below(words.count)
                words.swapAt(index, other)
            }
        }
        return words.joined(separator: " ")
    }

    /// The valid queries of `QueryCasesTests` (tasks database), the seeds of mutations.
    static let seeds: [String] = QueryCasesTests.tasksCases.map(\.query)
}
