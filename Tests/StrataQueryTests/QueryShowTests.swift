import SQLiteKit
import Testing
@testable import StrataQuery
@testable import StrataCore

/// A SHOW query and the rows it must give: each row's columns joined with "|" (NULL as ∅), in order.
/// The expected rows are worked out by hand from the tables in `QueryFixture`, never copied from output.
struct ShowCase: Sendable, CustomTestStringConvertible {
    var query: String
    var columns: [String]
    var rows: [String]
    var testDescription: String { query }
}

private func shows(_ query: String, _ columns: [String], _ rows: [String]) -> ShowCase {
    ShowCase(query: query, columns: columns, rows: rows)
}

@Suite struct QueryShowTests {
    static let taskCases: [ShowCase] = [
        // A path through a link: a task without a list keeps its row, its list's name NULL.
        shows("Task where id <= 7 SHOW(name, list.name AS list)", ["name", "list"],
              ["Buy milk|Groceries", "buy eggs|Groceries", "Café au lait|Groceries", "CAFÉ NOIR|Work", "Café crème|Work",
               "Straße fegen|∅", "STRAẞE|Wishlist"]),
        // Without AS a column is named by its path.
        shows("Task where id == 4 SHOW(list.name, list.`sort`)", ["list.name", "list.sort"], ["Work|1"]),
        // Aggregates over a list and over backlinks (list items pointing at the task).
        shows("Task where id <= 3 SHOW(id, tags.@count AS tags, @links.TaskList.items.@count AS inLists)",
              ["id", "tags", "inLists"], ["1|2|2", "2|1|1", "3|3|1"]),
        shows("TaskList SHOW(name, items.@count AS n, items.@max.priority AS top, items.@sum.limit AS limits)",
              ["name", "n", "top", "limits"],
              ["Groceries|3|3|15", "Work|3|5|0", "Wishlist|3|4|20", "Empty|0|∅|0", "Ünïcödé|2|3|2"]),
        // SORT by an AS name, ties by key; LIMIT after it.
        shows("TaskList SORT(n DESC) LIMIT(3) SHOW(name, items.@count AS n)", ["name", "n"],
              ["Groceries|3", "Work|3", "Wishlist|3"]),
        shows("TaskList SORT(n, name DESC) SHOW(name, items.@count AS n)", ["name", "n"],
              ["Empty|0", "Ünïcödé|2", "Work|3", "Wishlist|3", "Groceries|3"]),
        // SORT by a path that SHOW also shows.
        shows("Task where list != nil SORT(list.name DESC, id) LIMIT(4) SHOW(id, list.name)", ["id", "list.name"],
              ["9|Ünïcödé", "10|Ünïcödé", "4|Work", "5|Work"]),
        // DISTINCT by an AS name (the first object of each, in key order), then SORT: a pipeline.
        shows("Task where list != nil DISTINCT(l) SORT(l) SHOW(id, list.name AS l)", ["id", "l"],
              ["1|Groceries", "7|Wishlist", "4|Work", "9|Ünïcödé"]),
        // Two links deep from a list's point of view: the list's items' lists are their own list.
        shows("Task where id == 9 SHOW(list.name, list.items.@count AS siblings)", ["list.name", "siblings"], ["Ünïcödé|2"]),
        // A date through SHOW is still read as a date column; @size of a string.
        shows("Task where id == 13 SHOW(createdAt, name.@size AS length)", ["length"], ["11"]),
        // A link shown is its key; the class's own list is its keys, as in the default columns.
        shows("Task where id == 3 SHOW(list, tags)", ["list", "tags"], ["1|[3,1,3]"]),
        // The WHERE clause may use paths SHOW does not show.
        shows("Task where list.name == \"Work\" SORT(priority DESC) SHOW(name)", ["name"],
              ["Café crème", "100% done", "CAFÉ NOIR"]),
    ]

    @Test(arguments: taskCases)
    func showGivesTheColumnsAskedFor(_ item: ShowCase) throws {
        let fixture = try QueryFixture.tasks()
        #expect(try fixture.values(item.query, columns: item.columns) == item.rows)
    }

