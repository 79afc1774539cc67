import SQLiteKit
import StrataCore

/// Deleting an object of a Core Data store as Core Data would: each relationship's delete rule applied to the
/// objects it holds (Cascade deletes them, with their own rules in turn; Nullify clears their side; Deny refuses
/// while it holds any; No Action leaves them pointing at nothing), join-table rows of the deleted objects removed.
/// All in the edit's transaction, so the change log sees every row and `undo` puts it all back.
extension Editor {
    /// One object of the store: its class (its own entity, from `Z_ENT`) and its `Z_PK`.
    struct EntityObject: Hashable {
        var className: String
        var key: Int64
    }

    /// Whether deletes of `info` follow a model's rules (`StoreConventions.appliesDeleteRules`).
    func appliesDeleteRules(_ info: ClassInfo) -> Bool {
        schema.conventions.appliesDeleteRules(to: info, in: schema)
    }

    /// Deletes the object and what its rules take with it; the object's own row goes last.
    ///
    /// - Throws: `StrataError` naming the objects a Deny rule protects, before anything is written.
    func deleteApplyingRules(_ info: ClassInfo, key: Int64) throws {
        // Its own entity's rules: a `Car` key may be a `SportCar`, with relationships of its own.
        let start = EntityObject(className: try entityName(of: key, in: info) ?? info.name, key: key)
        var doomed: [EntityObject] = [start]
        var seen: Set<EntityObject> = [start]
        var denials: [(object: EntityObject, property: String, held: [EntityObject])] = []
        var index = 0
        while index < doomed.count {
            let object = doomed[index]
            index += 1
            guard let owner = schema.class(named: object.className) else { continue }
            for property in owner.properties {
                guard let rule = property.model?.deleteRule, rule == .cascade || rule == .deny else { continue }
                let held = try destinations(of: object, through: property, in: owner)
                if rule == .cascade {
                    for target in held where seen.insert(target).inserted { doomed.append(target) }
                } else if !held.isEmpty {
                    denials.append((object, property.name, held))
                }
            }
        }
        // Deny protects what is not going anyway.
        let blocking = denials.compactMap { denial -> String? in
            let kept = denial.held.filter { !seen.contains($0) }
            guard !kept.isEmpty else { return nil }
            return "\(denial.object.className) \(denial.object.key).\(denial.property) holds " + Self.listed(kept)
        }
        if !blocking.isEmpty {
            throw StrataError("cannot delete \(info.name) \(key): " + blocking.joined(separator: "; ")
                              + " (delete rule Deny): delete those or unlink them first")
        }
        for object in doomed.reversed() {
            guard let owner = schema.class(named: object.className) else { continue }
            try clearInverses(of: object, in: owner)
            try connection.execute("DELETE FROM \(identifier: owner.tableName) WHERE \(identifier: "Z_PK") = \(object.key)" as SQL)
        }
    }

    /// `Ingredient 3, 4 and 5`: objects for a message, at most 5 keys.
    static func listed(_ objects: [EntityObject]) -> String {
        let byClass = Dictionary(grouping: objects, by: \.className).sorted { $0.key < $1.key }
        return byClass.map { name, objects in
            let keys = objects.map(\.key).sorted()
            let shown = keys.prefix(5).map(String.init).joined(separator: ", ")
            return "\(name) \(shown)" + (keys.count > 5 ? " and \(keys.count - 5) more" : "")
        }.joined(separator: ", ")
    }

    /// The objects a relationship of `object` holds, each with its own entity.
    func destinations(of object: EntityObject, through property: Property, in owner: ClassInfo) throws -> [EntityObject] {
        guard let targetName = property.target, let target = schema.class(named: targetName) else { return [] }
        let keys: [SQLiteValue]
        switch property.type {
        case .object:
            guard let column = property.column else { return [] }
            keys = try connection.rows(
                "SELECT \(identifier: column) FROM \(identifier: owner.tableName) WHERE \(identifier: "Z_PK") = \(object.key)" as SQL).map { $0[0] }
        case .list:
            guard let storage = owner.lists[property.name] else { return [] }
            keys = try connection.rows(
                "SELECT \(identifier: storage.targetColumn) FROM \(identifier: storage.table) WHERE \(identifier: storage.ownerColumn) = \(object.key)" as SQL)
                .map { $0[0] }
        default:
            return []
        }
        return try keys.compactMap { value in
            guard let key = value.int64 else { return nil }
            return EntityObject(className: try entityName(of: key, in: target) ?? target.name, key: key)
        }
    }

    /// The entity an object of `info`'s table really is (a `Car` key may be a `SportCar`); nil when it is missing.
    func entityName(of key: Int64, in info: ClassInfo) throws -> String? {
        guard let number = try connection.scalar(
            "SELECT \(identifier: "Z_ENT") FROM \(identifier: info.tableName) WHERE \(identifier: "Z_PK") = \(key)" as SQL).int64
        else { return nil }
        return schema.classes.first { $0.tableName == info.tableName && $0.entity?.number == number }?.name
    }

    /// Before an object goes: the other side of each of its relationships forgets it (a to-one there set to nil,
    /// a many-to-many's rows removed), except where the rule is No Action.
    private func clearInverses(of object: EntityObject, in owner: ClassInfo) throws {
        for property in owner.properties {
            guard let facts = property.model, let rule = facts.deleteRule, property.type == .object || property.type == .list,
                  let targetName = property.target, let target = schema.class(named: targetName)
            else { continue }
            if property.type == .list, let storage = owner.lists[property.name], storage.kind == .joinTable {
                try connection.execute(
                    "DELETE FROM \(identifier: storage.table) WHERE \(identifier: storage.ownerColumn) = \(object.key)" as SQL)
                continue
            }
            guard rule != .noAction, let inverseName = facts.inverse, let inverse = target.property(named: inverseName),
                  inverse.type == .object, let column = inverse.column
            else { continue }
            // The inverse is a to-one column in the target's table that holds this object's key.
            var set: SQL = "\(identifier: column) = NULL"
            if let entityColumn = inverse.model?.entityColumn { set = "\(set), \(identifier: entityColumn) = NULL" }
            if let bookkeeping = schema.conventions.updateBookkeeping(of: target) { set = "\(set), \(bookkeeping)" }
            try connection.execute("UPDATE \(identifier: target.tableName) SET \(set) WHERE \(identifier: column) = \(object.key)" as SQL)
        }
    }
}
