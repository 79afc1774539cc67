import SQLiteKit
import StrataCore

extension Editor {
    /// What a set or dictionary edit does.
    public enum CollectionChange: Sendable, Equatable {
        /// `set add`: the value joins the set, unless it is there already.
        case add(TypedValue)
        /// `set remove`: the value leaves the set.
        case remove(TypedValue)
        /// `dict set KEY = VALUE`: the key's value, added or replaced.
        case put(key: String, TypedValue)
        /// `dict remove KEY`.
        case removeKey(String)
    }

    /// `list add|remove|move` on a list of values: the list keeps positions 0, 1, 2, …, in one transaction.
    func editValueList(_ info: ClassInfo, key: [SQLiteValue], property: Property, storage: ValueCollection, _ change: ListChange) throws -> Outcome {
        guard let positionColumn = storage.positionColumn else {
            throw StrataError("\(info.name).\(property.name) is \(property.typeDescription), not a list")
        }
        let owner = try collectionOwner(info, key)
        let description: String
        switch change {
        case .add: description = "list add \(owner) \(property.name)"
        case .remove, .removeObject: description = "list remove \(owner) \(property.name)"
        case .move: description = "list move \(owner) \(property.name)"
        }
        return try perform(info: info, values: []) {
            try requireOwner(info, key, owner)
            let columns = [storage.valueColumn] + (storage.element.typeColumn.map { [$0] } ?? [])
            let rows = try connection.rows("SELECT \(columns.map { SQL.identifier($0) }.joined(separator: ", ")) FROM \(identifier: storage.table) "
                                           + "WHERE \(identifier: storage.ownerColumn) = \(key[0]) ORDER BY \(identifier: positionColumn)" as SQL)
            var elements = rows.map { Element(value: $0[0], type: $0.count > 1 ? $0[1] : .null) }
            let before = elements
            func check(_ index: Int, _ word: String, allowEnd: Bool = false) throws {
                let last = allowEnd ? elements.count : elements.count - 1
                guard index >= 0, index <= last else {
                    let range = last < 0 ? "it is empty" : "at 0 to \(last)"
                    throw StrataError("\(word) \(index) is not in \(owner) \(property.name), which holds \(Plural.counted(elements.count, "value")) (\(range))")
                }
            }
            let message: String
            switch change {
            case .add(let typed, let index):
                let element = try self.element(typed, of: property, in: info, storage: storage)
                try check(index ?? elements.count, "at", allowEnd: true)
                elements.insert(element, at: index ?? elements.count)
                message = "added \(shown(element, storage)) to \(owner) \(property.name) at \(index ?? elements.count - 1)"
            case .remove(let index):
                try check(index, "at")
                let removed = elements.remove(at: index)
                message = "removed \(shown(removed, storage)) from \(owner) \(property.name) at \(index)"
            case .removeObject(let typed):
                let element = try self.element(typed, of: property, in: info, storage: storage)
                guard let index = elements.firstIndex(where: { $0.value == element.value && (element.type == .null || $0.type == element.type) }) else {
                    throw StrataError("\(owner) \(property.name) does not hold \(shown(element, storage))")
                }
                elements.remove(at: index)
                message = "removed \(shown(element, storage)) from \(owner) \(property.name) at \(index)"
            case .move(let from, let to):
                try check(from, "from")
                try check(to, "to")
                elements.insert(elements.remove(at: from), at: to)
                message = "moved \(owner) \(property.name) \(from) to \(to)"
            }
            // Only the positions whose element changed are written (never the key, which would collide midway).
            let typeColumn = storage.element.typeColumn
            for (index, element) in elements.enumerated() where index < before.count && before[index] != element {
                var assignments: SQL = "\(identifier: storage.valueColumn) = \(element.value)"
                if let typeColumn { assignments += ", \(identifier: typeColumn) = \(element.type)" }
                try connection.execute("UPDATE \(identifier: storage.table) SET \(assignments) WHERE \(identifier: storage.ownerColumn) = \(key[0]) "
                                       + "AND \(identifier: positionColumn) = \(Int64(index))" as SQL)
            }
            if elements.count > before.count {
                for index in before.count..<elements.count {
                    try insertEntry(storage, owner: key[0], second: .integer(Int64(index)), elements[index])
                }
            } else if elements.count < before.count {
                try connection.execute("DELETE FROM \(identifier: storage.table) WHERE \(identifier: storage.ownerColumn) = \(key[0]) "
                                       + "AND \(identifier: positionColumn) >= \(Int64(elements.count))" as SQL)
            }
            // A list whose positions had gaps (written by another program) is numbered afresh from 0.
            let positions = try connection.rows("SELECT \(identifier: positionColumn) FROM \(identifier: storage.table) WHERE "
                                                + "\(identifier: storage.ownerColumn) = \(key[0]) ORDER BY 1" as SQL).map { $0[0].int64 }
            if positions != positions.indices.map({ Int64($0) }) {
                try connection.execute("DELETE FROM \(identifier: storage.table) WHERE \(identifier: storage.ownerColumn) = \(key[0])" as SQL)
                for (index, element) in elements.enumerated() { try insertEntry(storage, owner: key[0], second: .integer(Int64(index)), element) }
            }
            return Outcome(description: description, message: message, key: key)
        }
    }

