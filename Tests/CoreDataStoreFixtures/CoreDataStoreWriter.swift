import Digests
import CoreDataModel
import Foundation
import SQLiteKit

/// Writes a Core Data SQLite store in Core Data's own layout (`CoreDataStoreLayout`, README.md beside this file):
/// entity tables with `Z_PK`/`Z_ENT`/`Z_OPT`, to-one columns, order keys, join tables, `Z_PRIMARYKEY`,
/// `Z_METADATA` and `Z_MODELCACHE`, and external binary data files in `.<StoreName>_SUPPORT/_EXTERNAL_DATA`.
///
/// Objects are inserted with a test-chosen id; links name their targets by those ids, from either side of a
/// relationship (the inverse is implied). Each root table numbers its rows 1, 2, … in insertion order; `Z_OPT` is 1.
///
///     var writer = CoreDataStoreWriter(model: model)
///     writer.insert("RecipeType", id: "dessert", ["name": .string("Dessert")])
///     writer.insert("Recipe", id: "r1", ["name": .string("Recipe 1")], links: ["type": ["dessert"]])
///     try writer.write(to: "/tmp/x/Recipes.sqlite")
public struct CoreDataStoreWriter: Sendable {
    /// One inserted object.
    public struct Object: Sendable {
        public var entity: String
        public var id: String
        public var values: [String: FixtureValue]
        public var links: [String: [String]]
    }

    /// The model the tables are laid out from.
    public let model: ManagedObjectModel
    /// The model `Z_MODELCACHE` holds and `Z_METADATA` describes; `model` unless a test makes them disagree.
    public var cachedModel: ManagedObjectModel
    /// `Z_METADATA.Z_UUID`: a fixed UUID, so that a fixture is the same on every run.
    public var storeUUID = "5F0C7A52-3E1B-4D6A-9C2E-8B4F1A7D3C90"
    /// `NSPersistenceFrameworkVersion`: 1344 as in SampleModel2_V2 (1044 in the older SampleModel_V1).
    public var frameworkVersion: Int64 = 1344
    /// Bytes to store as `Z_MODELCACHE.Z_CONTENT` instead of the deflated archive of `cachedModel`: for damaged
    /// caches (truncated, not deflate, not an archive) in the readers' hostile-input tests.
    public var modelCacheContent: [UInt8]?
    /// Bytes to store as `Z_METADATA.Z_PLIST` instead of `metadataPropertyList()`, for damaged metadata.
    public var metadataContent: [UInt8]?
    public private(set) var objects: [Object] = []

    public init(model: ManagedObjectModel) {
        self.model = model
        self.cachedModel = model
    }

    /// Adds an object of `entity` (a concrete entity of the model) with attribute values by attribute name and
    /// relationship targets by relationship name (ids of other inserted objects, in order for an ordered
    /// relationship). Checked when written.
    public mutating func insert(_ entity: String, id: String, _ values: [String: FixtureValue],
                                links: [String: [String]] = [:])
    {
        objects.append(Object(entity: entity, id: id, values: values, links: links))
    }

    /// The layout of `model`.
    public func layout() throws -> CoreDataStoreLayout { try CoreDataStoreLayout(model: model) }

    /// The `Z_PK` the object with `id` gets: its position among the objects of its root table, from 1.
    public func primaryKey(of id: String) throws -> Int64 {
        let layout = try layout()
        guard let object = objects.first(where: { $0.id == id }) else {
            throw CoreDataFixtureError("fixture: no object with id '\(id)'")
        }
        let root = layout.rootEntity(of: object.entity)
        let index = objects.filter { layout.rootEntity(of: $0.entity) == root }.firstIndex { $0.id == id } ?? 0
        return Int64(index + 1)
    }

    // MARK: - Writing

