import Foundation
import Testing

/// Issue 16, defect 8 (command line): a table too wide for a narrow terminal is written as vertical records
/// instead of columns cut to nothing; a table for a pipe or a file is at most 200 cells wide unless `--width`
/// says otherwise; csv, json and ndjson are never cut.
@Suite struct NarrowOutputTests {
    static func database(in workspace: Workspace) throws -> String {
        let db = workspace.file("demo.sqlite")
        let demo = try StrataProcess.run(["demo", db, "--rows", "300", "--seed", "3"])
        try #require(demo.status == 0, "\(demo.stderr)")
        return db
    }

    static func widest(_ text: String) -> Int {
        text.split(separator: "\n").map(\.count).max() ?? 0
    }

    /// The demo's stored property names (backlinks left out), as `schema --format json` gives them.
    static func propertyNames(_ db: String, _ className: String) throws -> [String] {
        let schema = try StrataProcess.run(["schema", db, className, "--format", "json"])
        let classes = try #require(try JSONSerialization.jsonObject(with: Data(schema.stdout.utf8)) as? [[String: Any]])
        let properties = try #require(classes.first?["properties"] as? [[String: Any]])
        return properties.filter { $0["type"] as? String != "linkingObjects" }.compactMap { $0["name"] as? String }
    }

    /// At 40 columns, `RealmTestClass1` (eight properties) cannot be a readable table: it is written as
    /// records, each property's name whole, every line within 40 cells.
    @Test(arguments: [["query", "RealmTestClass1 LIMIT(5)"], ["sql", "SELECT * FROM RealmTestClass1 LIMIT 5"]])
    func aTableThatCannotFitFortyColumnsIsWrittenAsRecords(_ arguments: [String]) throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        let result = try StrataProcess.run([arguments[0], db, arguments[1]], environment: ["COLUMNS": "40"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.widest(result.stdout) <= 40, "\(result.stdout)")
        #expect(result.stdout.contains("#5 ──"), "not records: \(result.stdout)")
        for name in try Self.propertyNames(db, "RealmTestClass1") where name != "arrayReference" || arguments[0] == "query" {
            #expect(result.stdout.contains(name), "\(name) is missing or cut: \(result.stdout)")
        }
    }

    /// A table that fits stays a table, its header whole.
    @Test func aTableThatFitsStaysATable() throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        let result = try StrataProcess.run(["query", db, "RealmTestClass2 LIMIT(5)"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result.stderr)")
        let header = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.split(separator: " ") == (try Self.propertyNames(db, "RealmTestClass2")).map { Substring($0) }, "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").count == 6)
    }

    /// To a pipe, with no COLUMNS: at most 200 cells, the whole of each class still there.
    @Test(arguments: ["RealmTestClass0", "RealmTestClass1", "RealmTestClass2"])
    func pipedTablesAreAtMostTwoHundredCells(_ className: String) throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        let result = try StrataProcess.run(["query", db, className])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.widest(result.stdout) <= 200, "\(className): \(Self.widest(result.stdout)) cells")
        #expect(result.stdout.split(separator: "\n").count >= 300, "every object is written")
        let sql = try StrataProcess.run(["sql", db, "SELECT * FROM \(className)"])
        #expect(sql.status == 0, "\(sql.stderr)")
        #expect(Self.widest(sql.stdout) <= 200, "sql \(className): \(Self.widest(sql.stdout)) cells")
    }

    @Test(arguments: [["query", "RealmTestClass1"], ["sql", "SELECT * FROM RealmTestClass1"]])
    func widthChangesTheLimit(_ arguments: [String]) throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        let narrow = try StrataProcess.run([arguments[0], db, arguments[1], "--width", "120"])
        #expect(narrow.status == 0, "\(narrow.stderr)")
        #expect(Self.widest(narrow.stdout) <= 120)
        #expect(Self.widest(narrow.stdout) > 100, "a table of eight columns uses the room it has")
        // --width none: no limit but each cell's own (80 cells), so wider.
        let unlimited = try StrataProcess.run([arguments[0], db, arguments[1], "--width", "none"])
        #expect(unlimited.status == 0, "\(unlimited.stderr)")
        #expect(Self.widest(unlimited.stdout) > 150)
        // Even on a wide terminal, --width wins.
        let terminal = try StrataProcess.run([arguments[0], db, arguments[1], "--width", "60"], environment: ["COLUMNS": "300"])
        #expect(Self.widest(terminal.stdout) <= 60)
    }

    @Test(arguments: ["10", "0x40", "wide", "", "1000001", "99999999999999999999999"])
    func aBadWidthIsAUsageError(_ width: String) throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        for command in [["query", "RealmTestClass0"], ["sql", "SELECT 1"]] {
            let result = try StrataProcess.run([command[0], db, command[1], "--width", width])
            #expect(result.status == 2, "\(command[0]) --width \(width)")
            #expect(result.stderr == "strata: --width takes a number of cells from 20 up, or none, not '\(width)'\n")
            #expect(result.stdout == "")
        }
    }

    /// csv, json and ndjson keep every value whole, whatever the width: the demo's 10,000-character strings too.
    @Test(arguments: ["csv", "json", "ndjson"])
    func machineFormatsAreNeverCut(_ format: String) throws {
        let workspace = try Workspace()
        let db = try Self.database(in: workspace)
        let whole = try StrataProcess.run(["query", db, "RealmTestClass1", "--format", format, "--width", "none"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(Self.widest(whole.stdout) > 10_000, "the demo has long strings")
        for (arguments, environment) in [([String](), [String: String]()), (["--width", "20"], [:]), ([], ["COLUMNS": "40"])] {
            let result = try StrataProcess.run(["query", db, "RealmTestClass1", "--format", format] + arguments, environment: environment)
            #expect(result.stdout == whole.stdout, "\(format) \(arguments) \(environment) changed the output")
        }
        let sql = try StrataProcess.run(["sql", db, "SELECT * FROM RealmTestClass1", "--format", format], environment: ["COLUMNS": "40"])
        #expect(Self.widest(sql.stdout) > 10_000)
    }
}
