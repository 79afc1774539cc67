import SQLiteKit
import StrataCore
import StrataQuery

extension Editor {
    /// `delete Task 42`. `confirm` sees what the delete takes with it (lists, links set to nil, objects
    /// deleted in cascade), found by deleting in a transaction rolled back at once; it says whether to go on.
    ///
    /// - Returns: nil when `confirm` said no.
    /// - Throws: a link that refuses the delete (ON DELETE RESTRICT or NO ACTION) is named with how many
    ///   objects hold it.
    public func delete(_ info: ClassInfo, key: [SQLiteValue], confirm: ((String) -> Bool)? = nil) throws -> Outcome? {
        let object = Self.describe(info, key)
        let description = "delete \(object)"
        let rules = appliesDeleteRules(info)
        func remove() throws -> Outcome {
            if rules, key.count == 1, let pk = key[0].int64 {
                try requireObject(info, key: key)
                try deleteApplyingRules(info, key: pk)
                return Outcome(description: description, message: "deleted \(object)")
            }
            try connection.execute("DELETE FROM \(identifier: info.tableName) WHERE \(Self.keyCondition(info, key))" as SQL)
            guard connection.changes == 1 else { throw StrataError("no \(object) in \(path)") }
            // A store whose model is guessed has no delete rules to apply: say so, since Core Data would have.
            let unruled = info.entity != nil ? " (the store's model is inferred, so no delete rules were applied: give --model to apply them)" : ""
            return Outcome(description: description, message: "deleted \(object)" + unruled)
        }
        do {
            if let confirm {
                let preview = try trial(info: info, remove)
                guard confirm(description + consequences(preview.changes, besides: info) + "?") else { return nil }
            }
            var outcome = try perform(info: info, values: [], remove)
            outcome.message += consequences(outcome.changes, besides: info)
            return outcome
        } catch let error as StrataError where error == Self.brokenLink {
            // A link that forbids the delete: say which objects hold it.
            guard let reason = try explaining(info: info, values: [], { try blockingLinks(to: info, key: key) }) else { throw error }
            throw StrataError("cannot delete \(object): " + reason)
        }
    }

    /// `delete Task 42 (which removes 2 entries from TaskList.tasks lists)`: what deleting the object would
    /// take with it, found by deleting it from a private in-memory copy of the database, so that this
    /// editor's connection only reads (a read-only one will do). The copy costs memory the size of the
    /// database, for as long as the delete takes.
    ///
    /// - Throws: a link that refuses the delete, as `delete` says it.
    public func deletePreview(_ info: ClassInfo, key: [SQLiteValue]) throws -> String {
        let copy = try Connection(path: ":memory:", mode: .memory)
        try explaining(info: info, values: []) { try connection.backup(into: copy) }
        let rehearsal = try Editor(session: try DatabaseSession(connection: copy, schema: schema, path: path, timeout: timeout))
        var question = ""
        _ = try rehearsal.delete(info, key: key) { asked in
            question = String(asked.dropLast())
            return false
        }
        return question
    }

    /// Runs an edit and takes it back at once: what it would do, without doing it, and nothing recorded
    /// for undo. It waits for the write lock like an edit (BEGIN IMMEDIATE), and lets it go before
    /// returning, leaving the file as it was.
    private func trial(info: ClassInfo, _ edit: () throws -> Outcome) throws -> Outcome {
        try explaining(info: info, values: []) {
            try connection.rollingBack(.immediate) { try logging(edit) }
        }
    }

