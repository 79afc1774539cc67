import Foundation
import Testing

/// The projects in `Samples/` (see its README): each folder with `Migrations/` is built from nothing by
/// `strata migrate --create`, checked, and asked every example query in its `Queries/`, whose stdout must be
/// exactly the `.out` beside it; a sample with a `.realm` file answers its `# realm: same` queries the same once
/// converted; a sample with a `make-store.py` (the Core Data one) answers its queries from the committed store, and
/// the script writes that store again, byte for byte in what Strata reads.
@Suite struct SamplesTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    /// The sample folders that hold `NAME`, sorted.
    static func folders(holding name: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: samples.appendingPathComponent($0 + "/" + name).path) }.sorted()
    }

    /// Every sample that builds its database from its migrations.
    static var migrated: [String] { folders(holding: "Migrations") }

    /// Every sample whose store a script writes.
    static var scripted: [String] { folders(holding: "make-store.py") }

    /// Every sample with a `.realm` version of its data.
    static var withRealm: [(sample: String, file: String)] {
        migrated.flatMap { sample in
            ((try? FileManager.default.contentsOfDirectory(atPath: samples.appendingPathComponent(sample).path)) ?? [])
                .filter { $0.hasSuffix(".realm") }.sorted().map { (sample, $0) }
        }
    }

    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    // MARK: - Examples

    /// One example: `Queries/NN-what.args` (comments starting with `#`, `# exit: N` for a status other than 0,
    /// `# realm: same` when the converted `.realm` answers alike, and one line: the shell-quoted arguments after
    /// `strata`) and `Queries/NN-what.out`, the exact stdout.
    struct Example: CustomStringConvertible {
        var name: String
        var commandLine: String
        var status: Int32
        var alsoOnRealm: Bool
        var stdout: String
        var description: String { name }
    }

    static func examples(of sample: String) throws -> [Example] {
        let folder = samples.appendingPathComponent(sample + "/Queries")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let outputs = Set(names.filter { $0.hasSuffix(".out") }.map { String($0.dropLast(4)) })
        let queries = Set(names.filter { $0.hasSuffix(".args") }.map { String($0.dropLast(5)) })
        #expect(outputs == queries, "\(sample)/Queries: every .args needs its .out and every .out its .args")
        return try queries.sorted().map { name in
            let text = try String(contentsOf: folder.appendingPathComponent(name + ".args"), encoding: .utf8)
            var status: Int32 = 0, realm = false, lines: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
                if line.hasPrefix("# exit:") {
                    status = try #require(Int32(line.dropFirst(7).trimmingCharacters(in: .whitespaces)), "\(sample)/\(name): \(line)")
                } else if line.trimmingCharacters(in: .whitespaces) == "# realm: same" {
                    realm = true
                } else if !line.hasPrefix("#"), !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    lines.append(line)
                }
            }
            #expect(lines.count == 1, "\(sample)/\(name).args must hold one command line, not \(lines.count)")
            let stdout = try String(contentsOf: folder.appendingPathComponent(name + ".out"), encoding: .utf8)
            return Example(name: name, commandLine: lines.first ?? "", status: status, alsoOnRealm: realm, stdout: stdout)
        }
    }

    /// Runs `strata` followed by a shell-quoted argument line in `directory`, as a user would type it there.
    static func run(_ commandLine: String, in directory: String) throws -> StrataProcess.Result {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec \"$0\" " + commandLine, StrataProcess.binary]
        shell.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = nil
        environment["NO_COLOR"] = nil
        shell.environment = environment
        let out = Pipe(), err = Pipe()
        shell.standardOutput = out
        shell.standardError = err
        shell.standardInput = FileHandle.nullDevice
        try shell.run()
        return StrataProcess.finish(shell, out, err)
    }

    /// Runs every example (or those that hold for the `.realm`) in `directory` and compares stdout and status.
    static func expectExamples(of sample: String, in directory: String, onlyRealm: Bool = false, label: String) throws {
        let examples = try Self.examples(of: sample).filter { !onlyRealm || $0.alsoOnRealm }
        #expect(!examples.isEmpty, "\(label): no example queries")
        for example in examples {
            let result = try run(example.commandLine, in: directory)
            #expect(result.status == example.status, "\(label) \(example.name): exit \(result.status), stderr: \(result.stderr)")
            if ProcessInfo.processInfo.environment["STRATA_UPDATE_SAMPLES"] == "1", result.stdout != example.stdout {
                // As the transcripts do: rewrite the expected output, to be read over before committing.
                let file = Self.samples.appendingPathComponent(sample).appendingPathComponent("Queries").appendingPathComponent(example.name + ".out")
                try result.stdout.write(to: file, atomically: true, encoding: .utf8)
            }
            #expect(result.stdout == example.stdout, "\(label) \(example.name): stdout differs from \(example.name).out")
        }
    }

    /// The highest version among a migrations directory's file names (`<version>_<name>.sql|.strata`).
    static func lastVersion(_ directory: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".sql") || $0.hasSuffix(".strata") }
            .compactMap { Int($0.prefix { $0.isNumber }) }.max() ?? 0
    }

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    // MARK: - Tests

    @Test func thereAreSamplesAndEachHasAReadmeAndQueries() throws {
        #expect(Self.migrated.count + Self.scripted.count >= 1)
        for sample in Self.migrated + Self.scripted {
            #expect(FileManager.default.fileExists(atPath: Self.samples.appendingPathComponent(sample + "/README.md").path), "\(sample)")
            #expect(try !Self.examples(of: sample).isEmpty, "\(sample)")
        }
    }

    /// `strata migrate NAME.sqlite --create --dir Samples/NAME/Migrations` in an empty folder, then `check`, then
    /// `migrate status` (up to date at the last version), `migrate lint`, then every example query.
    @Test(arguments: migrated)
    func aSampleBuildsFromNothingAndAnswersItsQueries(_ sample: String) throws {
        let workspace = try Workspace()
        let migrations = Self.samples.appendingPathComponent(sample + "/Migrations")
        let database = sample + ".sqlite"
        let migrate = try StrataProcess.run(["migrate", workspace.file(database), "--create", "--dir", migrations.path])
        try #require(migrate.status == 0, "\(sample): \(migrate.stderr)")

        let check = try StrataProcess.run(["check", workspace.file(database)])
        #expect(check.status == 0, "\(sample): \(check.stdout) \(check.stderr)")

        let status = try StrataProcess.run(["migrate", "status", workspace.file(database), "--dir", migrations.path, "--json"])
        #expect(status.status == 0, "\(sample): \(status.stderr)")
        let report = try #require(try Self.json(status.stdout) as? [String: Any])
        #expect(report["version"] as? Int == (try Self.lastVersion(migrations)), "\(sample)")
        for key in ["pending", "drifted", "missing"] {
            #expect((report[key] as? [Any])?.isEmpty == true, "\(sample): \(key) \(String(describing: report[key]))")
        }
        let text = try StrataProcess.run(["migrate", "status", workspace.file(database), "--dir", migrations.path])
        #expect(text.status == 0 && !text.stdout.contains("pending"), "\(sample): \(text.stdout)")

        // The migrations lint without errors or destructive steps (warnings are allowed: exit 0).
        let lint = try StrataProcess.run(["migrate", "lint", migrations.path])
        #expect(lint.status == 0, "\(sample): \(lint.stdout) \(lint.stderr)")

        try Self.expectExamples(of: sample, in: workspace.path, label: sample)
    }

    /// The `.realm` beside a sample's migrations: `strata check` finds it clean, `strata convert` writes
    /// `NAME.sqlite`, and the queries marked `# realm: same` answer exactly as on the migrated database, on the
    /// conversion and on the `.realm` read directly; every class of the conversion has the migrated database's objects.
    @Test(arguments: withRealm.map { $0.sample + "/" + $0.file })
    func aSampleRealmConvertsToTheSameAnswers(_ path: String) throws {
        let sample = String(path.prefix { $0 != "/" })
        let workspace = try Workspace()
        let realm = workspace.file("copy.realm")
        try FileManager.default.copyItem(atPath: Self.samples.appendingPathComponent(path).path, toPath: realm)
        let check = try StrataProcess.run(["check", realm])
        #expect(check.status == 0, "\(path): \(check.stdout) \(check.stderr)")
        let convert = try StrataProcess.run(["convert", realm, workspace.file(sample + ".sqlite")])
        try #require(convert.status == 0, "\(path): \(convert.stderr)")
        try Self.expectExamples(of: sample, in: workspace.path, onlyRealm: true, label: path)

        // Read directly, the .realm answers alike too (a read command knows a Realm file by its header, whatever
        // its name).
        let direct = try Workspace()
        try FileManager.default.copyItem(atPath: realm, toPath: direct.file(sample + ".sqlite"))
        try Self.expectExamples(of: sample, in: direct.path, onlyRealm: true, label: path + " (read directly)")

        // Every class of the conversion holds exactly the objects of the migrated database's class.
        let migrated = try Workspace()
        let migrations = Self.samples.appendingPathComponent(sample + "/Migrations")
        let migrate = try StrataProcess.run(["migrate", migrated.file(sample + ".sqlite"), "--create", "--dir", migrations.path])
        try #require(migrate.status == 0, "\(sample): \(migrate.stderr)")
        let classes = try #require(try Self.json(try Self.run("classes \(sample).sqlite --format json", in: workspace.path).stdout) as? [[String: Any]])
        #expect(!classes.isEmpty, "\(path)")
        for name in classes.compactMap({ $0["name"] as? String }) {
            let converted = try Self.run("query \(sample).sqlite \(name) --format json", in: workspace.path)
            let original = try Self.run("query \(sample).sqlite \(name) --format json", in: migrated.path)
            #expect(converted.status == 0 && original.status == 0, "\(path) \(name): \(converted.stderr) \(original.stderr)")
            #expect(converted.stdout == original.stdout, "\(path): the objects of \(name) differ from the migrated database's")
        }
    }

    /// A scripted store: the committed store and model answer the example queries (with and without `--model`);
    /// running the script again writes a store with the same schema and rows and the same model.
    @Test(.enabled(if: python != nil, "needs python3"), arguments: scripted)
    func aScriptedStoreAnswersItsQueriesAndItsScriptWritesItAgain(_ sample: String) throws {
        let folder = Self.samples.appendingPathComponent(sample)
        let committed = try Workspace()
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let stores = entries.filter { $0.hasSuffix(".sqlite") }.sorted()
        let models = entries.filter { $0.hasSuffix(".xcdatamodeld") }.sorted()
        try #require(!stores.isEmpty && !models.isEmpty, "\(sample): no store or no model committed")
        for name in stores + models {
            try FileManager.default.copyItem(atPath: folder.appendingPathComponent(name).path, toPath: committed.file(name))
        }
        for store in stores {
            let check = try StrataProcess.run(["check", committed.file(store)])
            #expect(check.status == 0, "\(sample)/\(store): \(check.stdout) \(check.stderr)")
        }
        try Self.expectExamples(of: sample, in: committed.path, label: sample + " (committed)")

        // The script, into an empty folder.
        let rebuilt = try Workspace()
        let script = Process()
        script.executableURL = URL(fileURLWithPath: try #require(Self.python))
        script.arguments = [folder.appendingPathComponent("make-store.py").path, rebuilt.path]
        let out = Pipe(), err = Pipe()
        script.standardOutput = out
        script.standardError = err
        script.standardInput = FileHandle.nullDevice
        try script.run()
        let ran = StrataProcess.finish(script, out, err)
        try #require(ran.status == 0, "\(sample)/make-store.py: \(ran.stderr)")
        #expect(try rebuilt.listing().filter { $0.hasSuffix(".sqlite") || $0.hasSuffix(".xcdatamodeld") } == (stores + models).sorted())

        for model in models {
            let contents = try FileManager.default.subpathsOfDirectory(atPath: committed.file(model)).sorted()
            #expect(try FileManager.default.subpathsOfDirectory(atPath: rebuilt.file(model)).sorted() == contents, "\(model)")
            for entry in contents where !entry.hasSuffix(".xcdatamodel") {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: committed.file(model + "/" + entry), isDirectory: &isFolder), !isFolder.boolValue else { continue }
                #expect(FileManager.default.contentsEqual(atPath: committed.file(model + "/" + entry), andPath: rebuilt.file(model + "/" + entry)),
                        "\(model)/\(entry) differs from what make-store.py writes")
            }
        }
        for store in stores {
            for arguments in [["schema", store, "--all"], ["schema", store, "--format", "json"], ["schema", store, "--store-info"],
                              ["classes", store, "--all", "--format", "json"]] + models.map({ ["schema", store, "--model", $0] }) {
                let before = try Self.run(arguments.joined(separator: " "), in: committed.path)
                let after = try Self.run(arguments.joined(separator: " "), in: rebuilt.path)
                #expect(before.status == 0 && after.status == 0, "\(arguments): \(before.stderr) \(after.stderr)")
                #expect(before.stdout == after.stdout, "\(sample): strata \(arguments.joined(separator: " ")) differs on the rebuilt store")
            }
            let classes = try #require(try Self.json(try Self.run("classes \(store) --format json", in: committed.path).stdout) as? [[String: Any]])
            #expect(!classes.isEmpty)
            for name in classes.compactMap({ $0["name"] as? String }) {
                let before = try Self.run("query \(store) \(name) --format json", in: committed.path)
                let after = try Self.run("query \(store) \(name) --format json", in: rebuilt.path)
                #expect(before.status == 0 && before.stdout == after.stdout, "\(sample): the objects of \(name) differ on the rebuilt store")
            }
        }
        try Self.expectExamples(of: sample, in: rebuilt.path, label: sample + " (rebuilt)")
    }
}
