import RealmFile
import SQLiteKit
import StrataCore

/// A `.realm` file's SQLite copy for reading, made at once and filled class by class as reads first need them.
///
/// The copy starts as the converted file's schema, every table and index but no row (`RealmConverter.writeSchema`):
/// what `classes`, `schema` and the browser's prompt need, however large the file. A connection from `openReader`
/// reports the tables each statement it compiles reads (`TableReadHook`); before the statement runs, the classes
/// among them that are still empty are converted, with their lists, sets and dictionaries, and kept for the rest of
/// the process. A query about one class of a large file waits for that class alone.
///
/// Every connection is in SQLite's shared cache (a file in a private folder, or a database in memory for an
/// encrypted file, whose plaintext never reaches a disk): one page cache without snapshots, so that a class filled
/// through the copy's own writing connection is seen at once by a reader whose other statements are still running.
/// Fills are serialized; each is one transaction, rolled back whole when it fails or Ctrl-C stops it (the class
/// stays empty and is filled again when next read). The file is read with one node walk per pass over it, as a
/// whole conversion reads it (`RealmNodeWalk`): however many fills, a hostile file gets no more work out of the
/// reader than its size allows.
public final class RealmLazyCopy: @unchecked Sendable {
    /// What a fill tells whoever shows it.
    public enum Event: Sendable {
        /// A class of `total` objects is being filled, `done` of them so far (0 when it starts).
        case progress(className: String, done: Int, total: Int)
        /// The fill is over (done or failed).
        case finished
        /// What the classes just filled hold that reads show differently from the file (links to objects that do not
        /// exist, old dates that look like milliseconds): one line naming the file.
        case warning(String)
    }

    /// The URI every connection to the copy opens.
    public let uri: String
    /// True for an encrypted file's copy, a database in memory.
    public let isInMemory: Bool
    /// The `.realm` file as the user named it, for messages.
    public let source: String
    /// Told of every fill; set by whoever shows progress and warnings (the last session to open the copy).
    public var observer: @Sendable (Event) -> Void {
        get { lock.withLock { observing } }
        set { lock.withLock { observing = newValue } }
    }

