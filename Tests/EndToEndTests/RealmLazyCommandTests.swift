import Foundation
import SQLiteKit
import Testing

/// Issue 33, through the built binary: a read of a `.realm` converts the classes it touches and no others, says what a
/// class holds when it first reads it, and keeps Realm's full-text indexes as FTS5 tables.
@Suite struct RealmLazyCommandTests {
    /// A query of a class reads that class (and, to name its links, its targets' keys): damage in another class
    /// stops only the reads of that class, in a command and in the browser alike.
    @Test func aReadConvertsTheClassesItTouches() throws {
        let workspace = try Workspace()
        let path = try Defects29RealmTests.damagedLinks([(482, 0x51)], in: workspace, as: "duplicate.realm")
        let expected = "Target has more than one object with the primary key id 1"
        let source = try StrataProcess.run(["query", path, "Source SORT(id) LIMIT(2)", "--format", "csv"])
        #expect(source.status == 0 && source.stderr.isEmpty, "\(source.stderr)")
        #expect(source.stdout.hasPrefix("id,"), "\(source.stdout)")
        let target = try StrataProcess.run(["get", path, "Target", "2"])
        #expect(target.status == 1 && target.stderr.contains(expected), "\(target.stderr)")
        // The browser: each read of the damaged class fails with the file's message (a page of Source that labels its
        // links with their targets reads Target too), and one of Source alone goes on.
        let browser = try StrataProcess.run([path], input: "Target\nSource SHOW(id) SORT(id)\nSource\nTarget\n")
        #expect(browser.stderr.components(separatedBy: expected).count == 4, "\(browser.stderr)")
        #expect(browser.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == ["id", "0", "1", "2", "3", "4"],
                "\(browser.stdout)")
        #expect(!browser.stderr.contains("constraint"), "\(browser.stderr)")
    }

    /// A cluster tree that claims one object more than its leaves hold (`many-objects.realm`'s inner node, its tagged
    /// total at 8044 made 616): `classes` shows the claim (it reads no object), and `check` and every read of the class
    /// say the same thing: the class is damaged, in one line.
    @Test func aClaimedCountThatTheObjectsBelieIsDamageToCheckAndToReads() throws {
        let workspace = try Workspace()
        let path = try RealmFileCommandTests.copy("Files/many-objects.realm", into: workspace, as: "claims.realm")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes[8044] == UInt8((615 << 1 | 1) & 0xFF) && bytes[8045] == UInt8((615 << 1 | 1) >> 8))
        bytes[8044] = UInt8((616 << 1 | 1) & 0xFF)
        bytes[8045] = UInt8((616 << 1 | 1) >> 8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let expected = "Item says it has 616 objects; 615 were read"
        let classes = try StrataProcess.run(["classes", path])
        #expect(classes.status == 0 && classes.stdout.contains("616"), "\(classes.stdout) \(classes.stderr)")
        let check = try StrataProcess.run(["check", path])
        #expect(check.status == 5 && check.stdout.contains(expected), "\(check.stdout)")
        for arguments in [["query", path, "Item", "--format", "json"], ["convert", path, workspace.file("claims.sqlite")], ["get", path, "Item", "1"]] {
            let read = try StrataProcess.run(arguments)
            #expect(read.status == 1 && read.stderr == "strata: \(path): \(expected)\n", "\(arguments[0]): \(read.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.file("claims.sqlite")))
    }

    /// What a class holds that reads show differently (links to objects that do not exist) is said when a read
    /// first touches it: a query of Target, which links nowhere, says nothing; one of Source says it once.
    @Test func aClassSaysWhatItHoldsWhenFirstRead() throws {
        let workspace = try Workspace()
        let path = try Defects29RealmTests.damagedLinks([(896, 0x72), (928, 0x09)], in: workspace, as: "dangling.realm")
        let target = try StrataProcess.run(["query", path, "Target", "--format", "json"])
        #expect(target.status == 0 && target.stderr.isEmpty, "\(target.stderr)")
        let browser = try StrataProcess.run([path], input: "Target\nSource\nSource\n")
        #expect(browser.status == 0, "\(browser.stderr)")
        #expect(browser.stderr.components(separatedBy: "2 links point at objects that do not exist").count == 2, "\(browser.stderr)")
    }

    /// Realm's full-text indexes (`full-text.realm`: Note.title and Note.body) are the hidden FTS5 table `Note_fts`:
    /// schema notes them, classes leaves the table out, `sql` searches it on the `.realm` file and on the converted
    /// database, and check passes both.
    @Test func fullTextIndexesAreSearchedWithMatch() throws {
        let workspace = try Workspace()
        let path = try RealmFileCommandTests.copy("Files/full-text.realm", into: workspace, as: "notes.realm")
        let converted = workspace.file("notes.sqlite")
        let convert = try StrataProcess.run(["convert", path, converted])
        #expect(convert.status == 0, "\(convert.stderr)")
        let search = "SELECT Note._id FROM Note JOIN Note_fts ON Note_fts.rowid = Note.rowid WHERE Note_fts MATCH 'milk' ORDER BY Note._id"
        for file in [path, converted] {
            let schema = try StrataProcess.run(["schema", file, "Note"])
            #expect(schema.stdout.contains("full-text indexed (Note_fts)"), "\(schema.stdout)")
            #expect(!schema.stdout.contains("tag       string   TEXT         full-text"), "\(schema.stdout)")
            let classes = try StrataProcess.run(["classes", file, "--format", "json"])
            #expect(classes.status == 0 && !classes.stdout.contains("Note_fts"), "\(classes.stdout)")
            let found = try StrataProcess.run(["sql", file, search, "--format", "csv"])
            #expect(found.status == 0, "\(found.stderr)")
            #expect(found.stdout.split(whereSeparator: \.isNewline) == ["_id", "1", "5", "8"], "\(found.stdout)")
            let check = try StrataProcess.run(["check", file])
            #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
        }
        let connection = try Connection(path: converted)
        #expect(try connection.scalar("SELECT count(*) FROM Note_fts WHERE Note_fts MATCH 'body:milk'") == .integer(2))
    }
}