    /// Writes the store at `path`, which must not exist (nor its `-journal`); external data files go beside it.
    /// `modelCache` and `metadata` false leave `Z_MODELCACHE` and `Z_METADATA` empty (the tables stay), as in stores
    /// written before iOS 9 or damaged ones.
    /// - Throws: `CoreDataFixtureError` for an unknown entity, attribute, relationship or id, a value of the wrong
    ///   kind, an existing file; `SQLiteError` when SQLite refuses.
    public func write(to path: String, modelCache: Bool = true, metadata: Bool = true) throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw CoreDataFixtureError("fixture: \(path) exists; a store is written only as a new file")
        }
        let layout = try layout()
        let plan = try Plan(writer: self, layout: layout)
        let db = try Connection(path: path, mode: .create)
        try db.transaction {
            for statement in layout.createStatements() { try db.execute(statement) }
            for row in plan.rows { try insertRow(row.values, columns: row.columns, into: row.table, db: db) }
            for (number, entity) in layout.entityOrder.enumerated() {
                let parent = layout.entity(named: entity)?.parentName.flatMap { layout.number(of: $0) } ?? 0
                let max = layout.entity(named: entity)?.parentName == nil ? plan.maxKeys[entity] ?? 0 : 0
                try db.execute("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, ?, ?)",
                               [.integer(Int64(number + 1)), .text(entity), .integer(Int64(parent)), .integer(max)])
            }
            if metadata {
                let plist = metadataContent ?? BinaryPropertyListWriter.write(metadataPropertyList())
                try db.execute("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)",
                               [.text(storeUUID), .blob(plist)])
            }
            if modelCache {
                try db.execute("INSERT INTO Z_MODELCACHE (Z_CONTENT) VALUES (?)",
                               [.blob(try modelCacheContent ?? ModelArchiveWriter.modelCache(cachedModel))])
            }
        }
        if !plan.externalFiles.isEmpty {
            let store = URL(fileURLWithPath: path)
            let folder = store.deletingLastPathComponent()
                .appendingPathComponent(".\(store.deletingPathExtension().lastPathComponent)_SUPPORT")
                .appendingPathComponent("_EXTERNAL_DATA")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, bytes) in plan.externalFiles {
                try Data(bytes).write(to: folder.appendingPathComponent(name), options: .withoutOverwriting)
            }
        }
    }

    /// `Z_METADATA.Z_PLIST`, with the keys the real fixture stores have. `NSStoreUUID` is not among them: Core Data
    /// keeps the store's UUID in `Z_UUID`. The version hashes are the model's own when it has them, otherwise
    /// SHA-256 of the entity name, a stand-in (Apple's hash covers the entity's name, flags and properties).
    public func metadataPropertyList() -> PropertyListValue {
        var hashes: [String: PropertyListValue] = [:]
        for entity in cachedModel.entities {
            hashes[entity.name] = .data(Self.versionHash(of: entity))
        }
        let joined = cachedModel.entities.sorted { $0.name < $1.name }.flatMap { Self.versionHash(of: $0) }
        let digest = SHA256.hash(joined) + SHA256.hash(SHA256.hash(joined))
        return .dictionary([
            "NSStoreType": .string("SQLite"),
            "NSPersistenceFrameworkVersion": .integer(frameworkVersion),
            "NSStoreModelVersionIdentifiers": .array(cachedModel.versionIdentifiers.map(PropertyListValue.string)),
            "NSStoreModelVersionHashes": .dictionary(hashes),
            "NSStoreModelVersionHashesVersion": .integer(3),
            "NSStoreModelVersionHashesDigest": .string(Data(digest).base64EncodedString()),
            "_NSAutoVacuumLevel": .string("2"),
        ])
    }

    /// The entity's version hash as the metadata has it: the model's, else SHA-256 of its name (not Apple's hash).
    public static func versionHash(of entity: Entity) -> [UInt8] {
        entity.versionHash ?? SHA256.hash(Array(entity.name.utf8))
    }

    private func insertRow(_ values: [SQLiteValue], columns: [String], into table: String, db: Connection) throws {
        let sql: SQL = "INSERT INTO \(identifier: table) \(parenthesized: columns.map { SQL.identifier($0) }.joined(separator: ", ")) "
            + "VALUES \(parenthesized: .parameters(columns.count))"
        try db.execute(sql.text, values)
    }
}

// MARK: - The rows to write

/// Every row of every table, computed and checked before the file is created.
private struct Plan {
    struct Row { var table: String; var columns: [String]; var values: [SQLiteValue] }

    var rows: [Row] = []
    var maxKeys: [String: Int64] = [:]
    var externalFiles: [(String, [UInt8])] = []

    let writer: CoreDataStoreWriter
    let layout: CoreDataStoreLayout
    var keys: [String: (index: Int, pk: Int64)] = [:]

