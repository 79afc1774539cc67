import Foundation
import Testing

/// `strata model` and `schema --format mermaid|dot|svg` on the demo database, a Core Data store with inheritance
/// (Samples/CoreData/Recipes.sqlite) and a `.realm` file with every type (all-types.realm): golden files for every
/// target, Swift that `swiftc -parse` reads, TypeScript that `tsc` type-checks, SQL that SQLite runs into the same
/// schema, Core Data packages that read back with the store's own version hashes, and hostile names.
///
/// Goldens live in Golden/model/<source>.<target>; `STRATA_UPDATE_GOLDEN=1 swift test --filter ModelCommandTests`
/// writes them anew. tsc and dot are required when `STRATA_REQUIRE_MODEL_TOOLS=1` (set by CI).
@Suite struct ModelCommandTests {
    static let root = ManualExampleTests.root
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/model")
    static let updating = ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1"
    static let toolsRequired = ProcessInfo.processInfo.environment["STRATA_REQUIRE_MODEL_TOOLS"] == "1"
    static let targets = ["swiftdata", "grdb", "coredata", "room", "realm-swift", "realm-kotlin", "realm-js", "typescript", "sql"]
    static let swiftTargets = ["swiftdata", "grdb", "realm-swift"]

    /// The three sources, copied into a workspace: name → path.
    static func sources(in workspace: Workspace) throws -> [(name: String, path: String)] {
        let demo = workspace.file("demo.sqlite")
        let made = try StrataProcess.run(["demo", demo, "--seed", "1", "--rows", "10"])
        #expect(made.status == 0, "\(made.stderr)")
        let recipes = workspace.file("Recipes.sqlite")
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("Samples/CoreData/Recipes.sqlite").path, toPath: recipes)
        let realm = workspace.file("all-types.realm")
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("Tests/Fixtures/Realm/Files/all-types.realm").path, toPath: realm)
        return [("demo", demo), ("recipes", recipes), ("all-types", realm)]
    }

    static func tool(_ name: String) -> String? {
        let found = Shell.find(name)
        if found == nil { #expect(!toolsRequired, "\(name) is not on PATH but STRATA_REQUIRE_MODEL_TOOLS=1") }
        return found
    }

    @Test func everyTargetMatchesItsGoldenFile() throws {
        let workspace = try Workspace()
        for source in try Self.sources(in: workspace) {
            for target in Self.targets {
                let result = try StrataProcess.run(["model", source.path, "--to", target])
                #expect(result.status == 0, "\(source.name) --to \(target): \(result.stderr)")
                #expect(result.stderr == "", "\(source.name) --to \(target)")
                let file = Self.golden.appendingPathComponent("\(source.name).\(target)")
                if Self.updating {
                    try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
                    try Data(result.stdout.utf8).write(to: file)
                    continue
                }
                let expected = try String(contentsOf: file, encoding: .utf8)
                #expect(result.stdout == expected, "\(source.name) --to \(target) differs from Golden/model/\(file.lastPathComponent)")
            }
        }
    }

    @Test func swiftOutputParses() throws {
        let workspace = try Workspace()
        for source in try Self.sources(in: workspace) + [("hostile", try Self.hostile(in: workspace))] {
            for target in Self.swiftTargets {
                let folder = workspace.file("\(source.name)-\(target)")
                let result = try StrataProcess.run(["model", source.path, "--to", target, "--output", folder])
                #expect(result.status == 0, "\(result.stderr)")
                let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
                #expect(!files.isEmpty)
                let parsed = try Shell.run("swiftc", ["-parse"] + files, in: folder)
                #expect(parsed.status == 0, "\(source.name) --to \(target): \(parsed.stderr)")
            }
        }
    }

    @Test func typeScriptTypeChecks() throws {
        guard Self.tool("tsc") != nil else { return }
        let workspace = try Workspace()
        for source in try Self.sources(in: workspace) + [("hostile", try Self.hostile(in: workspace))] {
            let folder = workspace.file("\(source.name)-ts")
            let result = try StrataProcess.run(["model", source.path, "--to", "typescript", "--output", folder])
            #expect(result.status == 0, "\(result.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ts") }
            let checked = try Shell.run("tsc", ["--noEmit", "--strict", "--target", "es2020"] + files, in: folder)
            #expect(checked.status == 0, "\(source.name): \(checked.stdout) \(checked.stderr)")
        }
    }

    /// The Realm JS module parses as JavaScript (`node --check`; node comes with Debian's node-typescript).
    @Test func realmJSParses() throws {
        guard let node = Self.tool("node") else { return }
        let workspace = try Workspace()
        for source in try Self.sources(in: workspace) + [("hostile", try Self.hostile(in: workspace))] {
            let result = try StrataProcess.run(["model", source.path, "--to", "realm-js"])
            #expect(result.status == 0, "\(result.stderr)")
            let file = workspace.file("\(source.name).mjs")
            try result.stdout.write(toFile: file, atomically: false, encoding: .utf8)
            let checked = try Shell.run(node, ["--check", file], in: workspace.path)
            #expect(checked.status == 0, "\(source.name): \(checked.stderr)")
        }
    }

    /// The SQL target, run into an empty database, gives the classes, properties, types and links of the source.
    @Test func sqlMakesTheSameSchema() throws {
        let workspace = try Workspace()
        for source in try Self.sources(in: workspace) + [("hostile", try Self.hostile(in: workspace))] {
            let sql = try StrataProcess.run(["model", source.path, "--to", "sql"])
            #expect(sql.status == 0, "\(sql.stderr)")
            let made = workspace.file("\(source.name)-made.sqlite")
            let applied = try Shell.run("sqlite3", [made], in: workspace.path, input: sql.stdout)
            #expect(applied.status == 0, "\(source.name): \(applied.stderr)")
            guard source.name != "recipes" else { continue }  // Core Data's keys and inverse columns are its own
            #expect(try Self.shape(source.path) == Self.shape(made), "\(source.name)")
        }
    }

    /// Every class's properties as (class, property, type, optional, target), backlinks aside.
    static func shape(_ path: String) throws -> [String] {
        let result = try StrataProcess.run(["schema", path, "--format", "json"])
        let classes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return classes.flatMap { info in
            ((info["properties"] as? [[String: Any]]) ?? []).filter { ($0["type"] as? String) != "linkingObjects" }.map { property in
                "\(info["name"] ?? ""): \(property["name"] ?? "") \(property["type"] ?? "")\((property["optional"] as? Bool) == true ? "?" : "") \(property["target"] ?? "")"
            }
        }.sorted()
    }

    /// The Core Data stores of the corpus: the package written from each reads back with the store's entities and
    /// entity version hashes (schema --store-info --model says so, exit 0).
    @Test func coreDataPackagesMatchTheirStores() throws {
        let workspace = try Workspace()
        let stores = Self.root.appendingPathComponent("Tests/CoreDataModelTests/Fixtures/Stores")
        var paths = [Self.root.appendingPathComponent("Samples/CoreData/Recipes.sqlite").path]
        for folder in try FileManager.default.contentsOfDirectory(atPath: stores.path).sorted() {
            let inside = (try? FileManager.default.contentsOfDirectory(atPath: stores.appendingPathComponent(folder).path)) ?? []
            // RKSeedDatabase (2012) has no model cache: its model is inferred from the tables, and cannot have the hashes.
            guard folder != "RKSeedDatabase" else { continue }
            paths += inside.filter { $0.hasSuffix(".sqlite") }.map { stores.appendingPathComponent(folder).appendingPathComponent($0).path }
        }
        #expect(paths.count >= 5)
        for (index, store) in paths.enumerated() {
            let copy = workspace.file("store\(index).sqlite")
            try FileManager.default.copyItem(atPath: store, toPath: copy)
            let folder = workspace.file("model\(index)")
            let written = try StrataProcess.run(["model", copy, "--to", "coredata", "--output", folder])
            #expect(written.status == 0, "\(store): \(written.stderr)")
            let package = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".xcdatamodeld") })
            let info = try StrataProcess.run(["schema", copy, "--store-info", "--model", folder + "/" + package])
            #expect(info.status == 0, "\(store): \(info.stdout) \(info.stderr)")
            #expect(info.stdout.contains("matches the store"), "\(store): \(info.stdout)")
        }
    }

    /// A SQLite file's classes as a Core Data package: entities named as Xcode wants, the stored names kept as
    /// renaming identifiers, every relationship with its inverse.
    @Test func aSQLiteFileBecomesAnXcodeModel() throws {
        let workspace = try Workspace()
        let db = try Self.hostile(in: workspace)
        let result = try StrataProcess.run(["model", db, "--to", "coredata"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#"<entity name="CaloriesTable" representedClassName="CaloriesTable" elementID="Calories-Table" syncable="YES">"#))
        #expect(result.stdout.contains(#"<attribute name="fat" optional="YES" attributeType="Double" usesScalarValueType="YES" elementID="Fat "/>"#))
        // Every relationship names its inverse, and reads back through Strata's own model reader.
        let folder = workspace.file("out")
        #expect(try StrataProcess.run(["model", db, "--to", "coredata", "--output", folder]).status == 0)
        let relationships = result.stdout.split(separator: "\n").filter { $0.contains("<relationship ") }
        #expect(!relationships.isEmpty && relationships.allSatisfy { $0.contains("inverseName=") })
    }

    @Test func outputRefusesToReplaceFilesUnlessForced() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let folder = workspace.file("out")
        let first = try StrataProcess.run(["model", db, "--to", "swiftdata", "--output", folder])
        #expect(first.status == 0)
        #expect(first.stderr.contains("wrote "))
        #expect(first.stderr.contains("not written: view OpenTasks"))
        let task = try String(contentsOfFile: folder + "/Task.swift", encoding: .utf8)
        let again = try StrataProcess.run(["model", db, "--to", "swiftdata", "--output", folder])
        #expect(again.status == 1)
        #expect(again.stderr.hasPrefix("strata: ") && again.stderr.contains("exists"), "\(again.stderr)")
        let forced = try StrataProcess.run(["model", db, "--to", "swiftdata", "--output", folder, "--force"])
        #expect(forced.status == 0)
        #expect(try String(contentsOfFile: folder + "/Task.swift", encoding: .utf8) == task)
    }

    /// A write that fails midway (the file size limit, which fails a write as a full disk does) takes back what the
    /// run wrote: the files before it and the folder it made.
    @Test func aFailedWriteLeavesNoHalfModel() throws {
        let workspace = try Workspace()
        let columns = (0..<400).map { "column\($0) TEXT" }.joined(separator: ", ")
        let db = try workspace.database("wide.sqlite", "CREATE TABLE A (id INTEGER PRIMARY KEY, x TEXT); CREATE TABLE B (id INTEGER PRIMARY KEY, \(columns));")
        let folder = workspace.file("out")
        // 16 blocks: 8 KB where a block is 512 bytes, 16 KB where it is 1024; A.swift is smaller, B.swift larger.
        let result = try StrataProcess.run(["model", db, "--to", "swiftdata", "--output", folder], fileSizeLimit: 16)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("strata: cannot write \(folder)/B.swift"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder), "a half model was left behind")
    }

    @Test func badArgumentsAreOneLineErrors() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let cases: [([String], Int32, String)] = [
            (["model", db], 2, "model needs --to TARGET"),
            (["model", db, "--to", "kotlin"], 2, "kotlin"),
            (["model", db, "Nope", "--to", "sql"], 1, "unknown class 'Nope'"),
            (["model", workspace.file("missing.sqlite"), "--to", "sql"], 1, "missing.sqlite"),
            (["model", db, "--to", "sql", "--output", db], 1, "not a folder"),
        ]
        for (arguments, status, message) in cases {
            let result = try StrataProcess.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stdout == "")
        }
    }

    @Test func onlyTheClassesNamed() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let result = try StrataProcess.run(["model", db, "Task", "TaskList", "--to", "typescript"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("export interface Task {") && result.stdout.contains("export interface TaskList {"))
        #expect(!result.stdout.contains("export interface Tag {"))
    }

    // MARK: - Hostile names

    /// Tables and columns named as no language names anything: a dash, a trailing space, keywords, quotes, a dollar,
    /// a newline, an escape sequence, a bidi override.
    static func hostile(in workspace: Workspace) throws -> String {
        try workspace.database("hostile.sqlite", """
            CREATE TABLE "Calories-Table" ("id" INTEGER PRIMARY KEY, "Fat " REAL, "class" TEXT NOT NULL DEFAULT 'a"b', "default" INTEGER DEFAULT 3,
                "a""b$c
            d" TEXT, "x\u{1B}[31my" TEXT, "\u{202E}evil" BLOB, "2nd" BOOLEAN);
            CREATE TABLE "class" ("id" INTEGER PRIMARY KEY, "self" TEXT, "owner" INTEGER REFERENCES "Calories-Table"("id") ON DELETE CASCADE);
            """)
    }

    @Test(arguments: targets)
    func hostileNamesStayInsideTheirLiterals(_ target: String) throws {
        let workspace = try Workspace()
        let db = try Self.hostile(in: workspace)
        let result = try StrataProcess.run(["model", db, "--to", target])
        #expect(result.status == 0, "\(result.stderr)")
        // No raw escape or bidi control reaches the code; SQL and an Xcode model keep the stored names exactly
        // (quoted identifiers, renaming identifiers: on a terminal stdout escapes them), but for what XML cannot hold.
        if target == "sql" {
            #expect(result.stdout.contains("\"x\u{1B}[31my\" TEXT") && result.stdout.contains("\"\u{202E}evil\" BLOB"))
        } else if target == "coredata" {
            #expect(result.stdout.contains("elementID=\"x\u{FFFD}[31my\"") && !result.stdout.unicodeScalars.contains { $0.value == 0x1B })
        } else {
            #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }, "\(target)")
        }
        // The names that are not identifiers are kept through the target's mechanism.
        let kept: [String: [String]] = [
            "swiftdata": [#"@Attribute(originalName: "Fat ")"#, #"originalName: "a\"b$c\nd""#],
            "grdb": [#"case Fat = "Fat ""#, #"case class_ = "class""#],
            "realm-swift": [#""Fat_": "Fat ""#.replacingOccurrences(of: "Fat_", with: "Fat"), #"_realmObjectName()"#],
            "coredata": [#"elementID="Fat ""#, #"elementID="Calories-Table""#],
            "typescript": [#""Fat ": number | null;"#, #""a\"b$c\nd": string | null;"#],
            "sql": [#""Fat " DOUBLE"#, #""a""b$c"#],
        ]
        for text in kept[target] ?? [] { #expect(result.stdout.contains(text), "\(target) lacks \(text)") }
    }

    /// A column named as a member the generated type has for itself (GRDB's `Columns`, Realm's `realm`, SwiftData's
    /// `modelContext`) gets another name and keeps its own through the target's mechanism.
    @Test func membersOfTheGeneratedTypesAreNotTaken() throws {
        let workspace = try Workspace()
        let db = try workspace.database("members.sqlite", "CREATE TABLE T (id INTEGER PRIMARY KEY, Columns TEXT, realm TEXT, modelContext TEXT);")
        let expected = ["grdb": #"case Columns2 = "Columns""#, "realm-swift": #"["realm2": "realm"]"#,
                        "swiftdata": #"@Attribute(originalName: "modelContext") var modelContext2: String?"#]
        for (target, text) in expected {
            let result = try StrataProcess.run(["model", db, "--to", target])
            #expect(result.status == 0 && result.stdout.contains(text), "\(target): \(result.stdout)")
        }
    }

    // MARK: - Diagrams

    @Test func mermaidMatchesItsGoldenFile() throws {
        let workspace = try Workspace()
        for source in try Self.sources(in: workspace) {
            let result = try StrataProcess.run(["schema", source.path, "--format", "mermaid"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("erDiagram\n"))
            let file = Self.golden.appendingPathComponent("\(source.name).mermaid")
            if Self.updating { try Data(result.stdout.utf8).write(to: file); continue }
            #expect(result.stdout == (try String(contentsOf: file, encoding: .utf8)), "\(source.name)")
        }
    }

    @Test func dotRendersAsAPicture() throws {
        guard let dot = Self.tool("dot") else { return }
        let workspace = try Workspace()
        for source in try Self.sources(in: workspace) + [("hostile", try Self.hostile(in: workspace))] {
            let result = try StrataProcess.run(["schema", source.path, "--format", "dot"])
            #expect(result.status == 0, "\(result.stderr)")
            let drawn = try Shell.run(dot, ["-Tsvg"], in: workspace.path, input: result.stdout)
            #expect(drawn.status == 0 && drawn.stderr.isEmpty, "\(source.name): \(drawn.stderr)")
            #expect(drawn.stdout.contains("<svg") && drawn.stdout.contains("</svg>"))
            let svg = try StrataProcess.run(["schema", source.path, "--format", "svg"])
            #expect(svg.status == 0 && svg.stdout.contains("</svg>"), "\(svg.stderr)")
        }
    }

    @Test func svgWithoutGraphvizSaysHowToGetIt() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let result = try StrataProcess.run(["schema", db, "--format", "svg"], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stderr == "strata: --format svg needs Graphviz's dot, which is not on PATH: install graphviz (apt install graphviz, "
            + "brew install graphviz), or write --format dot and draw it elsewhere\n")
        #expect(result.stdout == "")
    }

    @Test func linksAndTheirInversesAreOneEdgeWithCardinality() throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", Workspace.tasks)
        let result = try StrataProcess.run(["schema", db, "--format", "mermaid"])
        #expect(result.status == 0)
        let edges = result.stdout.split(separator: "\n").filter { $0.contains("--") }
        #expect(edges.contains { $0.contains("Task }o--o| TaskList") && $0.contains("list / tasks") }, "\(edges)")
        #expect(edges.contains { $0.contains("Task }o--o{ Tag") }, "\(edges)")
    }
}
