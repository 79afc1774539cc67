import CoreDataModel

/// Where Core Data's SQLite store keeps a model: entity numbers, one table per root entity with its columns,
/// join tables for many-to-many relationships, and their indexes. README.md beside this file gives the rules, with
/// their sources and which of them are our assumptions.
///
/// Built from a `ManagedObjectModel` alone; `CoreDataStoreWriter` writes rows into these tables, and tests read it to
/// know the names without spelling the rules a second time.
public struct CoreDataStoreLayout: Sendable {
    /// What a column holds.
    public enum Role: Sendable, Equatable {
        case primaryKey, entity, optimisticLock
        /// The value of attribute `name` declared on `entity`.
        case attribute(entity: String, name: String)
        /// The destination's `Z_PK` for to-one `relationship` declared on `entity` (`Z<NAME>`).
        case toOne(entity: String, relationship: String)
        /// The destination's `Z_ENT` for that to-one, when the destination has sub-entities (`Z<n>_<NAME>`).
        case toOneEntity(entity: String, relationship: String)
        /// The position of the row in its owner's ordered to-many, keyed by the to-one `relationship` (declared on
        /// `entity`) that is its inverse (`Z_FOK_<NAME>`).
        case orderKey(entity: String, relationship: String)
    }

    public struct Column: Sendable, Equatable {
        public var name: String
        /// The declared type, as Core Data writes it: INTEGER, FLOAT, TIMESTAMP, DECIMAL, VARCHAR or BLOB.
        public var type: String
        public var role: Role
    }

    public struct Index: Sendable, Equatable {
        public var name: String
        public var table: String
        public var columns: [String]
    }

    /// The table of a root entity and all its sub-entities.
    public struct Table: Sendable {
        public var name: String
        public var rootEntity: String
        /// The root and its sub-entities, in entity-number order.
        public var entities: [String]
        public var columns: [Column]
        public var indexes: [Index]

        public func column(_ role: Role) -> Column? { columns.first { $0.role == role } }
    }

    /// The table of one many-to-many relationship pair, named after the side that owns it.
    public struct JoinTable: Sendable {
        public var name: String
        /// The relationship the table is named after, and the entity that declares it.
        public var entity: String
        public var relationship: String
        /// Its inverse, and the entity that declares that.
        public var inverseEntity: String
        public var inverseRelationship: String
        /// `Z_<e><INVERSE>`: the `Z_PK` of the object on `entity`'s side.
        public var sourceColumn: String
        /// `Z_<d><RELATIONSHIP>`: the `Z_PK` of the object on `inverseEntity`'s side.
        public var destinationColumn: String
        /// `Z_FOK_<d><RELATIONSHIP>` when `relationship` is ordered: the target's position in the source's list.
        public var orderColumn: String?
        /// `Z_FOK_<e><INVERSE>` when `inverseRelationship` is ordered: the source's position in the target's list.
        public var inverseOrderColumn: String?
        public var index: Index
    }

    public let model: ManagedObjectModel
    /// Entity names in number order: the entity numbered n (`Z_ENT`, `Z_PRIMARYKEY.Z_ENT`) is `entityOrder[n - 1]`.
    public let entityOrder: [String]
    public let tables: [Table]
    public let joinTables: [JoinTable]
    private let byName: [String: Entity]

