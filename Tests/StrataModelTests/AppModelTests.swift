import Testing
import StrataTestSupport
@testable import StrataModel

@Suite struct AppModelTests {
    @Test(arguments: [
        ("0", ValueType.bool, ModelDefault.bool(false)),
        ("TRUE", .bool, .bool(true)),
        ("YES", .bool, .bool(true)),
        ("42", .int, .integer(42)),
        ("(42)", .int, .integer(42)),
        ("-1.5", .double, .real(-1.5)),
        ("'O''Brien'", .string, .text("O'Brien")),
        ("'a' || 'b'", .string, .expression("'a' || 'b'")),
        ("''", .string, .text("")),
        ("Untitled", .string, .text("Untitled")),
        ("CURRENT_TIMESTAMP", .date, .expression("CURRENT_TIMESTAMP")),
        ("CURRENT_TIMESTAMP", .string, .expression("CURRENT_TIMESTAMP")),
        ("(random())", .int, .expression("(random())")),
        ("abc", .int, .expression("abc")),
    ])
    func defaultsParse(_ text: String, _ type: ValueType, _ expected: ModelDefault) {
        #expect(ModelDefault.parse(text, for: type) == expected)
    }

    @Test func nullIsNoDefault() {
        #expect(ModelDefault.parse("NULL", for: .string) == nil)
    }

    /// Links get their backlinks' names as inverses, and backlinks the link's ON DELETE as their delete rule.
    @Test func backlinksAreNamedAndPaired() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE Person (id INTEGER PRIMARY KEY);
            CREATE TABLE Task (id INTEGER PRIMARY KEY, list INTEGER REFERENCES TaskList(id) ON DELETE CASCADE,
                owner INTEGER REFERENCES Person(id) ON DELETE SET NULL, reviewer INTEGER REFERENCES Person(id));
            """)
        let model = try AppModel(schema: schema)
        let list = try #require(model.class(named: "TaskList"))
        let tasks = try #require(list.property(named: "tasks"))
        #expect(tasks.kind == .backlinks(target: "Task", property: "list"))
        #expect(tasks.inverse == "list")
        #expect(tasks.deleteRule == .cascade)
        #expect(model.class(named: "Task")?.property(named: "list")?.inverse == "tasks")
        // Two links from Task to Person: each backlink is named by its link.
        let person = try #require(model.class(named: "Person"))
        #expect(person.properties.map(\.name) == ["id", "tasksViaOwner", "tasksViaReviewer"])
        #expect(person.property(named: "tasksViaOwner")?.deleteRule == .nullify)
    }

    @Test func viewsAreLeftOutAndSaidSo() throws {
        let schema = try Fixtures.schema("CREATE TABLE Task (id INTEGER PRIMARY KEY); CREATE VIEW Open AS SELECT id FROM Task;")
        let model = try AppModel(schema: schema)
        #expect(model.classes.map(\.name) == ["Task"])
        #expect(model.leftOut.count == 1 && model.leftOut[0].hasPrefix("view Open"))
    }

    @Test func aMissingClassIsAnError() throws {
        let schema = try Fixtures.schema("CREATE TABLE Task (id INTEGER PRIMARY KEY);")
        #expect(throws: (any Error).self) { try AppModel(schema: schema, only: ["Nope"]) }
    }

    @Test func valueCollectionsAndListsKeepTheirKinds() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE Tag (name TEXT PRIMARY KEY) WITHOUT ROWID;
            CREATE TABLE Task (id INTEGER PRIMARY KEY);
            CREATE TABLE Task_tags (owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                target TEXT NOT NULL REFERENCES Tag(name) ON DELETE CASCADE, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            CREATE TABLE Task_scores (owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                value INTEGER NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID;
            """)
        let task = try #require(try AppModel(schema: schema).class(named: "Task"))
        #expect(task.property(named: "tags")?.kind == .objects(target: "Tag", ordered: true))
        #expect(task.property(named: "scores")?.kind == .values(.list, .int, optionalElements: false))
    }

    /// The SQL target of a schema in Strata's conventions writes the same tables back.
    @Test func sqlTargetWritesStrataTables() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'Inbox');
            CREATE TABLE Task (id INTEGER PRIMARY KEY, done BOOLEAN NOT NULL DEFAULT 0, list INTEGER REFERENCES TaskList(id) ON DELETE CASCADE);
            """)
        let files = ModelTarget.sql.files(for: try AppModel(schema: schema), name: "app")
        #expect(files.map(\.path) == ["app.sql"])
        let text = try #require(files.first?.contents)
        #expect(text.contains("""
            CREATE TABLE "Task" (
                "id" INTEGER NOT NULL,
                "done" BOOLEAN NOT NULL DEFAULT 0,
                "list" INTEGER REFERENCES "TaskList"("id") ON DELETE CASCADE,
                PRIMARY KEY ("id")
            );
            CREATE INDEX "Task_list_index" ON "Task" ("list");
            """))
        #expect(text.contains(#""name" TEXT NOT NULL DEFAULT 'Inbox'"#))
    }

    @Test func swiftDataDeclaresOneInversePerPair() throws {
        let schema = try Fixtures.schema("""
            CREATE TABLE TaskList (id INTEGER PRIMARY KEY);
            CREATE TABLE Task (id INTEGER PRIMARY KEY, list INTEGER REFERENCES TaskList(id) ON DELETE CASCADE);
            """)
        let files = ModelTarget.swiftData.files(for: try AppModel(schema: schema), name: "app")
        let list = try #require(files.first { $0.path == "TaskList.swift" }?.contents)
        let task = try #require(files.first { $0.path == "Task.swift" }?.contents)
        #expect(list.contains(#"@Relationship(deleteRule: .cascade, inverse: \Task.list) var tasks: [Task] = []"#))
        #expect(task.contains("@Relationship var list: TaskList?"))
        #expect(task.contains("@Attribute(.unique) var id: Int"))
    }
}