    /// Each class's object count (Realm's internal tables' too) by table name, as the file's cluster trees keep it.
    public var objectCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for table in converter.plannedTables { if let objects = table.objects { counts[table.name] = objects } }
        return counts
    }

    /// The classes filled so far, in the file's order.
    public var filledClasses: [String] {
        lock.withLock { converter.mapping.classes.indices.filter { filled[$0] }.map { converter.mapping.classes[$0].name } }
    }

    /// Checked every few thousand objects of a fill: true stops it (`StrataError.interrupted`) and takes it back.
    var shouldStop: @Sendable () -> Bool = { InterruptSignal.fired }

    let converter: RealmConverter
    /// The one connection that writes the copy; it also keeps an in-memory copy alive.
    private let owner: Connection
    private let lock = Lock()
    private var observing: @Sendable (Event) -> Void = { _ in }
    /// By the mapping's class index.
    private var filled: [Bool]
    /// The mapping's class index of every class table and collection table, by lower-cased name (SQLite's names
    /// are case-insensitive).
    private let classOfTable: [String: Int]
    private var keys: KeyMaps
    private var keyWalk: RealmNodeWalk
    private var walk: RealmNodeWalk
    /// What the fills so far wrote and found.
    private var summary: RealmConverter.Summary

    /// Makes the copy at `uri` (a `file:` URI with `cache=shared`) with the schema of `converter`'s file.
    /// - Throws: `StrataError` when SQLite cannot make it (`failure` begins the message).
    init(converter: RealmConverter, uri: String, isInMemory: Bool, source: String, failure: String) throws {
        self.converter = converter
        self.uri = uri
        self.isInMemory = isInMemory
        self.source = source
        let mapping = converter.mapping
        filled = Array(repeating: false, count: mapping.classes.count)
        var tables: [String: Int] = [:]
        for (index, info) in mapping.classes.enumerated() {
            tables[info.name.lowercased()] = index
            for collection in info.collections { tables[collection.name.lowercased()] = index }
        }
        for table in mapping.fullTextTables {
            if let index = tables[table.table.lowercased()] { tables[table.name.lowercased()] = index }
        }
        classOfTable = tables
        keys = KeyMaps(mapping: mapping)
        keyWalk = RealmNodeWalk(reader: converter.reader)
        walk = RealmNodeWalk(reader: converter.reader)
        summary = RealmConverter.Summary(classes: mapping.classes.filter { !$0.isInternal }.count, objects: 0, collectionRows: 0, tables: [])
        do {
            owner = try Connection(path: uri, mode: .create, uri: true)
            // A private copy: its rollback journal in memory (a fill that fails is taken back whole), no syncs, no
            // foreign key checks (every key written is one the file holds; a link to a missing object is NULL), and
            // no cell checks on pages this connection writes itself.
            try owner.execute("""
                PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF;
                PRAGMA cache_size = -16384; PRAGMA cell_size_check = OFF;
                """)
            try owner.transaction { try converter.writeSchema(into: owner) }
        } catch let error as SQLiteError {
            throw StrataError("\(failure): \(error.message)")
        }
    }

    /// A read-only connection to the copy that fills each class before a statement reads it.
    public func openReader(timeout: Int32) throws -> Connection {
        let connection = try Connection(path: uri, mode: .readOnly, uri: true, busyTimeout: timeout)
        // No table locks between the copy's connections: a reader never waits for a fill of a class it does not
        // read, and the class it reads is filled (under `lock`) before its statement runs.
        try connection.execute("PRAGMA read_uncommitted = ON")
        let tables = classOfTable
        connection.watchTableReads(TableReadHook(watches: { tables[$0.lowercased()] != nil }, fill: { [self] in try fill(tables: $0) }))
        return connection
    }

    /// Fills the classes that `tables` (class or collection tables) name and that are still empty.
    /// - Throws: `StrataError`: the reader's message for damage in the file, `interrupted` after Ctrl-C.
    public func fill(tables: [String]) throws {
        try lock.withLock {
            var wanted: [Int] = []
            for name in tables {
                if let index = classOfTable[name.lowercased()], !filled[index], !wanted.contains(index) { wanted.append(index) }
            }
            if !wanted.isEmpty { try fillLocked(wanted) }
        }
    }

    /// Fills every class still empty, and returns what all the fills wrote and found: what `check` reports.
    public func fillAll() throws -> RealmConverter.Summary {
        try lock.withLock {
            let empty = filled.indices.filter { !filled[$0] }
            if !empty.isEmpty { try fillLocked(empty) }
            return summary
        }
    }

    /// The tables whose key maps the values of a class need: its links' targets, or every class for a Mixed value
    /// or a typed link, which may point anywhere.
    private func keyTables(of info: RealmMapping.ClassTable) -> [Int] {
        let columns = info.columns.map(\.column) + info.collections.map(\.column)
        if columns.contains(where: { $0.type == .mixed || $0.type == .typedLink }) { return converter.mapping.classes.map(\.table.index) }
        var tables: [Int] = []
        for column in columns where column.type == .link || column.type == .linkList {
            if let target = column.targetTable, !tables.contains(target) { tables.append(target) }
        }
        return tables
    }

    private func fillLocked(_ wanted: [Int]) throws {
        let observe = observing
        defer { observe(.finished) }
        let mapping = converter.mapping
        let reader = converter.reader
        do {
            // The key maps first, each kept for the fills to come.
            var needed: [Int] = []
            for index in wanted {
                for table in keyTables(of: mapping.classes[index]) where keys.maps.indices.contains(table) && keys.maps[table] == nil
                    && !needed.contains(table) { needed.append(table) }
            }
            let keysBefore = (keys, keyWalk)
            do {
                for table in needed {
                    guard let index = mapping.byTableIndex[table] else { continue }
                    let info = mapping.classes[index]
                    keys.maps[table] = try KeyMap(reader: reader, table: info.table, keyColumn: info.keyColumn, walk: &keyWalk)
                    reader.bytes.releasePages()
                    if shouldStop() { throw StrataError.interrupted }
                }
            } catch {
                (keys, keyWalk) = keysBefore
                throw error
            }
            let before = (walk, summary)
            var found = RealmConverter.Summary(classes: 0, objects: 0, collectionRows: 0, tables: [])
            do {
                try owner.transaction(.immediate) {
                    let classes = wanted.map { mapping.classes[$0] }
                    // The counts go to the observer as the class so far, of its total.
                    var current = "", done = 0
                    let written = try converter.writeClasses(classes, keys: keys, into: owner, walk: &walk, marking: true, found: &found,
                                                             threaded: Platform.processorCount > 1,
                                                             after: { mapping.fullTextStatements(of: $0.name) }) { info in
                        if info.name != current {
                            (current, done) = (info.name, 0)
                            observe(.progress(className: info.name, done: 0, total: info.table.objectCount))
                        }
                        done += 1
                        if done % 4096 == 0 {
                            if shouldStop() { throw StrataError.interrupted }
                            observe(.progress(className: info.name, done: done, total: info.table.objectCount))
                            // A mapped file's pages are read again when needed: a fill stays small however large the file.
                            if done % 16_384 == 0 { reader.bytes.releasePages() }
                        }
                    }
                    for (info, (table, collections)) in zip(classes, written) {
                        summary.tables.append(table)
                        summary.tables += collections
                        if !info.isInternal { summary.objects += table.rows }
                        summary.collectionRows += collections.reduce(0) { $0 + $1.rows }
                    }
                    // Bytes that read as zeros because the file was truncated meanwhile are not the file's values.
                    try reader.bytes.checkWhole()
                }
            } catch {
                (walk, summary) = before
                throw error
            }
            reader.bytes.releasePages()
            for index in wanted { filled[index] = true }
            summary.unreadable += found.unreadable
            summary.dangling += found.dangling
            summary.lateDates += found.lateDates
            if let text = found.danglingText { observe(.warning("\(source): \(text)")) }
            if let text = found.lateDatesText { observe(.warning("\(source): \(text)")) }
        } catch {
            throw describe(reader.bytes.wholeOrCutShort(error))
        }
    }

    /// An error of a fill as the user reads it: the file's damage in the reader's words, Ctrl-C as `interrupted`.
    private func describe(_ error: any Error) -> any Error {
        switch error {
        case let error as RealmReadError:
            return StrataError(error.message)
        case let error as SQLiteError:
            if InterruptSignal.fired || ResultCode.interrupt ~= error.code { return StrataError.interrupted }
            let place = isInMemory ? "in memory" : "in a private temporary folder"
            return StrataError("cannot write the SQLite copy of \(source) (\(place)): \(error.message)")
        default:
            return error
        }
    }
}
