import Foundation
import Testing

/// `strata model --to room | realm-kotlin | realm-js` on the three kinds of source (the demo database, the Core Data
/// sample, the every-type `.realm` fixture): the files written must be exactly those under
/// `Golden/<target>/<source>/`. With `STRATA_UPDATE_GOLDEN=1` the test writes them instead (see `Golden/README.md`).
/// No Kotlin compiler runs here (Debian has none): the golden files are the check, read once by a person.
@Suite struct ModelGoldenKotlinTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let updating = ProcessInfo.processInfo.environment["STRATA_UPDATE_GOLDEN"] == "1"

    static let targets = ["room", "realm-kotlin", "realm-js"]
    static let sources = ["demo", "Recipes", "all-types"]

    /// The source file, made in `workspace` for the demo.
    static func source(_ name: String, in workspace: Workspace) throws -> String {
        switch name {
        case "demo":
            let path = workspace.file("demo.sqlite")
            let result = try StrataProcess.run(["demo", path, "--rows", "10"])
            #expect(result.status == 0, "\(result.stderr)")
            return path
        case "Recipes": return root.appendingPathComponent("Samples/CoreData/Recipes.sqlite").path
        default: return root.appendingPathComponent("Tests/Fixtures/Realm/Files/all-types.realm").path
        }
    }

    /// Every file below `folder`, by its path relative to it.
    static func contents(of folder: String) throws -> [String: String] {
        var files: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return files }
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[path] = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
        }
        return files
    }

    @Test(arguments: targets, sources)
    func matchesGolden(target: String, source: String) throws {
        let workspace = try Workspace()
        let file = try Self.source(source, in: workspace)
        let output = workspace.file("out")
        // Made here: `--output` refuses a folder that is missing (see the report on ModelCommand.write).
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let result = try StrataProcess.run(["model", file, "--to", target, "--output", output])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try Self.contents(of: output)
        #expect(!written.isEmpty)
        let folder = Self.golden.appendingPathComponent(target + "/" + source).path
        if Self.updating {
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (path, text) in written { try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8) }
            return
        }
        let expected = try Self.contents(of: folder)
        #expect(Set(written.keys) == Set(expected.keys), "files of \(target)/\(source); STRATA_UPDATE_GOLDEN=1 rewrites the goldens")
        for (path, text) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(written[path] == text, "\(target)/\(source)/\(path) differs from its golden; STRATA_UPDATE_GOLDEN=1 rewrites it")
        }
    }

    // MARK: - Hostile names

    /// Tables and columns named what no language takes as a name: each keeps its stored name through the target's
    /// mechanism, exactly once, and nothing raw reaches the code.
    static let hostile = """
        CREATE TABLE "Calories-Table" (id INTEGER PRIMARY KEY, "Fat " REAL, "class" TEXT, "default" INTEGER DEFAULT 3,
            "a""b$c\n" TEXT, "e\u{1B}[31m" TEXT);
        CREATE TABLE "interface" (id INTEGER PRIMARY KEY, "object" TEXT, "fun" TEXT, "val" TEXT,
            owner INTEGER REFERENCES "Calories-Table"(id) ON DELETE CASCADE);
        """

    /// The names each target renames: Kotlin's keywords and JavaScript's differ.
    static let renamed = [
        "room": ["Fat ", "class", "a\"b$c\n", "e\u{1B}[31m", "object", "fun", "val"],
        "realm-kotlin": ["Fat ", "class", "a\"b$c\n", "e\u{1B}[31m", "object", "fun", "val"],
        "realm-js": ["Fat ", "class", "default", "a\"b$c\n", "e\u{1B}[31m"],
    ]

    @Test(arguments: targets)
    func hostileNamesKeepTheirStoredNames(target: String) throws {
        let workspace = try Workspace()
        let path = try workspace.database("hostile.sqlite", Self.hostile)
        let result = try StrataProcess.run(["model", path, "--to", target])
        #expect(result.status == 0, "\(result.stderr)")
        let code = result.stdout
        let controls = code.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        #expect(controls.isEmpty, "raw control characters in the \(target) code")
        let mechanism: (String) -> String
        switch target {
        case "room": mechanism = { "name = " + Self.kotlinQuoted($0) + ")" }
        case "realm-kotlin": mechanism = { "@PersistedName(" + Self.kotlinQuoted($0) + ")" }
        default: mechanism = { "mapTo: " + Self.jsQuoted($0) + " }" }
        }
        for name in Self.renamed[target] ?? [] {
            let count = code.components(separatedBy: mechanism(name)).count - 1
            #expect(count == 1, "\(target): \(name.debugDescription) kept \(count) times, not once")
        }
        for table in ["Calories-Table", "interface"] {
            let mechanism = switch target {
            case "room": "tableName = \"\(table)\","
            case "realm-kotlin": "@PersistedName(\"\(table)\")"
            default: "name: \"\(table)\","
            }
            #expect(code.components(separatedBy: mechanism).count == 2, "\(target): the class \(table) kept once")
        }
        for keyword in ["class", "interface"] {
            #expect(!code.contains("val \(keyword):") && !code.contains("var \(keyword):") && !code.contains("class \(keyword) "),
                    "\(target): the keyword \(keyword) as a name")
        }
    }

    static func kotlinQuoted(_ text: String) -> String { quoted(text, dollar: true) }
    static func jsQuoted(_ text: String) -> String { quoted(text, dollar: false) }

    static func quoted(_ text: String, dollar: Bool) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "$" where dollar: result += "\\$"
            case "\u{1B}": result += "\\u001B"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
