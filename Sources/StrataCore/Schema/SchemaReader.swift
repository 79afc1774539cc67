import CoreDataModel
import SQLiteKit

/// Reads a database's schema into classes and properties.
///
/// Uses the pragma table-valued functions (`pragma_table_list`, `pragma_table_xinfo`, `pragma_index_list`,
/// `pragma_index_xinfo`, `pragma_foreign_key_list`) so one query serves every table; a table that makes
/// such a query fail (a view over a missing table, a virtual table whose module is not built in) is read on
/// its own and reported in `warnings`. Reads nothing but the schema: cost grows with the number of tables,
/// not rows. Requires SQLite 3.37 or later.
public struct SchemaReader {
    let connection: Connection
    /// Problems met while reading, such as a view that no longer compiles.
    public private(set) var warnings: [SchemaWarning] = []
    /// What the reader chose that the user should know, one line each (which model version it read).
    public private(set) var notes: [String] = []

    let modelChoice: ModelChoice

    /// Where a Core Data store's model comes from.
    public enum ModelChoice: Sendable {
        /// The store's own `Z_MODELCACHE`, else inferred from its tables.
        case fromStore
        /// A model file or folder (`--model`): an `.xcdatamodeld`, `.xcdatamodel`, `.momd` or `.mom`, and the
        /// version to read (`--model-version`); without one, the version that fits the store best.
        case file(path: String, version: String?)
    }

    public init(connection: Connection, model: ModelChoice = .fromStore) {
        self.connection = connection
        self.modelChoice = model
    }