    /// `set add|remove` on a set (of values or of objects), `dict set|remove` on a dictionary, in one transaction.
    public func editCollection(_ info: ClassInfo, key: [SQLiteValue], property name: String, _ change: CollectionChange) throws -> Outcome {
        let property = try property(name, of: info)
        let owner = try collectionOwner(info, key)
        switch change {
        case .add, .remove:
            guard property.collection?.kind == .set else {
                throw StrataError("\(info.name).\(property.name) is \(property.typeDescription), not a set")
            }
        case .put, .removeKey:
            guard property.collection?.kind == .dictionary else {
                throw StrataError("\(info.name).\(property.name) is \(property.typeDescription), not a dictionary")
            }
        }
        // A set of objects is a list of them in the object model; its table holds the target's key.
        if property.type == .list, let storage = info.lists[property.name] {
            switch change {
            case .add(let typed): return try editList(info, key: key, property: property.name, .add(typed, at: nil), asSet: true)
            case .remove(let typed): return try editList(info, key: key, property: property.name, .removeObject(typed), asSet: true)
            default: throw StrataError("cannot edit \(info.name).\(property.name) (\(storage.table))")
            }
        }
        guard let storage = info.collections[property.name] else { throw StrataError("cannot edit \(info.name).\(property.name)") }
        let verb: String = switch change {
        case .add: "set add"
        case .remove: "set remove"
        case .put: "dict set"
        case .removeKey: "dict remove"
        }
        return try perform(info: info, values: []) {
            try requireOwner(info, key, owner)
            let ownerCondition: SQL = "\(identifier: storage.ownerColumn) = \(key[0])"
            let message: String
            switch change {
            case .add(let typed):
                let element = try self.element(typed, of: property, in: info, storage: storage)
                if try holds(storage, owner: key[0], element) {
                    message = "\(owner) \(property.name) already holds \(shown(element, storage)): a set holds each value once"
                } else {
                    // A set written before sets lost their positions keeps them: the new value goes last.
                    let position: SQLiteValue? = try storage.positionColumn.map { column in
                        .integer((try connection.scalar("SELECT max(\(identifier: column)) FROM \(identifier: storage.table) WHERE \(ownerCondition)" as SQL)
                            .int64 ?? -1) + 1)
                    }
                    try insertEntry(storage, owner: key[0], second: position, element)
                    message = "added \(shown(element, storage)) to \(owner) \(property.name)"
                }
            case .remove(let typed):
                let element = try self.element(typed, of: property, in: info, storage: storage)
                guard try holds(storage, owner: key[0], element) else {
                    throw StrataError("\(owner) \(property.name) does not hold \(shown(element, storage))")
                }
                try connection.execute("DELETE FROM \(identifier: storage.table) WHERE \(ownerCondition) AND \(matching(storage, element))" as SQL)
                message = "removed \(shown(element, storage)) from \(owner) \(property.name)"
            case .put(let entryKey, let typed):
                guard let keyColumn = storage.keyColumn else { throw StrataError("cannot edit \(info.name).\(property.name)") }
                let element = try self.element(typed, of: property, in: info, storage: storage)
                let old = try connection.rows("SELECT \(identifier: storage.valueColumn) FROM \(identifier: storage.table) WHERE \(ownerCondition) "
                                              + "AND \(identifier: keyColumn) = \(SQLiteValue.text(entryKey))" as SQL).first
                if old != nil {
                    var assignments: SQL = "\(identifier: storage.valueColumn) = \(element.value)"
                    if let typeColumn = storage.element.typeColumn { assignments += ", \(identifier: typeColumn) = \(element.type)" }
                    try connection.execute("UPDATE \(identifier: storage.table) SET \(assignments) WHERE \(ownerCondition) "
                                           + "AND \(identifier: keyColumn) = \(SQLiteValue.text(entryKey))" as SQL)
                } else {
                    try insertEntry(storage, owner: key[0], second: .text(entryKey), element)
                }
                let shownKey = Self.shown(.text(entryKey), Property(name: "", type: .string))
                message = "\(owner) \(property.name)[\(shownKey)]: " + (old.map { shown(Element(value: $0[0], type: .null), storage) + " → " } ?? "(new) ")
                    + shown(element, storage)
            case .removeKey(let entryKey):
                guard let keyColumn = storage.keyColumn else { throw StrataError("cannot edit \(info.name).\(property.name)") }
                let condition: SQL = "\(ownerCondition) AND \(identifier: keyColumn) = \(SQLiteValue.text(entryKey))"
                let shownKey = Self.shown(.text(entryKey), Property(name: "", type: .string))
                guard try connection.scalar("SELECT count(*) FROM \(identifier: storage.table) WHERE \(condition)" as SQL).int64 == 1 else {
                    throw StrataError("\(owner) \(property.name) has no key \(shownKey)")
                }
                try connection.execute("DELETE FROM \(identifier: storage.table) WHERE \(condition)" as SQL)
                message = "removed \(shownKey) from \(owner) \(property.name)"
            }
            return Outcome(description: "\(verb) \(owner) \(property.name)", message: message, key: key)
        }
    }

