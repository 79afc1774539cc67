import Foundation
import SQLiteKit
import Testing

/// Issue 29's `.realm` items, through the built binary: a mapped file truncated by another process (item 4),
/// nullable primary keys (item 12), collections of hidden tables (item 13), damage that `check` passed while every
/// read failed (item 17), a link list whose target cannot be resolved (item 18), dangling links (item 19) and the
/// unit of old DateTime columns (item 6).
@Suite struct Defects29RealmTests {
    // MARK: - Item 4: a mapped file truncated under the reader

    /// A preloaded library that plays the other process: it truncates the `.realm` file to 4 KiB right after strata
    /// maps it (`SHRINK_WHEN=mapped`), or by its last 8 bytes, inside the last page, which raises no SIGBUS
    /// (`SHRINK_WHEN=tail`), or when strata creates its temporary output (`SHRINK_WHEN=created`), the moment
    /// at which a compacting app would cut a live file short. Built with the toolchain's C compiler.
    static let shrinkingLibrary = #"""
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <fcntl.h>
    #include <stdarg.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/mman.h>
    #include <unistd.h>
    static char mapped[4096];
    static void shrink(void) {
        if (!mapped[0]) return;
        int w = open(mapped, O_WRONLY);
        if (w >= 0) { ftruncate(w, 4096); close(w); }
        mapped[0] = 0;
    }
    void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
        static void *(*real)(void *, size_t, int, int, int, off_t);
        if (!real) real = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
        void *result = real(addr, length, prot, flags, fd, offset);
        if (fd >= 0 && length > (64u << 20) && result != MAP_FAILED) {
            char link[64];
            snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
            ssize_t n = readlink(link, mapped, sizeof mapped - 1);
            mapped[n > 0 ? n : 0] = 0;
            const char *when = getenv("SHRINK_WHEN");
            if (!when || strcmp(when, "mapped") == 0) shrink();
            if (when && strcmp(when, "tail") == 0) {
                int w = open(mapped, O_WRONLY);
                if (w >= 0) { ftruncate(w, (off_t)length - 8); close(w); }
                mapped[0] = 0;
            }
        }
        return result;
    }
    static int opened(const char *path) {
        if (mapped[0] && path && strstr(path, ".strata-")) shrink();
        return 0;
    }
    int open(const char *path, int flags, ...) {
        static int (*real)(const char *, int, ...);
        if (!real) real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
        va_list list; va_start(list, flags); int mode = va_arg(list, int); va_end(list);
        int fd = real(path, flags, mode);
        opened(path);
        return fd;
    }
    int open64(const char *path, int flags, ...) {
        static int (*real)(const char *, int, ...);
        if (!real) real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open64");
        va_list list; va_start(list, flags); int mode = va_arg(list, int); va_end(list);
        int fd = real(path, flags, mode);
        opened(path);
        return fd;
    }
    """#

    static func buildShrinkingLibrary(in workspace: Workspace) throws -> String {
        let source = workspace.file("shrink.c"), library = workspace.file("shrink.so")
        try shrinkingLibrary.write(toFile: source, atomically: true, encoding: .utf8)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["clang", "-shared", "-fPIC", "-o", library, source, "-ldl"]
        try compiler.run()
        compiler.waitUntilExit()
        try #require(compiler.terminationStatus == 0, "clang could not build the preloaded library")
        return library
    }

    /// Item 4: `convert` (and a read) of a `.realm` over 64 MiB, which strata maps, truncated by another process
    /// while it is read: one line naming the file, exit 1, and neither the temporary file nor its journal left beside
    /// the output (the old binary died with SIGBUS and left both).
    @Test func item4ATruncatedMappedRealmIsAnErrorThatLeavesNothing() throws {
        let workspace = try Workspace()
        let library = try Self.buildShrinkingLibrary(in: workspace)
        for when in ["mapped", "created", "tail"] {
            for fixture in ["Files/all-types.realm", "Files/many-objects.realm", "Files/format-09/many-objects.realm"] {
                let realm = workspace.file("big.realm")
                try? FileManager.default.removeItem(atPath: realm)
                _ = try RealmFileCommandTests.copy(fixture, into: workspace, as: "big.realm")
                // Zeros after the file's data: a realm reads the same, and is now large enough to be mapped.
                #expect(truncate(realm, 65 << 20) == 0)
                let out = workspace.file("out.sqlite")
                let convert = try StrataProcess.run(["convert", realm, out],
                                                    environment: ["LD_PRELOAD": library, "SHRINK_WHEN": when])
                #expect(convert.status == 1, "\(fixture) \(when): \(convert.status) \(convert.stderr)")
                #expect(convert.stderr == "strata: \(realm): cannot be read (it became shorter while being read: another process truncated or compacted it)\n",
                        "\(fixture) \(when)")
                let left = try FileManager.default.contentsOfDirectory(atPath: workspace.path).filter { $0 != "shrink.c" && $0 != "shrink.so" }
                #expect(left == ["big.realm"], "\(fixture) \(when): \(left)")
            }
        }
        _ = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace, as: "read.realm")
        #expect(truncate(workspace.file("read.realm"), 65 << 20) == 0)
        let classes = try StrataProcess.run(["classes", workspace.file("read.realm")],
                                            environment: ["LD_PRELOAD": library, "SHRINK_WHEN": "mapped"])
        #expect(classes.status == 1, "\(classes.stderr)")
        #expect(classes.stderr.contains("it became shorter while being read"), "\(classes.stderr)")
        #expect(classes.stderr.split(separator: "\n").count == 1, "\(classes.stderr)")
    }

    // MARK: - Damaged copies of Files/format-09/links.realm (realm core 5, no tombstones)

    /// `links.realm` of format 9 with bytes changed: (offset, byte). Its layout (read with a node dump):
    /// `class_Target` ids at 472 (4-bit ints 0, 1, 2, 5, 4), `class_Source.target` at 888 (row + 1, 4-bit),
    /// `Source.targets` of object 2 at 920 (one 4-bit row index), Source's sub-spec at 768 (tagged target table
    /// indexes, 4-bit: 5 5 7 7 7), the table names at 1960 (16-byte cells).
    static func damagedLinks(_ patches: [(Int, UInt8)], in workspace: Workspace, as name: String) throws -> String {
        let path = try RealmFileCommandTests.copy("Files/format-09/links.realm", into: workspace, as: name)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        for (offset, value) in patches { bytes[offset] = value }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every read command and `check` on `path`: check's status, and the reads' statuses and stderr.
    /// `check`, the commands that read the objects (`query`, `convert`), and those that read only the schema and the
    /// counts the file's tables keep (`classes`, `schema`: issue 33, no object is read for them, so damage in objects
    /// is not theirs to find).
    /// - Parameter className: the class the query reads (a read converts only the classes it touches).
    static func readsAndCheck(_ path: String, in workspace: Workspace, querying className: String = "Source")
        throws -> (check: StrataProcess.Result, reads: [StrataProcess.Result], schemaReads: [StrataProcess.Result])
    {
        let check = try StrataProcess.run(["check", path])
        var reads: [StrataProcess.Result] = []
        for arguments in [["query", path, className, "--format", "json"], ["convert", path, workspace.file("out-\(reads.count).sqlite")]] {
            reads.append(try StrataProcess.run(arguments))
        }
        let schemaReads = try [["classes", path], ["schema", path]].map { try StrataProcess.run($0) }
        return (check, reads, schemaReads)
    }

    // MARK: - Item 12: nullable primary keys

    /// Item 12: a nullable primary key is optional: in `.realm` files of formats 6, 23 and 24 (realm-java's boxed
    /// keys, realm-core's upgrade file whose `table2` holds `"id": null`, realm-dotnet's nullable keys), in the
    /// SQLite `convert` writes, and in any SQLite table whose non-INTEGER key has no NOT NULL.
    @Test func item12NullablePrimaryKeysAreOptional() throws {
        let workspace = try Workspace()
        func optional(_ file: String, _ className: String, _ property: String, all: Bool = false) throws -> Bool? {
            let result = try StrataProcess.run(["schema", file, className, "--format", "json"] + (all ? ["--all"] : []))
            #expect(result.status == 0, "\(file) \(className): \(result.stderr)")
            let classes = try #require(try RealmFileCommandTests.json(result.stdout) as? [[String: Any]])
            let properties = classes.first?["properties"] as? [[String: Any]] ?? []
            return properties.first { $0["name"] as? String == property }?["optional"] as? Bool
        }
        let cases: [(String, String, String, Bool)] = [
            ("Real/legacy/realm-java-version-test.realm", "PrimaryKeyAsBoxedLong", "id", true),
            ("Real/legacy/realm-java-version-test.realm", "PrimaryKeyAsString", "name", true),
            ("Real/realm-core-upgrade-4-23.realm", "table2", "id", true),
            ("Real/realm-dotnet-guids.realm", "PrimaryKeyNullableGuidObject", "_id", true),
            ("Real/realm-dotnet-guids.realm", "PrimaryKeyNullableInt64Object", "_id", true),
            ("Files/all-types.realm", "AllTypes", "_id", false),
        ]
        for (index, (fixture, className, property, expected)) in cases.enumerated() {
            let realm = try RealmFileCommandTests.copy(fixture, into: workspace, as: "app\(index).realm")
            #expect(try optional(realm, className, property, all: true) == expected, "\(fixture) \(className).\(property)")
            let converted = workspace.file("app\(index).sqlite")
            let convert = try StrataProcess.run(["convert", realm, converted])
            #expect(convert.status == 0, "\(convert.stderr)")
            #expect(try optional(converted, className, property, all: true) == expected, "converted \(fixture) \(className).\(property)")
        }
        let sqlite = try workspace.database("keys.sqlite", """
            CREATE TABLE Loose (id TEXT PRIMARY KEY, x INTEGER);
            CREATE TABLE Tight (id TEXT PRIMARY KEY NOT NULL);
            CREATE TABLE RowID (id INTEGER PRIMARY KEY);
            CREATE TABLE Clustered (id TEXT PRIMARY KEY) WITHOUT ROWID;
            INSERT INTO Loose VALUES (NULL, 1);
            """)
        #expect(try optional(sqlite, "Loose", "id") == true)
        #expect(try optional(sqlite, "Tight", "id") == false)
        #expect(try optional(sqlite, "RowID", "id") == false)
        #expect(try optional(sqlite, "Clustered", "id") == false)
    }

    // MARK: - Item 13: collections of hidden tables

    /// Item 13: the sets of realm-core's internal `table_for_mixed` (no `class_` prefix, so hidden) are hidden with
    /// it; `--all` shows them, and a class's own collections still show.
    @Test func item13CollectionsOfHiddenTablesAreHidden() throws {
        let workspace = try Workspace()
        let realm = try RealmFileCommandTests.copy("Real/realm-core-upgrade-4-23.realm", into: workspace)
        let shown = try StrataProcess.run(["classes", realm, "--format", "json"])
        #expect(shown.stdout.contains("table_for_mixed") == false, "\(shown.stdout)")
        let all = try StrataProcess.run(["classes", realm, "--all", "--format", "json"])
        #expect(all.status == 0, "\(all.stderr)")
        for name in ["table_for_mixed_binarySet", "table_for_mixed_mixedSet", "table_for_mixed_stringSet"] {
            #expect(all.stdout.contains("\"\(name)\""), "\(name)")
        }
        let types = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace, as: "types.realm")
        // A class's own collections are its properties (issue 31), shown by schema, not as classes.
        let classes = try StrataProcess.run(["classes", types, "--format", "json"])
        #expect(!classes.stdout.contains("\"Person_scores\""), "\(classes.stdout)")
        let schema = try StrataProcess.run(["schema", types, "Person"])
        #expect(schema.stdout.contains("scores") && schema.stdout.contains("list<int>"), "\(schema.stdout)")
    }

    // MARK: - Item 17: damage that check passed while every read failed

    /// Item 17: a duplicate primary key (Target id 4 made 1), a class name holding NUL, and a null in a required
    /// date (format 11's `AllTypes.dateValue` of object 0: its seconds set to the null sentinel, at 1828): `check`
    /// finds the problem (exit 5) that makes every read fail, and no message says the `.realm` file is being written.
    @Test func item17CheckFailsWhatEveryReadFails() throws {
        let workspace = try Workspace()
        let duplicate = try Self.damagedLinks([(482, 0x51)], in: workspace, as: "duplicate.realm")
        let named = try Self.damagedLinks([(2008, 0)], in: workspace, as: "named.realm")
        let nullDate = try RealmFileCommandTests.copy("Files/format-11/all-types.realm", into: workspace, as: "null.realm")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: nullDate)))
        bytes.replaceSubrange(1828..<1832, with: [0xff, 0xff, 0xff, 0x7f])
        try Data(bytes).write(to: URL(fileURLWithPath: nullDate))
        for (path, expected, inSchema, damaged) in [(duplicate, "Target has more than one object with the primary key id 1", false, "Target"),
                                                    (named, "table 2 has a name with a NUL character", true, "Source"),
                                                    (nullDate, "AllTypes _id 0: the required property dateValue holds null", false, "AllTypes")] {
            let (check, reads, schemaReads) = try Self.readsAndCheck(path, in: workspace, querying: damaged)
            // Damage in the schema stops classes and schema too; damage in objects is for what reads them.
            for read in schemaReads {
                #expect(read.status == (inSchema ? 1 : 0), "\(path): \(read.stdout) \(read.stderr)")
                #expect(read.stderr.contains(expected) == inSchema, "\(read.stderr)")
            }
            #expect(check.status == 5, "\(path): \(check.stdout) \(check.stderr)")
            #expect(check.stdout.contains(expected), "\(check.stdout)")
            for read in reads {
                #expect(read.status == 1, "\(read.stdout) \(read.stderr)")
                #expect(read.stderr.contains(expected), "\(read.stderr)")
                #expect(!read.stderr.contains("cannot write \(path)"), "\(read.stderr)")
                #expect(!read.stderr.contains("constraint failed"), "\(read.stderr)")
            }
        }
        // A read converts only the classes it touches: Source (whose links name Target's objects by key) reads on.
        let source = try StrataProcess.run(["query", duplicate, "Source", "--format", "json"])
        #expect(source.status == 0 && source.stderr.isEmpty, "\(source.stderr)")
        #expect(source.stdout.contains("\"target\""), "\(source.stdout)")
    }

    // MARK: - Item 18: a link list whose target class cannot be resolved

    /// Item 18: `Source.targets` names the `pk` table as its target (which is no class): `convert` writes the list
    /// table it creates (the old binary created `value` and inserted `target`), and `check` and the reads agree that
    /// its six entries point at nothing.
    @Test func item18ALinkListWithoutATargetClassConverts() throws {
        let workspace = try Workspace()
        let path = try Self.damagedLinks([(776, 0x15)], in: workspace, as: "unresolved.realm")
        let (check, reads, schemaReads) = try Self.readsAndCheck(path, in: workspace)
        // The list table shows as a class of its own (its target is none): classes counts its rows, which reads Source's
        // objects and says what they hold; schema reads no object.
        let warning = "strata: warning: \(path): 6 links point at objects that do not exist (Source.targets 6): read as null, and left out of lists\n"
        #expect(schemaReads.allSatisfy { $0.status == 0 }, "\(schemaReads.map(\.stderr))")
        #expect(schemaReads[0].stderr == warning && schemaReads[1].stderr.isEmpty, "\(schemaReads.map(\.stderr))")
        #expect(check.status == 5, "\(check.stdout) \(check.stderr)")
        #expect(check.stdout.contains("Source.targets: 6 links to objects that do not exist (its target is a table that is not a class of the file)"),
                "\(check.stdout)")
        for read in reads {
            #expect(read.status == 0, "\(read.stderr)")
            #expect(!read.stderr.contains("no column named"), "\(read.stderr)")
            #expect(read.stderr.contains("6 links point at objects that do not exist (Source.targets 6)"), "\(read.stderr)")
        }
    }

    // MARK: - Item 19: dangling links

    /// Item 19: in a file of format 9 (no tombstones), `Source.target` of object 1 points at row 6 and the list
    /// `Source.targets` of object 2 at row 9, where Target has 5 rows: `check` reports both (exit 5), and each read
    /// command says once, on one line, how many links dangle and where; the undamaged file says nothing.
    @Test func item19DanglingLinksAreReportedAndWarnedOnce() throws {
        let workspace = try Workspace()
        let path = try Self.damagedLinks([(896, 0x72), (928, 0x09)], in: workspace, as: "dangling.realm")
        let (check, reads, schemaReads) = try Self.readsAndCheck(path, in: workspace)
        #expect(schemaReads.allSatisfy { $0.status == 0 && $0.stderr.isEmpty }, "\(schemaReads.map(\.stderr))")
        #expect(check.status == 5, "\(check.stdout) \(check.stderr)")
        #expect(check.stdout.contains("problem links       Source.target: 1 link to an object that does not exist"), "\(check.stdout)")
        #expect(check.stdout.contains("problem links       Source.targets: 1 link to an object that does not exist"), "\(check.stdout)")
        let warning = "strata: warning: \(path): 2 links point at objects that do not exist (Source.target 1, Source.targets 1): "
            + "read as null, and left out of lists\n"
        for read in reads {
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stderr.hasPrefix(warning), "\(read.stderr)")
            #expect(read.stderr.components(separatedBy: "warning").count == 2, "\(read.stderr)")
        }
        #expect(!check.stdout.contains("not a class"), "\(check.stdout)")
        let clean = try RealmFileCommandTests.copy("Files/format-09/links.realm", into: workspace, as: "clean.realm")
        let (cleanCheck, cleanReads, cleanSchemaReads) = try Self.readsAndCheck(clean, in: workspace)
        #expect(cleanCheck.status == 0, "\(cleanCheck.stdout)")
        for read in cleanReads + cleanSchemaReads { #expect(!read.stderr.contains("warning"), "\(read.stderr)") }
    }

    // MARK: - Item 6: the unit of old DateTime columns

    /// realm-js's `dates-v3.realm` (format 3: `Date.currentDate` an old DateTime column, int64 values at 528) with
    /// `currentDate` of object 0 set to `value`.
    static func jsDates(_ value: Int64, in workspace: Workspace, as name: String) throws -> String {
        let path = try RealmFileCommandTests.copy("Real/legacy/realm-js-dates-v3.realm", into: workspace, as: name)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        withUnsafeBytes(of: value.littleEndian) { for (index, byte) in $0.enumerated() { bytes[528 + index] = byte } }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func currentDates(_ path: String, _ options: [String] = []) throws -> [String] {
        let result = try StrataProcess.run(["query", path, "Date", "--format", "json"] + options)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try RealmFileCommandTests.json(result.stdout) as? [[String: Any]])
        return rows.map { $0["currentDate"] as? String ?? "?" }
    }

    /// Item 6: an old DateTime is seconds (realm-core's definition, realm-cocoa's and realm-java's unit) whatever the
    /// values: one 9999-12-31 no longer turns the column into milliseconds (the old binary read -10000 s as -10 s);
    /// realm-js's milliseconds read as such with `--realm-dates ms`, near 1970 too (the old binary read them as
    /// seconds), in every read command, `convert` and `check`.
    @Test func item6OldDateTimeUnitsComeFromTheOptionNotTheValues() throws {
        let workspace = try Workspace()
        let late = try Self.jsDates(253_402_214_400, in: workspace, as: "late.realm")
        #expect(try Self.currentDates(late) == ["9999-12-31T00:00:00.000Z", "1969-12-31T21:13:20.000Z"])
        let early = try Self.jsDates(86_400_000, in: workspace, as: "early.realm")
        #expect(try Self.currentDates(early, ["--realm-dates", "ms"]) == ["1970-01-02T00:00:00.000Z", "1969-12-31T23:59:50.000Z"])
        #expect(try Self.currentDates(early, ["--realm-dates", "seconds"]) == ["1972-09-27T00:00:00.000Z", "1969-12-31T21:13:20.000Z"])
        let original = try RealmFileCommandTests.copy("Real/legacy/realm-js-dates-v3.realm", into: workspace, as: "js.realm")
        #expect(try Self.currentDates(original, ["--realm-dates", "ms"]) == ["2016-05-06T02:01:27.955Z", "1969-12-31T23:59:50.000Z"])
        let out = workspace.file("js.sqlite")
        let convert = try StrataProcess.run(["convert", original, out, "--realm-dates", "ms"])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(try Self.currentDates(out) == ["2016-05-06T02:01:27.955Z", "1969-12-31T23:59:50.000Z"])
        let check = try StrataProcess.run(["check", original, "--realm-dates", "ms"])
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
        let wrong = try StrataProcess.run(["query", original, "Date", "--realm-dates", "days"])
        #expect(wrong.status == 2, "\(wrong.stderr)")
        // Read as seconds, realm-js's milliseconds lie past the year 9999: the reads say so, once, and name the option.
        let hint = "strata: warning: \(original): 2 old DateTime values (Date.currentDate 1, Date.nullDate 1) read as seconds "
            + "lie past the year 9999, as milliseconds do: if realm-js wrote the file, read it with --realm-dates ms\n"
        let asSeconds = try StrataProcess.run(["query", original, "Date"])
        #expect(asSeconds.status == 0 && asSeconds.stderr == hint, "\(asSeconds.stderr)")
        let converted = try StrataProcess.run(["convert", original, workspace.file("seconds.sqlite")])
        #expect(converted.stderr.hasPrefix(hint), "\(converted.stderr)")
        // check says it too (a warning: exit 0), as the reads do.
        let checked = try StrataProcess.run(["check", original])
        #expect(checked.status == 0 && checked.stdout.contains("lie past the year 9999"), "\(checked.stdout) \(checked.stderr)")
        let quiet = try StrataProcess.run(["query", original, "Date", "--realm-dates", "ms"])
        #expect(quiet.stderr == "", "\(quiet.stderr)")
        let lateStderr = try StrataProcess.run(["query", late, "Date"]).stderr
        #expect(!lateStderr.contains("currentDate") && lateStderr.contains("(Date.nullDate 1)"), "9999-12-31 is no millisecond: \(lateStderr)")
    }
}
