import SQLiteKit
import Testing
import StrataTestSupport
@testable import StrataQuery
@testable import StrataCore
@testable import StrataDemo

/// Thousands of random predicates over the demo database, each checked against a plain in-memory evaluator
/// written here from RQL's rules, independent of Strata's compiler:
///
/// - a NULL value (a property through a NULL link) matches only `== nil` and `!= x`; every other comparison
///   with NULL is false, and NOT negates what is left;
/// - ANY is true when some object of the list matches, ALL when every object does (true on an empty list),
///   NONE when no object does (true on an empty list); a bare path through a list means ANY;
/// - `[c]` folds case, `[d]` diacritics (the demo's strings are ASCII), LIKE has `*` and `?` only;
/// - strings order by their UTF-8 bytes, dates by the moment, numbers by value; a float property compares
///   as Float, as in Realm.
@Suite struct QueryDifferentialTests {
    static let chunks = 6
    static let predicatesPerChunk = 500

    @Test(arguments: 0..<chunks)
    func randomPredicatesMatchTheEvaluator(chunk: Int) throws {
        let fixture = try DifferentialModel.fixture()
        let model = try DifferentialModel(fixture.connection)
        var generator = PredicateGenerator(model: model, seed: 0x5EED_0000 + UInt64(chunk))
        var failures: [String] = []
        var checked = 0, nontrivial = 0
        while checked < Self.predicatesPerChunk {
            guard let query = generator.query() else { continue }
            checked += 1
            let found: [Int64]
            do {
                found = try fixture.keys(query.text)
            } catch {
                failures.append("\(query.text)\n    throws \(error)")
                continue
            }
            if query.ordered {
                if found != query.expected {
                    failures.append("\(query.text)\n    expected \(query.expected)\n    strata   \(found)")
                }
            } else {
                let expected = Set(query.expected), actual = Set(found)
                if expected != actual || found.count != actual.count {
                    let missing = expected.subtracting(actual).sorted(), extra = actual.subtracting(expected).sorted()
                    failures.append("\(query.text)\n    missing \(missing.prefix(12)) (\(missing.count)), extra \(extra.prefix(12)) (\(extra.count))"
                        + (found.count != actual.count ? ", and some objects more than once" : ""))
                }
            }
            if !query.expected.isEmpty && query.expected.count < query.population { nontrivial += 1 }
        }
        for failure in failures.prefix(25) { Issue.record(Comment(rawValue: failure)) }
        #expect(failures.count == 0, "\(failures.count) of \(checked) predicates disagree with the evaluator")
        // The generator draws literals near the data: most predicates should pick some objects but not all.
        #expect(nontrivial * 3 >= checked, "only \(nontrivial) of \(checked) predicates were selective")
    }

    /// The evaluator's model and helpers, against SQL and answers worked out by hand.
    @Test func theEvaluatorAgreesWithHandWrittenSQL() throws {
        let fixture = try DifferentialModel.fixture()
        let model = try DifferentialModel(fixture.connection)
        func ids(_ sql: String) throws -> [Int64] { try fixture.connection.rows(sql).compactMap { $0[0].int64 } }
        #expect(model.c1.filter { $0.array.isEmpty }.map(\.id)
            == (try ids("SELECT id FROM RealmTestClass1 WHERE id NOT IN (SELECT owner FROM RealmTestClass1_arrayReference) ORDER BY id")))
        #expect(model.c2.filter { $0.reference == nil }.map(\.id)
            == (try ids("SELECT id FROM RealmTestClass2 WHERE objectReference IS NULL ORDER BY id")))
        #expect(model.c1.filter { $0.date < 946_684_800_000 }.map(\.id)
            == (try ids("SELECT id FROM RealmTestClass1 WHERE dateValue < '2000-01-01' ORDER BY id")))
        #expect(model.backlinks0.map(\.count).reduce(0, +) == Int(try fixture.connection.scalar("SELECT count(*) FROM RealmTestClass1_arrayReference").int64 ?? -1))
        func like(_ text: String, _ pattern: String) -> Bool {
            DifferentialModel.like(text.unicodeScalars.map(\.value), pattern.unicodeScalars.map(\.value))
        }
        #expect(like("a_b%c", "a_b%?"))
        #expect(!like("axb", "a_b"))
        #expect(like("ABC-123", "*-?2*"))
        #expect(!like("ABC-123", "*-?2"))
        #expect(PredicateGenerator.exactSum([.max, .min]) == -1)
        #expect(PredicateGenerator.exactSum([.max, 1]) == nil)
        #expect(PredicateGenerator.exactSum([.min, -1]) == nil)
        #expect(PredicateGenerator.exactSum([.min, .max, .max]) == Int64.max - 1)
        #expect(DifferentialModel.compare(.null, .notEqual, .int(5)))
        #expect(!DifferentialModel.compare(.null, .less, .int(5)))
        #expect(DifferentialModel.compare(.null, .equal, .null))
        #expect(DifferentialModel.exactOrder(.max, 9_223_372_036_854_775_807.0) == -1)
        #expect(DifferentialModel.milliseconds("1970-01-02T00:00:01.000Z") == 86_401_000)
        #expect(DifferentialModel.iso(86_401_000) == "1970-01-02T00:00:01Z")
        #expect(DifferentialModel.milliseconds(DifferentialModel.iso(1_767_225_599_000)) == 1_767_225_599_000)
    }
}

// MARK: - The model: every object of the demo database as plain Swift values