    /// One element: its value, and for a Mixed element its Realm type (`value_type`).
    struct Element: Equatable {
        var value: SQLiteValue
        var type: SQLiteValue
    }

    /// An element as a change report shows it: a Mixed bool as true or false.
    private func shown(_ element: Element, _ storage: ValueCollection) -> String {
        var property = storage.element
        if element.type == .text("bool") { property.type = .bool }
        return Self.shown(element.value, property)
    }

    /// The value typed, read as the collection's element type, nil only where elements are optional.
    private func element(_ typed: TypedValue, of property: Property, in info: ClassInfo, storage: ValueCollection) throws -> Element {
        var element = storage.element
        element.name = "\(property.name) element"
        var elementInfo = storage.elementClass(ownerClass: info.name, property: property.name)
        elementInfo.name = info.name
        var parser = ValueParser(info: elementInfo, schema: schema, connection: connection)
        parser.maxBlobBytes = maxBlobBytes
        let value = element.type == .object ? try parser.link(typed, property: element) : try parser.value(typed, for: element)
        if value == .null, !element.isOptional {
            throw StrataError("\(info.name).\(property.name) holds no nil (its elements are required \(element.typeName))")
        }
        guard element.typeColumn != nil else { return Element(value: value, type: .null) }
        return Element(value: value, type: Self.mixedTypeName(typed, value).map(SQLiteValue.text) ?? .null)
    }

    /// The Realm type a Mixed value typed in the browser has: `bool` for true and false, else by what it is stored as.
    static func mixedTypeName(_ typed: TypedValue, _ value: SQLiteValue) -> String? {
        switch value {
        case .null: nil
        case .integer where !typed.quoted && ["true", "false"].contains(typed.text.lowercased()): "bool"
        case .integer: "int"
        case .real: "double"
        case .text: "string"
        case .blob: "binary"
        }
    }

    /// `value = ?` (and, for Mixed, `value_type IS ?`): what finds one element of a set.
    private func matching(_ storage: ValueCollection, _ element: Element) -> SQL {
        let value: SQL = "\(identifier: storage.valueColumn) IS \(element.value)"
        guard let typeColumn = storage.element.typeColumn else { return value }
        return "\(value) AND \(identifier: typeColumn) IS \(element.type)"
    }

    private func holds(_ storage: ValueCollection, owner: SQLiteValue, _ element: Element) throws -> Bool {
        try connection.scalar("SELECT count(*) FROM \(identifier: storage.table) WHERE \(identifier: storage.ownerColumn) = \(owner) "
                              + "AND \(matching(storage, element))" as SQL).int64 ?? 0 > 0
    }

    /// Inserts one entry: the owner, the position or key (`second`; nil for a set), the element and its type.
    private func insertEntry(_ storage: ValueCollection, owner: SQLiteValue, second: SQLiteValue?, _ element: Element) throws {
        var columns: [String] = [storage.ownerColumn]
        var values: [SQLiteValue] = [owner]
        if let second, let column = storage.positionColumn ?? storage.keyColumn {
            columns.append(column)
            values.append(second)
        }
        columns.append(storage.valueColumn)
        values.append(element.value)
        if let typeColumn = storage.element.typeColumn {
            columns.append(typeColumn)
            values.append(element.type)
        }
        try connection.execute("INSERT INTO \(identifier: storage.table) (\(columns.map { SQL.identifier($0) }.joined(separator: ", "))) "
                               + "VALUES (\(values.map { SQL.literal($0) }.joined(separator: ", ")))" as SQL)
    }

    private func collectionOwner(_ info: ClassInfo, _ key: [SQLiteValue]) throws -> String {
        guard key.count == 1 else { throw StrataError("\(info.name) has no single key for a collection to belong to") }
        return Self.describe(info, key)
    }

    private func requireOwner(_ info: ClassInfo, _ key: [SQLiteValue], _ owner: String) throws {
        guard try connection.scalar("SELECT count(*) FROM \(identifier: info.tableName) WHERE \(Self.keyCondition(info, key))" as SQL).int64 == 1 else {
            throw StrataError("no \(owner) in \(path)")
        }
    }
}
