import Foundation
import Testing

/// Every `strata …` example line of the README and of the manual pages runs, in order, in a folder that holds the
/// files they name (the demo database, the samples, a `.realm` file, Chinook, a Core Data store), and exits with the
/// status it shows: `# exit N` in its comment, else 0. `# not run` skips a line that needs a live terminal.
@Suite struct ManualExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let documents = ["README.md", "man/strata.1", "man/strata-query.7", "man/strata-migrations.5"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Samples").path)) ?? []).sorted()
            .map { "Samples/\($0)/README.md" }
            .filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }

    @Test(arguments: documents)
    func everyExampleRunsWithTheStatusItShows(_ document: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let examples = document.hasSuffix(".md") ? Example.markdown(text) : Example.manual(text)
        #expect(examples.count >= (document.hasPrefix("Samples/") ? 2 : 10), "\(document) has only \(examples.count) example lines")
        // A document that writes the demo database itself (the README's tour) starts without one.
        let world = try World(demo: !examples.contains { $0.command.hasPrefix("strata demo demo.sqlite") })
        for example in examples {
            guard let expected = example.expectedStatus else { continue }
            let result = try world.run(example.command)
            #expect(result.status == expected, """
                \(document):\(example.line): `\(example.command)` exited \(result.status), not \(expected)
                \(result.output.suffix(1_500))
                """)
        }
    }

    /// The extraction itself, on the forms the documents use.
    @Test func examplesAreFoundUnescapedAndTheirStatusRead() {
        let page = """
            .Dl $ strata query demo.sqlite \\(aqRealmTestClass0 LIMIT(1)\\(aq
            text strata schema x
            .Bd -literal -offset indent
            strata migrate status todo.sqlite \\e
              \\-\\-dir Migrations   # exit 3: pending
            strata> classes
            strata open demo.sqlite   # not run: needs a terminal
            .Ed
            """
        let examples = Example.manual(page)
        #expect(examples.map(\.command) == ["strata query demo.sqlite 'RealmTestClass0 LIMIT(1)'",
                                            "strata migrate status todo.sqlite --dir Migrations   # exit 3: pending",
                                            "strata open demo.sqlite   # not run: needs a terminal"])
        #expect(examples.map(\.line) == [1, 4, 7])
        #expect(examples.map(\.expectedStatus) == [0, 3, nil])
        let readme = """
            Try it:

                swift run strata demo demo.sqlite     # writes it
                strata> next
                $ strata check demo.sqlite

            ```
            strata classes demo.sqlite | head -3
            ```
            strata in prose is not a command
            """
        #expect(Example.markdown(readme).map(\.command) == ["strata demo demo.sqlite     # writes it", "strata check demo.sqlite",
                                                            "strata classes demo.sqlite | head -3"])
    }
}

/// One example line: where it is, the command, and the exit status its comment shows.
struct Example {
    let line: Int
    let command: String

    /// The status the line's trailing comment shows (`# exit 3: pending`), 0 with none, nil for `# not run`.
    var expectedStatus: Int32? {
        guard let hash = command.range(of: " #", options: .backwards) else { return 0 }
        let comment = command[hash.upperBound...].drop { $0 == " " || $0 == "#" }
        if comment.hasPrefix("not run") { return nil }
        guard comment.hasPrefix("exit ") else { return 0 }
        return Int32(comment.dropFirst(5).prefix { $0.isNumber }) ?? 0
    }

    /// Lines of a code block (fenced, or indented four spaces) that are `strata …` or `swift run strata …` commands.
    static func markdown(_ text: String) -> [Example] {
        var examples: [Example] = []
        var fenced = false
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            if raw.hasPrefix("```") { fenced.toggle(); continue }
            guard fenced || raw.hasPrefix("    ") else { continue }
            if let command = command(raw.trimmingCharacters(in: .whitespaces)) {
                examples.append(Example(line: index + 1, command: command))
            }
        }
        return examples
    }

    /// `.Dl` lines and the lines of `.Bd -literal` blocks that are `strata …` commands, unescaped, continuations
    /// (a line ending in a backslash) joined.
    static func manual(_ text: String) -> [Example] {
        var examples: [Example] = []
        var literal = false
        var pending: (line: Int, text: String)?
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            if raw.hasPrefix(".Bd") && raw.contains("-literal") { literal = true; continue }
            if raw.hasPrefix(".Ed") { literal = false; continue }
            let candidate: String
            if literal { candidate = raw } else if raw.hasPrefix(".Dl ") { candidate = String(raw.dropFirst(4)) } else { continue }
            var line = unescaped(candidate).trimmingCharacters(in: .whitespaces)
            var number = index + 1
            if let before = pending {
                line = before.text + " " + line
                number = before.line
                pending = nil
            }
            if line.hasSuffix("\\") {
                pending = (number, String(line.dropLast()).trimmingCharacters(in: .whitespaces))
                continue
            }
            if let command = command(line) { examples.append(Example(line: number, command: command)) }
        }
        return examples
    }

    /// The roff escapes the pages use, undone (`\e` last, so that `\e-` stays a backslash and a hyphen).
    static func unescaped(_ text: String) -> String {
        var text = text
        for (escape, plain) in [("\\-", "-"), ("\\&", ""), ("\\(aq", "'"), ("\\(dq", "\""), ("\\(->", "->"),
                                ("\\(em", "--"), ("\\ ", " "), ("\\e", "\\")] {
            text = text.replacingOccurrences(of: escape, with: plain)
        }
        return text
    }

    private static func command(_ line: String) -> String? {
        var line = Substring(line)
        if line.hasPrefix("$ ") { line = line.dropFirst(2) }
        if line.hasPrefix("swift run strata ") { line = line.dropFirst("swift run ".count) }
        return line.hasPrefix("strata ") ? String(line) : nil
    }
}

/// The folder the examples run in: the files the README and the manual pages name in their examples.
final class World {
    let workspace: Workspace
    let root = ManualExampleTests.root

    /// - Parameter demo: whether to write demo.sqlite.
    init(demo: Bool = true) throws {
        workspace = try Workspace()
        let files = FileManager.default
        try files.copyItem(atPath: root.appendingPathComponent("Samples").path, toPath: workspace.file("Samples"))
        try files.copyItem(atPath: root.appendingPathComponent("Samples/RealmTasks/Migrations").path, toPath: workspace.file("Migrations"))
        try files.copyItem(atPath: root.appendingPathComponent("Tests/Fixtures/Realm/Files/all-types.realm").path,
                           toPath: workspace.file("default.realm"))
        // Notes whose title and body have Realm's full-text indexes (the manual's FTS5 example).
        try files.copyItem(atPath: root.appendingPathComponent("Tests/Fixtures/Realm/Files/full-text.realm").path,
                           toPath: workspace.file("notes.realm"))
        // An encrypted file and its key (the fixture's: the bytes 00 to 3f), as the manual's examples name them.
        try files.copyItem(atPath: root.appendingPathComponent("Tests/Fixtures/Realm/Files/encrypted.realm").path,
                           toPath: workspace.file("secret.realm"))
        #expect(files.createFile(atPath: workspace.file("secret.key"), contents: Data((0..<64).map { UInt8($0) })))
        try files.createDirectory(atPath: workspace.file("tenants"), withIntermediateDirectories: true)
        for empty in ["todo.sqlite", "tenants/a.sqlite", "tenants/b.sqlite"] {
            #expect(files.createFile(atPath: workspace.file(empty), contents: nil))
        }
        let setup = (demo ? ["strata demo demo.sqlite"] : []) + [
            "strata migrate app.sqlite --create --dir Samples/RealmTasks/Migrations",
            "python3 '\(root.appendingPathComponent("Benchmarks/lib/gen_chinook.py").path)' --rows 2000 chinook.sqlite",
        ]
        for command in setup {
            let result = try run(command)
            guard result.status == 0 else { throw WorldError(message: "\(command): \(result.output)") }
        }
        let coreData = root.appendingPathComponent("Samples/CoreData")
        if files.fileExists(atPath: coreData.appendingPathComponent("Recipes.sqlite").path) {
            try files.copyItem(atPath: coreData.appendingPathComponent("Recipes.sqlite").path, toPath: workspace.file("Recipes.sqlite"))
            // The model beside the store, as in the sample, and in App/ as in an app's project.
            try files.createDirectory(atPath: workspace.file("App"), withIntermediateDirectories: true)
            for place in ["Recipes.xcdatamodeld", "App/Recipes.xcdatamodeld"] {
                try files.copyItem(atPath: coreData.appendingPathComponent("Recipes.xcdatamodeld").path, toPath: workspace.file(place))
            }
        }
    }

    struct WorldError: Error { let message: String }

    /// Runs a line with /bin/sh in the folder (its HOME too), the built `strata` first on PATH, no input, at most
    /// 60 seconds.
    func run(_ command: String) throws -> (status: Int32, output: String) {
        let result = try Shell.run("timeout", ["-k", "5", "60", "/bin/sh", "-c", command], in: workspace.path,
                                   environment: ["NO_COLOR": "1"])
        return (result.status, String(result.stdout.suffix(1_000)) + String(result.stderr.suffix(1_000)))
    }
}