struct DifferentialModel {
    struct Object0 { var id: Int64; var integer: Int64; var string: Text; var data: Text }
    struct Object1 {
        var id: Int64; var integer: Int64; var bool: Bool; var float: Float; var double: Double; var string: Text
        var date: Int64
        /// Indices into `c0`, in list order, with repeats.
        var array: [Int]
    }
    struct Object2 { var id: Int64; var integer: Int64; var bool: Bool; var reference: Int? }

    var c0: [Object0] = []
    var c1: [Object1] = []
    var c2: [Object2] = []
    /// For each RealmTestClass0 object, the RealmTestClass1 objects whose arrayReference holds it, once per entry.
    var backlinks0: [[Int]] = []
    /// For each RealmTestClass1 object, the RealmTestClass2 objects that link to it.
    var backlinks1: [[Int]] = []

    /// 300 objects per class, seed 2026; every seventh RealmTestClass2 loses its link, so paths cross NULL links.
    static func fixture() throws -> QueryFixture {
        try QueryFixture(demoRows: 300, seed: 2026, then: "UPDATE RealmTestClass2 SET objectReference = NULL WHERE id % 7 = 0")
    }

    init(_ connection: Connection) throws {
        var index0: [Int64: Int] = [:], index1: [Int64: Int] = [:]
        for row in try connection.rows("SELECT id, integerValue, stringValue, dataValue FROM RealmTestClass0 ORDER BY id") {
            guard let id = row[0].int64, let integer = row[1].int64, let string = row[2].string, case .blob(let data) = row[3] else {
                throw FixtureError.missing("a RealmTestClass0 row: \(row)")
            }
            index0[id] = c0.count
            c0.append(Object0(id: id, integer: integer, string: Text(string), data: Text(bytes: data)))
        }
        for row in try connection.rows("SELECT id, integerValue, boolValue, floatValue, doubleValue, stringValue, dateValue FROM RealmTestClass1 ORDER BY id") {
            guard let id = row[0].int64, let integer = row[1].int64, let bool = row[2].int64, let float = row[3].double,
                  let double = row[4].double, let string = row[5].string, let dateText = row[6].string,
                  let date = Self.milliseconds(dateText)
            else { throw FixtureError.missing("a RealmTestClass1 row: \(row)") }
            index1[id] = c1.count
            c1.append(Object1(id: id, integer: integer, bool: bool == 1, float: Float(float), double: double, string: Text(string),
                              date: date, array: []))
        }
        backlinks0 = Array(repeating: [], count: c0.count)
        for row in try connection.rows("SELECT owner, target FROM RealmTestClass1_arrayReference ORDER BY owner, position") {
            guard let owner = row[0].int64.flatMap({ index1[$0] }), let target = row[1].int64.flatMap({ index0[$0] }) else {
                throw FixtureError.missing("a list entry: \(row)")
            }
            c1[owner].array.append(target)
            backlinks0[target].append(owner)
        }
        backlinks1 = Array(repeating: [], count: c1.count)
        for row in try connection.rows("SELECT id, integerValue, boolValue, objectReference FROM RealmTestClass2 ORDER BY id") {
            guard let id = row[0].int64, let integer = row[1].int64, let bool = row[2].int64 else {
                throw FixtureError.missing("a RealmTestClass2 row: \(row)")
            }
            let reference = row[3].int64.flatMap { index1[$0] }
            if let reference { backlinks1[reference].append(c2.count) }
            c2.append(Object2(id: id, integer: integer, bool: bool == 1, reference: reference))
        }
    }

    // MARK: Values and their comparison

    /// Text (or the bytes of data) with its scalars, lower-cased scalars and bytes worked out once: the
    /// evaluator compares each value thousands of times.
    final class Text: Sendable {
        let string: String
        let scalars: [UInt32]
        let lowered: [UInt32]
        let bytes: [UInt8]

        init(_ string: String) {
            self.string = string
            scalars = string.unicodeScalars.map(\.value)
            lowered = string.lowercased().unicodeScalars.map(\.value)
            bytes = Array(string.utf8)
        }

        init(bytes: [UInt8]) {
            string = String(decoding: bytes, as: UTF8.self)
            scalars = bytes.map { UInt32($0) }
            lowered = scalars
            self.bytes = bytes
        }
    }

    enum Value {
        case null
        case int(Int64)
        case float(Float)
        case double(Double)
        case string(Text)
        case bool(Bool)
        case date(Int64)
        case data(Text)
    }

    enum Kind { case int, bool, float, double, string, date, data }

    /// A literal as written in the query, with its value.
    struct Literal {
        var text: String
        var value: Value
    }