    /// Links that refuse the delete of an object (ON DELETE RESTRICT or NO ACTION), said in words; nil
    /// when there are none.
    private func blockingLinks(to info: ClassInfo, key: [SQLiteValue]) throws -> String? {
        guard key.count == 1 else { return nil }
        var reasons: [String] = []
        for link in links(to: info) {
            let action = link.property.onDelete ?? .noAction
            guard action == .noAction || action == .restrict else { continue }
            let count = try connection.scalar(
                "SELECT count(*) FROM \(identifier: link.source.tableName) WHERE \(identifier: link.column) = \(key[0])" as SQL).int64 ?? 0
            if count > 0 {
                let holders = Self.counted(count, link.source.name) + (count == 1 ? " links" : " link")
                reasons.append("\(holders) to it through \(link.source.name).\(link.property.name) (ON DELETE \(action.rawValue))")
            }
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ") + ": delete or relink those first"
    }

    /// `Book.authors`: the lists a deleted object leaves. A join table is named after one side of a many-to-many;
    /// deleting an object of that side takes it out of the other side's lists.
    private func listName(owner: String?, list: String, deleting info: ClassInfo) -> String {
        guard let owner, let ownerClass = schema.class(named: owner) else { return (owner ?? "?") + "." + list }
        let property = ownerClass.property(named: list)
        if owner == info.name || schema.class(named: info.name)?.entity?.parent == owner,
           let inverse = property?.model?.inverse, let target = property?.target
        {
            return target + "." + inverse
        }
        return owner + "." + list
    }

    /// The entity a changed row of a Core Data table belongs to, by its `Z_ENT`.
    private func entityName(of change: RowChange) -> String? {
        guard let position = change.layout.names.firstIndex(of: "Z_ENT"),
              let number = (change.old.isEmpty ? change.new : change.old)[position].int64
        else { return nil }
        return schema.classes.first { $0.tableName == change.table && $0.entity?.number == number }?.name
    }

    /// ` (which removes 3 entries from RealmTestClass1.arrayReference lists, changes 2 Note objects)`: what
    /// an edit changed besides the object it names.
    func consequences(_ changes: [RowChange], besides info: ClassInfo) -> String {
        enum Effect: Hashable { case listEntries(String), ownEntries(String), deleted(String), added(String), changed(String) }
        var order: [Effect] = []
        var counts: [Effect: Int] = [:]
        // The object's own row is logged last: SQLite runs the foreign-key actions before its AFTER triggers.
        let ownRow = changes.lastIndex { $0.table == info.tableName }
        // A row is counted once, however often triggers touched it, and not at all as changed when it went.
        func identity(_ change: RowChange) -> String {
            let row = change.old.isEmpty ? change.new : change.old
            return change.table + "\u{0}" + change.layout.keyPositions.map { row[$0].sqlLiteral }.joined(separator: "\u{0}")
        }
        let removed = Set(changes.filter { $0.kind == .delete }.map(identity))
        var counted: Set<String> = []
        for (index, change) in changes.enumerated() where index != ownRow {
            if change.kind == .update && (removed.contains(identity(change)) || !counted.insert(identity(change)).inserted) { continue }
            let table = schema.classes.first { $0.tableName == change.table && $0.entity?.sharesTable != true }
            let name = entityName(of: change) ?? table?.name ?? change.table
            let effect: Effect
            switch (change.kind, table?.listOf) {
            // The object's own lists and collections go with it; entries of other objects' lists that held it are removed.
            case (.delete, .some(let list)) where table?.listOwner == info.name && schema.class(named: info.name)?.property(named: list)?.model == nil:
                effect = .ownEntries(list)
            case (.delete, .some(let list)): effect = .listEntries(listName(owner: table?.listOwner, list: list, deleting: info))
            case (.delete, nil): effect = .deleted(name)
            case (.insert, _): effect = .added(name)
            case (.update, _): effect = .changed(name)
            }
            if counts[effect] == nil { order.append(effect) }
            counts[effect, default: 0] += 1
        }
        // ` with its rus (3 entries) and tags (1 entry)`: the object's own collections, before what else it changed.
        let own = order.compactMap { effect -> String? in
            guard case .ownEntries(let list) = effect, let count = counts[effect] else { return nil }
            return "\(list) (\(count) \(count == 1 ? "entry" : "entries"))"
        }
        order.removeAll { if case .ownEntries = $0 { true } else { false } }
        var text = own.isEmpty ? "" : " with its " + (own.count == 1 ? own[0] : own.dropLast().joined(separator: ", ") + " and " + own[own.count - 1])
        guard !order.isEmpty else { return text }
        let parts = order.map { effect -> String in
            let count = counts[effect] ?? 0
            switch effect {
            case .listEntries(let list): return "removes \(count) \(count == 1 ? "entry" : "entries") from \(list) lists"
            case .ownEntries: return ""
            case .deleted(let name): return "deletes " + Self.counted(Int64(count), name)
            case .added(let name): return "adds " + Self.counted(Int64(count), name)
            case .changed(let name): return "changes " + Self.counted(Int64(count), name)
            }
        }
        text += " (which " + parts.joined(separator: ", ") + ")"
        return text
    }
}