    /// - Throws: `CoreDataFixtureError` for what Core Data would refuse or the fixtures do not write: an entity
    ///   whose parent is missing or a cycle of parents, a relationship whose destination or inverse is missing, a
    ///   to-many without an inverse, an attribute of type Undefined, Object ID or Composite.
    public init(model: ManagedObjectModel) throws {
        self.model = model
        var byName: [String: Entity] = [:]
        for entity in model.entities {
            guard byName.updateValue(entity, forKey: entity.name) == nil else {
                throw CoreDataFixtureError("fixture model: two entities named \(entity.name)")
            }
        }
        self.byName = byName
        for entity in model.entities {
            var seen: Set<String> = [entity.name]
            var parent = entity.parentName
            while let name = parent {
                guard let found = byName[name] else {
                    throw CoreDataFixtureError("fixture model: entity \(entity.name) has parent \(name), which the model does not have")
                }
                guard seen.insert(name).inserted else {
                    throw CoreDataFixtureError("fixture model: entity \(entity.name) inherits in a cycle")
                }
                parent = found.parentName
            }
        }
        // Roots by name, each followed by its sub-entities depth first (children by name), as the real stores
        // number them: Book 1, GraphicNovel 2 (Book's), Feedback 3 … in SampleModel2_V2.
        var order: [String] = []
        func visit(_ name: String) {
            order.append(name)
            for child in model.entities.filter({ $0.parentName == name }).map(\.name).sorted() { visit(child) }
        }
        for root in model.entities.filter({ $0.parentName == nil }).map(\.name).sorted() { visit(root) }
        entityOrder = order

        var tables: [Table] = []
        for root in order where byName[root]?.parentName == nil {
            let family = order.filter { Self.root(of: $0, in: byName) == root }
            var table = Table(name: Self.tableName(root), rootEntity: root, entities: family, columns: [], indexes: [])
            if family.count > 1 {
                table.indexes.append(Index(name: "\(table.name)_Z_ENT_INDEX", table: table.name, columns: ["Z_ENT"]))
            }
            tables.append(table)
        }
        // Columns with their sort keys: Core Data groups columns by declared type (INTEGER, FLOAT, TIMESTAMP, DECIMAL,
        // VARCHAR, BLOB), then by entity, attributes before relationships, then by name.
        var pending: [String: [(key: ColumnKey, column: Column)]] = [:]
        var joinTables: [JoinTable] = []
        for (entityPosition, name) in order.enumerated() {
            guard let entity = byName[name] else { continue }
            let table = Self.tableName(Self.root(of: name, in: byName))
            for attribute in entity.attributes.sorted(by: { $0.name < $1.name }) where !attribute.isTransient {
                let (type, rank) = try Self.columnType(attribute, entity: name)
                pending[table, default: []].append((ColumnKey(rank: rank, entity: entityPosition, group: 0, name: attribute.name, step: 0),
                                                    Column(name: "Z" + attribute.name.uppercased(), type: type,
                                                           role: .attribute(entity: name, name: attribute.name))))
            }
            for relationship in entity.relationships.sorted(by: { $0.name < $1.name }) where !relationship.isTransient {
                guard let destination = byName[relationship.destination] else {
                    throw CoreDataFixtureError("fixture model: relationship \(name).\(relationship.name) points at entity "
                                               + "\(relationship.destination), which the model does not have")
                }
                let inverse = try relationship.inverseName.map { inverseName -> (entity: String, relationship: Relationship) in
                    guard let found = Self.relationship(inverseName, of: destination.name, in: byName) else {
                        throw CoreDataFixtureError("fixture model: relationship \(name).\(relationship.name) names inverse "
                                                   + "\(inverseName), which entity \(destination.name) does not have")
                    }
                    return found
                }
                if !relationship.isToMany {
                    let column = "Z" + relationship.name.uppercased()
                    pending[table, default: []].append((ColumnKey(rank: 0, entity: entityPosition, group: 1, name: relationship.name, step: 0),
                                                        Column(name: column, type: "INTEGER",
                                                               role: .toOne(entity: name, relationship: relationship.name))))
                    if model.entities.contains(where: { $0.parentName == destination.name }),
                       let number = order.firstIndex(of: destination.name).map({ $0 + 1 }) {
                        pending[table, default: []].append((ColumnKey(rank: 0, entity: entityPosition, group: 1, name: relationship.name, step: 1),
                                                            Column(name: "Z\(number)_" + relationship.name.uppercased(), type: "INTEGER",
                                                                   role: .toOneEntity(entity: name, relationship: relationship.name))))
                    }
                    continue
                }
                guard let inverse else {
                    throw CoreDataFixtureError("fixture model: to-many \(name).\(relationship.name) has no inverse "
                                               + "(the fixtures write only to-manys with an inverse)")
                }
                if !inverse.relationship.isToMany {
                    // The inverse's column holds the link; an ordered to-many adds the order key beside it.
                    if relationship.isOrdered, let position = order.firstIndex(of: inverse.entity) {
                        let inverseTable = Self.tableName(Self.root(of: inverse.entity, in: byName))
                        pending[inverseTable, default: []].append((
                            ColumnKey(rank: 0, entity: position, group: 1, name: inverse.relationship.name, step: 2),
                            Column(name: "Z_FOK_" + inverse.relationship.name.uppercased(), type: "INTEGER",
                                   role: .orderKey(entity: inverse.entity, relationship: inverse.relationship.name))))
                    }
                    continue
                }
                // Many-to-many: one table for the pair, owned by the side with the lower entity number (then the
                // name that sorts first, for a relationship that is its own entity's inverse).
                let e = entityPosition + 1
                let d = (order.firstIndex(of: inverse.entity) ?? 0) + 1
                guard (e, relationship.name) < (d, inverse.relationship.name) else { continue }
                let joinName = "Z_\(e)" + relationship.name.uppercased()
                let source = "Z_\(e)" + inverse.relationship.name.uppercased()
                let target = "Z_\(d)" + relationship.name.uppercased()
                joinTables.append(JoinTable(
                    name: joinName, entity: name, relationship: relationship.name, inverseEntity: inverse.entity,
                    inverseRelationship: inverse.relationship.name, sourceColumn: source, destinationColumn: target,
                    orderColumn: relationship.isOrdered ? "Z_FOK_" + target.dropFirst(2) : nil,
                    inverseOrderColumn: inverse.relationship.isOrdered ? "Z_FOK_" + source.dropFirst(2) : nil,
                    index: Index(name: "\(joinName)_\(target)_INDEX", table: joinName, columns: [target, source])))
            }
        }
        for (table, entries) in pending {
            guard let position = tables.firstIndex(where: { $0.name == table }) else { continue }
            var used: Set<String> = ["Z_PK", "Z_ENT", "Z_OPT"]
            var columns = [Column(name: "Z_PK", type: "INTEGER PRIMARY KEY", role: .primaryKey),
                           Column(name: "Z_ENT", type: "INTEGER", role: .entity),
                           Column(name: "Z_OPT", type: "INTEGER", role: .optimisticLock)]
            for entry in entries.sorted(by: { $0.key < $1.key }) {
                var column = entry.column
                // Two sub-entities with a property of one name: the later one's column gets a number (ZFOLDER1).
                var suffix = 1
                while !used.insert(column.name).inserted {
                    column.name = entry.column.name + String(suffix)
                    suffix += 1
                }
                columns.append(column)
                if case .toOne = column.role {
                    tables[position].indexes.append(Index(name: "\(table)_\(column.name)_INDEX", table: table, columns: [column.name]))
                }
            }
            tables[position].columns = columns
        }
        for position in tables.indices where tables[position].columns.isEmpty {
            tables[position].columns = [Column(name: "Z_PK", type: "INTEGER PRIMARY KEY", role: .primaryKey),
                                        Column(name: "Z_ENT", type: "INTEGER", role: .entity),
                                        Column(name: "Z_OPT", type: "INTEGER", role: .optimisticLock)]
        }
        self.tables = tables
        self.joinTables = joinTables
    }

