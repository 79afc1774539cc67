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
        let property = try property(name, of: info)
        guard property.type == .list, let storage = info.lists[property.name], let targetName = property.target,
              let target = schema.class(named: targetName)
        else {
            throw StrataError("\(info.name).\(property.name) is \(property.typeDescription), not a list")
        }
        guard storage.kind == .strataList else {
            throw StrataError("\(info.name).\(property.name) is a Core Data to-many relationship: list edits are for Strata's lists; "
                              + "set the link on the other side instead" + (property.model?.inverse.map { " (\(targetName).\($0))" } ?? ""))
        }
        let table = storage.table
        guard key.count == 1 else { throw StrataError("\(info.name) has no single key for a list to belong to") }
        let owner = Self.describe(info, key)
        let description: String
        switch change {
        case .add: description = "list add \(owner) \(property.name)"
        case .remove, .removeObject: description = "list remove \(owner) \(property.name)"
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
            let entries = try connection.rows("SELECT position, target FROM \(identifier: table) WHERE owner = \(key[0]) ORDER BY position" as SQL)
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
                try check(index ?? targets.count, "at", allowEnd: true)
                targets.insert(value, at: index ?? targets.count)
                message = "added \(target.name) \(value.sqlLiteral) to \(owner) \(property.name) at \(index ?? targets.count - 1)"
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
            try write(targets, over: entries, table: table, owner: key[0])
            return Outcome(description: description, message: message, key: key)
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
