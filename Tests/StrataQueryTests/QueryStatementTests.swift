import SQLiteKit
import Testing
@testable import StrataQuery

/// A query and the statement it compiles to, as `strata query --explain` shows it: the SQL with `?1`, `?2`, …
/// and their values in order.
struct StatementCase: Sendable, CustomTestStringConvertible {
    enum Mode: Sendable {
        case whole
        /// One page, as the browser reads it.
        case page(Page)
        /// The objects of TaskList 1's `items`, in list order.
        case members(Page?)
    }

    var query: String
    var arguments: [String] = []
    var mode = Mode.whole
    var sql: String
    var values: [SQLiteValue] = []

    var testDescription: String {
        switch mode {
        case .whole: query
        case .page: query + " (a page)"
        case .members: query + " (a list's members)"
        }
    }
}

/// What `compileCondition` makes of a query, for statements that change objects in place: nil for "every
/// object" (no WHERE clause), the condition otherwise; `inPlace` false when the objects must be picked by key.
struct ConditionCase: Sendable, CustomTestStringConvertible {
    var query: String
    var inPlace = true
    var condition: String?
    var values: [SQLiteValue] = []
    var count: Int64?

    var testDescription: String { query }
}

/// The SELECT list and FROM clause of every whole `Task` query on the tasks fixture.
private let task = #"SELECT t0."id", t0."name", t0."isCompleted", t0."priority", t0."score", t0."createdAt", t0."notes", t0."data", "#
    + #"t0."list", t0."desc", t0."limit", (SELECT json_group_array(target) FROM (SELECT "target" AS target FROM "Task_tags" WHERE "owner" = t0."id" "#
    + #"ORDER BY "position")) FROM "Task" AS t0"#
private let byKey = #" ORDER BY t0."id" ASC"#
/// The same for `TaskList`.
private let taskList = #"SELECT t0."id", t0."name", t0."desc", t0."sort", (SELECT json_group_array(target) FROM (SELECT "target" AS target "#
    + #"FROM "TaskList_items" WHERE "owner" = t0."id" ORDER BY "position")) FROM "TaskList" AS t0"#
