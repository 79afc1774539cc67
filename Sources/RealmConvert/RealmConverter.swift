import RealmFile
import SQLiteKit
import StrataCore

/// Writes the classes of a `.realm` file into a SQLite database in Strata's conventions (`RealmMapping`).
///
/// Reads each class once, in the group's order, and inserts its objects and their collections with prepared
/// statements; the caller owns the transaction. Links are written as the target's key: the Realm primary key where
/// the target has one (looked up by object key in a sorted table built first), else the object key itself.
public struct RealmConverter {
    /// What a conversion wrote.
    public struct Summary: Sendable, Equatable {
        public let classes: Int
        public internal(set) var objects: Int
        /// Rows of list, set and dictionary tables.
        public internal(set) var collectionRows: Int
        /// Each table written with its rows, classes first.
        public internal(set) var tables: [Table]
        /// The properties with values that could not be read (a subtable of several columns in a file of format 2–9),
        /// written as NULL, or as `<unreadable: …>` text in a copy made for reading.
        public var unreadable: [Unreadable] = []
        /// The links and list entries, per property, that point at objects the file does not have (written as NULL,
        /// or left out of their list): damage, since a deleted object's links are removed with it (formats 2–9) or
        /// point at its tombstone (formats 10–24), which reads as null and is not counted here.
        public var dangling: [Dangling] = []
        /// Old DateTime properties (formats 2–9) read as seconds with values past the year 9999: what milliseconds
        /// (which realm-js wrote) look like as seconds. Nothing in the file says which SDK wrote it, so the unit is the
        /// user's (`--realm-dates`); this is the hint that it may be the other one.
        public var lateDates: [Unreadable] = []

        /// `3 old DateTime values (Item.created 3) read as seconds lie past the year 9999, …`, or nil.
        public var lateDatesText: String? {
            guard !lateDates.isEmpty else { return nil }
            let total = lateDates.reduce(0) { $0 + $1.values }
            return "\(total) old DateTime value\(total == 1 ? "" : "s") ("
                + lateDates.map { "\($0.className).\($0.property) \($0.values)" }.joined(separator: ", ")
                + ") read as seconds \(total == 1 ? "lies" : "lie") past the year 9999, as milliseconds do: "
                + "if realm-js wrote the file, read it with --realm-dates ms"
        }

        public struct Table: Sendable, Equatable {
            public let name: String
            public let rows: Int
        }

        public struct Dangling: Sendable, Equatable {
            public let className: String
            public let property: String
            public let links: Int
            /// Some of them point at a table that is not a class of the file (the property's target cannot be
            /// resolved), not at a missing object of a class.
            public var outsideTheClasses = false
        }

        /// `3 links point at objects that do not exist (Person.dogs 2, Person.best 1)`, or nil when none do.
        public var danglingText: String? {
            guard !dangling.isEmpty else { return nil }
            let total = dangling.reduce(0) { $0 + $1.links }
            return "\(total) link\(total == 1 ? "" : "s") \(total == 1 ? "points" : "point") at \(total == 1 ? "an object" : "objects") that "
                + "\(total == 1 ? "does" : "do") not exist (" + dangling.map { "\($0.className).\($0.property) \($0.links)" }.joined(separator: ", ")
                + "): read as null, and left out of lists"
        }

        public struct Unreadable: Sendable, Equatable {
            public let className: String
            public let property: String
            public let values: Int
            /// What they are: `subtable of 3 columns`, `subtable in an old Mixed`.
            public let what: String
        }
    }

    public let reader: RealmFileReader
    public let schema: RealmSchema
    let mapping: RealmMapping

    /// Reads the schema of the file `reader` has opened.
    /// - Throws: `RealmReadError` for a damaged file or a schema that cannot be mapped.
    public init(reader: RealmFileReader) throws {
        self.reader = reader
        schema = try reader.schema()
        mapping = try RealmMapping(schema: schema, fileName: reader.name)
    }

    /// The objects of every class: the work `write` reports progress against.
    public var objectCount: Int { mapping.classes.reduce(0) { $0 + $1.table.objectCount } }

    /// The objects of the app's classes (Realm's internal tables not counted).
    var classObjectCount: Int { mapping.classes.filter { !$0.isInternal }.reduce(0) { $0 + $1.table.objectCount } }

