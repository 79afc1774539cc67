import Foundation
import Testing
@testable import RealmConvert
import RealmFile
import SQLiteKit
import StrataCore

/// `RealmLazyCopy`: the SQLite copy that reads go through, filled class by class as statements read them, holds
/// exactly what a whole conversion writes, fills nothing a statement does not read, and takes a failed fill back.
@Suite struct RealmLazyCopyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Realm")

    /// A copy of the realm at `path` of the test's own, in memory: the process's copies (`readableCopy`, one per file,
    /// in a temporary folder) are shared by every test, and a test process may end without removing its folders.
    static func copy(of path: String) throws -> RealmLazyCopy {
        let converter = try RealmConversionFile.open(path)
        return try RealmLazyCopy(converter: converter, uri: "file:lazy-test-\(UUID().uuidString)?mode=memory&cache=shared", isInMemory: true,
                                 source: path, failure: "cannot make the copy of \(path)")
    }

    /// Every unencrypted fixture and real file.
    static var files: [String] {
        var found: [String] = []
        for folder in ["Files", "Real"] {
            let base = root.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(atPath: base.path)
            while let name = walker?.nextObject() as? String {
                guard name.hasSuffix(".realm"), !name.contains("encrypted") else { continue }
                found.append(folder + "/" + name)
            }
        }
        return found.sorted()
    }

    /// A table's rows, sorted by their text: the copy and the whole conversion may write a table's rows in the
    /// same order, but the comparison does not depend on it.
    static func rows(_ table: String, _ connection: Connection) throws -> [String] {
        try connection.rows("SELECT * FROM \(identifier: table)" as SQL).map { "\($0)" }.sorted()
    }

    static func sortedText<T>(_ items: [T]) -> [String] { items.map { "\($0)" }.sorted() }

    /// Each table read on its own, in a shuffled order, holds the rows of the whole conversion, and the classes filled
    /// are only those read so far; once all are read, what the fills found is what the conversion found.
    @Test(arguments: files)
    func tableByTableTheCopyHoldsWhatAConversionWrites(_ name: String) throws {
        let path = Self.root.appendingPathComponent(name).path
        let converter: RealmConverter
        do {
            converter = try RealmConversionFile.open(path)
        } catch {
            // A file no read opens (a format of its own, damage in the schema) has no copy either.
            #expect(throws: StrataError.self) { try Self.copy(of: path) }
            return
        }
        let whole = try Connection(path: "", mode: .memory)
        let summary: RealmConverter.Summary
        do {
            summary = try whole.transaction { try converter.write(into: whole, markingUnreadable: true) }
        } catch {
            // Damage in objects: the copy opens (its schema is whole) and a read of everything fails.
            let copy = try Self.copy(of: path)
            #expect(throws: StrataError.self) { _ = try copy.fillAll() }
            return
        }
        let copy = try Self.copy(of: path)
        let reader = try copy.openReader(timeout: 1000)
        let tables = converter.plannedTables
        var generator = SystemRandomNumberGenerator()
        var read: Set<String> = []
        for table in tables.shuffled(using: &generator) {
            #expect(try Self.rows(table.name, reader) == Self.rows(table.name, whole), "\(name): \(table.name)")
            // The table's class: itself, or the owner of a collection table.
            let owner = tables.last { $0.kind != .collection && tables.firstIndex(of: $0)! <= tables.firstIndex(of: table)! }!
            read.insert(owner.name)
            #expect(Set(copy.filledClasses).isSubset(of: read) && copy.filledClasses.contains(owner.name) || owner.objects == 0,
                    "\(name): \(copy.filledClasses) after \(read)")
        }
        let all = try copy.fillAll()
        #expect(Self.sortedText(all.dangling) == Self.sortedText(summary.dangling), "\(name)")
        #expect(Self.sortedText(all.unreadable) == Self.sortedText(summary.unreadable), "\(name)")
        #expect(Self.sortedText(all.lateDates) == Self.sortedText(summary.lateDates), "\(name)")
        #expect(all.objects == summary.objects && all.collectionRows == summary.collectionRows, "\(name)")
        #expect(Self.sortedText(all.tables) == Self.sortedText(summary.tables), "\(name)")
    }

    /// Inserting on a second thread (`InsertPipe`) writes the database that inserting as the file is read writes,
    /// table for table, and fails where it fails, with the same message.
    @Test(arguments: files)
    func insertsOnASecondThreadWriteTheSameRows(_ name: String) throws {
        let path = Self.root.appendingPathComponent(name).path
        guard let converter = try? RealmConversionFile.open(path) else { return }
        // Each way's tables, or its error.
        var written: [[[String]]] = []
        for threaded in [false, true] {
            let connection = try Connection(path: "", mode: .memory)
            do {
                _ = try connection.transaction { try converter.write(into: connection, threaded: threaded) }
                written.append(try converter.plannedTables.map { try Self.rows($0.name, connection) })
            } catch {
                written.append([["\(error)"]])
            }
        }
        #expect(written[0] == written[1], "\(name)")
    }

    /// The damage a constraint finds (a duplicate primary key, a dictionary key twice, a set's value twice) is
    /// named alike by both ways of inserting.
    @Test func constraintsFailAlikeOnBothThreads() throws {
        var bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("Files/format-09/links.realm")))
        bytes[482] = 0x51
        let folder = try #require(try? Platform.makePrivateDirectory().get())
        let path = folder + "/duplicate.realm"
        defer { Platform.removeNow([path, folder]) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let converter = try RealmConversionFile.open(path)
        for threaded in [false, true] {
            let connection = try Connection(path: "", mode: .memory)
            do {
                _ = try connection.transaction { try converter.write(into: connection, threaded: threaded) }
                Issue.record("a duplicate primary key was written")
            } catch let error as RealmReadError {
                #expect(error.message.hasSuffix("Target has more than one object with the primary key id 1"), "\(error.message)")
            }
        }
    }

    /// A class whose objects are damaged (two Targets with the primary key 1) fails each read of it with the reader's
    /// message, stays empty, and fails again the same way; the class beside it reads.
    @Test func aFailedFillIsTakenBackAndFailsAgain() throws {
        let folder = try #require(try? Platform.makePrivateDirectory().get())
        defer { Platform.removeNow([folder + "/duplicate.realm", folder]) }
        var bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("Files/format-09/links.realm")))
        bytes[482] = 0x51
        let path = folder + "/duplicate.realm"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let copy = try Self.copy(of: path)
        let reader = try copy.openReader(timeout: 1000)
        for _ in 0..<2 {
            do {
                _ = try reader.scalar("SELECT count(*) FROM Target")
                Issue.record("a read of the damaged class ran")
            } catch let error as StrataError {
                #expect(error.message.contains("Target has more than one object with the primary key id 1"), "\(error.message)")
            }
            #expect(!copy.filledClasses.contains("Target"))
        }
        #expect(try reader.scalar("SELECT count(*) FROM Source") == .integer(5))
        #expect(copy.filledClasses == ["Source"])
        // A second reader shares what the first one's reads filled.
        let other = try copy.openReader(timeout: 1000)
        #expect(try other.scalar("SELECT count(*) FROM Source_targets") == reader.scalar("SELECT count(*) FROM Source_targets"))
        #expect(copy.filledClasses == ["Source"])
    }

    /// A fill stopped midway (Ctrl-C) is taken back whole: the class stays empty, its statement fails with
    /// `interrupted`, and the next read fills it again, every object once.
    @Test func aStoppedFillIsTakenBackAndDoneAgain() throws {
        let path = Self.root.appendingPathComponent("Files/format-09/many-rows.realm").path
        let copy = try Self.copy(of: path)
        let table = try #require(copy.converter.plannedTables.first { ($0.objects ?? 0) > 4096 })
        let stops = Counts(1)
        // The first check of the fill, after 4,096 of its objects, says stop.
        copy.shouldStop = { stops.values[0] == 0 && { stops.set(0, 1); return true }() }
        let reader = try copy.openReader(timeout: 1000)
        #expect(throws: StrataError.interrupted) { _ = try reader.scalar("SELECT count(*) FROM \(identifier: table.name)" as SQL) }
        #expect(copy.filledClasses.isEmpty)
        #expect(try reader.scalar("SELECT count(*) FROM \(identifier: table.name)" as SQL) == .integer(Int64(table.objects!)))
        #expect(try reader.scalar("SELECT count(DISTINCT rowid) FROM \(identifier: table.name)" as SQL) == .integer(Int64(table.objects!)))
        #expect(copy.filledClasses == [table.name])
    }

    /// Readers on several threads at once, each reading every class: each class is filled once, and every reader
    /// sees it whole.
    @Test func readersOnSeveralThreadsFillEachClassOnce() throws {
        let path = Self.root.appendingPathComponent("Files/many-objects.realm").path
        let whole = try Connection(path: "", mode: .memory)
        let converter = try RealmConversionFile.open(path)
        _ = try whole.transaction { try converter.write(into: whole, markingUnreadable: true) }
        let tables = converter.plannedTables.map(\.name)
        let expected = try tables.map { try Self.rows($0, whole).count }
        let copy = try Self.copy(of: path)
        let counts = Counts(tables.count * 4)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            guard let reader = try? copy.openReader(timeout: 5000) else { return }
            for (index, table) in (worker % 2 == 0 ? tables : tables.reversed()).enumerated() {
                let count = (try? reader.scalar("SELECT count(*) FROM \(identifier: table)" as SQL).int64).flatMap { $0 }
                counts.set(worker * tables.count + (worker % 2 == 0 ? index : tables.count - 1 - index), count.map(Int.init) ?? -1)
            }
        }
        for worker in 0..<4 { #expect(counts.values[(worker * tables.count)..<((worker + 1) * tables.count)].elementsEqual(expected)) }
        #expect(Set(copy.filledClasses) == Set(converter.plannedTables.filter { $0.kind != .collection }.map(\.name)))
    }

    /// Realm's full-text indexes (`full-text.realm`: Note.title and Note.body, not Note.tag) are an FTS5 table over
    /// the class, `Note_fts`, filled with the class: in a conversion, and in the copy when the class or the FTS table
    /// is first read; hidden from the classes.
    @Test func fullTextIndexesAreFTS5Tables() throws {
        let path = Self.root.appendingPathComponent("Files/full-text.realm").path
        let converter = try RealmConversionFile.open(path)
        let note = try #require(converter.schema.classes.first { $0.className == "Note" })
        #expect(note.columns.filter(\.isFullTextIndexed).map(\.name) == ["title", "body"])
        #expect(note.columns.first { $0.name == "tag" }?.isIndexed == true)
        let whole = try Connection(path: "", mode: .memory)
        _ = try whole.transaction { try converter.write(into: whole) }
        let copy = try Self.copy(of: path)
        let reader = try copy.openReader(timeout: 1000)
        // The FTS table read first: its class is filled, and the index with it.
        for connection in [reader, whole] {
            func found(_ match: String) throws -> [Int64] {
                try connection.rows("SELECT rowid FROM Note_fts WHERE Note_fts MATCH ?1 ORDER BY rowid", [.text(match)]).compactMap { $0[0].int64 }
            }
            #expect(try found("milk") == [1, 5, 8])
            #expect(try found("body:milk") == [1, 5])
            #expect(try found("title:milk") == [1, 8])
            #expect(try found("zürich") == [3])
            #expect(try found("brûlée OR report") == [4, 6])
            #expect(try found("mil*") == [1, 5, 8])
            #expect(try connection.scalar("SELECT kind FROM strata_realm_classes WHERE name = 'Note_fts'") == .text("fullText"))
            #expect(try connection.scalar("SELECT count(*) FROM Note_fts_data") != .integer(0))
        }
        #expect(copy.filledClasses == ["Note"])
        var schemaReader = SchemaReader(connection: reader)
        let schema = try schemaReader.read()
        #expect(schema.visibleClasses.map(\.name) == ["Note"])
        #expect(schema.classes.first { $0.name == "Note_fts" }?.isHidden == true)
    }

    final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Int]
        init(_ count: Int) { values = Array(repeating: 0, count: count) }
        func set(_ index: Int, _ value: Int) { lock.withLock { values[index] = value } }
    }
}
