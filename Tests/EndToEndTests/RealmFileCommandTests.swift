import Foundation
import SQLiteKit
import Testing

/// The built `strata` on `.realm` files written by realm-core (Tests/Fixtures/Realm/Files, formats 11 to 24) and by
/// apps (Tests/Fixtures/Realm/Real): every read command reads them, `convert` writes the same classes as SQLite, the
/// edits and `migrate` refuse them, and no command changes a byte of them.
@Suite struct RealmFileCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Realm")

    /// Every readable fixture: `Files/all-types.realm`, `Files/format-11/many-objects.realm`, `Files/format-09/…` (the old
    /// layout), `Real/…`, `Real/legacy/…`.
    static var readable: [String] {
        var found: [String] = []
        for folder in ["Files", "Files/format-23", "Files/format-22", "Files/format-20", "Files/format-11",
                       "Files/format-09", "Files/format-08", "Files/format-07", "Files/format-05", "Files/format-03", "Files/format-02",
                       "Real", "Real/legacy"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(folder).path)) ?? []
            // Every file with the JSON of what realm-core read (some legacy files have none: see their README).
            found += names.filter { name in
                name.hasSuffix(".realm") && !name.contains("encrypted")
                    && FileManager.default.fileExists(atPath: fixtures.appendingPathComponent(folder + "/" + name.dropLast(6) + ".json").path)
            }.sorted().map { folder + "/" + $0 }
        }
        return found
    }

    static func copy(_ name: String, into workspace: Workspace, as copyName: String = "app.realm") throws -> String {
        let path = workspace.file(copyName)
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent(name).path, toPath: path)
        return path
    }

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// `classes` and `schema` on a `.realm` read its schema and its tables' counts without converting a row (issue 33),
    /// and show what they show on the file `convert` writes: every format, an encrypted file with its key.
    @Test(arguments: ["Files/all-types.realm", "Files/many-objects.realm", "Files/enum-strings.realm", "Files/encrypted.realm",
                      "Files/format-02/all-types.realm", "Files/format-09/links.realm", "Files/format-11/all-types.realm",
                      "Files/format-20/all-types.realm", "Files/format-23/all-types.realm"])
    func classesAndSchemaOfARealmAreThoseOfItsConversion(_ fixture: String) throws {
        let workspace = try Workspace()
        let realm = try Self.copy(fixture, into: workspace)
        var key: [String] = []
        if fixture.hasSuffix("encrypted.realm") {
            let keyFile = workspace.file("app.key")
            try (0..<64).map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined().write(toFile: keyFile, atomically: false, encoding: .utf8)
            key = ["--key-file", keyFile]
        }
        let converted = workspace.file("app.sqlite")
        let convert = try StrataProcess.run(["convert", realm, converted] + key)
        #expect(convert.status == 0, "\(convert.stderr)")
        for command in [["classes"], ["classes", "--format", "json"], ["schema"], ["schema", "--format", "json"]] {
            let fromRealm = try StrataProcess.run([command[0], realm] + command.dropFirst() + key)
            let fromConversion = try StrataProcess.run([command[0], converted] + command.dropFirst())
            #expect(fromRealm.status == 0 && fromRealm.stderr.isEmpty, "\(command): \(fromRealm.stderr)")
            #expect(fromRealm.stdout == fromConversion.stdout, "\(fixture) \(command)")
        }
    }

    @Test func thereAreRealFilesAndGeneratedOnes() {
        #expect(Self.readable.filter { $0.hasPrefix("Real/") }.count >= 15)
        #expect(Self.readable.filter { $0.hasPrefix("Files/") }.count >= 25)
    }

    /// The classes and counts realm-core read (the JSON beside the file), then the same classes, schema and objects
    /// from the converted file as from the `.realm` itself; and the `.realm` untouched.
    @Test(arguments: readable)
    func aRealmReadsAsItsConversionAndAsRealmCoreSaw(_ name: String) throws {
        let workspace = try Workspace()
        let realm = try Self.copy(name, into: workspace)
        let before = try workspace.fingerprint("app.realm")
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixtures.appendingPathComponent(name)
            .deletingPathExtension().appendingPathExtension("json"))) as? [String: Any])
        let tables = try #require(expected["tables"] as? [[String: Any]])
        var counts: [String: Int] = [:]
        for table in tables {
            guard let tableName = table["name"] as? String, tableName.hasPrefix("class_") else { continue }
            counts[String(tableName.dropFirst(6))] = table["objectCount"] as? Int
        }
        let classes = try StrataProcess.run(["classes", realm, "--all", "--format", "json"])
        #expect(classes.status == 0, "\(name): \(classes.stderr)")
        let listed = try #require(try Self.json(classes.stdout) as? [[String: Any]])
        let read = Dictionary(listed.map { ($0["name"] as? String ?? "", $0["count"] as? Int ?? -1) }, uniquingKeysWith: { a, _ in a })
        for (className, count) in counts {
            #expect(read[className] == count, "\(name): \(className) has \(String(describing: read[className])) objects, realm-core read \(count)")
        }

        let converted = workspace.file("app.sqlite")
        let convert = try StrataProcess.run(["convert", realm, converted, "--json"])
        #expect(convert.status == 0, "\(name): \(convert.stderr)")
        let summary = try #require(try Self.json(convert.stdout) as? [String: Any])
        #expect(summary["classes"] as? Int == counts.count, "\(name)")
        #expect(summary["objects"] as? Int == counts.values.reduce(0, +), "\(name)")
        #expect(summary["seconds"] is NSNumber)
        let again = try StrataProcess.run(["classes", converted, "--all", "--format", "json"])
        #expect(again.stdout == classes.stdout, "\(name)")
        let onRealm = try StrataProcess.run(["schema", realm, "--all"])
        let onSQLite = try StrataProcess.run(["schema", converted, "--all"])
        #expect(onRealm.status == 0 && onRealm.stdout == onSQLite.stdout, "\(name): \(onRealm.stderr)")
        try Self.expectCollectionsAreProperties(name, realm: realm, converted: converted, tables: tables)
        // The classes with the most objects (a file of the .NET SDK's tests has 95 empty ones).
        for className in counts.keys.sorted(by: { (counts[$0]!, $1) > (counts[$1]!, $0) }).prefix(6) {
            let rows = try StrataProcess.run(["query", realm, className, "--format", "json"])
            let rowsConverted = try StrataProcess.run(["query", converted, className, "--format", "json"])
            // What cannot be read is marked where the .realm is browsed, NULL where it is converted (legacy files).
            let marked = rows.stdout.replacingOccurrences(of: #""<unreadable: [^"]*>""#, with: "null", options: .regularExpression)
            #expect(rows.status == 0 && marked == rowsConverted.stdout, "\(name) \(className): \(rows.stderr)")
        }
        let after = try workspace.fingerprint("app.realm")
        #expect(after.0 == before.0 && after.1 == before.1, "\(name) was changed")
        #expect(try workspace.listing() == ["app.realm", "app.sqlite"])
    }

    /// Realm's element types by the names `schema` gives them.
    static let elementTypes = ["int": "int", "bool": "bool", "float": "float", "double": "double", "string": "string", "binary": "data",
                               "timestamp": "date", "decimal128": "decimal", "objectId": "objectId", "uuid": "uuid", "mixed": "any"]

    /// Every list, set and dictionary realm-core read (its JSON's columns) is a property of its class, in the `.realm`
    /// and in the converted file, of its kind, element type and optionality; no collection table is a class.
    static func expectCollectionsAreProperties(_ name: String, realm: String, converted: String, tables: [[String: Any]]) throws {
        let schema = try StrataProcess.run(["schema", realm, "--all", "--format", "json"])
        #expect(schema.status == 0, "\(name): \(schema.stderr)")
        let classes = try #require(try Self.json(schema.stdout) as? [[String: Any]])
        let byName = Dictionary(classes.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        for table in tables {
            guard let tableName = table["name"] as? String, let info = byName[tableName.hasPrefix("class_") ? String(tableName.dropFirst(6)) : tableName],
                  let properties = info["properties"] as? [[String: Any]], let columns = table["columns"] as? [[String: Any]]
            else { continue }
            for column in columns {
                guard let kind = column["collection"] as? String, let columnName = column["name"] as? String, let type = column["type"] as? String,
                      type != "backlink"
                else { continue }
                let where_ = "\(name): \(tableName).\(columnName)"
                guard let property = properties.first(where: { $0["name"] as? String == columnName }) else {
                    Issue.record("\(where_) (\(kind) of \(type)) is no property")
                    continue
                }
                #expect(property["type"] as? String == kind, "\(where_)")
                if type == "link" {
                    let target = (column["target"] as? String).map { $0.hasPrefix("class_") ? String($0.dropFirst(6)) : $0 }
                    #expect(property["target"] as? String == target || (property["element"] as? [String: Any])?["type"] as? String == target, "\(where_)")
                } else {
                    let element = property["element"] as? [String: Any]
                    #expect(element?["type"] as? String == elementTypes[type], "\(where_): \(String(describing: element))")
                    #expect(element?["optional"] as? Bool == ((column["nullable"] as? Bool ?? false) || type == "mixed"), "\(where_)")
                }
            }
        }
        // The collection tables the conversion wrote are listed with --all only.
        let connection = try Connection(path: converted, mode: .readOnly)
        let collectionTables = try connection.rows("SELECT name FROM strata_realm_classes WHERE kind IN ('list', 'set', 'dictionary')").compactMap { $0[0].string }
        let shown = try StrataProcess.run(["classes", realm, "--format", "json"])
        let listed = Set(((try Self.json(shown.stdout) as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
        #expect(listed.isDisjoint(with: collectionTables), "\(name): \(listed.intersection(collectionTables).sorted())")
    }

    @Test func theIssuesExamplesWorkOnAllTypes() throws {
        let workspace = try Workspace()
        let realm = try Self.copy("Files/all-types.realm", into: workspace)
        let query = try StrataProcess.run(["query", realm, "Person where ANY dogs.dogName BEGINSWITH[c] \"r\" SORT(age DESC)", "--format", "json"])
        #expect(query.status == 0, "\(query.stderr)")
        let people = try #require(try Self.json(query.stdout) as? [[String: Any]])
        #expect(people.map { $0["name"] as? String } == ["Alice"])
        #expect(people.first?["dogs"] as? [String] == ["600000000000000000000001", "600000000000000000000003", "600000000000000000000001"])
        let get = try StrataProcess.run(["get", realm, "Person", "Bob"])
        #expect(get.status == 0, "\(get.stderr)")
        #expect(get.stdout.hasPrefix("Person 'Bob'\n"))
        #expect(get.stdout.contains("favouriteDog  nil"), "\(get.stdout)")
        let schema = try StrataProcess.run(["schema", realm, "Person"])
        #expect(schema.stdout.contains("dogs ") && schema.stdout.contains("list<Dog>"), "\(schema.stdout)")
        let home = schema.stdout.split(separator: "\n").first { $0.hasPrefix("  home ") }.map(String.init) ?? ""
        #expect(home.contains("object<Address>?") && home.hasSuffix("embedded"), "\(schema.stdout)")
        let classes = try StrataProcess.run(["classes", realm])
        #expect(classes.stdout.contains("Address   embedded        4"), "\(classes.stdout)")
        // Every scalar type keeps its value in the converted form: nanoseconds, decimals, ids, Mixed with its type.
        let all = try StrataProcess.run(["query", realm, "AllTypes where _id == 20", "--format", "json"])
        let object = try #require((try Self.json(all.stdout) as? [[String: Any]])?.first)
        // The Realm type is the conversion's own column, not a property (issue 29, item 9).
        #expect(object["mixedValue"] as? Double == 1.5 && object["mixedValue_type"] == nil, "\(object)")
        let browse = try StrataProcess.run([realm], input: "Dog\n")
        #expect(browse.status == 0, "\(browse.stderr)")
        #expect(browse.stdout.contains("Rex") && browse.stdout.contains("Fido"))
    }

    /// `convert` keeps Realm's search indexes and indexes every link and every collection of objects: the converted
    /// file's own `check` finds no link without an index, and `schema` shows them.
    @Test func theConvertedFileKeepsRealmsIndexesAndIndexesItsLinks() throws {
        let workspace = try Workspace()
        let realm = try Self.copy("Files/all-types.realm", into: workspace)
        let out = workspace.file("out.sqlite")
        #expect(try StrataProcess.run(["convert", realm, out]).status == 0)
        let check = try StrataProcess.run(["check", out])
        #expect(check.status == 0 && !check.stdout.contains("without an index"), "\(check.stdout)")
        let connection = try Connection(path: out, mode: .readOnly)
        let indexes = try connection.rows("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").compactMap { $0[0].string }
        #expect(indexes == ["AllTypes_indexedString_index", "Person_bestFriend_index", "Person_dogSet_value_index", "Person_dogsByNickname_value_index",
                            "Person_dogs_target_index", "Person_favouriteDog_index", "Person_home_index", "Person_pastAddresses_target_index"])
        let schema = try StrataProcess.run(["schema", realm, "AllTypes"])
        #expect(schema.stdout.contains("AllTypes_indexedString_index (indexedString)"), "\(schema.stdout)")
    }

    @Test func convertedValuesKeepEveryDigit() throws {
        let workspace = try Workspace()
        let realm = try Self.copy("Files/all-types.realm", into: workspace)
        let out = workspace.file("out.sqlite")
        #expect(try StrataProcess.run(["convert", realm, out]).status == 0)
        let connection = try Connection(path: out, mode: .readOnly)
        let row = try connection.rows("SELECT dateValue, decimalValue, objectIdValue, uuidValue, typeof(binaryValue), mixedValue, mixedValue_type FROM AllTypes WHERE _id = 60")
        #expect(row.count == 1)
        let types = try connection.rows("SELECT DISTINCT mixedValue_type FROM AllTypes WHERE mixedValue_type IS NOT NULL ORDER BY 1").map { $0[0] }
        #expect(types == ["binary", "bool", "decimal128", "double", "float", "int", "objectId", "string", "timestamp", "uuid"].map(SQLiteValue.text))
        // 1700000000 s and 123456789 ns: nine fraction digits.
        let nanos = try connection.scalar("SELECT mixedValue FROM AllTypes WHERE mixedValue_type = 'timestamp'")
        #expect(nanos == .text("2023-11-14T22:13:20.123456789Z"))
        let decimal = try connection.scalar("SELECT mixedValue FROM AllTypes WHERE mixedValue_type = 'decimal128'")
        #expect(decimal == .text("123.456"))
        #expect(try connection.scalar("PRAGMA user_version") == .integer(3))
        #expect(try connection.scalar("SELECT count(*) FROM Person_scores") == .integer(8))
        #expect(try connection.scalar("PRAGMA foreign_key_check").isNull)
    }

    @Test func convertRefusesToReplaceWithoutForceAndLeavesNothingBehind() throws {
        let workspace = try Workspace()
        let realm = try Self.copy("Files/many-objects.realm", into: workspace)
        let out = try workspace.database("out.sqlite", "CREATE TABLE keep (x); INSERT INTO keep VALUES (1);")
        let before = try workspace.fingerprint("out.sqlite")
        let refused = try StrataProcess.run(["convert", realm, out])
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata: \(out) already exists (use --force to replace it)\n")
        #expect(try workspace.fingerprint("out.sqlite").0 == before.0)
        let forced = try StrataProcess.run(["convert", realm, out, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.hasPrefix("wrote \(out): "))
        #expect(try workspace.listing() == ["app.realm", "out.sqlite"])
        let notRealm = try StrataProcess.run(["convert", out, workspace.file("x.sqlite")])
        #expect(notRealm.status == 1 && notRealm.stderr.contains("is not a Realm file"))
        let missing = try StrataProcess.run(["convert", workspace.file("nope.realm"), workspace.file("x.sqlite")])
        #expect(missing.status == 1 && missing.stderr == "strata: no such file: \(workspace.file("nope.realm"))\n")
        #expect(try workspace.listing() == ["app.realm", "out.sqlite"])
    }

    @Test func editsAndMigrateRefuseARealmAndSayToConvertIt() throws {
        let workspace = try Workspace()
        let realm = try Self.copy("Files/all-types.realm", into: workspace)
        let before = try workspace.fingerprint("app.realm")
        try FileManager.default.createDirectory(atPath: workspace.file("migrations"), withIntermediateDirectories: true)
        let commands: [[String]] = [
            ["set", realm, "Person", "Alice", "age=3"], ["insert", realm, "Dog", "dogName=Max"],
            ["delete", realm, "Dog", "600000000000000000000001", "--yes"], ["update", realm, "Person where age > 1", "set", "age=1"],
            ["migrate", realm, "--dir", workspace.file("migrations")], ["open", realm, "--write"],
        ]
        for arguments in commands {
            let result = try StrataProcess.run(arguments, input: "")
            #expect(result.status == 1, "\(arguments): \(result.stdout)")
            #expect(result.stderr.contains("is a Realm file, which strata reads but does not change: convert it to SQLite first (strata convert"),
                    "\(arguments): \(result.stderr)")
        }
        let after = try workspace.fingerprint("app.realm")
        #expect(after.0 == before.0 && after.1 == before.1)
    }

    /// An encrypted file: refused without its key, saying how to give it; read with it (`--key-file`, or
    /// `STRATA_REALM_KEY`) exactly as the same content written unencrypted, every read command and `convert`;
    /// another key is one line; no file but the conversion's output is written (the copy reads go through is in
    /// memory).
    @Test(arguments: ["Files/encrypted.realm", "Files/format-20/encrypted.realm", "Files/format-11/encrypted.realm"])
    func anEncryptedRealmOpensWithItsKey(_ name: String) throws {
        let workspace = try Workspace()
        let realm = try Self.copy(name, into: workspace)
        let before = try workspace.fingerprint("app.realm")
        for arguments in [["classes", realm], ["convert", realm, workspace.file("x.sqlite")], [realm]] {
            let result = try StrataProcess.run(arguments, input: "")
            #expect(result.status == 1)
            #expect(result.stderr == "strata: \(realm) is encrypted: give its key with --key-file PATH or the STRATA_REALM_KEY variable\n", "\(arguments)")
        }
        let json = try #require(try Self.json(String(decoding: try Data(contentsOf: Self.fixtures.appendingPathComponent(name)
            .deletingPathExtension().appendingPathExtension("json")), as: UTF8.self)) as? [String: Any])
        let hex = try #require(json["encryptionKeyHex"] as? String)
        let plain = try Self.copy((name as NSString).deletingLastPathComponent + "/" + (try #require(json["sameContentAs"] as? String)),
                                  into: workspace, as: "plain.realm")
        let keyFile = workspace.file("key.hex")
        try Data((hex + "\n").utf8).write(to: URL(fileURLWithPath: keyFile))
        for command in [["classes", "--all"], ["schema", "--all"], ["query", "Person", "--format", "json"], ["query", "AllTypes", "--format", "csv"],
                        ["get", "AllTypes", "0"]] {
            let args = [command[0], "FILE"] + command.dropFirst()
            let expected = try StrataProcess.run(args.map { $0 == "FILE" ? plain : $0 })
            let withFile = try StrataProcess.run(args.map { $0 == "FILE" ? realm : $0 } + ["--key-file", keyFile])
            let withVariable = try StrataProcess.run(args.map { $0 == "FILE" ? realm : $0 }, environment: ["STRATA_REALM_KEY": hex])
            #expect(expected.status == 0 && withFile.status == 0 && withVariable.status == 0, "\(command): \(withFile.stderr)")
            #expect(withFile.stdout == expected.stdout.replacingOccurrences(of: plain, with: realm), "\(command)")
            #expect(withVariable.stdout == withFile.stdout, "\(command)")
        }
        let browse = try StrataProcess.run([realm], environment: ["STRATA_REALM_KEY": hex], input: "Dog\n")
        #expect(browse.status == 0 && browse.stdout.contains("Rex"), "\(browse.stderr)")
        let check = try StrataProcess.run(["check", realm, "--key-file", keyFile])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let converted = workspace.file("out.sqlite"), reference = workspace.file("plain.sqlite")
        #expect(try StrataProcess.run(["convert", realm, converted, "--key-file", keyFile]).status == 0)
        #expect(try StrataProcess.run(["convert", plain, reference]).status == 0)
        let dump = { (path: String) in try StrataProcess.run(["query", path, "Person", "--format", "json"]).stdout }
        #expect(try dump(converted) == dump(reference))
        // Another key: one line, exit 1.
        let wrong = workspace.file("wrong.key")
        try Data(repeating: 0xFF, count: 64).write(to: URL(fileURLWithPath: wrong))
        let refused = try StrataProcess.run(["classes", realm, "--key-file", wrong])
        #expect(refused.status == 1 && refused.stderr == "strata: the key does not open \(realm) (its first page fails authentication)\n", "\(refused.stderr)")
        let short = try StrataProcess.run(["classes", realm], environment: ["STRATA_REALM_KEY": "abc"])
        #expect(short.status == 1 && short.stderr.hasPrefix("strata: STRATA_REALM_KEY: a Realm key is 128 hex digits or 64 bytes"), "\(short.stderr)")
        // Nothing decrypted is written to a disk: with no folder for temporary files, the encrypted file reads (its copy
        // is in memory), where the same file unencrypted cannot (its copy is a file).
        let nowhere = ["TMPDIR": workspace.file("no-such-folder")]
        let inMemory = try StrataProcess.run(["query", realm, "Person", "--format", "json", "--key-file", keyFile], environment: nowhere)
        #expect(inMemory.status == 0 && inMemory.stdout.contains("\"name\""), "\(inMemory.stderr)")
        let onDisk = try StrataProcess.run(["query", plain, "Person", "--format", "json"], environment: nowhere)
        #expect(onDisk.status == 1 && onDisk.stderr.contains("cannot make a private folder"), "\(onDisk.stderr)")
        let after = try workspace.fingerprint("app.realm")
        #expect(after.0 == before.0 && after.1 == before.1)
        #expect(try workspace.listing() == ["app.realm", "key.hex", "out.sqlite", "plain.realm", "plain.sqlite", "wrong.key"])
    }

    /// What a hostile user hands over: an edit of an encrypted file (refused as any .realm's, never as "not a
    /// database"), a key file that is a FIFO, a folder, missing, or too large: one line each, exit 1.
    @Test func anEncryptedRealmsEditsAndBadKeyFilesAreOneLine() throws {
        let workspace = try Workspace()
        let realm = try Self.copy("Files/encrypted.realm", into: workspace)
        let before = try workspace.fingerprint("app.realm")
        try FileManager.default.createDirectory(atPath: workspace.file("m"), withIntermediateDirectories: true)
        try Data("add property Dog.x int?\n".utf8).write(to: URL(fileURLWithPath: workspace.file("m/1_x.strata")))
        for arguments in [["set", realm, "Dog", "1", "age", "=", "3"], ["migrate", realm, "--dir", workspace.file("m")], ["--write", realm]] {
            let result = try StrataProcess.run(arguments, input: "")
            #expect(result.status == 1 && result.stderr.hasPrefix("strata: \(realm) is a Realm file, which strata reads but does not change"),
                    "\(arguments): \(result.stderr)")
        }
        let fifo = workspace.file("key.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let big = workspace.file("big.key")
        try Data(repeating: 0x30, count: 100_000).write(to: URL(fileURLWithPath: big))
        for (path, message) in [(fifo, "no such file, or not a file that can be read"), (workspace.path, "no such file, or not a file that can be read"),
                                (workspace.file("none"), "no such file, or not a file that can be read"),
                                (big, "a Realm key is 128 hex digits or 64 bytes, and this file holds more than 4096 bytes")] {
            let result = try StrataProcess.run(["classes", realm, "--key-file", path])
            #expect(result.status == 1 && result.stderr == "strata: --key-file \(path): \(message)\n", "\(result.stderr)")
        }
        let after = try workspace.fingerprint("app.realm")
        #expect(after.0 == before.0 && after.1 == before.1)
    }

    /// A damaged page of an encrypted file, read with its key, is named; a truncated file says so.
    @Test func aDamagedEncryptedRealmNamesItsPage() throws {
        let workspace = try Workspace()
        var bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("Files/encrypted.realm"))
        let hex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
        bytes[3 * 4096 + 100] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: workspace.file("damaged.realm")))
        let damaged = try StrataProcess.run(["classes", workspace.file("damaged.realm")], environment: ["STRATA_REALM_KEY": hex])
        #expect(damaged.status == 1 && damaged.stderr.contains("encrypted page 2 (at offset 12288) fails authentication: the file is damaged"), "\(damaged.stderr)")
        // Cut after its second data page: what is left decrypts, and its top ref points past its end.
        try bytes.prefix(4096 * 3).write(to: URL(fileURLWithPath: workspace.file("cut.realm")))
        let cut = try StrataProcess.run(["classes", workspace.file("cut.realm")], environment: ["STRATA_REALM_KEY": hex])
        #expect(cut.status == 1 && cut.stderr.hasPrefix("strata: \(workspace.file("cut.realm")): ") && cut.stderr.filter { $0 == "\n" }.count == 1,
                "\(cut.stderr)")
    }

    /// Files of formats 2–9 (realm core 5 and earlier) are read like the others: listed, converted, left as they were.
    @Test func anOldFormatIsReadAndLeftAsItWas() throws {
        let legacy = Self.fixtures.appendingPathComponent("Real/legacy")
        let names = try FileManager.default.contentsOfDirectory(atPath: legacy.path).filter { $0.hasSuffix(".realm") }.sorted()
        #expect(names.count >= 10)
        for name in names {
            let workspace = try Workspace()
            let realm = try Self.copy("Real/legacy/" + name, into: workspace)
            let before = try workspace.fingerprint("app.realm").0
            let result = try StrataProcess.run(["classes", realm])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            // realm-js wrote milliseconds where the others wrote seconds: read as seconds, its reads say so.
            let jsHint = name.hasPrefix("realm-js-dates") && result.stderr.contains("read it with --realm-dates ms")
            #expect(result.stderr == "" || jsHint, "\(name): \(result.stderr)")
            let converted = try StrataProcess.run(["convert", realm, workspace.file("out.sqlite")])
            #expect(converted.status == 0, "\(name): \(converted.stderr)")
            #expect(try workspace.fingerprint("app.realm").0 == before, "\(name) changed")
            #expect(try workspace.listing() == ["app.realm", "out.sqlite"])
        }
    }

    /// A format-9 file whose subtables of several columns cannot be read: the class still opens, the browser and
    /// query show `<unreadable: …>`, convert writes NULL and says how many values of which property, in text and JSON.
    @Test func unreadableValuesAreMarkedAndCounted() throws {
        let workspace = try Workspace()
        let realm = try Self.copy("Files/format-09/all-types.realm", into: workspace)
        let query = try StrataProcess.run(["query", realm, "LegacyTypes where oldDate > '2017-07-14T09:00:00Z'", "--format", "csv"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.contains("<unreadable: subtable of 3 columns>"), "\(query.stdout)")
        #expect(query.stdout.contains("<unreadable: subtable in an old Mixed>"), "\(query.stdout)")
        let out = workspace.file("out.sqlite")
        let converted = try StrataProcess.run(["convert", realm, out])
        #expect(converted.status == 0)
        #expect(converted.stderr.hasPrefix("""
            strata: warning: LegacyTypes.anyValue: 1 value could not be read (subtable in an old Mixed) and was written as nil
            strata: warning: LegacyTypes.points: 10 values could not be read (subtable of 3 columns) and were written as nil
            wrote \(out):
            """), "\(converted.stderr)")
        let rows = try Connection(path: out, mode: .readOnly).rows("SELECT anyValue, anyValue_type, points FROM LegacyTypes ORDER BY _key")
        #expect(rows.map { $0[0] } == [.integer(42), .integer(1), .real(1.5), .real(2.25), .text("mixed string"), .blob([0, 1, 2, 255]),
                                      .text("2023-11-14T22:13:20.000Z"), .text("2023-11-14T22:13:20.123456789Z"), .null, .integer(-7)])
        #expect(rows.map { $0[2] } == Array(repeating: .null, count: 10))
        let json = try StrataProcess.run(["convert", realm, workspace.file("again.sqlite"), "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let unreadable = try #require(document["unreadable"] as? [[String: Any]])
        #expect(unreadable.map { "\($0["class"] ?? "").\($0["property"] ?? "") \($0["values"] ?? "") \($0["what"] ?? "")" }
                == ["LegacyTypes.anyValue 1 subtable in an old Mixed", "LegacyTypes.points 10 subtable of 3 columns"])
    }

    /// Truncations and flipped bytes of a real file: a one-line error or an answer, never a crash, never a hang.
    @Test func damagedRealmsGiveOneLineErrors() throws {
        let workspace = try Workspace()
        let source = try Data(contentsOf: Self.fixtures.appendingPathComponent("Files/all-types.realm"))
        var generator = SystemRandomNumberGenerator()
        var cases: [Data] = [source.prefix(4096), source.prefix(source.count - 8), source.prefix(24), Data(source.prefix(23))]
        for _ in 0..<24 {
            var damaged = source
            for _ in 0..<4 {
                let offset = Int.random(in: 24..<damaged.count, using: &generator)
                damaged[offset] ^= UInt8.random(in: 1...255, using: &generator)
            }
            cases.append(damaged)
        }
        for (index, bytes) in cases.enumerated() {
            let path = workspace.file("damaged-\(index).realm")
            try bytes.write(to: URL(fileURLWithPath: path))
            let result = try StrataProcess.run(["classes", path])
            #expect(result.status == 0 || result.status == 1, "case \(index): status \(result.status), \(result.stderr)")
            if result.status != 0 {
                #expect(result.stderr.hasPrefix("strata: ") && result.stderr.filter { $0 == "\n" }.count == 1, "case \(index): \(result.stderr)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        }
    }
}