    /// A table the conversion writes, known before it runs: its name, its kind and, for a class, its object count
    /// (read from the file's cluster trees, without reading the objects).
    public struct PlannedTable: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// A class (`table`, `embedded`): what it shows as.
            case shown(ClassInfo.Kind)
            /// One of Realm's own tables, hidden.
            case `internal`
            /// The table of a list, set or dictionary, which shows as a property of its owner.
            case collection
        }

        public let name: String
        public let kind: Kind
        public let objects: Int?
    }

    /// The tables `write` creates, classes first, each class followed by its collections.
    public var plannedTables: [PlannedTable] {
        mapping.classes.flatMap { info -> [PlannedTable] in
            [PlannedTable(name: info.name, kind: info.isInternal ? .internal : .shown(info.table.kind == .embedded ? .embedded : .table),
                          objects: info.table.objectCount)]
                + info.collections.map { PlannedTable(name: $0.name, kind: .collection, objects: nil) }
        }
    }

    /// The CREATE TABLE statements the conversion runs.
    public var createStatements: [String] { mapping.createStatements() }

    /// Creates the tables in `connection` and fills them.
    /// - Parameters:
    ///   - progress: called with the objects written so far, every few thousand objects.
    ///   - shouldStop: checked as often; true stops the conversion with `StrataError.interrupted`.
    /// - Throws: `RealmReadError` for damage found while reading, `SQLiteError` from the inserts.
    /// - Parameter markingUnreadable: write a value that cannot be read as the text `<unreadable: what>` (for a copy
    ///   a person browses) instead of NULL.
    /// - Parameter threaded: insert on a second thread while the file is read (`InsertPipe`): the same rows, sooner
    ///   with a second core.
    public func write(into connection: Connection, progress: (Int) -> Void = { _ in },
                      shouldStop: () -> Bool = { false }, markingUnreadable: Bool = false,
                      threaded: Bool = Platform.processorCount > 1) throws -> Summary
    {
        // Every byte of the file is read: from the disk at its speed, not a page fault at a time.
        reader.bytes.readAhead()
        try writeTables(into: connection)
        var keys = KeyMaps(mapping: mapping)
        // One walk per pass over the whole file: however a hostile file shares nodes between tables, each pass reads
        // no more bytes than the file holds.
        var keyWalk = RealmNodeWalk(reader: reader)
        // Every class's keys, those without a primary key too: a link to an object not in the map is dangling.
        for info in mapping.classes {
            keys.maps[info.table.index] = try KeyMap(reader: reader, table: info.table, keyColumn: info.keyColumn, walk: &keyWalk)
            reader.bytes.releasePages()
        }
        // The pages the key maps read and gave back may have left memory since: read again ahead of the rows.
        reader.bytes.readAhead()
        var walk = RealmNodeWalk(reader: reader)
        var done = 0
        var found = Summary(classes: 0, objects: 0, collectionRows: 0, tables: [])
        let written = try writeClasses(mapping.classes, keys: keys, into: connection, walk: &walk, marking: markingUnreadable,
                                       found: &found, threaded: threaded, after: { _ in [] }) { _ in
            done += 1
            if done % 4096 == 0 {
                if shouldStop() { throw StrataError.interrupted }
                progress(done)
                // A mapped file's pages are read again when needed: a conversion stays small however large the file
                // (given back every 16,384 objects: each time costs the faults of reading them again).
                if done % 16_384 == 0 { reader.bytes.releasePages() }
            }
        }
        // Realm's search indexes, an index on every link column, and the full-text indexes: made once the rows are in
        // (an index built at the end costs less than one kept up row by row; SQLite sorts it on every core).
        for statement in mapping.indexStatements() + mapping.fullTextStatements() {
            if shouldStop() { throw StrataError.interrupted }
            try connection.execute(statement)
        }
        let tables = written.map { $0.table }
        let collectionTables = written.flatMap { $0.collections }
        let unreadable = found.unreadable, dangling = found.dangling, lateDates = found.lateDates
        progress(done)
        return Summary(classes: mapping.classes.filter { !$0.isInternal }.count, objects: classObjectCount,
                       collectionRows: collectionTables.reduce(0) { $0 + $1.rows },
                       tables: tables + collectionTables, unreadable: unreadable, dangling: dangling, lateDates: lateDates)
    }

    /// The tables, empty, with what `RealmFacts` records and the file's schema version: the schema `write` fills in.
    private func writeTables(into connection: Connection) throws {
        for statement in mapping.createStatements() + RealmFacts.createSQL { try connection.execute(statement) }
        if let version = schema.schemaVersion {
            try connection.execute("PRAGMA user_version = \(Int32(clamping: version))")
        }
        try writeFacts(into: connection)
    }

    /// The tables and their indexes without a row: what the converted file's schema is, read without reading one
    /// object (`strata classes` and `schema` on a `.realm`).
    public func writeSchema(into connection: Connection) throws {
        try writeTables(into: connection)
        for statement in mapping.indexStatements() { try connection.execute(statement) }
    }

    /// The rows of `RealmFacts`' tables: every class and collection table with its kind, and the file's format.
    private func writeFacts(into connection: Connection) throws {
        let insert = try connection.prepare("INSERT INTO \(RealmFacts.classesTable) (name, kind, owner, property, element) VALUES (?1, ?2, ?3, ?4, ?5)")
        for info in mapping.classes {
            let kind: RealmFacts.TableKind = info.isInternal ? .internal : info.table.kind == .embedded ? .embedded : .class
            try insert.bind([.text(info.name), .text(kind.rawValue), .null, .null, .null])
            try insert.run()
            for collection in info.collections {
                let column = collection.column
                let element = column.type == .link ? "link<\(mapping.target(of: column)?.name ?? "?")>"
                    : column.type.description + (column.isNullable ? "?" : "")
                try insert.bind([.text(collection.name), .text(collection.kind.rawValue), .text(info.name), .text(column.name), .text(element)])
                try insert.run()
            }
        }
        for table in mapping.fullTextTables {
            try insert.bind([.text(table.name), .text(RealmFacts.TableKind.fullText.rawValue), .text(table.table), .null, .null])
            try insert.run()
        }
        let facts = try connection.prepare("INSERT INTO \(RealmFacts.fileTable) (key, value) VALUES (?1, ?2)")
        for (key, value) in [("fileFormat", SQLiteValue.integer(Int64(schema.fileFormat))),
                             ("schemaVersion", schema.schemaVersion.map(SQLiteValue.integer) ?? .null),
                             ("source", .text(Platform.fileName(of: reader.name)))] {
            try facts.bind([.text(key), value])
            try facts.run()
        }
    }

    /// Writes the rows of `classes` through one `InsertPipe` (on a second thread with `threaded`), in order, running
    /// the statements `after` gives for each class once its rows are in; what the rows hold that reads show otherwise
    /// is added to `found`.
    /// - Parameter tick: called after each object, with the class it is of.
    /// - Returns: per class, its table and its collection tables with the rows written.
    func writeClasses(_ classes: [RealmMapping.ClassTable], keys: KeyMaps, into connection: Connection, walk: inout RealmNodeWalk,
                      marking: Bool, found: inout Summary, threaded: Bool, after: (RealmMapping.ClassTable) -> [String],
                      tick: (RealmMapping.ClassTable) throws -> Void) throws -> [(table: Summary.Table, collections: [Summary.Table])]
    {
        // Every statement is compiled before the pipe's thread starts using the connection.
        var statements: [Statement] = []
        var failures: [InsertPipe.Failure?] = []
        var bases: [Int] = []
        for info in classes {
            bases.append(statements.count)
            let (compiled, failing) = try inserts(of: info, into: connection)
            statements += compiled
            failures += failing
        }
        let pipe = InsertPipe(statements, failures: failures, on: connection, threaded: threaded)
        do {
            var written: [(table: Summary.Table, collections: [Summary.Table])] = []
            for (info, base) in zip(classes, bases) {
                let (objects, collections) = try writeClass(info, keys: keys, pipe: pipe, base: base, walk: &walk, marking: marking,
                                                            unreadable: &found.unreadable, dangling: &found.dangling,
                                                            lateDates: &found.lateDates) { try tick(info) }
                // A class whose objects are not as many as its cluster tree says (what `classes` shows): damage, which
                // `check` reports in the same words.
                if let mismatch = Self.countMismatch(info.table, read: objects) {
                    throw RealmReadError(.damaged, "\(reader.name): \(mismatch)")
                }
                for statement in after(info) { try pipe.execute(statement) }
                written.append((.init(name: info.name, rows: objects), collections))
            }
            try pipe.finish()
            return written
        } catch {
            pipe.cancel()
            throw error
        }
    }

    /// The columns a class's rows bind, in order: its key, then its values, then its collections.
    private func insertedColumns(_ info: RealmMapping.ClassTable) -> [RealmColumn] {
        (info.keyColumn.map { [$0] } ?? []) + info.columns.map(\.column) + info.collections.map(\.column)
    }

    /// The inserts of a class's rows (statement 0 its objects, 1 + i the entries of its collection i) and what a
    /// constraint SQLite enforces on each means in the file's terms: two objects with one primary key, a dictionary
    /// key or a set's value twice in one object.
    private func inserts(of info: RealmMapping.ClassTable, into connection: Connection) throws -> ([Statement], [InsertPipe.Failure?]) {
        var names = [info.keyName]
        for value in info.columns {
            names.append(value.name)
            if let typeName = value.typeName { names.append(typeName) }
        }
        let insert = try connection.prepare("INSERT INTO \(identifier: info.name) \(parenthesized: names.map { SQL.identifier($0) }.joined(separator: ", ")) "
                                            + "VALUES \(parenthesized: .parameters(names.count))" as SQL)
        var collectionInserts: [Statement] = []
        for collection in info.collections {
            // Bound alike for every kind: ?1 the owner, ?2 the position or key, ?3 the element, ?4 its type; a set
            // has no position.
            let columns = collection.insertedColumns
            let numbers = [1] + (collection.kind == .set ? [] : [2]) + [3] + (collection.hasTypeColumn ? [4] : [])
            collectionInserts.append(try connection.prepare("INSERT INTO \(identifier: collection.name) "
                                                            + "\(parenthesized: columns.map { SQL.identifier($0) }.joined(separator: ", ")) "
                                                            + "VALUES \(parenthesized: .parameters(numbers))" as SQL))
        }
        let reader = reader
        let classFailure: InsertPipe.Failure = { error, owner, _ in
            guard ResultCode.constraintPrimaryKey ~= error.extendedCode || ResultCode.constraintUnique ~= error.extendedCode else { return error }
            // The only key of a class table is its primary key (NULLs in required properties are found before).
            return RealmReadError(.damaged, "\(reader.name): \(info.name) has more than one object with the primary key "
                                  + "\(info.keyName) \(Self.valueText(owner))")
        }
        let collectionFailures: [InsertPipe.Failure?] = info.collections.map { collection in
            switch collection.kind {
            case .dictionary:
                return { error, owner, key in
                    guard ResultCode.constraintPrimaryKey ~= error.extendedCode else { return error }
                    return RealmReadError(.damaged, "\(reader.name): \(info.name) \(info.keyName) \(Self.valueText(owner)): the dictionary "
                                          + "\(collection.column.name) holds the key \(Self.valueText(key)) more than once")
                }
            case .set:
                return { error, owner, _ in
                    guard ResultCode.constraintPrimaryKey ~= error.extendedCode else { return error }
                    return RealmReadError(.damaged, "\(reader.name): \(info.name) \(info.keyName) \(Self.valueText(owner)): the set "
                                          + "\(collection.column.name) holds one value more than once")
                }
            case .list:
                return nil
            }
        }
        return ([insert] + collectionInserts, [classFailure] + collectionFailures)
    }

    /// Writes a class's rows into `pipe`, whose statements from `base` on are the class's `inserts`.
    func writeClass(_ info: RealmMapping.ClassTable, keys: KeyMaps, pipe: InsertPipe, base: Int,
                    walk: inout RealmNodeWalk, marking: Bool, unreadable: inout [Summary.Unreadable],
                    dangling: inout [Summary.Dangling], lateDates: inout [Summary.Unreadable],
                    tick: () throws -> Void) throws -> (Int, [Summary.Table])
    {
        // Per value column: its old DateTime values past the year 9999 as seconds (`Summary.lateDates`).
        var late = [Int](repeating: 0, count: info.columns.count)
        let readsSeconds = reader.oldDateTimeUnit == .seconds
        let oldDateTimes = info.columns.map { $0.column.legacy?.storedType == .oldDateTime }
        // Per value column: how many of its values could not be read, and what they were.
        var unread = [(count: Int, what: String)](repeating: (0, ""), count: info.columns.count)
        // Per value column, then per collection: the links to objects that do not exist.
        var danglingLinks = [Int](repeating: 0, count: info.columns.count + info.collections.count)
        var outside = [Bool](repeating: false, count: danglingLinks.count)
        func dangles(_ value: RealmValue, _ column: RealmColumn, at index: Int) {
            guard keys.isDangling(value, column: column) else { return }
            danglingLinks[index] += 1
            if keys.pointsOutsideTheClasses(value, column: column) { outside[index] = true }
        }
        defer {
            for (index, entry) in unread.enumerated() where entry.count > 0 {
                unreadable.append(.init(className: info.name, property: info.columns[index].column.name, values: entry.count, what: entry.what))
            }
            for (index, count) in late.enumerated() where count > 0 {
                lateDates.append(.init(className: info.name, property: info.columns[index].column.name, values: count, what: "old DateTime"))
            }
            let properties = info.columns.map(\.column.name) + info.collections.map(\.column.name)
            for (index, count) in danglingLinks.enumerated() where count > 0 {
                dangling.append(.init(className: info.name, property: properties[index], links: count, outsideTheClasses: outside[index]))
            }
        }
        /// A value the file holds where the model says none may be: damage, named in the file's terms, before SQLite
        /// would refuse it with a message about writing.
        func required(_ property: String, key: SQLiteValue) -> RealmReadError {
            RealmReadError(.damaged, "\(reader.name): \(info.name) \(info.keyName) \(Self.valueText(key)): the required property \(property) holds null")
        }
        let columns = insertedColumns(info)
        // Strings are bound from the file's bytes, without a String made of each.
        let textColumns = columns.map { $0.type == .string && info.table.enumKeysColumns.contains($0.specIndex) == false }
        return try writeRows(info, keys: keys, pipe: pipe, base: base, walk: &walk, marking: marking, textColumns: textColumns, columns: columns,
                             unread: &unread, late: &late, readsSeconds: readsSeconds, oldDateTimes: oldDateTimes,
                             dangles: dangles, required: required, tick: tick)
    }

    /// The rows of `writeClass`, read leaf by leaf and handed to `pipe`: statement `base` inserts the class's objects,
    /// `base` + 1 + i the entries of its collection i.
    private func writeRows(_ info: RealmMapping.ClassTable, keys: KeyMaps, pipe: InsertPipe, base: Int, walk: inout RealmNodeWalk, marking: Bool,
                           textColumns: [Bool], columns: [RealmColumn], unread: inout [(count: Int, what: String)], late: inout [Int],
                           readsSeconds: Bool, oldDateTimes: [Bool], dangles: (RealmValue, RealmColumn, Int) -> Void,
                           required: (String, SQLiteValue) -> RealmReadError, tick: () throws -> Void) throws -> (Int, [Summary.Table])
    {
        let keyOffset = info.keyColumn == nil ? 0 : 1
        var collectionRows = [Int](repeating: 0, count: info.collections.count)
        var objects = 0
        try reader.forEachLeaf(in: info.table, columns: columns, walk: &walk) { walk, objectKeys, leaves in
            for (row, key) in objectKeys.enumerated() {
                let ownerKey: SQLiteValue = info.keyColumn == nil ? .integer(key)
                    : keys.sqlValue(try leaves[0].value(at: row, walk: &walk), column: info.keyColumn!)
                if ownerKey == .null, let key = info.keyColumn, !key.isNullable { throw required(key.name, ownerKey) }
                try pipe.bind(ownerKey, at: 1, of: base)
                var parameter = 2
                for (index, value) in info.columns.enumerated() {
                    let leaf = leaves[index + keyOffset]
                    if textColumns[index + keyOffset] {
                        try leaf.withElementBytes(at: row, walk: &walk) { bytes in
                            if let bytes { try pipe.bindText(bytes, at: parameter, of: base) } else {
                                if !value.column.isNullable { throw required(value.column.name, ownerKey) }
                                try pipe.bind(.null, at: parameter, of: base)
                            }
                        }
                        parameter += 1
                        continue
                    }
                    if let what = try leaf.unreadable(at: row, walk: &walk) {
                        unread[index] = (unread[index].count + 1, what)
                        try pipe.bind(marking ? .text("<unreadable: \(what)>") : .null, at: parameter, of: base)
                        parameter += 1
                        if value.typeName != nil {
                            try pipe.bind(.null, at: parameter, of: base)
                            parameter += 1
                        }
                        continue
                    }
                    let realm = try leaf.value(at: row, walk: &walk)
                    if case .timestamp(let time) = realm {
                        // 9999-12-31T23:59:59 is 253,402,300,799 s.
                        if readsSeconds, oldDateTimes[index], time.seconds > 253_402_300_799 { late[index] += 1 }
                        try KeyMaps.withISOText(time) { try pipe.bindText($0, at: parameter, of: base) }
                    } else {
                        if realm == .null && !value.column.isNullable { throw required(value.column.name, ownerKey) }
                        dangles(realm, value.column, index)
                        try pipe.bind(keys.sqlValue(realm, column: value.column), at: parameter, of: base)
                    }
                    parameter += 1
                    if value.typeName != nil {
                        try pipe.bind(keys.typeName(realm).map(SQLiteValue.text) ?? .null, at: parameter, of: base)
                        parameter += 1
                    }
                }
                try pipe.run(base, owner: ownerKey)
                objects += 1
                for (index, collection) in info.collections.enumerated() {
                    let statement = base + index + 1
                    let leafIndex = keyOffset + info.columns.count + index
                    let ref = try leaves[leafIndex].collectionRef(at: row)
                    if collection.isDictionary {
                        guard case .dictionary(let entries) = try reader.collectionValue(ref, column: collection.column, walk: &walk) else { continue }
                        for entry in entries {
                            if entry.value == .null && !collection.column.isNullable && collection.column.type != .link {
                                throw required("\(collection.column.name)[\(Self.valueText(.text(entry.key)))]", ownerKey)
                            }
                            dangles(entry.value, collection.column, info.columns.count + index)
                            try pipe.bind(ownerKey, at: 1, of: statement)
                            try pipe.bind(.text(entry.key), at: 2, of: statement)
                            try pipe.bind(keys.sqlValue(entry.value, column: collection.column), at: 3, of: statement)
                            if collection.hasTypeColumn { try pipe.bind(keys.typeName(entry.value).map(SQLiteValue.text) ?? .null, at: 4, of: statement) }
                            try pipe.run(statement, owner: ownerKey, key: .text(entry.key))
                            collectionRows[index] += 1
                        }
                        continue
                    }
                    var position: Int64 = 0
                    let isText = textColumns[leafIndex]
                    try reader.forEachElementLeaf(ref, column: collection.column, walk: &walk) { walk, elements in
                        for element in 0..<elements.count {
                            if isText {
                                try elements.withElementBytes(at: element, walk: &walk) { bytes in
                                    if let bytes { try pipe.bindText(bytes, at: 3, of: statement) } else {
                                        if !collection.column.isNullable { throw required("\(collection.column.name)[\(position)]", ownerKey) }
                                        try pipe.bind(.null, at: 3, of: statement)
                                    }
                                }
                            } else {
                                let value = try elements.value(at: element, walk: &walk)
                                if case .timestamp(let time) = value {
                                    try KeyMaps.withISOText(time) { try pipe.bindText($0, at: 3, of: statement) }
                                } else {
                                    let bound = keys.sqlValue(value, column: collection.column)
                                    // A link to an object that no longer exists (a tombstone) is not in the list the app
                                    // sees; one to an object that never was (damage) is counted too.
                                    if collection.column.type == .link && bound == .null {
                                        dangles(value, collection.column, info.columns.count + index)
                                        continue
                                    }
                                    if bound == .null && !collection.column.isNullable {
                                        throw required("\(collection.column.name)[\(position)]", ownerKey)
                                    }
                                    try pipe.bind(bound, at: 3, of: statement)
                                }
                                if collection.hasTypeColumn { try pipe.bind(keys.typeName(value).map(SQLiteValue.text) ?? .null, at: 4, of: statement) }
                            }
                            try pipe.bind(ownerKey, at: 1, of: statement)
                            if collection.kind == .list { try pipe.bind(.integer(position), at: 2, of: statement) }
                            try pipe.run(statement, owner: ownerKey)
                            position += 1
                            collectionRows[index] += 1
                        }
                    }
                }
                try tick()
            }
        }
        return (objects, info.collections.enumerated().map { .init(name: $1.name, rows: collectionRows[$0]) })
    }

    /// `Task says it has 5 objects; 4 were read` when `read` is not the object count `table`'s cluster tree keeps, else nil.
    public static func countMismatch(_ table: RealmTable, read: Int) -> String? {
        guard read != table.objectCount else { return nil }
        return "\(table.className ?? table.name) says it has \(Plural.counted(table.objectCount, "object")); \(read) \(read == 1 ? "was" : "were") read"
    }

    /// A key value as a message shows it: a number, quoted text, `null`.
    static func valueText(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let number): String(number)
        case .real(let number): "\(number)"
        case .text(let text): "\"" + String(text.prefix(64)) + "\""
        case .blob(let bytes): "<\(bytes.count) bytes>"
        }
    }
}