    // MARK: - Lookups

    /// The entity's number (`Z_ENT`), from 1.
    public func number(of entity: String) -> Int? { entityOrder.firstIndex(of: entity).map { $0 + 1 } }

    public func rootEntity(of entity: String) -> String { Self.root(of: entity, in: byName) }

    public func table(of entity: String) -> Table? {
        let root = rootEntity(of: entity)
        return tables.first { $0.rootEntity == root }
    }

    public func entity(named name: String) -> Entity? { byName[name] }

    /// The entity and its ancestors, nearest first.
    public func lineage(of entity: String) -> [String] {
        var result: [String] = []
        var next: String? = entity
        while let name = next, let found = byName[name], !result.contains(name) {
            result.append(name)
            next = found.parentName
        }
        return result
    }

    /// The attributes the entity has, its own and inherited ones.
    public func attributes(of entity: String) -> [(entity: String, attribute: Attribute)] {
        lineage(of: entity).flatMap { name in (byName[name]?.attributes ?? []).map { (name, $0) } }
    }

    /// The relationship called `name` on `entity` or an ancestor, with the entity that declares it.
    public func relationship(_ name: String, of entity: String) -> (entity: String, relationship: Relationship)? {
        Self.relationship(name, of: entity, in: byName)
    }

    /// `entity` and every entity that inherits from it.
    public func family(of entity: String) -> [String] {
        entityOrder.filter { lineage(of: $0).contains(entity) }
    }

