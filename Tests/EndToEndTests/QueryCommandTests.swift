import Foundation
import Testing

@Suite final class QueryCommandTests {
    /// A fresh folder and database for each test, alive as long as the test.
    let workspace: Workspace
    let db: String

    init() throws {
        workspace = try Workspace()
        db = try workspace.database("items.sqlite", Workspace.queryFixture)
    }

    @Test func tableOutput() throws {
        let result = try StrataProcess.run(["query", db, "Item where done == false SORT(size DESC)"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            id  title               done   size  due                       note  payload         project
             3  数据 line\\nbreak    false   2.0  2025-12-31T23:59:59.000Z        <0 bytes>       2 "Work"
             1  O'Brien, "the" cat  false   1.5  2026-01-02T03:04:05.678Z  nil   <2 bytes> 00ff  1 "Home"

            """)
    }

    @Test func jsonAndNDJSON() throws {
        let json = try StrataProcess.run(["query", db, "Item", "--format", "json"])
        #expect(json.status == 0)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 3)
        #expect(items[0]["title"] as? String == "O'Brien, \"the\" cat")
        #expect(items[0]["done"] as? Bool == false)
        #expect(items[0]["due"] as? String == "2026-01-02T03:04:05.678Z")
        #expect(items[0]["payload"] as? String == "AP8=")
        #expect(items[0]["note"] is NSNull)
        #expect(items[1]["size"] is NSNull && items[1]["project"] is NSNull)
        #expect(items[2]["note"] as? String == "")
        let ndjson = try StrataProcess.run(["query", db, "Item where id <= 2", "-f", "ndjson"])
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1] == #"{"id":2,"title":"plain","done":true,"size":null,"due":null,"note":"a|b","payload":null,"project":null}"#)
        let empty = try StrataProcess.run(["query", db, "Item where FALSEPREDICATE", "-f", "json"])
        #expect(empty.stdout == "[]\n")
    }

    @Test func csvFollowsRFC4180() throws {
        let result = try StrataProcess.run(["query", db, "Item", "-f", "csv"])
        #expect(result.stdout == "id,title,done,size,due,note,payload,project\r\n"
            + "1,\"O'Brien, \"\"the\"\" cat\",false,1.5,2026-01-02T03:04:05.678Z,,AP8=,1\r\n"
            + "2,plain,true,,,a|b,,\r\n"
            // Item 3's note is the empty text and its payload empty data: "" (an empty field is nil).
            + "3,\"数据 line\nbreak\",false,2,2025-12-31T23:59:59.000Z,\"\",\"\",2\r\n")
    }

    @Test func markdownAndVertical() throws {
        let markdown = try StrataProcess.run(["query", db, "Item where id == 2", "-f", "markdown"])
        #expect(markdown.stdout == """
            | id | title | done | size | due | note | payload | project |
            | --- | --- | --- | --- | --- | --- | --- | --- |
            | 2 | plain | true | nil | nil | a\\|b | nil | nil |

            """)
        let vertical = try StrataProcess.run(["query", db, "Item where id == 2", "-f", "vertical"])
        #expect(vertical.stdout == """
            ── Item #1 ──
                 id  2
              title  plain
               done  true
               size  nil
                due  nil
               note  a|b
            payload  nil
            project  nil

            """)
    }

    @Test func parametersAndExplain() throws {
        let found = try StrataProcess.run(["query", db, "Item where title BEGINSWITH $0 AND project.name == $1", "--arg", "O'Brien",
                                           "--arg", "Home", "-f", "ndjson"])
        #expect(found.status == 0)
        #expect(found.stdout.hasPrefix(#"{"id":1,"#))
        let explain = try StrataProcess.run(["query", db, "Item where title == $0", "--arg", "O'Brien", "--explain"])
        #expect(explain.status == 0)
        #expect(explain.stdout.hasPrefix("SQL:\n  SELECT "))
        #expect(explain.stdout.contains("WHERE t0.\"title\" IS ?1 COLLATE BINARY"))
        #expect(explain.stdout.contains("Parameters:\n  ?1 = 'O''Brien'\n"))
        #expect(explain.stdout.contains("Plan:\n"))
        #expect(!explain.stdout.contains("O'Brien'"), "values are bound, never spliced into the SQL")
    }

    @Test(arguments: [
        ("Item where title == ", 1, "strata: query 1:21: expected a value or a property but the query ended"),
        ("Item where titel == 'x'", 1, "strata: query 1:12: unknown property 'titel' in class Item (did you mean 'title'?)"),
        ("Itme", 1, "strata: query 1:1: unknown class 'Itme' (did you mean 'Item'?)"),
        ("Item where size BEGINSWITH 'a'", 1, "strata: query 1:12: BEGINSWITH needs a string, and 'size' is a double"),
        ("Item where done == 'yes'", 1, "strata: query 1:20: cannot compare 'done', a bool, with a string"),
        ("Item where title == $0", 1, "strata: query 1:21: $0 has no value: give it with --arg (0 given)"),
        ("Item where (done == true", 1, "strata: query 1:25: expected ')' but the query ended"),
    ] as [(String, Int32, String)])
    func queryErrors(_ query: String, _ status: Int32, _ message: String) throws {
        let result = try StrataProcess.run(["query", db, query])
        #expect(result.status == status)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout == "")
    }

    @Test func usageErrors() throws {
        #expect(try StrataProcess.run(["query", db]).status == 2)
        let format = try StrataProcess.run(["query", db, "Item", "-f", "xml"])
        #expect(format.status == 2)
        #expect(format.stderr == "strata: 'xml' is not a valid --format; expected one of: table, vertical, json, ndjson, csv, markdown\n")
    }

    @Test func closedStdoutEndsQuietly() throws {
        let workspace = try Workspace()
        let db = workspace.file("demo.sqlite")
        #expect(try StrataProcess.run(["demo", db, "--rows", "20000", "--seed", "1"]).status == 0)
        let (process, out, err) = try StrataProcess.start(["query", db, "RealmTestClass1", "-f", "csv"])
        let first = out.fileHandleForReading.readData(ofLength: 100)
        #expect(first.count == 100)
        try out.fileHandleForReading.close()
        process.waitUntilExit()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        #expect(process.terminationStatus == 0)
        #expect(errors.isEmpty)
    }

    @Test func ctrlCCancelsAQuery() throws {
        let workspace = try Workspace()
        let db = try workspace.database("slow.sqlite", """
            CREATE VIEW Endless AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;
            """)
        let (process, out, err) = try StrataProcess.start(["query", db, "Endless where x == -1"])
        Thread.sleep(forTimeInterval: 0.8)
        #expect(process.isRunning)
        process.interrupt()
        let result = StrataProcess.finish(process, out, err)
        #expect(result.status == 130)
        #expect(result.stderr == "strata: interrupted\n")
    }
}

@Suite struct GetCommandTests {
    @Test func verticalWithLinksResolved() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let result = try StrataProcess.run(["get", db, "Task", "1"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            Task 1
                     id  1
                   name  Buy milk
            isCompleted  false
              createdAt  nil
                   list  → TaskList 1  (name: Inbox)
                   tags  [2] Tag
                         [0] → home  (color: red)
                         [1] → work  (color: nil)

            """)
    }

    @Test func jsonResolvesOneLevel() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let result = try StrataProcess.run(["get", db, "TaskList", "1", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "Inbox")
        #expect(object["@links.Task.list"] as? Int == 2)
        let task = try StrataProcess.run(["get", db, "Task", "1", "-f", "json"])
        let taskObject = try #require(try JSONSerialization.jsonObject(with: Data(task.stdout.utf8)) as? [String: Any])
        #expect((taskObject["list"] as? [String: Any])?["name"] as? String == "Inbox")
        #expect((taskObject["tags"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["home", "work"])
    }

    @Test func compositeAndTextKeys() throws {
        let workspace = try Workspace()
        let db = try workspace.database("items.sqlite", Workspace.queryFixture)
        let pair = try StrataProcess.run(["get", db, "Pair", "(2, 'y')"])
        #expect(pair.status == 0)
        #expect(pair.stdout.contains("v  two"))
        let tasks = try workspace.database("app.sqlite", Workspace.tasks)
        let tag = try StrataProcess.run(["get", tasks, "Tag", "home"])
        #expect(tag.stdout.contains("color  red"))
    }

    @Test(arguments: [
        (["Task", "99"], "strata: no Task with key 99 in @DB@"),
        (["Task", "abc"], "strata: 'abc' is not a key of Task: id is a whole number"),
        (["Tsk", "1"], "strata: unknown class 'Tsk' in @DB@ (did you mean 'Task'?)"),
    ])
    func errors(_ arguments: [String], _ message: String) throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let result = try StrataProcess.run(["get", db] + arguments)
        #expect(result.status == 1)
        #expect(result.stderr == message.replacingOccurrences(of: "@DB@", with: db) + "\n")
    }
}