    @Test func showNamesTheColumnsAndTypesThemByTheirPaths() throws {
        let fixture = try QueryFixture.tasks()
        let compiled = try fixture.compile("Task SHOW(name, list AS owner, list.name, tags.@count AS n, notes.@size, createdAt, @links.TaskList.items.@avg.sort AS avg)")
        #expect(compiled.columns.map(\.name) == ["name", "owner", "list.name", "n", "notes.@size", "createdAt", "avg"])
        #expect(compiled.columns.map(\.property.type) == [.string, .object, .string, .int, .int, .date, .double])
        #expect(compiled.columns[1].property.target == "TaskList")
        #expect(compiled.columns[5].dateStorage == .isoText)
        // Shown columns are not the table's columns: nothing edits through them.
        #expect(compiled.columns.allSatisfy { $0.property.column == nil })
        // A path through a link may be NULL, whatever the target's column says.
        #expect(compiled.columns[2].property.isOptional)
        // The newest of a list's dates is shown as ISO 8601 text, to the nanosecond where it has them.
        let newest = try fixture.compile("TaskList where id == 1 SHOW(items.@max.createdAt AS newest)")
        #expect(newest.columns[0].property.type == .date && newest.columns[0].dateStorage == .isoText)
        let moment = try fixture.runner.rows(newest).first?.first
        #expect(moment == .text(ISODate.format(unixMilliseconds: 1_420_106_400_000)), "\(String(describing: moment))")
    }

    /// Names that need quoting, in backticks, double or single quotes.
    static let quotedCases: [ShowCase] = [
        shows("`Odd Name` SHOW(`first name` AS who, `quo\"te`)", ["who", "quo\"te"], ["Ann|5", "Bob|∅"]),
        shows("\"Odd Name\" SHOW(\"first name\", 'where' AS w)", ["first name", "w"], ["Ann|here", "Bob|there"]),
        shows("\"Odd Name\" where \"first name\" == \"Bob\" SHOW(id)", ["id"], ["2"]),
        shows("'Odd Name' where \"first name\" BEGINSWITH \"A\" SORT(\"first name\" DESC) SHOW(id)", ["id"], ["1"]),
        // A double-quoted string that names no property is a string, as in SQLite.
        shows("\"Odd Name\" where \"Bob\" == `first name` SHOW(id)", ["id"], ["2"]),
        shows("Note where \"label\".\"title\" == \"Alpha\" SHOW(body, label.title AS AS)", ["body", "AS"], ["one|Alpha"]),
        shows("Note where label.title == \"Beta\" OR body == \"label\" SHOW(\"label\".title AS t)", ["t"], ["Beta"]),
        shows("Label where ANY @links.\"Note\".'labels'.body == \"two\" SHOW(code)", ["code"], ["b"]),
    ]

    @Test(arguments: quotedCases)
    func namesMayBeQuotedEveryWayWhereANameGoes(_ item: ShowCase) throws {
        let fixture = try QueryFixture.shapes()
        #expect(try fixture.values(item.query, columns: item.columns) == item.rows)
    }

    static let errors: [QueryErrorCase] = [
        QueryErrorCase(query: "Task SHOW(name, name)", kind: .semantic,
                       message: "SHOW has two columns named 'name'; name one of them with AS", line: 1, column: 17),
        QueryErrorCase(query: "Task SHOW(tags.name)", kind: .semantic,
                       message: "SHOW needs one value per object, but 'tags.name' goes through the list 'tags' "
                           + "(show tags.@count, or @sum, @avg, @min or @max of a property)", line: 1, column: 11),
        QueryErrorCase(query: "Task SHOW(nmae)", kind: .semantic,
                       message: "unknown property 'nmae' in class Task (did you mean 'name'?)", line: 1, column: 11),
        QueryErrorCase(query: "Task SHOW()", kind: .syntax, message: "expected a property name but found ')'", line: 1, column: 11),
        QueryErrorCase(query: "Task SHOW(name AS)", kind: .syntax, message: "expected a name after AS but found ')'", line: 1, column: 18),
        QueryErrorCase(query: "Task SHOW(name) SHOW(id)", kind: .syntax,
                       message: "SHOW is given twice; list every column in one SHOW(…)", line: 1, column: 17),
        QueryErrorCase(query: "Task SHOW(name", kind: .syntax, message: "expected ')' but the query ended", line: 1, column: 15),
        QueryErrorCase(query: "Task SHOW name", kind: .syntax, message: "expected '(' but found 'name'", line: 1, column: 11),
        QueryErrorCase(query: "Task SHOW(list.name.x)", kind: .semantic,
                       message: "'list.name' is a string, not a link: it has no properties", line: 1, column: 11),
        QueryErrorCase(query: "Task where show == 1", kind: .semantic, message: "unknown property 'show' in class Task", line: 1, column: 12),
        QueryErrorCase(query: "Task SHOW(name, SUBQUERY(tags, $t, $t.name == 'x').@count AS n)", kind: .syntax,
                       message: "SHOW takes key paths and aggregates, not SUBQUERY: filter with it after WHERE, or show a count such as tags.@count",
                       line: 1, column: 17),
        QueryErrorCase(query: "Task SORT(x) SHOW(name AS y)", kind: .semantic,
                       message: "unknown property 'x' in class Task", line: 1, column: 11),
    ]