    /// The table's CREATE TABLE and CREATE INDEX statements, in the shape Core Data writes them.
    public func createStatements() -> [String] {
        var statements: [String] = []
        for table in tables {
            statements.append("CREATE TABLE \(table.name) ( " + table.columns.map { "\($0.name) \($0.type)" }.joined(separator: ", ") + " )")
        }
        for join in joinTables {
            var columns = ["\(join.sourceColumn) INTEGER", "\(join.destinationColumn) INTEGER"]
            if let order = join.orderColumn { columns.append("\(order) INTEGER") }
            if let order = join.inverseOrderColumn { columns.append("\(order) INTEGER") }
            columns.append("PRIMARY KEY (\(join.sourceColumn), \(join.destinationColumn))")
            statements.append("CREATE TABLE \(join.name) ( " + columns.joined(separator: ", ") + " )")
        }
        for index in tables.flatMap(\.indexes) + joinTables.map(\.index) {
            statements.append("CREATE INDEX \(index.name) ON \(index.table) (\(index.columns.joined(separator: ", ")))")
        }
        statements.append("CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)")
        statements.append("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)")
        statements.append("CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)")
        return statements
    }

    // MARK: - Rules

    /// `Z` + the root entity's name, upper-cased.
    public static func tableName(_ rootEntity: String) -> String { "Z" + rootEntity.uppercased() }

    /// The declared type of an attribute's column and its place in the column order.
    static func columnType(_ attribute: Attribute, entity: String) throws -> (type: String, rank: Int) {
        switch attribute.kind {
        case .integer16, .integer32, .integer64, .boolean: ("INTEGER", 0)
        case .double, .float: ("FLOAT", 1)
        case .date: ("TIMESTAMP", 2)
        case .decimal: ("DECIMAL", 3)
        case .string, .uri: ("VARCHAR", 4)
        case .uuid: ("BLOB", 5)
        case .binary, .transformable: ("BLOB", 6)
        case .objectID, .composite, .undefined:
            throw CoreDataFixtureError("fixture model: attribute \(entity).\(attribute.name) has type "
                                       + "\(attribute.unknownTypeName ?? attribute.kind.rawValue), which the fixtures do not write")
        }
    }

    static func root(of entity: String, in byName: [String: Entity]) -> String {
        var current = entity
        var seen: Set<String> = [entity]
        while let parent = byName[current]?.parentName, seen.insert(parent).inserted { current = parent }
        return current
    }

    static func relationship(_ name: String, of entity: String, in byName: [String: Entity])
        -> (entity: String, relationship: Relationship)?
    {
        var next: String? = entity
        var seen: Set<String> = []
        while let current = next, seen.insert(current).inserted, let found = byName[current] {
            if let relationship = found.relationships.first(where: { $0.name == name }) { return (current, relationship) }
            next = found.parentName
        }
        return nil
    }
}

/// A column's place: declared-type group, entity number, attributes before relationships, name, then a to-one's
/// own columns in order (`Z<NAME>`, `Z<n>_<NAME>`, `Z_FOK_<NAME>`).
struct ColumnKey: Comparable {
    var rank: Int, entity: Int, group: Int, name: String, step: Int
    static func < (a: ColumnKey, b: ColumnKey) -> Bool {
        (a.rank, a.entity, a.group, a.name, a.step) < (b.rank, b.entity, b.group, b.name, b.step)
    }
}