    init(writer: CoreDataStoreWriter, layout: CoreDataStoreLayout) throws {
        self.writer = writer
        self.layout = layout
        for (index, object) in writer.objects.enumerated() {
            guard let entity = layout.entity(named: object.entity) else {
                throw CoreDataFixtureError("fixture: object '\(object.id)' is of entity \(object.entity), which the model does not have")
            }
            guard !entity.isAbstract else {
                throw CoreDataFixtureError("fixture: object '\(object.id)' is of abstract entity \(object.entity)")
            }
            guard keys[object.id] == nil else { throw CoreDataFixtureError("fixture: two objects with id '\(object.id)'") }
            let root = layout.rootEntity(of: object.entity)
            let pk = (maxKeys[root] ?? 0) + 1
            maxKeys[root] = pk
            keys[object.id] = (index, pk)
        }
        for (index, object) in writer.objects.enumerated() {
            let known = Set(layout.attributes(of: object.entity).map(\.attribute.name))
            for name in object.values.keys.sorted() where !known.contains(name) {
                throw CoreDataFixtureError("fixture: object '\(object.id)': entity \(object.entity) has no attribute '\(name)'")
            }
            for (name, targets) in object.links.sorted(by: { $0.key < $1.key }) {
                guard let found = layout.relationship(name, of: object.entity) else {
                    throw CoreDataFixtureError("fixture: object '\(object.id)': entity \(object.entity) has no relationship '\(name)'")
                }
                for target in targets {
                    guard let key = keys[target] else {
                        throw CoreDataFixtureError("fixture: object '\(object.id)' links '\(name)' to '\(target)', which is not inserted")
                    }
                    let targetEntity = writer.objects[key.index].entity
                    guard layout.lineage(of: targetEntity).contains(found.relationship.destination) else {
                        throw CoreDataFixtureError("fixture: object '\(object.id)' links '\(name)' to '\(target)', a \(targetEntity), "
                                                   + "not a \(found.relationship.destination)")
                    }
                }
                let linked = try self.targets(of: index, name).count
                if !found.relationship.isToMany, linked > 1 {
                    throw CoreDataFixtureError("fixture: object '\(object.id)': to-one '\(name)' has \(linked) targets")
                }
            }
        }
        for (index, object) in writer.objects.enumerated() {
            guard let table = layout.table(of: object.entity) else { continue }
            let lineage = layout.lineage(of: object.entity)
            var columns: [String] = []
            var values: [SQLiteValue] = []
            for column in table.columns {
                let value: SQLiteValue
                switch column.role {
                case .primaryKey: value = .integer(keys[object.id]?.pk ?? 0)
                case .entity: value = .integer(Int64(layout.number(of: object.entity) ?? 0))
                case .optimisticLock: value = .integer(1)
                case .attribute(let entity, let name):
                    guard lineage.contains(entity) else { continue }
                    value = try attributeValue(object: index, entity: entity, name: name)
                case .toOne(let entity, let name):
                    guard lineage.contains(entity), let target = try targets(of: index, name).first else { continue }
                    value = .integer(keys[writer.objects[target].id]?.pk ?? 0)
                case .toOneEntity(let entity, let name):
                    guard lineage.contains(entity), let target = try targets(of: index, name).first else { continue }
                    value = .integer(Int64(layout.number(of: writer.objects[target].entity) ?? 0))
                case .orderKey(let entity, let name):
                    guard lineage.contains(entity), let owner = try targets(of: index, name).first,
                          let inverse = layout.relationship(name, of: entity)?.relationship.inverseName,
                          let position = try targets(of: owner, inverse).firstIndex(of: index) else { continue }
                    value = .integer(Int64(position + 1))
                }
                columns.append(column.name)
                values.append(value)
            }
            rows.append(Row(table: table.name, columns: columns, values: values))
        }
        for join in layout.joinTables {
            for (index, object) in writer.objects.enumerated() where layout.lineage(of: object.entity).contains(join.entity) {
                for (position, target) in try targets(of: index, join.relationship).enumerated() {
                    var columns = [join.sourceColumn, join.destinationColumn]
                    var values: [SQLiteValue] = [.integer(keys[object.id]?.pk ?? 0), .integer(keys[writer.objects[target].id]?.pk ?? 0)]
                    if let order = join.orderColumn {
                        columns.append(order)
                        values.append(.integer(Int64(position + 1)))
                    }
                    if let order = join.inverseOrderColumn {
                        columns.append(order)
                        let back = try targets(of: target, join.inverseRelationship).firstIndex(of: index) ?? 0
                        values.append(.integer(Int64(back + 1)))
                    }
                    rows.append(Row(table: join.name, columns: columns, values: values))
                }
            }
        }
    }