    @Test(arguments: errors)
    func badShowIsAnErrorAtItsPlace(_ item: QueryErrorCase) throws {
        let fixture = try QueryFixture.tasks()
        do {
            _ = try fixture.compile(item.query)
            Issue.record("\(item.query) compiled")
        } catch let error as QueryError {
            #expect(error.kind == item.kind)
            #expect(error.message == item.message)
            #expect(error.line == item.line && error.column == item.column, "at \(error.line):\(error.column)")
        }
    }

    /// The object key stays in each page's rows after the shown columns, so `open #N` opens the object.
    @Test func aShownPageKeepsEachObjectsKey() throws {
        let fixture = try QueryFixture.tasks()
        var compiler = QueryCompiler(schema: fixture.schema, connection: fixture.connection, text: "")
        let query = try QueryParser.parse("Task where list.name == \"Work\" SORT(priority DESC) SHOW(name)")
        let compiled = try compiler.compile(query, page: Page(size: 2, offset: 1))
        let rows = try fixture.runner.rows(compiled)
        #expect(compiled.rowWidth == 1)
        #expect(rows.map { $0[compiled.rowWidth] } == [.integer(12), .integer(4)])
    }

    /// Link labels: the target's first text property that is not its key, 1 when it has none or it is NULL,
    /// NULL when no object has the key.
    @Test func linksComeWithTheirTargetsFirstText() throws {
        let fixture = try QueryFixture(sql: """
            CREATE TABLE Artist (code TEXT PRIMARY KEY, rank INTEGER, name TEXT) WITHOUT ROWID;
            CREATE TABLE Counter (id INTEGER PRIMARY KEY, n INTEGER);
            CREATE TABLE Album (id INTEGER PRIMARY KEY, title TEXT, artist TEXT REFERENCES Artist(code),
                                counter INTEGER REFERENCES Counter(id));
            INSERT INTO Artist VALUES ('acdc', 1, 'AC/DC'), ('anon', 2, NULL);
            INSERT INTO Counter VALUES (1, 5);
            INSERT INTO Album VALUES (1, 'Rock', 'acdc', 1), (2, 'Quiet', 'anon', 9), (3, 'Lost', 'gone', NULL), (4, 'None', NULL, NULL);
            """)
        var compiler = QueryCompiler(schema: fixture.schema, connection: fixture.connection, text: "")
        compiler.labelsLinks = true
        for text in ["Album", "Album SHOW(title, artist, counter AS c)"] {
            let compiled = try compiler.compile(try QueryParser.parse(text))
            let artist = try #require(compiled.columns.firstIndex { $0.name == "artist" })
            let counter = try #require(compiled.columns.firstIndex { $0.property.target == "Counter" })
            let rows = try fixture.runner.rows(compiled)
            let artistLabel = try #require(compiled.columns[artist].labelIndex)
            let counterLabel = try #require(compiled.columns[counter].labelIndex)
            #expect(compiled.rowWidth == compiled.columns.count + 2)
            #expect(rows.map { $0[artistLabel] } == [.text("AC/DC"), .integer(1), .null, .null], "\(text)")
            #expect(rows.map { $0[counterLabel] } == [.integer(1), .null, .null, .null], "\(text)")
        }
    }
}
