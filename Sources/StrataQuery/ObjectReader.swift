import SQLiteKit
import StrataCore

/// Reads single objects by key, and the objects their links and lists point at.
public struct ObjectReader {
    public let session: DatabaseSession
    /// True for objects read to be shown to people: their huge texts and blobs shortened (`ShownRow`).
    public var shortening: Bool

    public init(session: DatabaseSession, shortening: Bool = false) {
        self.session = session
        self.shortening = shortening
    }

    /// The object with this key, or nil when there is none.
    public func object(_ info: ClassInfo, key: [SQLiteValue]) throws -> StoredObject? {
        var compiler = QueryCompiler(schema: session.schema, connection: session.connection, text: "")
        let compiled = try compiler.compileLookup(info, key: key)
        if shortening {
            guard let row = try session.runner.shownRows(compiled).first else { return nil }
            return StoredObject(info: info, key: key, columns: compiled.columns, values: row.values, wholeCounts: row.wholeCounts)
        }
        guard let row = try session.runner.rows(compiled).first else { return nil }
        return StoredObject(info: info, key: key, columns: compiled.columns, values: row)
    }

    /// The object with its links and lists resolved and its backlinks counted.
    public func detail(of object: StoredObject) throws -> ObjectDetail {
        var links: [Int: StoredObject] = [:]
        var lists: [Int: [StoredObject]] = [:]
        for (index, (column, value)) in zip(object.columns, object.values).enumerated() {
            if let linked = try target(of: column, value: value) {
                links[index] = linked
            } else if column.property.type == .list {
                lists[index] = try elements(of: object, list: column.property)
            }
        }
        let backlinks = try object.info.properties.filter { $0.type == .linkingObjects }.map { property in
            (property: property, count: try backlinkCount(of: object, property))
        }
        return ObjectDetail(object: object, links: links, lists: lists, backlinks: backlinks)
    }

    /// The objects of a list property, in list order.
    public func elements(of object: StoredObject, list property: Property) throws -> [StoredObject] {
        guard let storage = object.info.lists[property.name], let target = property.target.flatMap(session.schema.class(named:)),
              let ownerKey = object.key.first
        else { return [] }
        let keys = try session.connection.rows(
            "SELECT \(identifier: storage.targetColumn) FROM \(identifier: storage.table) WHERE \(identifier: storage.ownerColumn) = \(ownerKey) "
                + "ORDER BY \(identifier: storage.orderColumn)" as SQL)
        return try keys.compactMap { try self.object(target, key: [$0[0]]) }
    }

    /// How many objects point here through a backlink property.
    public func backlinkCount(of object: StoredObject, _ property: Property) throws -> Int64 {
        guard let source = property.target.flatMap(session.schema.class(named:)),
              let link = property.originProperty.flatMap(source.property(named:)), let key = object.key.first
        else { return 0 }
        if link.type == .list, let storage = source.lists[link.name] {
            return try session.connection.scalar("\(SQL.count(table: storage.table)) WHERE \(identifier: storage.targetColumn) = \(key)" as SQL).int64 ?? 0
        }
        guard let column = link.column else { return 0 }
        let filter: SQL = source.entityCondition(alias: nil).map { " AND \($0)" } ?? ""
        return try session.connection.scalar("\(SQL.count(table: source.tableName)) WHERE \(identifier: column) = \(key)\(filter)" as SQL).int64 ?? 0
    }

    /// The object a link column points at; nil for a nil link, a column that is not a link, or a missing target.
    private func target(of column: ResultColumn, value: SQLiteValue) throws -> StoredObject? {
        guard column.property.type == .object, !value.isNull,
              let target = column.property.target.flatMap(session.schema.class(named:))
        else { return nil }
        return try object(target, key: [value])
    }
}
