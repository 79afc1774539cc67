import Foundation
import Testing

@Suite struct ClassesAndSchemaTests {
    @Test func classesAsATable() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let result = try StrataProcess.run(["classes", db])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            CLASS      KIND   OBJECTS
            my table   table        0
            OpenTasks  view         2
            Order      table        0
            Tag        table        2
            Task       table        3
            TaskList   table        2
            数据       table        1

            """)
    }

    /// Counted on one connection per processor or on one thread (`STRATA_THREADS=1`): the same counts, in the same
    /// order, for tables of every size, a view and a Core Data store's entities.
    @Test func countsOnSeveralThreadsAreTheCountsOfOne() throws {
        let workspace = try Workspace()
        var sql = ""
        for table in 0..<12 {
            sql += "CREATE TABLE t\(table) (id INTEGER PRIMARY KEY, v TEXT);"
            sql += "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(table * table * 300)) "
            sql += "INSERT INTO t\(table) (v) SELECT printf('%.*c', i % 90, 'v') FROM n;"
        }
        sql += "CREATE VIEW big AS SELECT * FROM t11 WHERE id % 3 = 0;"
        let db = try workspace.database("many.sqlite", sql)
        let recipes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples/CoreData/Recipes.sqlite")
            .standardized.path
        for path in [db, recipes] {
            let spread = try StrataProcess.run(["classes", path])
            let single = try StrataProcess.run(["classes", path], environment: ["STRATA_THREADS": "1"])
            #expect(spread.status == 0)
            #expect(spread.stdout == single.stdout)
            #expect(spread.stderr == single.stderr)
        }
        let listing = try StrataProcess.run(["classes", db]).stdout.split(separator: "\n")
        #expect(listing.contains { $0.hasPrefix("t11 ") && $0.hasSuffix(" 36300") })
    }

    @Test func anEmptyDatabaseSaysSoAndHowToSeeInternalTables() throws {
        let workspace = try Workspace()
        let db = try workspace.database("empty.sqlite", "CREATE TABLE strata_notes (x); DROP TABLE strata_notes;")
        for command in ["classes", "schema"] {
            let result = try StrataProcess.run([command, db])
            #expect(result.status == 0)
            #expect(result.stdout == "")
            #expect(result.stderr == "strata: no classes in \(db) (--all shows internal tables)\n")
            let all = try StrataProcess.run([command, db, "--all"])
            #expect(all.stderr == "" && all.stdout.contains("sqlite_schema"), "--all shows the internal tables")
        }
        let browser = try StrataProcess.run([db], input: "classes\n")
        #expect(browser.stderr == "strata: no classes in \(db) (--all shows internal tables)\n")
    }

    @Test func classesAsJSON() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let result = try StrataProcess.run(["classes", db, "--format", "json"])
        #expect(result.status == 0)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["my table", "OpenTasks", "Order", "Tag", "Task", "TaskList", "数据"])
        #expect(items.map { $0["kind"] as? String } == ["table", "view", "table", "table", "table", "table", "table"])
        #expect(items.map { $0["count"] as? Int } == [0, 2, 0, 2, 3, 2, 1])
    }

    @Test func classesWithAllShowsInternalTables() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let result = try StrataProcess.run(["classes", "--all", "-f", "json", db])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let listTable = try #require(items.first { $0["name"] as? String == "Task_tags" })
        #expect(listTable["hidden"] as? Bool == true)
        #expect(listTable["count"] as? Int == 2)
        #expect(items.contains { $0["name"] as? String == "sqlite_schema" })
    }

    @Test func schemaOfOneClass() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let result = try StrataProcess.run(["schema", db, "Task"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            Task  table, key id
              PROPERTY     TYPE               COLUMN TYPE  NOTES
              id           int                INTEGER      primary key, indexed
              name         string             TEXT         indexed
              isCompleted  bool               BOOLEAN      default 0
              createdAt    date?              DATETIME
              list         object<TaskList>?  INTEGER      on delete cascade
              tags         list<Tag>
              indexes:
                Task_name (name)

            """)
    }

    @Test func schemaAsJSONKeepsTheDocumentedShape() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let result = try StrataProcess.run(["schema", db, "--format=json"])
        #expect(result.status == 0)
        let classes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(classes.map { $0["name"] as? String } == ["my table", "OpenTasks", "Order", "Tag", "Task", "TaskList", "数据"])
        let task = try #require(classes.first { $0["name"] as? String == "Task" })
        #expect(task["kind"] as? String == "table")
        #expect(task["primaryKey"] as? [String] == ["id"])
        let properties = try #require(task["properties"] as? [[String: Any]])
        let list = try #require(properties.first { $0["name"] as? String == "list" })
        #expect(list["type"] as? String == "object")
        #expect(list["optional"] as? Bool == true)
        #expect(list["primaryKey"] as? Bool == false)
        #expect(list["indexed"] as? Bool == false)
        #expect(list["target"] as? String == "TaskList")
        let id = try #require(properties.first { $0["name"] as? String == "id" })
        #expect(id["type"] as? String == "int" && id["primaryKey"] as? Bool == true && id["indexed"] as? Bool == true)
        #expect(id["target"] is NSNull)
        let tags = try #require(properties.first { $0["name"] as? String == "tags" })
        #expect(tags["type"] as? String == "list" && tags["target"] as? String == "Tag")
        let tag = try #require(classes.first { $0["name"] as? String == "Tag" })
        let backlink = try #require((tag["properties"] as? [[String: Any]])?.first { $0["type"] as? String == "linkingObjects" })
        #expect(backlink["name"] as? String == "@links.Task.tags")
        #expect(backlink["target"] as? String == "Task")
        let view = try #require(classes.first { $0["name"] as? String == "OpenTasks" })
        #expect(view["kind"] as? String == "view")
        let order = try #require(classes.first { $0["name"] as? String == "Order" })
        #expect(order["primaryKey"] as? [String] == ["a", "b"])
        #expect(order["strict"] as? Bool == true)
    }

    @Test func emptyDatabase() throws {
        let workspace = try Workspace()
        _ = FileManager.default.createFile(atPath: workspace.file("empty.sqlite"), contents: Data())
        let table = try StrataProcess.run(["classes", workspace.file("empty.sqlite")])
        #expect(table.status == 0)
        #expect(table.stdout == "")
        #expect(table.stderr == "strata: no classes in \(workspace.file("empty.sqlite")) (--all shows internal tables)\n")
        let json = try StrataProcess.run(["schema", workspace.file("empty.sqlite"), "--format", "json"])
        #expect(json.status == 0 && json.stdout == "[]\n")
    }
}