    /// -1, 0 or 1 for two non-NULL values of one kind; the literal is read by the property's kind, as RQL does.
    static func order(_ lhs: Value, _ rhs: Value) -> Int? {
        func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return sign(a, b)
        case (.int(let a), .double(let b)): return exactOrder(a, b)
        case (.float(let a), .int(let b)): return sign(a, Float(b))
        case (.float(let a), .double(let b)): return sign(a, Float(b))
        case (.float(let a), .float(let b)): return sign(a, b)
        case (.double(let a), .int(let b)): return sign(a, Double(b))
        case (.double(let a), .double(let b)): return sign(a, b)
        case (.string(let a), .string(let b)): return bytesOrder(a.bytes, b.bytes)
        case (.bool(let a), .bool(let b)): return sign(a ? 1 : 0, b ? 1 : 0)
        case (.date(let a), .date(let b)): return sign(a, b)
        case (.data(let a), .data(let b)): return bytesOrder(a.bytes, b.bytes)
        default: return nil
        }
    }

    static func bytesOrder(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
    }

    /// An integer against a double, exactly (as SQLite compares INTEGER with REAL).
    static func exactOrder(_ integer: Int64, _ double: Double) -> Int {
        if double >= 9_223_372_036_854_775_808.0 { return -1 }
        if double < -9_223_372_036_854_775_808.0 { return 1 }
        let whole = double.rounded(.towardZero)
        let truncated = Int64(whole)
        if integer != truncated { return integer < truncated ? -1 : 1 }
        let fraction = double - whole
        return fraction > 0 ? -1 : (fraction < 0 ? 1 : 0)
    }

    static func isNull(_ value: Value) -> Bool {
        if case .null = value { return true }
        return false
    }

    enum Operator: String, CaseIterable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

        var mirrored: Operator {
            switch self {
            case .less: .greater
            case .lessOrEqual: .greaterOrEqual
            case .greater: .less
            case .greaterOrEqual: .lessOrEqual
            default: self
            }
        }
    }

    /// RQL's comparison: NULL equals only NULL; ordering with NULL is false.
    static func compare(_ value: Value, _ op: Operator, _ literal: Value) -> Bool {
        let valueIsNull = isNull(value), literalIsNull = isNull(literal)
        if valueIsNull || literalIsNull {
            switch op {
            case .equal: return valueIsNull && literalIsNull
            case .notEqual: return !(valueIsNull && literalIsNull)
            default: return false
            }
        }
        guard let order = order(value, literal) else { return false }
        switch op {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }

    enum StringOperator: String, CaseIterable { case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", contains = "CONTAINS", like = "LIKE" }

    /// String operators over text (or the bytes of data); NULL never matches.
    static func match(_ value: Value, _ op: StringOperator, _ pattern: Text, caseInsensitive: Bool) -> Bool {
        let text: [UInt32]
        switch value {
        case .string(let string): text = caseInsensitive ? string.lowered : string.scalars
        case .data(let bytes): text = bytes.scalars
        default: return false
        }
        let needle = caseInsensitive ? pattern.lowered : pattern.scalars
        switch op {
        case .beginsWith: return occurs(needle, in: text, at: 0)
        case .endsWith: return occurs(needle, in: text, at: text.count - needle.count)
        case .contains:
            var start = 0
            while start + needle.count <= text.count {
                if occurs(needle, in: text, at: start) { return true }
                start += 1
            }
            return false
        case .like: return like(text, needle)
        }
    }

    static func occurs(_ needle: [UInt32], in text: [UInt32], at start: Int) -> Bool {
        guard start >= 0, start + needle.count <= text.count else { return false }
        var index = 0
        while index < needle.count {
            if text[start + index] != needle[index] { return false }
            index += 1
        }
        return true
    }

    /// `*` matches any run, `?` one character, everything else itself; one backtracking point.
    static func like(_ text: [UInt32], _ pattern: [UInt32]) -> Bool {
        let star: UInt32 = 42, question: UInt32 = 63
        var t = 0, p = 0, starAt = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == star {
                starAt = p; mark = t; p += 1
            } else if p < pattern.count, pattern[p] == question || pattern[p] == text[t] {
                p += 1; t += 1
            } else if starAt >= 0 {
                p = starAt + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }

    // MARK: Dates, independent of Strata's ISODate

    /// `2010-11-12T07:13:52.000Z` as milliseconds since 1970.
    static func milliseconds(_ text: String) -> Int64? {
        let digits = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= digits.count else { return nil }
            var value: Int64 = 0
            for byte in digits[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        let millisecond = digits.count > 20 && digits[19] == UInt8(ascii: ".") ? number(20..<23) ?? 0 : 0
        return ((days(year, month, day) * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
    }

    static func days(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        // Days before each month in a common year; leap days counted separately.
        let before: [Int64] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
        func leapYears(through year: Int64) -> Int64 { year / 4 - year / 100 + year / 400 }
        var total = (year - 1970) * 365 + leapYears(through: year - 1) - leapYears(through: 1969)
        total += before[Int(month - 1)] + day - 1
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        if isLeap && month > 2 { total += 1 }
        return total
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (with `.mmm` when there are milliseconds), for dates from 1970 to 9999.
    static func iso(_ milliseconds: Int64, separator: String = "T", offsetMinutes: Int64 = 0) -> String {
        let local = milliseconds + offsetMinutes * 60_000
        var dayNumber = local / 86_400_000
        var rest = local % 86_400_000
        if rest < 0 { rest += 86_400_000; dayNumber -= 1 }
        var year: Int64 = 1970
        while days(year + 1, 1, 1) <= dayNumber { year += 1 }
        while days(year, 1, 1) > dayNumber { year -= 1 }
        var month: Int64 = 1
        while month < 12 && days(year, month + 1, 1) <= dayNumber { month += 1 }
        let day = dayNumber - days(year, month, 1) + 1
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(year)-\(two(month))-\(two(day))\(separator)\(two(rest / 3_600_000)):\(two(rest / 60_000 % 60)):\(two(rest / 1000 % 60))"
        if rest % 1000 != 0 {
            let ms = rest % 1000
            text += "." + (ms < 10 ? "00" : ms < 100 ? "0" : "") + "\(ms)"
        }
        if offsetMinutes == 0 { return separator == "@" ? text : text + "Z" }
        let sign = offsetMinutes < 0 ? "-" : "+"
        return text + sign + two(abs(offsetMinutes) / 60) + ":" + two(abs(offsetMinutes) % 60)
    }
}

// MARK: - Random predicates with their expected answers

/// A predicate: its text and, for each object of the class, whether it matches (nil: too close to call, as an
/// average within rounding of its literal; such predicates are drawn again).
struct GeneratedPredicate {
    var text: String
    /// 1 OR, 2 AND, 3 NOT, 4 a comparison: how tightly the text binds, for parentheses.
    var precedence: Int
    var evaluate: (Int) -> Bool?
}

struct GeneratedQuery {
    var text: String
    var expected: [Int64]
    var ordered: Bool
    var population: Int
}

struct PredicateGenerator {
    typealias Model = DifferentialModel
    typealias Value = DifferentialModel.Value
    typealias Kind = DifferentialModel.Kind

    let model: Model
    var random: RandomGenerator

    /// The values each property holds, by "class number.property", drawn from for literals.
    private var pools: [String: [Value]] = [:]

    init(model: Model, seed: UInt64) {
        self.model = model
        random = RandomGenerator(seed: seed)
    }

    mutating func pool<Object>(_ key: String, _ objects: [Object], _ property: Property<Object>) -> [Value] {
        let key = key + "." + property.name
        if let known = pools[key] { return known }
        let values = objects.map(property.get)
        pools[key] = values
        return values
    }

    // MARK: Random helpers

    mutating func below(_ bound: Int) -> Int { Int(random.below(UInt64(bound))) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    // MARK: Queries

    mutating func query() -> GeneratedQuery? {
        switch below(10) {
        case 0...4: return query(className: "RealmTestClass1", count: model.c1.count, ids: model.c1.map(\.id), atom: { $0.atom1() })
        case 5...7: return query(className: "RealmTestClass2", count: model.c2.count, ids: model.c2.map(\.id), atom: { $0.atom2() })
        default: return query(className: "RealmTestClass0", count: model.c0.count, ids: model.c0.map(\.id), atom: { $0.atom0() })
        }
    }

    private mutating func query(className: String, count: Int, ids: [Int64],
                                atom: (inout PredicateGenerator) -> GeneratedPredicate) -> GeneratedQuery?
    {
        let predicate = tree(depth: below(4), atom: atom)
        var matching: [Int] = []
        for index in 0..<count {
            guard let result = predicate.evaluate(index) else { return nil }
            if result { matching.append(index) }
        }
        let whereWord = pick(["where", "WHERE", "Where"])
        var text = "\(className) \(whereWord) \(predicate.text)"
        var ordered = false
        if chance(15), let sort = sortKey(className: className) {
            ordered = true
            let ascending = chance(50)
            text += " SORT(\(sort.path) \(ascending ? pick(["ASC", "ascending", "asc"]) : pick(["DESC", "descending"])))"
            matching.sort { a, b in
                let order = sort.order(a, b)
                if order != 0 { return ascending ? order < 0 : order > 0 }
                return ids[a] < ids[b]
            }
            if chance(50) {
                let limit = below(12)
                text += " LIMIT(\(limit))"
                matching = Array(matching.prefix(limit))
            }
        }
        return GeneratedQuery(text: text, expected: matching.map { ids[$0] }, ordered: ordered, population: count)
    }

    /// AND, OR and NOT nested up to `depth` levels over atoms.
    private mutating func tree(depth: Int, atom: (inout PredicateGenerator) -> GeneratedPredicate) -> GeneratedPredicate {
        if depth == 0 || chance(30) { return atom(&self) }
        switch below(3) {
        case 0, 1:
            let isAnd = below(2) == 0
            let terms = (0..<(2 + below(2))).map { _ in tree(depth: depth - 1, atom: atom) }
            let precedence = isAnd ? 2 : 1
            let word = isAnd ? pick([" AND ", " && ", " and "]) : pick([" OR ", " || ", " or "])
            let text = terms.map { wrap($0, inside: precedence) }.joined(separator: word)
            let evaluators = terms.map(\.evaluate)
            return GeneratedPredicate(text: text, precedence: precedence) { index in
                var result = isAnd
                for evaluate in evaluators {
                    guard let value = evaluate(index) else { return nil }
                    result = isAnd ? (result && value) : (result || value)
                }
                return result
            }
        default:
            let inner = tree(depth: depth - 1, atom: atom)
            let text = pick(["NOT ", "!", "not "]) + wrap(inner, inside: 3)
            return GeneratedPredicate(text: text, precedence: 3) { index in inner.evaluate(index).map { !$0 } }
        }
    }

    /// Parentheses where precedence needs them, and now and then where it does not.
    private mutating func wrap(_ predicate: GeneratedPredicate, inside precedence: Int) -> String {
        predicate.precedence < precedence || (predicate.precedence < 4 && chance(20)) || chance(5)
            ? "(" + predicate.text + ")" : predicate.text
    }

    // MARK: Atoms per class

    /// RealmTestClass1: its own properties, the list arrayReference, the backlinks from RealmTestClass2.
    mutating func atom1() -> GeneratedPredicate {
        let objects = model.c1
        switch below(20) {
        case 0...8:
            let property = pick(Self.properties1)
            let comparison = valueComparison(path: property.name, kind: property.kind, pool: pool("1", objects, property))
            return GeneratedPredicate(text: comparison.text, precedence: 4) { comparison.test(property.get(objects[$0])) }
        case 9...12:
            return quantified(path: "arrayReference", elements: { objects[$0].array },
                              properties: Self.properties0.filter { $0.kind != .data }, pool: model.c0, key: "0")
        case 13, 14:
            return listAggregate(path: "arrayReference", elements: { objects[$0].array }, maximumCount: 13)
        case 15, 16:
            return subquery(path: "arrayReference", elements: { objects[$0].array })
        case 17:
            let backlinks = model.backlinks1, c2 = model.c2
            return count(path: "@links.RealmTestClass2.objectReference", maximum: 4) { backlinks[$0].count }
                ?? quantified(path: "@links.RealmTestClass2.objectReference", elements: { backlinks[$0] },
                              properties: Self.properties2, pool: c2, key: "2")
        default:
            let backlinks = model.backlinks1, c2 = model.c2
            return quantified(path: "@links.RealmTestClass2.objectReference", elements: { backlinks[$0] },
                              properties: Self.properties2, pool: c2, key: "2")
        }
    }

    /// RealmTestClass2: its own properties and paths through the (sometimes NULL) link objectReference.
    mutating func atom2() -> GeneratedPredicate {
        let objects = model.c2, targets = model.c1
        switch below(20) {
        case 0...5:
            let property = pick(Self.properties2)
            let comparison = valueComparison(path: property.name, kind: property.kind, pool: pool("2", objects, property))
            return GeneratedPredicate(text: comparison.text, precedence: 4) { comparison.test(property.get(objects[$0])) }
        case 6...13:
            let property = pick(Self.properties1)
            func get(_ index: Int) -> Value { objects[index].reference.map { property.get(targets[$0]) } ?? .null }
            let comparison = valueComparison(path: "objectReference." + property.name, kind: property.kind, pool: pool("1", targets, property))
            return GeneratedPredicate(text: comparison.text, precedence: 4) { comparison.test(get($0)) }
        case 14, 15:
            if chance(50) {
                let isNil = chance(50)
                let op = isNil ? pick(["==", "="]) : pick(["!=", "<>"])
                return GeneratedPredicate(text: "objectReference \(op) \(pick(["nil", "NULL", "null"]))", precedence: 4) {
                    (objects[$0].reference == nil) == isNil
                }
            }
            let key = chance(80) ? pick(targets).id : Int64(targets.count + 1 + below(3))
            let equal = chance(60)
            return GeneratedPredicate(text: "objectReference \(equal ? "==" : "!=") \(key)", precedence: 4) {
                let linked = objects[$0].reference.map { targets[$0].id }
                return (linked == key) == equal
            }
        case 16, 17:
            return listAggregate(path: "objectReference.arrayReference",
                                 elements: { objects[$0].reference.map { targets[$0].array } ?? [] },
                                 maximumCount: 13)
        default:
            return quantified(path: "objectReference.arrayReference",
                              elements: { objects[$0].reference.map { targets[$0].array } ?? [] },
                              properties: Self.properties0.filter { $0.kind != .data }, pool: model.c0, key: "0")
        }
    }

    /// RealmTestClass0: its own properties (data too) and the backlinks from RealmTestClass1's lists.
    mutating func atom0() -> GeneratedPredicate {
        let objects = model.c0, owners = model.c1, backlinks = model.backlinks0
        switch below(10) {
        case 0...5:
            let property = pick(Self.properties0)
            let comparison = valueComparison(path: property.name, kind: property.kind, pool: pool("0", objects, property))
            return GeneratedPredicate(text: comparison.text, precedence: 4) { comparison.test(property.get(objects[$0])) }
        case 6, 7:
            return quantified(path: "@links.RealmTestClass1.arrayReference", elements: { backlinks[$0] },
                              properties: Self.properties1.filter { $0.kind != .float }, pool: owners, key: "1")
        default:
            return count(path: "@links.RealmTestClass1.arrayReference", maximum: 9) { backlinks[$0].count }
                ?? quantified(path: "@links.RealmTestClass1.arrayReference", elements: { backlinks[$0] },
                              properties: Self.properties1, pool: owners, key: "1")
        }
    }

    struct Property<Object>: Sendable {
        var name: String
        var kind: Kind
        var get: @Sendable (Object) -> Value
    }

    static let properties0: [Property<Model.Object0>] = [
        Property(name: "id", kind: .int) { .int($0.id) },
        Property(name: "integerValue", kind: .int) { .int($0.integer) },
        Property(name: "stringValue", kind: .string) { .string($0.string) },
        Property(name: "dataValue", kind: .data) { .data($0.data) },
    ]

    static let properties1: [Property<Model.Object1>] = [
        Property(name: "id", kind: .int) { .int($0.id) },
        Property(name: "integerValue", kind: .int) { .int($0.integer) },
        Property(name: "boolValue", kind: .bool) { .bool($0.bool) },
        Property(name: "floatValue", kind: .float) { .float($0.float) },
        Property(name: "doubleValue", kind: .double) { .double($0.double) },
        Property(name: "stringValue", kind: .string) { .string($0.string) },
        Property(name: "dateValue", kind: .date) { .date($0.date) },
    ]

    static let properties2: [Property<Model.Object2>] = [
        Property(name: "id", kind: .int) { .int($0.id) },
        Property(name: "integerValue", kind: .int) { .int($0.integer) },
        Property(name: "boolValue", kind: .bool) { .bool($0.bool) },
    ]

    // MARK: Lists and backlinks

    /// `ANY|SOME|ALL|NONE|(bare) path.property op literal`, or `literal IN path.property`.
    private mutating func quantified<Object>(path: String, elements: @escaping (Int) -> [Int], properties: [Property<Object>],
                                             pool objects: [Object], key: String) -> GeneratedPredicate
    {
        let property = pick(properties)
        let comparison = valueComparison(path: path + "." + property.name, kind: property.kind, pool: pool(key, objects, property),
                                         allowIn: false, allowSwap: false)
        let quantifier = pick(["ANY ", "SOME ", "ALL ", "NONE ", "", "any "])
        let test = comparison.test, get = property.get
        return GeneratedPredicate(text: quantifier + comparison.text, precedence: 4) { index in
            var any = false, all = true
            for element in elements(index) {
                guard let result = test(get(objects[element])) else { return nil }
                any = any || result
                all = all && result
            }
            switch quantifier.uppercased() {
            case "ALL ": return all
            case "NONE ": return !any
            default: return any
            }
        }
    }

    /// `path.@count op n`; nil now and then, to let the caller draw something else.
    private mutating func count(path: String, maximum: Int, _ count: @escaping (Int) -> Int) -> GeneratedPredicate? {
        if chance(30) { return nil }
        let op = pick(Model.Operator.allCases)
        let n = below(maximum + 1)
        let word = pick(["@count", "@size"])
        if chance(15) {
            return GeneratedPredicate(text: "\(n) \(op.mirrored.rawValue) \(path).\(word)", precedence: 4) {
                Model.compare(.int(Int64(count($0))), op, .int(Int64(n)))
            }
        }
        return GeneratedPredicate(text: "\(path).\(word) \(op.rawValue) \(n)", precedence: 4) {
            Model.compare(.int(Int64(count($0))), op, .int(Int64(n)))
        }
    }

    /// `@count`, `@min`, `@max`, `@sum` and `@avg` of RealmTestClass0 objects' integerValue. Sums and averages are
    /// exact, as Realm's Int64 sums are when the total fits in an Int64 (the demo's lists hold Int64.max and
    /// Int64.min); a total that does not fit is too close to call.
    private mutating func listAggregate(path: String, elements: @escaping (Int) -> [Int], maximumCount: Int) -> GeneratedPredicate {
        let c0 = model.c0
        if let counted = count(path: path, maximum: maximumCount, { elements($0).count }) { return counted }
        let aggregate = pick(["@min", "@max", "@avg", "@sum"])
        var literal: DifferentialModel.Literal
        if chance(10) {
            literal = .init(text: "nil", value: .null)
        } else {
            literal = integerLiteral(pool: pool("0", model.c0, Self.properties0[1]), allowDecimal: aggregate == "@avg")
            if aggregate == "@sum", chance(50), let total = Self.exactSum(model.c1[below(model.c1.count)].array.map { c0[$0].integer }) {
                literal = .init(text: String(total), value: .int(total))
            }
        }
        let op = isNullLiteral(literal) ? pick([Model.Operator.equal, .notEqual]) : pick(Model.Operator.allCases)
        let text = chance(50) ? "\(path).\(aggregate).integerValue \(op.rawValue) \(literal.text)"
            : "\(path).integerValue.\(aggregate) \(op.rawValue) \(literal.text)"
        return GeneratedPredicate(text: text, precedence: 4) { index in
            let values = elements(index).map { c0[$0].integer }
            if aggregate == "@sum" {
                guard let total = Self.exactSum(values) else { return nil }
                return Model.compare(.int(total), op, literal.value)
            }
            guard !values.isEmpty else { return Model.compare(.null, op, literal.value) }
            switch aggregate {
            case "@min": return Model.compare(.int(values.min()!), op, literal.value)
            case "@max": return Model.compare(.int(values.max()!), op, literal.value)
            default:
                guard let total = Self.exactSum(values) else { return nil }
                return Model.compare(.double(Double(total) / Double(values.count)), op, literal.value)
            }
        }
    }

    /// The sum of Int64 values, exactly, or nil when it does not fit in an Int64.
    static func exactSum(_ values: [Int64]) -> Int64? {
        var high: Int64 = 0, low: UInt64 = 0
        for value in values {
            let (sum, carry) = low.addingReportingOverflow(UInt64(bitPattern: value))
            low = sum
            high += (carry ? 1 : 0) - (value < 0 ? 1 : 0)
        }
        let result = Int64(bitPattern: low)
        return (high == 0 && result >= 0) || (high == -1 && result < 0) ? result : nil
    }

    /// `SUBQUERY(path, $o, …).@count op n` over RealmTestClass0 objects; `elements` gives their indices in `c0`.
    private mutating func subquery(path: String, elements: @escaping (Int) -> [Int]) -> GeneratedPredicate {
        let variable = pick(["o", "x", "item"])
        let inner = tree(depth: below(2)) { generator in
            let property = generator.pick(Self.properties0)
            let objects = generator.model.c0
            let comparison = generator.valueComparison(path: "$\(variable).\(property.name)", kind: property.kind,
                                                       pool: generator.pool("0", objects, property))
            return GeneratedPredicate(text: comparison.text, precedence: 4) { comparison.test(property.get(objects[$0])) }
        }
        let op = pick(Model.Operator.allCases)
        let n = below(4)
        return GeneratedPredicate(text: "SUBQUERY(\(path), $\(variable), \(inner.text)).@count \(op.rawValue) \(n)", precedence: 4) { index in
            var matching = 0
            for element in elements(index) {
                guard let result = inner.evaluate(element) else { return nil }
                if result { matching += 1 }
            }
            return Model.compare(.int(Int64(matching)), op, .int(Int64(n)))
        }
    }

    // MARK: One value against literals

    struct Comparison {
        var text: String
        var test: (Value) -> Bool?
    }

    func isNullLiteral(_ literal: Model.Literal) -> Bool { Model.isNull(literal.value) }

    /// A comparison of the value at `path` with literals drawn near `pool`, the values the property holds.
    mutating func valueComparison(path: String, kind: Kind, pool: [Value], allowIn: Bool = true, allowSwap: Bool = true) -> Comparison {
        if kind == .string || kind == .data, chance(45) {
            return stringComparison(path: path, kind: kind, pool: pool)
        }
        if chance(6) {
            let isNil = chance(50)
            return Comparison(text: "\(path) \(isNil ? "==" : "!=") \(pick(["nil", "NULL"]))") { value in
                Model.isNull(value) == isNil
            }
        }
        let literal = self.literal(kind: kind, pool: pool)
        if allowIn, kind != .bool, chance(8) {
            let low = self.literal(kind: kind, pool: pool), high = self.literal(kind: kind, pool: pool)
            if !isNullLiteral(low), !isNullLiteral(high), kind != .data {
                return Comparison(text: "\(path) BETWEEN {\(low.text), \(high.text)}") { value in
                    Model.compare(value, .greaterOrEqual, low.value) && Model.compare(value, .lessOrEqual, high.value)
                }
            }
        }
        if allowIn, chance(8) {
            let items = (0..<(1 + below(3))).map { _ in self.literal(kind: kind, pool: pool) }
            return Comparison(text: "\(path) IN {\(items.map(\.text).joined(separator: ", "))}") { value in
                items.contains { Model.compare(value, .equal, $0.value) }
            }
        }
        var operators = Model.Operator.allCases
        if kind == .bool || kind == .data || isNullLiteral(literal) { operators = [.equal, .notEqual] }
        let op = pick(operators)
        var spelling = op.rawValue
        if op == .equal, chance(20) { spelling = "=" }
        if op == .notEqual, chance(20) { spelling = "<>" }
        if allowSwap, !isNullLiteral(literal), chance(10) {
            return Comparison(text: "\(literal.text) \(op.mirrored.rawValue) \(path)") { Model.compare($0, op, literal.value) }
        }
        return Comparison(text: "\(path) \(spelling) \(literal.text)") { Model.compare($0, op, literal.value) }
    }

    /// BEGINSWITH, ENDSWITH, CONTAINS, LIKE and ==/!= with [c], [d], [cd] on strings; the first three on data.
    private mutating func stringComparison(path: String, kind: Kind, pool: [Value]) -> Comparison {
        let source: String
        switch pick(pool) {
        case .string(let text), .data(let text): source = text.string
        default: source = ""
        }
        var pattern: String
        let scalars = Array(source.unicodeScalars)
        switch below(8) {
        case 0: pattern = String(String.UnicodeScalarView(scalars.prefix(1 + below(8))))
        case 1: pattern = String(String.UnicodeScalarView(scalars.suffix(1 + below(8))))
        case 2:
            let start = below(max(1, scalars.count)), length = 1 + below(5)
            pattern = String(String.UnicodeScalarView(scalars[min(start, scalars.count)..<min(scalars.count, start + length)]))
        case 3: pattern = pick(["", " bla", "-4", "A", "0", "-", "ZZ", "bla bla"])
        case 4: pattern = String(String.UnicodeScalarView(scalars.prefix(40)))
        default: pattern = String(String.UnicodeScalarView(scalars.prefix(2 + below(6))))
        }
        if chance(30) { pattern = pattern.lowercased() }
        let operators: [String] = kind == .data ? ["BEGINSWITH", "ENDSWITH", "CONTAINS"]
            : ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "==", "!="]
        let op = pick(operators)
        if op == "LIKE" {
            pattern = likePattern(from: source)
            if chance(30) { pattern = pattern.lowercased() }
        }
        let options = kind == .data ? "" : pick(["", "", "[c]", "[d]", "[cd]", "[C]"])
        let caseInsensitive = options.lowercased().contains("c")
        let literal: String
        if kind == .data, chance(40) {
            literal = "x'" + pattern.utf8.map { String($0, radix: 16, uppercase: true).leftPadded() }.joined() + "'"
        } else {
            literal = "\"" + pattern + "\""
        }
        let text = "\(path) \(pick([op, op.lowercased()]))\(options) \(literal)"
        let needle = Model.Text(pattern)
        switch op {
        case "==", "!=":
            let equal = op == "=="
            return Comparison(text: text) { value in
                guard case .string(let string) = value else { return !equal }
                let same = caseInsensitive ? string.lowered == needle.lowered : string.scalars == needle.scalars
                return same == equal
            }
        default:
            let stringOperator = Model.StringOperator(rawValue: op)!
            return Comparison(text: text) { Model.match($0, stringOperator, needle, caseInsensitive: caseInsensitive) }
        }
    }

    /// A LIKE pattern that matches `source`, or nearly does: characters become `?`, runs become `*`.
    private mutating func likePattern(from source: String) -> String {
        var scalars = Array(source.unicodeScalars.prefix(chance(70) ? 40 : 12))
        for _ in 0..<below(4) where !scalars.isEmpty {
            scalars[below(scalars.count)] = "?"
        }
        if !scalars.isEmpty, chance(70) {
            let start = below(scalars.count), length = below(min(10, scalars.count - start) + 1)
            scalars.replaceSubrange(start..<start + length, with: ["*"])
        }
        if chance(60) || source.unicodeScalars.count > 40 { scalars.append("*") }
        if chance(15), !scalars.isEmpty { scalars[below(scalars.count)] = pick(["X", "0", "-"]) }
        return String(String.UnicodeScalarView(scalars))
    }

    /// A literal of the property's kind: a value it holds, a neighbour of one, an edge value, or nil.
    mutating func literal(kind: Kind, pool: [Value]) -> Model.Literal {
        if chance(4) { return .init(text: pick(["nil", "NULL", "null"]), value: .null) }
        switch kind {
        case .int: return integerLiteral(pool: pool, allowDecimal: true)
        case .bool:
            let value = chance(50)
            return .init(text: value ? pick(["true", "TRUE"]) : pick(["false", "FALSE"]), value: .bool(value))
        case .float:
            var value: Float = 0
            switch below(6) {
            case 0: value = pick([0, .leastNormalMagnitude, .greatestFiniteMagnitude, 1, -1, 500, 999.9])
            default:
                if case .float(let stored) = pick(pool) { value = stored }
                if chance(25) { value = chance(50) ? value.nextUp : value.nextDown }
                if !value.isFinite { value = .greatestFiniteMagnitude }
            }
            if value == value.rounded(), abs(value) < 1e15, chance(30) {
                return .init(text: String(Int64(value)), value: .int(Int64(value)))
            }
            return .init(text: "\(Double(value))", value: .double(Double(value)))
        case .double:
            var value = 0.0
            switch below(6) {
            case 0: value = pick([0, .leastNormalMagnitude, .greatestFiniteMagnitude, 1, -0.5, 500, 999.9])
            default:
                if case .double(let stored) = pick(pool) { value = stored }
                if chance(25) { value = chance(50) ? value.nextUp : value.nextDown }
                if !value.isFinite { value = .greatestFiniteMagnitude }
            }
            if value == value.rounded(), abs(value) < 1e15, chance(30) {
                return .init(text: String(Int64(value)), value: .int(Int64(value)))
            }
            return .init(text: "\(value)", value: .double(value))
        case .string:
            var text = ""
            if case .string(let stored) = pick(pool) { text = stored.string }
            switch below(6) {
            case 0: text = pick(["", "A", "Z", "0", "bla", "ffffffff"])
            case 1: text = String(text.prefix(1 + below(6)))
            default: break
            }
            if text.count > 60 { text = String(text.prefix(36)) }
            return .init(text: "\"" + text + "\"", value: .string(Model.Text(text)))
        case .date:
            var milliseconds: Int64 = 0
            switch below(6) {
            case 0: milliseconds = pick([0, 946_684_800_000, 1_767_225_600_000, 1_000_000_000_000])
            default:
                if case .date(let stored) = pick(pool) { milliseconds = stored }
                if chance(25) { milliseconds += pick([-1000, 1000, -1, 1, 86_400_000]) }
            }
            let text: String
            switch below(6) {
            case 0 where milliseconds % 1000 == 0: text = Model.iso(milliseconds, separator: "@")
            case 1: text = Model.iso(milliseconds, offsetMinutes: pick([60, -300, 330, 14 * 60 - 60]))
            case 2: text = "\"" + Model.iso(milliseconds) + "\""
            case 3 where milliseconds % 86_400_000 == 0: text = String(Model.iso(milliseconds).prefix(10))
            default: text = Model.iso(milliseconds)
            }
            return .init(text: text, value: .date(milliseconds))
        case .data:
            var bytes: [UInt8] = []
            if case .data(let stored) = pick(pool) { bytes = stored.bytes }
            if chance(30) { bytes = Array(bytes.prefix(below(8))) }
            if bytes.count > 60 { bytes = Array(bytes.prefix(36)) }
            let text = chance(50) ? "x'" + bytes.map { String($0, radix: 16).leftPadded() }.joined() + "'"
                : "B64\"" + Base64Encoding.encode(bytes) + "\""
            return .init(text: text, value: .data(Model.Text(bytes: bytes)))
        }
    }

    mutating func integerLiteral(pool: [Value], allowDecimal: Bool) -> Model.Literal {
        var value: Int64 = 0
        switch below(6) {
        case 0: value = pick([.min, .max, 0, -1, 1, 9_999_999, 5_000_000, 300, 301])
        default:
            if case .int(let stored) = pick(pool) { value = stored }
            if chance(25) { value = value &+ (chance(50) ? 1 : -1) }
        }
        if allowDecimal, chance(10) {
            let decimal = Double(value) + pick([0.5, -0.5, 0.25])
            return .init(text: "\(decimal)", value: .double(decimal))
        }
        return .init(text: String(value), value: .int(value))
    }

    /// How to sort a class's objects by one of its properties, for SORT cases.
    private mutating func sortKey(className: String) -> (path: String, order: (Int, Int) -> Int)? {
        func by(_ values: [Value]) -> (Int, Int) -> Int {
            { a, b in
                switch (Model.isNull(values[a]), Model.isNull(values[b])) {
                case (true, true): return 0
                case (true, false): return -1
                case (false, true): return 1
                default: return Model.order(values[a], values[b]) ?? 0
                }
            }
        }
        switch className {
        case "RealmTestClass1":
            let property = pick(Self.properties1)
            return (property.name, by(model.c1.map(property.get)))
        case "RealmTestClass2":
            if chance(50) {
                let property = pick(Self.properties1)
                let values = model.c2.map { object in object.reference.map { property.get(model.c1[$0]) } ?? .null }
                return ("objectReference." + property.name, by(values))
            }
            let property = pick(Self.properties2)
            return (property.name, by(model.c2.map(property.get)))
        default:
            let property = pick(Self.properties0.filter { $0.kind != .data })
            return (property.name, by(model.c0.map(property.get)))
        }
    }
}

enum Base64Encoding {
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var text = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                text.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : "=")
            }
            index += 3
        }
        return text
    }
}

extension String {
    fileprivate func leftPadded() -> String { count < 2 ? "0" + self : self }
}
