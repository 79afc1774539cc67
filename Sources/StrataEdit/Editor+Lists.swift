import SQLiteKit
import StrataCore

extension Editor {
    /// What a list edit does to the list's objects, by index from 0.
    public enum ListChange: Sendable, Equatable {
        /// The object at `index`, or at the end when nil.
        case add(TypedValue, at: Int?)
        case remove(at: Int)
        /// The first entry that holds this object.
        case removeObject(TypedValue)
        case move(from: Int, to: Int)
    }

    /// `list add TaskList 3 tasks Task 42 at 0`, `list remove … at 1`, `list move … 0 to 2`: one list of one
    /// object, in one transaction. The list keeps positions 0, 1, 2, …; only entries whose object changes
    /// are written.
    public func editList(_ info: ClassInfo, key: [SQLiteValue], property name: String, _ change: ListChange) throws -> Outcome {
        try editList(info, key: key, property: name, change, asSet: false)
    }

    /// - Parameter asSet: the edit is `set add` or `set remove` of a set of objects.
    func editList(_ info: ClassInfo, key: [SQLiteValue], property name: String, _ change: ListChange, asSet: Bool) throws -> Outcome {
        let property = try property(name, of: info)
        if property.type == .collection, let storage = info.collections[property.name], storage.kind == .list {
            return try editValueList(info, key: key, property: property, storage: storage, change)
        }
        if !asSet, property.collection?.kind == .set || property.collection?.kind == .dictionary {
            let how = property.collection?.kind == .set ? "set add and set remove" : "dict set and dict remove"
            throw StrataError("\(info.name).\(property.name) is \(property.typeDescription): edit it with \(how)")
        }
        guard property.type == .list, let storage = info.lists[property.name], let targetName = property.target,
              let target = schema.class(named: targetName)
        else {
            throw StrataError("\(info.name).\(property.name) is \(property.typeDescription), not a list")
        }
        let coreData = storage.kind != .strataList
        if coreData, storage.positionColumn == nil {
            switch change {
            case .move: throw StrataError("\(info.name).\(property.name) is an unordered to-many: it has no order to move in")
            case .add(_, let index?): throw StrataError("\(info.name).\(property.name) is an unordered to-many: add without 'at \(index)'")
            default: break
            }
        }
        guard key.count == 1 else { throw StrataError("\(info.name) has no single key for a list to belong to") }
        let owner = Self.describe(info, key)
        let description: String
        switch change {
        case .add: description = "\(asSet ? "set" : "list") add \(owner) \(property.name)"
        case .remove, .removeObject: description = "\(asSet ? "set" : "list") remove \(owner) \(property.name)"
        case .move: description = "list move \(owner) \(property.name)"
        }
        // A value for the list's `target` column: the same rules as a link to the target class.
        let element = Property(name: property.name, type: .object, target: targetName)
        var parser = ValueParser(info: info, schema: schema, connection: connection)
        parser.maxBlobBytes = maxBlobBytes
        return try perform(info: info, values: []) {
            guard try connection.scalar("SELECT count(*) FROM \(identifier: info.tableName) WHERE \(Self.keyCondition(info, key))" as SQL).int64 == 1 else {
                throw StrataError("no \(owner) in \(path)")
            }
            let entries = try connection.rows(
                "SELECT \(identifier: storage.orderColumn), \(identifier: storage.targetColumn) FROM \(identifier: storage.table) "
                    + "WHERE \(identifier: storage.ownerColumn) = \(key[0]) ORDER BY \(identifier: storage.orderColumn)" as SQL)
            var targets = entries.map { $0[1] }
            func check(_ index: Int, _ word: String, allowEnd: Bool = false) throws {
                let last = allowEnd ? targets.count : targets.count - 1
                guard index >= 0, index <= last else {
                    let range = last < 0 ? "it is empty" : "at 0 to \(last)"
                    throw StrataError("\(word) \(index) is not in \(owner)'s \(property.name), which holds \(targets.count) "
                                      + "\(targets.count == 1 ? "object" : "objects") (\(range))")
                }
            }
            let message: String
            switch change {
            case .add(let typed, let index):
                let value = try parser.link(typed, property: element)
                if coreData, targets.contains(value) {
                    let which = storage.kind == .strataSet ? "a set" : "a Core Data to-many"
                    throw StrataError("\(owner)'s \(property.name) already holds \(target.name) \(value.sqlLiteral): \(which) holds each object once")
                }
                try check(index ?? targets.count, "at", allowEnd: true)
                targets.insert(value, at: index ?? targets.count)
                message = "added \(target.name) \(value.sqlLiteral) to \(owner) \(property.name)" + (asSet ? "" : " at \(index ?? targets.count - 1)")
            case .remove(let index):
                try check(index, "at")
                let removed = targets.remove(at: index)
                message = "removed \(target.name) \(removed.sqlLiteral) from \(owner) \(property.name) at \(index)"
            case .removeObject(let typed):
                let value = try parser.link(typed, property: element)
                guard let index = targets.firstIndex(of: value) else {
                    throw StrataError("\(owner)'s \(property.name) does not hold \(target.name) \(value.sqlLiteral)")
                }
                targets.remove(at: index)
                message = "removed \(target.name) \(value.sqlLiteral) from \(owner) \(property.name) at \(index)"
            case .move(let from, let to):
                try check(from, "from")
                try check(to, "to")
                targets.insert(targets.remove(at: from), at: to)
                message = "moved \(owner) \(property.name) \(from) to \(to)"
            }
            if coreData {
                try writeRelationship(targets, over: entries.map { $0[1] }, storage: storage, property: property, of: info, owner: key[0])
            } else {
                try write(targets, over: entries, table: storage.table, owner: key[0])
            }
            return Outcome(description: description, message: message, key: key)
        }
    }