    public mutating func read() throws -> Schema {
        let tables = try readTables()
        let conventions = StoreConventions.of(tables: Set(tables.map(\.name)))
        let isCoreData = conventions == .coreData
        if !isCoreData, case .file(let path, _) = modelChoice {
            throw StrataError("--model \(path): the database is not a Core Data store (it has no Z_PRIMARYKEY and Z_METADATA tables)")
        }
        let names = tables.filter { $0.type != .shadow }.map(\.name)
        let columns = try perTable(names, columnsSQL)
        let indexColumns = try perTable(tables.filter { $0.type == .table }.map(\.name), indexesSQL)
        let foreignKeys = try perTable(tables.filter { $0.type == .table }.map(\.name), foreignKeysSQL)
        let entityNames = isCoreData ? try coreDataEntities() : [:]

        var classes: [ClassInfo] = []
        for table in tables where table.type != .shadow {
            var info = ClassInfo(
                name: entityNames[table.name] ?? table.name,
                kind: table.type == .view ? .view : (entityNames[table.name] != nil ? .entity : .table),
                hasRowID: table.type != .view && !table.withoutRowID,
                isStrict: table.strict,
                isVirtual: table.type == .virtual,
                isHidden: StoreConventions.isHidden(table: table.name),
                sql: table.sql)
            info.tableName = table.name
            info.indexes = makeIndexes(indexColumns[table.name] ?? [])
            fillProperties(of: &info, columns: columns[table.name] ?? [], conventions: conventions)
            classes.append(info)
        }
        resolveForeignKeys(&classes, foreignKeys: foreignKeys)
        resolveLists(&classes)
        var realmCollections: [String: RealmFacts.Collection] = [:]
        if tables.contains(where: { $0.name == RealmFacts.classesTable }) {
            realmCollections = try RealmFacts.apply(to: &classes, connection: connection, conventions: conventions)
        }
        resolveCollections(&classes, realmCollections: realmCollections)
        var origin: CoreDataModelOrigin?
        if isCoreData { origin = try applyCoreDataModel(to: &classes) }
        addBacklinks(&classes)
        classes.sort { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
        var schema = Schema(classes: classes, conventions: conventions)
        schema.coreDataModel = origin
        return schema
    }

    /// `A, B, C and 4 more`.
    static func listed(_ names: [String]) -> String {
        names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
    }

    /// The largest model cache inflated (real ones are a few kilobytes to a few hundred).
    static let maximumModelCacheSize = 64 << 20

    /// Reads the store's model (given, cached, or inferred) and turns the entity tables into its classes.
    private mutating func applyCoreDataModel(to classes: inout [ClassInfo]) throws -> CoreDataModelOrigin {
        let rows = try connection.rows("SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY ORDER BY Z_ENT").compactMap { row in
            row[0].int64.flatMap { number in row[1].string.map { CoreDataInference.EntityRow(number: number, name: $0, parent: row[2].int64 ?? 0) } }
        }
        let numbers = Dictionary(rows.map { ($0.name, $0.number) }) { first, _ in first }
        // The metadata is read once, and only for a given model (to choose its version and check it).
        var storeInfo: CoreDataStoreInfo?
        if case .file = modelChoice {
            do { storeInfo = try CoreDataStoreInfo.read(connection) } catch {
                // Said, not hidden: without the store's hashes the version is chosen by the tables alone.
                let reason = (error as? StrataError)?.message ?? "\(error)"
                warnings.append(.unreadableMetadata(reason: reason))
            }
        }
        // The link inference reads values; a table that cannot be read is said, not taken for one without links.
        var unreadable: [SchemaWarning] = []
        func valuesAreKeys(_ table: String, _ column: String, _ other: String) -> Bool {
            do { return try self.valuesAreKeys(table, column, other) } catch {
                let reason = (error as? SQLiteError)?.message ?? "\(error)"
                unreadable.append(.unreadableLinkColumn(table: table, column: column, target: other, reason: reason))
                return false
            }
        }
        defer { warnings += unreadable }
        let model: ManagedObjectModel
        var origin: CoreDataModelOrigin
        switch modelChoice {
        case .file(let path, let version):
            let chosen = try CoreDataModelChoice.choose(path: path, version: version, numbers: numbers, classes: classes,
                                                        storeHashes: storeInfo?.entityVersionHashes ?? [])
            model = chosen.model
            origin = CoreDataModelOrigin(source: .given, description: chosen.description)
            if let note = chosen.note { notes.append(note) }
        case .fromStore:
            do {
                if let cached = try readModelCache() {
                    model = cached
                    origin = CoreDataModelOrigin(source: .modelCache, description: "the store's model cache (Z_MODELCACHE)")
                } else {
                    model = try CoreDataInference.model(entities: rows, tables: classes, valuesAreKeys: valuesAreKeys)
                    origin = CoreDataModelOrigin(source: .inferred, description: "inferred from the tables (the store has no model cache)")
                }
            } catch let error as StrataError {
                // A damaged cache (not a damaged file, which SQLite reports and the caller refuses).
                let reason = error.message
                warnings.append(.unreadableModelCache(reason: reason))
                model = try CoreDataInference.model(entities: rows, tables: classes, valuesAreKeys: valuesAreKeys)
                origin = CoreDataModelOrigin(source: .inferred, description: "inferred from the tables (the model cache cannot be read)")
            }
        }
        if origin.source == .given, !numbers.isEmpty, !model.entities.contains(where: { numbers[$0.name] != nil }) {
            throw StrataError("--model \(origin.description): none of its entities (\(Self.listed(model.entities.map(\.name)))) is in the store, "
                              + "whose entities are \(Self.listed(numbers.keys.sorted())): it is another app's model")
        }
        var mapping = CoreDataMapping(model: model, numbers: numbers, inferred: origin.source == .inferred)
        mapping.apply(to: &classes)
        origin.problems = model.problems + mapping.problems
        origin.model = model
        if origin.source == .given, let info = storeInfo, !info.entityVersionHashes.isEmpty {
            let stored = Dictionary(info.entityVersionHashes.map { ($0.entity, $0.hash) }) { first, _ in first }
            origin.entitiesOnlyInStore = stored.keys.filter { model.entity(named: $0) == nil }.sorted()
            origin.entitiesOnlyInModel = model.entities.map(\.name).filter { stored[$0] == nil }.sorted()
            if let hashes = CoreDataModelChoice.hashes(of: model) {
                origin.hashesMatch = origin.entitiesOnlyInStore.isEmpty && origin.entitiesOnlyInModel.isEmpty
                    && model.entities.allSatisfy { stored[$0.name] == hashes[$0.name] }
                origin.entitiesWithOtherHashes = model.entities.map(\.name).filter { stored[$0] != nil && stored[$0] != hashes[$0] }
            }
        }
        if origin.source != .inferred { warnings += origin.problems.map(SchemaWarning.modelDisagrees) }
        return origin
    }

    /// Whether every value of `column` in `table` is a `Z_PK` of `other` (false when `other` is missing or has no
    /// `Z_PK`).
    /// - Throws: SQLite's error when the tables cannot be read: a locked or damaged store is said so, never read
    ///   as a store without this link.
    private func valuesAreKeys(_ table: String, _ column: String, _ other: String) throws -> Bool {
        let hasKeys = "SELECT count(*) FROM pragma_table_info(?) WHERE name = 'Z_PK' COLLATE NOCASE"
        guard try connection.scalar(hasKeys, [.text(other)]).int64 ?? 0 > 0 else { return false }
        let sql: SQL = "SELECT count(*) FROM \(identifier: table) WHERE \(identifier: column) IS NOT NULL AND "
            + "\(identifier: column) NOT IN (SELECT \(identifier: "Z_PK") FROM \(identifier: other))"
        return try connection.scalar(sql).int64 == 0
    }

    /// The model in `Z_MODELCACHE`: raw deflate around a keyed archive. Nil when the table is empty.
    private func readModelCache() throws -> ManagedObjectModel? {
        guard try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'Z_MODELCACHE'").int64 == 1,
              case .blob(let bytes) = try connection.scalar("SELECT Z_CONTENT FROM Z_MODELCACHE LIMIT 1")
        else { return nil }
        do {
            let inflated = try Inflate.data(bytes, limit: Self.maximumModelCacheSize)
            return try ManagedObjectModel(archive: try KeyedArchive(bytes: inflated))
        } catch let error as ModelReadError {
            throw StrataError(error.message)
        }
    }

    // MARK: - Reading

    /// What `pragma_table_list` says a table is.
    enum TableType: String {
        case table, view, virtual
        /// The internal tables of a virtual table (an FTS index's `_data`, …): not classes.
        case shadow
    }

    struct TableRow {
        var name: String
        var type: TableType
        var withoutRowID: Bool
        var strict: Bool
        var sql: String?
    }

    /// `pragma_table_list` joined with `sqlite_schema` for the CREATE text, in the order the tables were created: the
    /// order a class's lists and collections are shown in.
    private func readTables() throws -> [TableRow] {
        let sql = """
            SELECT t.name, t.type, t.wr, t.strict, m.sql
            FROM pragma_table_list AS t LEFT JOIN sqlite_schema AS m ON m.name = t.name
            WHERE t.schema = 'main' ORDER BY m.rowid
            """
        return try connection.namedRows(sql).compactMap { row in
            guard let name = row.string("name") else { return nil }
            return TableRow(name: name, type: row.string("type").flatMap(TableType.init) ?? .table, withoutRowID: row.flag("wr"),
                            strict: row.flag("strict"), sql: row.string("sql"))
        }
    }

    private let columnsSQL = (
        all: """
            SELECT m.name AS owner, c.name, c.type, c."notnull", c.dflt_value, c.pk, c.hidden
            FROM sqlite_schema AS m, pragma_table_xinfo(m.name) AS c
            WHERE m.type IN ('table', 'view') ORDER BY m.name, c.cid
            """,
        one: """
            SELECT ?1 AS owner, c.name, c.type, c."notnull", c.dflt_value, c.pk, c.hidden
            FROM pragma_table_xinfo(?1) AS c ORDER BY c.cid
            """)

    private let indexesSQL = (
        all: """
            SELECT m.name AS owner, l.name, l."unique", l.origin, l.partial, x.cid, x.name AS column, i.sql
            FROM sqlite_schema AS m, pragma_index_list(m.name) AS l, pragma_index_xinfo(l.name) AS x
            LEFT JOIN sqlite_schema AS i ON i.type = 'index' AND i.name = l.name
            WHERE m.type = 'table' AND x.key = 1 ORDER BY m.name, l.name, x.seqno
            """,
        one: """
            SELECT ?1 AS owner, l.name, l."unique", l.origin, l.partial, x.cid, x.name AS column, i.sql
            FROM pragma_index_list(?1) AS l, pragma_index_xinfo(l.name) AS x
            LEFT JOIN sqlite_schema AS i ON i.type = 'index' AND i.name = l.name
            WHERE x.key = 1 ORDER BY l.name, x.seqno
            """)

    private let foreignKeysSQL = (
        all: """
            SELECT m.name AS owner, f.id, f."table", f."from", f."to", f.on_update, f.on_delete
            FROM sqlite_schema AS m, pragma_foreign_key_list(m.name) AS f
            WHERE m.type = 'table' ORDER BY m.name, f.id, f.seq
            """,
        one: """
            SELECT ?1 AS owner, f.id, f."table", f."from", f."to", f.on_update, f.on_delete
            FROM pragma_foreign_key_list(?1) AS f ORDER BY f.id, f.seq
            """)

    /// Runs a query over every table at once; when one table makes it fail, runs it table by table and
    /// records a warning for each table that still fails. Rows come back grouped by their `owner` column.
    private mutating func perTable(_ tables: [String], _ sql: (all: String, one: String)) throws -> [String: [Row]] {
        var rows: [Row]
        do {
            rows = try connection.namedRows(sql.all)
        } catch let error as SQLiteError where !(ResultCode.notADatabase ~= error.code)
            && !(ResultCode.busy ~= error.code) && !(ResultCode.interrupt ~= error.code) && !(ResultCode.corrupt ~= error.code)
        {
            rows = []
            for table in tables {
                do {
                    rows += try connection.namedRows(sql.one, [.text(table)])
                } catch let error as SQLiteError {
                    let warning = SchemaWarning.unreadableTable(table, reason: error.message)
                    if !warnings.contains(warning) { warnings.append(warning) }
                }
            }
        }
        return Dictionary(grouping: rows) { $0.string("owner") ?? "" }
    }

    /// Core Data stores name each entity's table `Z` + the upper-cased entity name.
    private func coreDataEntities() throws -> [String: String] {
        var entities: [String: String] = [:]
        for row in try connection.rows("SELECT Z_NAME FROM Z_PRIMARYKEY WHERE Z_SUPER = 0") {
            if let name = row[0].string { entities["Z" + name.uppercased()] = name }
        }
        return entities
    }

    // MARK: - Building the model

    private func makeIndexes(_ rows: [Row]) -> [IndexInfo] {
        var indexes: [IndexInfo] = []
        for row in rows {
            let name = row.string("name") ?? ""
            // pragma_index_xinfo: cid -2 is an expression, -1 the rowid.
            let isExpression = row.int64("cid") == -2
            let column = isExpression ? "<expression>" : (row.string("column") ?? "rowid")
            if let last = indexes.indices.last, indexes[last].name == name {
                indexes[last].columns.append(column)
                indexes[last].hasExpressions = indexes[last].hasExpressions || isExpression
            } else {
                indexes.append(IndexInfo(
                    name: name, columns: [column], isUnique: row.flag("unique"),
                    origin: row.string("origin").flatMap(IndexInfo.Origin.init) ?? .createIndex,
                    isPartial: row.flag("partial"), hasExpressions: isExpression, sql: row.string("sql")))
            }
        }
        return indexes
    }

    private func fillProperties(of info: inout ClassInfo, columns: [Row], conventions: StoreConventions) {
        let booleanChecks = info.sql.map(SQLTokenizer.booleanCheckColumns) ?? []
        var keyed: [(position: Int64, name: String)] = []
        for row in columns {
            let name = row.string("name") ?? ""
            let declared = row.string("type") ?? ""
            // pragma_table_xinfo: 1 a hidden column of a virtual table, 2 virtual generated, 3 stored generated.
            let hidden = row.int64("hidden") ?? 0
            // Hidden columns of virtual tables, and Core Data's bookkeeping, are not properties.
            if hidden == 1 { continue }
            if conventions.isBookkeeping(column: name, of: info) { continue }
            let pkPosition = row.int64("pk") ?? 0
            if pkPosition > 0 { keyed.append((pkPosition, name)) }
            let type = TypeInference.type(declared: declared, hasBooleanCheck: booleanChecks.contains(name.lowercased()))
            info.properties.append(Property(
                name: name, type: type,
                // A primary key is optional unless NOT NULL: SQLite lets a rowid table's non-INTEGER key hold NULL
                // (a converted Realm class with a nullable key does); INTEGER and WITHOUT ROWID keys are fixed below.
                isOptional: !row.flag("notnull"),
                isPrimaryKey: pkPosition > 0,
                isIndexed: info.indexes.contains { $0.columns.first == name && !$0.isPartial },
                defaultValue: row.string("dflt_value"),
                declaredType: declared,
                generated: hidden == 2 ? .virtual : (hidden == 3 ? .stored : nil),
                column: name))
        }
        info.primaryKey = keyed.sorted { $0.position < $1.position }.map(\.name)
        // INTEGER PRIMARY KEY is the rowid itself: indexed, and never NULL.
        if info.hasRowID, info.primaryKey.count == 1,
           let index = info.properties.firstIndex(where: { $0.name == info.primaryKey[0] }),
           info.properties[index].declaredType.uppercased() == "INTEGER"
        {
            info.properties[index].isIndexed = true
            info.properties[index].isOptional = false
        }
        // A primary key of a WITHOUT ROWID table is NOT NULL whatever it declares; in a rowid table a
        // non-integer key may hold NULL (an SQLite quirk), which pragma reports as nullable, and so is optional.
        if !info.hasRowID {
            for index in info.properties.indices where info.properties[index].isPrimaryKey {
                info.properties[index].isOptional = false
            }
        }
    }

    /// Turns single-column foreign keys to a key of another class into links.
    private func resolveForeignKeys(_ classes: inout [ClassInfo], foreignKeys: [String: [Row]]) {
        let byTable = Dictionary(classes.enumerated().map { ($0.element.tableName, $0.offset) }) { first, _ in first }
        for (table, rows) in foreignKeys {
            guard let owner = byTable[table] else { continue }
            for group in Dictionary(grouping: rows, by: { $0.int64("id") ?? 0 }).sorted(by: { $0.key < $1.key }) {
                let rows = group.value
                let key = ForeignKeyInfo(
                    columns: rows.map { $0.string("from") ?? "" }, targetTable: rows[0].string("table") ?? "",
                    targetColumns: rows.compactMap { $0.string("to") }, onUpdate: ForeignKeyAction(pragma: rows[0].string("on_update")),
                    onDelete: ForeignKeyAction(pragma: rows[0].string("on_delete")))
                guard key.columns.count == 1,
                      let target = byTable.first(where: { $0.key.lowercased() == key.targetTable.lowercased() })?.value,
                      isSingleColumnKey(classes[target], column: key.targetColumns.first),
                      let property = classes[owner].properties.firstIndex(where: { $0.column == key.columns[0] })
                else {
                    classes[owner].otherForeignKeys.append(key)
                    continue
                }
                classes[owner].properties[property].type = .object
                classes[owner].properties[property].target = classes[target].name
                classes[owner].properties[property].onDelete = key.onDelete
            }
        }
    }

    /// A link points at its target's key: the single-column primary key, named or left implicit. A foreign key to
    /// another unique column stays a foreign key: every read and edit finds a link's object by its key, and would
    /// find another object, or none, by a value of another column.
    private func isSingleColumnKey(_ info: ClassInfo, column: String?) -> Bool {
        guard info.primaryKey.count == 1 else { return false }
        guard let column else { return true }
        return info.primaryKey[0].lowercased() == column.lowercased()
    }

    /// Strata's list tables, `<Class>_<property>(owner, position, target)`, become list properties.
    private func resolveLists(_ classes: inout [ClassInfo]) {
        let byName = Self.indexByName(classes)
        for listIndex in classes.indices {
            let list = classes[listIndex]
            let names = Set(list.properties.map(\.name))
            guard list.kind == .table, names == ["owner", "position", "target"], list.primaryKey == ["owner", "position"],
                  let owner = list.property(named: "owner"), owner.type == .object, let ownerClass = owner.target,
                  let target = list.property(named: "target"), target.type == .object, let targetClass = target.target,
                  list.name.hasPrefix(ownerClass + "_"), list.name.count > ownerClass.count + 1,
                  let ownerIndex = byName[ownerClass]
            else { continue }
            let propertyName = String(list.name.dropFirst(ownerClass.count + 1))
            classes[listIndex].isHidden = true
            classes[listIndex].origin = .listTable(owner: ownerClass, property: propertyName)
            classes[ownerIndex].properties.append(Property(
                name: propertyName, type: .list, target: targetClass, declaredType: "", column: nil))
            classes[ownerIndex].lists[propertyName] = .strataList(list.name)
        }
    }

    /// Strata's collection tables (ARCHITECTURE.md §2) become list, set and dictionary properties of their owners:
    /// `<Class>_<property>`, `owner` a link to the class, and `position` and `value` keyed on owner and position (a
    /// list), `value` alone keyed or unique with the owner (a set), or `key` and `value` keyed on owner and key (a
    /// dictionary), with `value_type` beside a Mixed `value`. A converted
    /// `.realm` file names its collection tables in `strata_realm_classes` (`realmCollections`), which also keeps a
    /// name that had underscores added and the kind of a table written before sets lost their positions.
    private func resolveCollections(_ classes: inout [ClassInfo], realmCollections: [String: RealmFacts.Collection]) {
        let byName = Self.indexByName(classes)
        for tableIndex in classes.indices {
            let table = classes[tableIndex]
            let fact = realmCollections[table.tableName]
            if table.listOf != nil {
                guard let fact, let owner = table.listOwner, let property = table.listOf, fact.owner == owner,
                      let ownerIndex = byName[owner],
                      let propertyIndex = classes[ownerIndex].properties.firstIndex(where: { $0.name == property && $0.type == .list }),
                      let target = classes[ownerIndex].properties[propertyIndex].target
                else { continue }
                // A list table whose name had underscores added (a class took its name) keeps the property's own name.
                if fact.property != property, classes[ownerIndex].property(named: fact.property) == nil {
                    classes[ownerIndex].properties[propertyIndex].name = fact.property
                    classes[ownerIndex].lists[fact.property] = classes[ownerIndex].lists.removeValue(forKey: property)
                    classes[tableIndex].origin = .listTable(owner: owner, property: fact.property)
                }
                // A set of objects written as a Strata list (before sets were tables of their own) is a set.
                if fact.kind == .set {
                    classes[ownerIndex].properties[propertyIndex].collection = CollectionType(kind: .set, element: target, isOptionalElement: false)
                }
                continue
            }
            // The owner links to its class; a table `strata_realm_classes` names need not say so.
            guard table.kind == .table, let ownerProperty = table.property(named: "owner"),
                  let ownerClass = ownerProperty.type == .object ? ownerProperty.target : fact?.owner,
                  var element = table.property(named: "value") ?? table.property(named: "target").flatMap({ fact?.kind == .dictionary ? $0 : nil })
            else { continue }
            var names = Set(table.properties.map(\.name))
            if element.type == .any, let typeColumn = table.property(named: "value_type"), typeColumn.type == .string {
                element.typeColumn = typeColumn.column
                names.remove("value_type")
            }
            // A set of elements that may be nil is a rowid table unique on owner and value (a key holds no NULL).
            let unique = table.hasRowID ? table.indexes.filter { $0.isUnique && !$0.isPartial }.map(\.columns) : [table.primaryKey]
            let setKeys = [["owner", "value"], ["owner", "value", "value_type"]]
            let kind: ValueCollection.Kind
            var positionColumn: String?
            switch names {
            case ["owner", "position", "value"] where !table.hasRowID && table.primaryKey == ["owner", "position"]:
                kind = fact?.kind == .set ? .set : .list
                positionColumn = "position"
            case ["owner", "value"] where unique.contains(where: setKeys.contains):
                kind = .set
            case ["owner", "key", element.name] where !table.hasRowID && table.primaryKey == ["owner", "key"]:
                kind = .dictionary
            default:
                continue
            }
            if let fact, fact.kind != kind { continue }
            let propertyName: String
            if let fact, fact.owner == ownerClass {
                propertyName = fact.property
            } else if table.name.hasPrefix(ownerClass + "_"), table.name.count > ownerClass.count + 1 {
                propertyName = String(table.name.dropFirst(ownerClass.count + 1))
            } else {
                continue
            }
            // The owner's key is one column, which `owner` holds; the property's name is its own.
            guard let ownerIndex = byName[ownerClass], classes[ownerIndex].objectKey.count == 1,
                  classes[ownerIndex].property(named: propertyName) == nil
            else { continue }
            element.name = ValueCollection.valuesName
            element.isPrimaryKey = false
            element.isIndexed = false
            let storage = ValueCollection(kind: kind, table: table.tableName, positionColumn: positionColumn,
                                          keyColumn: kind == .dictionary ? "key" : nil, element: element)
            let elementName = element.type == .object ? element.target ?? "?" : element.typeName
            var property = Property(name: propertyName, type: .collection, declaredType: "", column: nil)
            property.collection = CollectionType(kind: kind, element: elementName, isOptionalElement: element.isOptional)
            if element.type == .object, kind == .set, let target = element.target {
                // A set of objects is a list of them in the object model: followed, queried and shown as one.
                property.type = .list
                property.target = target
                property.collection?.isOptionalElement = false
                classes[ownerIndex].lists[propertyName] = ListStorage(kind: .strataSet, table: table.tableName, ownerColumn: "owner",
                                                                      targetColumn: element.column ?? "value", positionColumn: positionColumn)
            } else {
                classes[ownerIndex].collections[propertyName] = storage
            }
            classes[ownerIndex].properties.append(property)
            classes[tableIndex].isHidden = true
            classes[tableIndex].origin = .listTable(owner: ownerClass, property: propertyName)
        }
    }

    /// Each class's place in `classes` by name (the first, where a damaged store names two alike): a table's owner
    /// found in one step, not by a search of every class for every table.
    private static func indexByName(_ classes: [ClassInfo]) -> [String: Int] {
        Dictionary(classes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every link and list shows on its target as `@links.Class.property`.
    private func addBacklinks(_ classes: inout [ClassInfo]) {
        var backlinks: [String: [Property]] = [:]
        for info in classes where info.listOf == nil {
            // A Core Data relationship with an inverse shows its other side by the inverse's name instead.
            for property in info.properties where (property.type == .object || property.type == .list) && property.model?.inverse == nil {
                guard let target = property.target else { continue }
                backlinks[target, default: []].append(Property(
                    name: "@links.\(info.name).\(property.name)", type: .linkingObjects, target: info.name,
                    originProperty: property.name))
            }
        }
        for index in classes.indices {
            classes[index].properties += backlinks[classes[index].name] ?? []
        }
    }
}