    /// The objects `object`'s relationship `name` points at: those its links name, in order, then those whose
    /// inverse links name it, in insertion order.
    func targets(of object: Int, _ name: String) throws -> [Int] {
        let source = writer.objects[object]
        guard let found = layout.relationship(name, of: source.entity) else { return [] }
        var result = (source.links[name] ?? []).compactMap { keys[$0]?.index }
        if let inverse = found.relationship.inverseName {
            for (index, other) in writer.objects.enumerated() where !result.contains(index) {
                guard layout.lineage(of: other.entity).contains(found.relationship.destination),
                      other.links[inverse]?.contains(source.id) == true else { continue }
                result.append(index)
            }
        }
        return result
    }

    mutating func attributeValue(object: Int, entity: String, name: String) throws -> SQLiteValue {
        let source = writer.objects[object]
        guard let attribute = layout.entity(named: entity)?.attributes.first(where: { $0.name == name }) else { return .null }
        let place = "object '\(source.id)' attribute \(entity).\(name)"
        guard let value = source.values[name] else {
            // A derived count nobody gave: computed, as Core Data's triggers would.
            if attribute.isDerived, let expression = attribute.derivationExpression, expression.hasSuffix(".@count"),
               !expression.dropLast(7).contains(".") {
                return .integer(Int64(try targets(of: object, String(expression.dropLast(7))).count))
            }
            return .null
        }
        func mismatch() -> CoreDataFixtureError {
            CoreDataFixtureError("fixture: \(place) is \(attribute.kind.rawValue), not given \(value)")
        }
        switch (attribute.kind, value) {
        case (_, .null): return .null
        case (_, .sql(let stored)):
            switch stored {
            case .null: return .null
            case .integer(let number): return .integer(number)
            case .real(let number): return .real(number)
            case .text(let text): return .text(text)
            case .blob(let bytes): return .blob(bytes)
            }
        case (.integer16, .int(let number)), (.integer32, .int(let number)), (.integer64, .int(let number)),
             (.boolean, .int(let number)):
            return .integer(number)
        case (.boolean, .bool(let flag)): return .integer(flag ? 1 : 0)
        case (.double, .double(let number)), (.float, .double(let number)): return .real(number)
        case (.decimal, .decimal(let text)): return .text(text)
        case (.string, .string(let text)), (.uri, .uri(let text)), (.uri, .string(let text)): return .text(text)
        case (.date, .date(let seconds)): return .real(seconds)
        case (.binary, .data(let bytes)): return .blob(attribute.allowsExternalStorage ? [0x01] + bytes : bytes)
        case (.binary, .externalData(let bytes, let fileName)):
            guard attribute.allowsExternalStorage else {
                throw CoreDataFixtureError("fixture: \(place) does not allow external storage")
            }
            externalFiles.append((fileName, bytes))
            return .blob([0x02] + Array(fileName.utf8))
        case (.uuid, .uuid(let text)):
            guard let uuid = UUID(uuidString: text) else { throw CoreDataFixtureError("fixture: \(place): '\(text)' is not a uuid") }
            return .blob(withUnsafeBytes(of: uuid.uuid) { Array($0) })
        case (.transformable, .archived): return .blob(value.archiveBytes ?? [])
        case (.transformable, .data(let bytes)): return .blob(bytes)
        default: throw mismatch()
        }
    }
}

// MARK: - Xcode models

extension CoreDataStoreWriter {
    /// Xcode's XML `contents` for `model` (`XcodeModelWriter.contents`).
    public static func xcdatamodelContents(_ model: ManagedObjectModel) -> String { XcodeModelWriter.contents(model) }

    /// A `.xcdatamodeld` folder at `folder` with `model` as the current version and `versions` beside it
    /// (`XcodeModelWriter.writeModel`).
    public static func writeXcodeModel(_ model: ManagedObjectModel, versions: [(name: String, model: ManagedObjectModel)]?,
                                       to folder: String) throws
    {
        try XcodeModelWriter.writeModel(model, versions: versions, to: folder)
    }
}