    /// Writes a Core Data to-many's new members and order: join-table rows added and removed, or the inverse's
    /// column (and entity-number column) set on the objects that join and cleared on those that leave, with
    /// `Z_OPT` counted up as Core Data does; an ordered one's order keys 1, 2, 3, … where they changed.
    private func writeRelationship(_ targets: [SQLiteValue], over old: [SQLiteValue], storage: ListStorage, property: Property,
                                   of info: ClassInfo, owner: SQLiteValue) throws
    {
        let table = storage.table, ownerColumn = storage.ownerColumn, targetColumn = storage.targetColumn
        let removed = old.filter { !targets.contains($0) }, added = targets.filter { !old.contains($0) }
        // The objects that join or leave are changed: Core Data's optimistic locking counts each of them up.
        let bump: SQL = property.target.flatMap { schema.class(named: $0) }.flatMap { schema.conventions.updateBookkeeping(of: $0) }
            .map { ", \($0)" } ?? ""
        switch storage.kind {
        case .joinTable, .strataSet:
            for target in removed {
                try connection.execute("DELETE FROM \(identifier: table) WHERE \(identifier: ownerColumn) = \(owner) AND \(identifier: targetColumn) = \(target)" as SQL)
            }
            for target in added {
                try connection.execute("INSERT INTO \(identifier: table) (\(identifier: ownerColumn), \(identifier: targetColumn)) VALUES (\(owner), \(target))" as SQL)
            }
        case .inverseColumn:
            // The inverse's entity-number column, when the owner's entity has sub-entities (`Z6_RECIPE`).
            let inverse = property.model?.inverse.flatMap { name in property.target.flatMap(schema.class(named:))?.property(named: name) }
            let entityColumn = inverse?.model?.entityColumn
            var set: SQL = "\(identifier: ownerColumn) = NULL"
            if let entityColumn { set = "\(set), \(identifier: entityColumn) = NULL" }
            if let position = storage.positionColumn { set = "\(set), \(identifier: position) = NULL" }
            for target in removed {
                try connection.execute("UPDATE \(identifier: table) SET \(set)\(bump) WHERE \(identifier: targetColumn) = \(target)" as SQL)
            }
            var join: SQL = "\(identifier: ownerColumn) = \(owner)"
            if let entityColumn, let number = info.entity?.number {
                let actual = try connection.scalar("SELECT \(identifier: "Z_ENT") FROM \(identifier: info.tableName) WHERE \(identifier: "Z_PK") = \(owner)" as SQL)
                join = "\(join), \(identifier: entityColumn) = \(actual.isNull ? .integer(number) : actual)"
            }
            for target in added {
                try connection.execute("UPDATE \(identifier: table) SET \(join)\(bump) WHERE \(identifier: targetColumn) = \(target)" as SQL)
            }
        case .strataList:
            return
        }
        guard let position = storage.positionColumn else { return }
        for (index, target) in targets.enumerated() {
            let key = Int64(index + 1)
            try connection.execute(
                "UPDATE \(identifier: table) SET \(identifier: position) = \(key) WHERE \(identifier: ownerColumn) = \(owner) "
                    + "AND \(identifier: targetColumn) = \(target) AND \(identifier: position) IS NOT \(key)" as SQL)
        }
    }

    /// Writes a list's new order. Positions 0, 1, 2, … are kept and only entries whose object changed are
    /// updated (never the key (owner, position), which would collide midway); a list with gaps in its
    /// positions is written afresh.
    private func write(_ targets: [SQLiteValue], over entries: [[SQLiteValue]], table: String, owner: SQLiteValue) throws {
        let contiguous = entries.enumerated().allSatisfy { index, entry in entry[0].int64 == Int64(index) }
        var old = entries.map { $0[1] }
        if !contiguous {
            try connection.execute("DELETE FROM \(identifier: table) WHERE owner = \(owner)" as SQL)
            old = []
        }
        for (index, target) in targets.enumerated() where index < old.count && old[index] != target {
            try connection.execute("UPDATE \(identifier: table) SET target = \(target) WHERE owner = \(owner) AND position = \(Int64(index))" as SQL)
        }
        if targets.count > old.count {
            for index in old.count..<targets.count {
                try connection.execute("INSERT INTO \(identifier: table) (owner, position, target) VALUES (\(owner), \(Int64(index)), \(targets[index]))" as SQL)
            }
        } else if targets.count < old.count {
            try connection.execute("DELETE FROM \(identifier: table) WHERE owner = \(owner) AND position >= \(Int64(targets.count))" as SQL)
        }
    }
}
