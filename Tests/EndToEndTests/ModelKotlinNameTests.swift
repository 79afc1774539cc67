import Foundation
import Testing

/// `strata model --to room | realm-kotlin | realm-js` with hostile names: each keeps its stored name through the
/// target's mechanism, exactly once. (Their golden files are ModelCommandTests', with every other target's.) No Kotlin
/// compiler runs here (Debian has none): the golden files are the check, read once by a person.
@Suite struct ModelKotlinNameTests {
    static let targets = ["room", "realm-kotlin", "realm-js"]

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