/// The SELECT list of a page of `Task` objects, each row's key after the columns, and what follows it.
private func taskPage(from: String) -> String {
    task.replacingOccurrences(of: #" FROM "Task" AS t0"#, with: #", t0."id""# + from)
}

@Suite struct QueryStatementTests {
    // MARK: - Statements, as --explain shows them

    /// The statements the compiler wrote before SQL fragments carried their values, kept to the letter: the
    /// text `--explain` prints, and the order of its parameters, are what users and scripts have seen.
    static let statements: [StatementCase] = [
        StatementCase(query: "Task where TRUEPREDICATE", sql: task + byKey),
        StatementCase(query: "Task where FALSEPREDICATE", sql: task + " WHERE 0" + byKey),
        StatementCase(query: "Task where truepredicate AND priority == 7", sql: task + #" WHERE (1 AND t0."priority" IS ?1)"# + byKey,
                      values: [.integer(7)]),
        StatementCase(query: "Task where NOT priority > 3", sql: task + #" WHERE NOT (coalesce(t0."priority" > ?1, 0))"# + byKey,
                      values: [.integer(3)]),
        StatementCase(query: "Task where priority IN {nil, 0}",
                      sql: task + #" WHERE (coalesce(t0."priority" IN (?1), 0) OR t0."priority" IS NULL)"# + byKey, values: [.integer(0)]),
        StatementCase(query: "Task where priority IN {}", sql: task + " WHERE 0" + byKey),
        StatementCase(query: "Task where name IN {\"a\", nil}", sql: task + #" WHERE (t0."name" IN (?1) OR t0."name" IS NULL)"# + byKey,
                      values: [.text("a")]),
        // A value named twice binds its values once: both counts say ?1.
        StatementCase(query: "Task where SUBQUERY(tags, $t, $t.name == \"x\").@count IN {1, nil}",
                      sql: task + #" WHERE ((SELECT count(*) FROM "Task_tags" AS t1 JOIN "Tag" AS t2 ON t2."id" = t1."target" "#
                          + #"WHERE t1."owner" = t0."id" AND t2."name" IS ?1 COLLATE BINARY) IN (?2) OR (SELECT count(*) FROM "Task_tags" AS t1 "#
                          + #"JOIN "Tag" AS t2 ON t2."id" = t1."target" WHERE t1."owner" = t0."id" AND t2."name" IS ?3 COLLATE BINARY) IS NULL)"#
                          + byKey,
                      values: [.text("x"), .integer(1), .text("x")]),
        StatementCase(query: "Task where priority BETWEEN {$0, $1}", arguments: ["1", "2"],
                      sql: task + #" WHERE coalesce(t0."priority" BETWEEN ?1 AND ?2, 0)"# + byKey, values: [.integer(1), .integer(2)]),
        StatementCase(query: "Task where name BEGINSWITH[c] \"buy\"", sql: task + #" WHERE strata_match(1, t0."name", ?1, 1)"# + byKey,
                      values: [.text("buy")]),
        StatementCase(query: "Task where name ==[cd] \"CAFE AU LAIT\"",
                      sql: task + #" WHERE strata_match(0, t0."name", ?1, 3)"# + byKey, values: [.text("CAFE AU LAIT")]),
        StatementCase(query: "Task where list.name == \"Work\"",
                      sql: task + #" LEFT JOIN "TaskList" AS t1 ON t1."id" = t0."list" WHERE t1."name" IS ?1 COLLATE BINARY"# + byKey,
                      values: [.text("Work")]),
        StatementCase(query: "Gadget where anything > 5",
                      sql: #"SELECT t0."id", t0."f", t0."d", t0."u", t0."anything" FROM "Gadget" AS t0 "#
                          + #"WHERE (typeof(t0."anything") IN ('integer', 'real') AND coalesce(t0."anything" > ?1, 0))"# + byKey,
                      values: [.integer(5)]),
        StatementCase(query: "TaskList where ALL items.priority > 0",
                      sql: taskList + #" WHERE NOT EXISTS (SELECT 1 FROM "TaskList_items" AS t1 JOIN "Task" AS t2 ON t2."id" = t1."target" "#
                          + #"WHERE t1."owner" = t0."id" AND NOT (coalesce(t2."priority" > ?1, 0)))"# + byKey,
                      values: [.integer(0)]),
        // TRUEPREDICATE inside a SUBQUERY adds nothing to its WHERE clause.
        StatementCase(query: "TaskList where SUBQUERY(items, $t, TRUEPREDICATE).@count == items.@count",
                      sql: taskList + #" WHERE (SELECT count(*) FROM "TaskList_items" AS t1 JOIN "Task" AS t2 ON t2."id" = t1."target" "#
                          + #"WHERE t1."owner" = t0."id") IS (SELECT count(*) FROM "TaskList_items" AS t3 JOIN "Task" AS t4 "#
                          + #"ON t4."id" = t3."target" WHERE t3."owner" = t0."id")"# + byKey),
        StatementCase(query: "Tag SORT(name ASC)", sql: #"SELECT t0."id", t0."name" FROM "Tag" AS t0 ORDER BY t0."name" ASC, t0."id" ASC"#),
        StatementCase(query: "Task DISTINCT(list) LIMIT(2)",
                      sql: "SELECT c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11 FROM (SELECT * FROM (SELECT * FROM (SELECT *, "
                          + "ROW_NUMBER() OVER (PARTITION BY e1 ORDER BY e0 ASC) AS strata_rank0 FROM (SELECT t0.\"id\" AS c0, "
                          + #"t0."name" AS c1, t0."isCompleted" AS c2, t0."priority" AS c3, t0."score" AS c4, t0."createdAt" AS c5, "#
                          + #"t0."notes" AS c6, t0."data" AS c7, t0."list" AS c8, t0."desc" AS c9, t0."limit" AS c10, "#
                          + #"(SELECT json_group_array(target) FROM (SELECT "target" AS target FROM "Task_tags" WHERE "owner" = t0."id" ORDER BY "position")) "#
                          + #"AS c11, t0."id" AS e0, t0."list" AS e1 FROM "Task" AS t0)) WHERE strata_rank0 = 1) ORDER BY e0 ASC LIMIT ?1) "#
                          + "ORDER BY e0 ASC",
                      values: [.integer(2)]),
        StatementCase(query: "Task where priority IN {nil, 0}", mode: .page(Page(size: 51, after: [.integer(3)])),
                      sql: taskPage(from: #" FROM "Task" AS t0"#) + #" WHERE ((coalesce(t0."priority" IN (?1), 0) OR t0."priority" IS NULL)) AND t0."id" > ?2"# + byKey + " LIMIT ?3",
                      values: [.integer(0), .integer(3), .integer(51)]),
        StatementCase(query: "Task where priority IN {nil, 0}", mode: .page(Page(size: 51, offset: 50)),
                      sql: "SELECT * FROM (" + taskPage(from: #" FROM "Task" AS t0"#) + #" WHERE (coalesce(t0."priority" IN (?1), 0) OR t0."priority" IS NULL)"# + byKey + ") LIMIT ?2 OFFSET ?3",
                      values: [.integer(0), .integer(51), .integer(50)]),
        StatementCase(query: "Task where TRUEPREDICATE", mode: .members(nil),
                      sql: task.replacingOccurrences(of: #"FROM "Task" AS t0"#, with: #"FROM "TaskList_items" AS tm JOIN "Task" AS t0 ON t0."id" = tm."target""#)
                          + #" WHERE tm."owner" = ?1 ORDER BY tm."position" ASC"#,
                      values: [.integer(1)]),
        StatementCase(query: "Task where TRUEPREDICATE", mode: .members(Page(size: 51, after: [.integer(3)])),
                      sql: taskPage(from: #", tm."position" FROM "TaskList_items" AS tm JOIN "Task" AS t0 ON t0."id" = tm."target""#)
                          + #" WHERE (tm."owner" = ?1) AND tm."position" > ?2 ORDER BY tm."position" ASC LIMIT ?3"#,
                      values: [.integer(1), .integer(3), .integer(51)]),
    ]

    @Test(arguments: statements)
    func explainShowsTheSameStatement(_ testCase: StatementCase) throws {
        let fixture = try QueryFixture.tasks()
        var compiler = QueryCompiler(schema: fixture.schema, connection: fixture.connection, parameters: testCase.arguments,
                                     text: testCase.query)
        let query = try QueryParser.parse(testCase.query)
        let compiled: CompiledQuery
        switch testCase.mode {
        case .whole:
            compiled = try compiler.compile(query)
        case .page(let page):
            compiled = try compiler.compile(query, page: page)
        case .members(let page):
            compiler.members = ListMembers(storage: .strataList("TaskList_items"), owner: .integer(1))
            compiled = try compiler.compile(query, page: page)
        }
        #expect(compiled.sql == testCase.sql)
        #expect(compiled.arguments == testCase.values)
        _ = try fixture.runner.rows(compiled)
    }

    // MARK: - nil is a literal, never a text

    /// Operands whose value or name reads NULL are values: only the literal `nil` (or `NULL`) compares with nil.
    /// The compiler once told a nil comparison by the compiled SQL text `NULL`; an operand is now nil by its case.
    static let lookalikes: [QueryCase] = [
        QueryCase(query: "Task where notes == nil", keys: [2, 7, 11, 13, 14, 15, 16, 17]),
        QueryCase(query: "Task where notes == $0", arguments: ["NULL"], keys: []),
        QueryCase(query: "Task where notes != $0", arguments: ["NULL"], keys: Array(1...17)),
        QueryCase(query: "Task where notes == \"NULL\"", keys: []),
        QueryCase(query: "Task where notes IN {$0}", arguments: ["NULL"], keys: []),
        QueryCase(query: "Task where notes IN {\"NULL\", nil}", keys: [2, 7, 11, 13, 14, 15, 16, 17]),
        // Bytewise, "NULL" < "a_b" < "back\slash" < "star*and?q" < "under_score" < "z"; "2% fat" and "50%_off" sort before.
        QueryCase(query: "Task where notes BETWEEN {\"NULL\", \"z\"}", keys: [4, 5, 10, 12]),
        // A property named NULL is a path: `name == NULL` in backticks compares two columns (nil equals nil).
        QueryCase(query: "Thing where name == `NULL`", keys: [1, 3]),
        QueryCase(query: "Thing where name != `NULL`", keys: [2, 4]),
        QueryCase(query: "Thing where `NULL` == nil", keys: [2, 3]),
        QueryCase(query: "Thing where name IN {`NULL`, nil}", keys: [1, 3, 4]),
        QueryCase(query: "Thing where name BETWEEN {`NULL`, \"z\"}", keys: [1]),
    ]

    static let lookalikesSQL = QueryFixture.tasksSQL + """
        CREATE TABLE Thing (id INTEGER PRIMARY KEY, name TEXT, "NULL" TEXT);
        INSERT INTO Thing VALUES (1, 'a', 'a'), (2, 'b', NULL), (3, NULL, NULL), (4, NULL, 'd');
        """

    @Test(arguments: lookalikes)
    func onlyNilComparesWithNil(_ testCase: QueryCase) throws {
        let fixture = try QueryFixture(sql: Self.lookalikesSQL)
        #expect(try fixture.keys(testCase.query, testCase.arguments).sorted() == testCase.keys, "\(testCase.testDescription)")
        let sql = try fixture.compile(testCase.query, testCase.arguments).sql
        #expect(sql.contains(" IS NULL") == testCase.query.contains("nil"), "\(sql)")
    }

    /// A list property without its list table (a hand-made schema) reads as NULL, and its NULL never stands in a
    /// comparison: a path through it is refused by name.
    @Test func aListWithoutItsTableIsNeverANilOperand() throws {
        let fixture = try QueryFixture.tasks()
        var schema = fixture.schema
        let index = try #require(schema.classes.firstIndex { $0.name == "Task" })
        schema.classes[index].lists["tags"] = nil
        let compiled = try QueryCompiler.compile("Task where id == 1", schema: schema, connection: fixture.connection)
        let tags = try #require(compiled.columns.firstIndex { $0.name == "tags" })
        #expect(compiled.sql == task.replacingOccurrences(
            of: #"(SELECT json_group_array(target) FROM (SELECT "target" AS target FROM "Task_tags" WHERE "owner" = t0."id" ORDER BY "position"))"#,
            with: "NULL") + #" WHERE t0."id" IS ?1"# + byKey)
        #expect(try fixture.runner.rows(compiled).map { $0[tags] } == [.null])

        for text in ["Task where tags.@count == 0", "Task where tags.name == nil", "Task where nil IN tags.name",
                     "Task where SUBQUERY(tags, $t, $t.name == nil).@count == 0"]
        {
            #expect(throws: QueryError.self, "\(text)") {
                try QueryCompiler.compile(text, schema: schema, connection: fixture.connection)
            }
        }
        #expect(throws: QueryError(.semantic, "cannot follow the list 'tags'", at: 11, in: "Task where tags.@count == 0")) {
            try QueryCompiler.compile("Task where tags.@count == 0", schema: schema, connection: fixture.connection)
        }
    }

    // MARK: - Conditions for changes in place

    static let conditions: [ConditionCase] = [
        ConditionCase(query: "Task", count: 17),
        ConditionCase(query: "Task where TRUEPREDICATE", count: 17),
        ConditionCase(query: "Task TRUEPREDICATE", count: 17),
        ConditionCase(query: "Task where NOT FALSEPREDICATE", condition: "NOT (0)", count: 17),
        ConditionCase(query: "Task where FALSEPREDICATE", condition: "0", count: 0),
        ConditionCase(query: "Task where NOT TRUEPREDICATE", condition: "NOT (1)", count: 0),
        ConditionCase(query: "Task where TRUEPREDICATE AND priority == 1", condition: #"(1 AND t0."priority" IS ?1)"#, values: [.integer(1)],
                      count: 2),
        ConditionCase(query: "Task where name IN {nil}", condition: #"(t0."name" IS NULL)"#, count: 0),
        ConditionCase(query: "Task where notes == $0", condition: #"t0."notes" IS ?1 COLLATE BINARY"#, values: [.text("NULL")], count: 0),
        ConditionCase(query: "Task where tags.name == \"home\"",
                      condition: #"EXISTS (SELECT 1 FROM "Task_tags" AS t1 JOIN "Tag" AS t2 ON t2."id" = t1."target" "#
                          + #"WHERE t1."owner" = t0."id" AND t2."name" IS ?1 COLLATE BINARY)"#,
                      values: [.text("home")], count: 2),
        ConditionCase(query: "Task where list.name == \"Work\"", inPlace: false),
        ConditionCase(query: "Task SORT(priority)", inPlace: false),
        ConditionCase(query: "Task LIMIT(1)", inPlace: false),
    ]

    @Test(arguments: conditions)
    func conditionsForChangesInPlace(_ testCase: ConditionCase) throws {
        let fixture = try QueryFixture.tasks()
        var compiler = QueryCompiler(schema: fixture.schema, connection: fixture.connection, parameters: ["NULL"], text: testCase.query)
        let found = try compiler.compileCondition(try QueryParser.parse(testCase.query))
        guard testCase.inPlace else {
            #expect(found == nil)
            return
        }
        let (info, condition) = try #require(found)
        #expect(info.name == "Task")
        #expect(condition?.text == testCase.condition)
        #expect(condition?.arguments ?? [] == testCase.values)
        // As a statement that changes objects in place uses it: no WHERE clause for every object.
        let count: SQL = "SELECT count(*) FROM \(identifier: info.tableName) AS t0" + (condition.map { " WHERE \($0)" } ?? "")
        #expect(count.text.contains(" WHERE ") == (testCase.condition != nil))
        #expect(try fixture.connection.scalar(count) == testCase.count.map(SQLiteValue.integer))
    }
}
