import CoreDataModel

/// Turns the tables of a Core Data (or SwiftData) store into the classes the app sees, by its model: each entity
/// a class with the model's names, sub-entities as classes of their own in their root's table, relationships as
/// links and lists, join tables hidden.
///
/// The layout it reads (Core Data's SQLite store, as the fixtures in Tests/CoreDataStoreFixtures write it):
/// - a table per root entity, `Z` + its name upper-cased, with `Z_PK` (the key), `Z_ENT` (the entity number,
///   from `Z_PRIMARYKEY`), `Z_OPT`, and a column per stored attribute and to-one relationship of the root and
///   all its sub-entities, `Z` + the name upper-cased;
/// - beside a to-one whose destination has sub-entities, a column holding the destination's entity number
///   (`Z1_BOOK`, `Z3AUTHOR`);
/// - a to-many whose inverse is a to-one: the inverse's column in the destination's table, and an ordered one's
///   order in `Z_FOK_` + the inverse's name there;
/// - a to-many without an inverse: a column `Z<e><NAME>` (`e` the number of the entity that declares it) in the
///   destination's table, holding the owner's key, and an ordered one's order in `Z_FOK_<e><NAME>`;
/// - a many-to-many: a join table `Z_<e><NAME>` (`e` an entity number) with a column `Z_<e><INVERSE>` holding the
///   owners' keys and `Z_<d><NAME>` holding the destinations'; an ordered one adds a `Z_FOK_` column.
///
/// Whatever does not fit is kept and said: an attribute without its column, a column the model does not know
/// (shown as a property of its table's root class), an entity without a table.
struct CoreDataMapping {
    let model: ManagedObjectModel
    /// Each entity of the model → its number, the `Z_ENT` of its objects (see `entityNumbers`).
    let numbers: [String: Int64]
    /// Columns the model was not found to explain, and other mismatches, one line each.
    private(set) var problems: [String] = []
    /// Columns each table's entities use, upper-cased, by table name upper-cased.
    private var claimed: [String: Set<String>] = [:]

    /// A model guessed from the tables: its relationships have no delete rules to show or apply.
    let inferred: Bool

    /// - Parameter numbers: `Z_PRIMARYKEY`, entity name → number, as the store recorded them.
    init(model: ManagedObjectModel, numbers: [String: Int64], inferred: Bool = false) {
        self.model = model
        self.numbers = Self.entityNumbers(of: model, store: numbers)
        self.inferred = inferred
    }

    /// The number of each entity of `model` in a store whose `Z_PRIMARYKEY` says `store` (name → number).
    ///
    /// Core Data numbers a model's entities itself (its SQL model): the root entities sorted by name, each followed
    /// by its sub-entities, depth first, from 1; the objects' `Z_ENT` holds these numbers, and `Z_PRIMARYKEY`'s
    /// `Z_NAME` is not read back. A migration that renames an entity keeps the old name there (CoreDataPlus's
    /// `SampleModel_V2.sqlite`: entity 3 is `ExpensiveSportCar` in `Z_PRIMARYKEY` and `LuxuryCar` in the model).
    /// So an entity takes the number Core Data gives it when the store's row of that number has its name, its
    /// renaming identifier, or the name of no entity of the model (a rename); else the number of the row that has
    /// its name or renaming identifier (a store another version of the model wrote); else none.
    static func entityNumbers(of model: ManagedObjectModel, store: [String: Int64]) -> [String: Int64] {
        var storeNames: [Int64: String] = [:]
        for (name, number) in store where storeNames[number] == nil || name < storeNames[number]! { storeNames[number] = name }
        let modelNames = Set(model.entities.map(\.name)).union(model.entities.compactMap(\.renamingIdentifier))
        var result: [String: Int64] = [:]
        for (position, entity) in coreDataOrder(of: model).enumerated() {
            let own = Int64(position + 1)
            let names = [entity.name] + (entity.renamingIdentifier.map { [$0] } ?? [])
            if let stored = storeNames[own], names.contains(stored) || !modelNames.contains(stored) {
                result[entity.name] = own
            } else if let number = names.lazy.compactMap({ store[$0] }).first {
                result[entity.name] = number
            }
        }
        return result
    }

    /// The model's entities in the order Core Data numbers them: roots by name, each followed by its sub-entities
    /// (by name, depth first). An entity whose parent is missing counts as a root; a cycle of parents is cut.
    static func coreDataOrder(of model: ManagedObjectModel) -> [Entity] {
        let names = Set(model.entities.map(\.name))
        var children: [String: [Entity]] = [:]
        var roots: [Entity] = []
        for entity in model.entities {
            if let parent = entity.parentName, names.contains(parent), parent != entity.name {
                children[parent, default: []].append(entity)
            } else {
                roots.append(entity)
            }
        }
        var order: [Entity] = []
        var seen: Set<String> = []
        var stack = roots.sorted { $0.name > $1.name }
        while let next = stack.popLast() {
            guard seen.insert(next.name).inserted else { continue }
            order.append(next)
            stack += (children[next.name] ?? []).sorted { $0.name > $1.name }
        }
        return order
    }

    /// Replaces the classes of entity tables in `classes` with one class per entity.
    mutating func apply(to classes: inout [ClassInfo]) {
        var tables: [String: ClassInfo] = [:]
        for info in classes where info.kind == .entity || info.kind == .table {
            tables[info.tableName.uppercased()] = info
        }
        var entities: [ClassInfo] = []
        var joinTables: [String: (list: String, owner: String)] = [:]
        for entity in model.entities {
            let chain = ancestry(of: entity)
            let tableName = "Z" + chain[0].name.uppercased()
            guard let table = tables[tableName] else {
                problems.append("entity \(entity.name): the store has no table \(tableName)")
                continue
            }
            var info = table
            info.name = entity.name
            info.kind = .entity
            info.isHidden = false
            info.properties = table.properties.filter { $0.column?.uppercased() == "Z_PK" }
            let number = numbers[entity.name]
            if number == nil { problems.append("entity \(entity.name): Z_PRIMARYKEY has no row for it") }
            let members = ([entity] + model.descendants(of: entity.name)).compactMap { numbers[$0.name] }
            info.entity = EntityFacts(number: number ?? 0, members: members, parent: entity.parentName,
                                      isAbstract: entity.isAbstract, sharesTable: entity.parentName != nil)
            claim(table.tableName, ["Z_PK", "Z_ENT", "Z_OPT"])
            for owner in chain {
                for attribute in owner.attributes where !attribute.isTransient {
                    if let property = attributeProperty(attribute, of: owner, in: table) { info.properties.append(property) }
                }
                for relationship in owner.relationships where !relationship.isTransient {
                    addRelationship(relationship, of: owner, to: &info, table: table, tables: tables, joinTables: &joinTables)
                }
            }
            entities.append(info)
        }
        // Columns no entity of their table uses: shown on the root class, flagged.
        for index in entities.indices where entities[index].entity?.sharesTable == false {
            let table = entities[index].tableName
            guard let original = tables[table.uppercased()] else { continue }
            for property in original.properties {
                guard let column = property.column, !(claimed[table.uppercased()] ?? []).contains(column.uppercased()) else { continue }
                var unknown = property
                unknown.model = ModelFacts(note: "not in the model")
                entities[index].properties.append(unknown)
                problems.append("\(table).\(column): a column the model does not know (shown as \(entities[index].name).\(column))")
            }
        }
        // The indexes of a table that entities share: each entity shows those on its own columns (an index on a
        // column of Recipe's is not Ingredient's); an index on an expression stays with every entity of the table.
        for index in entities.indices {
            let columns = Set(entities[index].properties.compactMap { $0.column?.uppercased() } + ["Z_PK", "Z_ENT", "Z_OPT"])
            entities[index].indexes.removeAll { !$0.hasExpressions && !$0.columns.allSatisfy { columns.contains($0.uppercased()) } }
        }
        let replaced = Set(entities.map { $0.tableName.uppercased() })
        classes.removeAll { replaced.contains($0.tableName.uppercased()) && $0.kind != .view }
        for index in classes.indices {
            if let join = joinTables[classes[index].tableName.uppercased()] {
                classes[index].isHidden = true
                classes[index].origin = .listTable(owner: join.owner, property: join.list)
            }
        }
        classes += entities
        // An inherited property's problem was met once per entity that inherits it: say it once.
        var seen: Set<String> = []
        problems = problems.filter { seen.insert($0).inserted }
    }

    /// The entity's ancestors from its root down to itself.
    private func ancestry(of entity: Entity) -> [Entity] {
        var chain = [entity]
        var seen: Set<String> = [entity.name]
        while let parent = chain[0].parentName, let next = model.entity(named: parent), seen.insert(parent).inserted {
            chain.insert(next, at: 0)
        }
        return chain
    }

    private func root(of name: String) -> Entity? {
        model.entity(named: name).map { ancestry(of: $0)[0] }
    }

    private mutating func claim(_ table: String, _ columns: [String]) {
        claimed[table.uppercased(), default: []].formUnion(columns.map { $0.uppercased() })
    }

    /// The column of `table` with this name, ignoring case, as the table spells it.
    private func column(_ name: String, in table: ClassInfo) -> Property? {
        table.properties.first { $0.column?.uppercased() == name.uppercased() }
    }

    private mutating func attributeProperty(_ attribute: Attribute, of owner: Entity, in table: ClassInfo) -> Property? {
        let name = "Z" + attribute.name.uppercased()
        guard let stored = column(name, in: table) else {
            problems.append("\(owner.name).\(attribute.name): the store has no column \(name) in \(table.tableName)")
            return nil
        }
        claim(table.tableName, [name])
        var property = stored
        property.name = attribute.name
        property.type = Self.type(of: attribute.kind) ?? stored.type
        // Core Data's columns all take NULL: whether a value is required is the model's to say.
        property.isOptional = attribute.isOptional
        if attribute.defaultValue != nil { property.defaultValue = attribute.defaultValue }
        // A guessed model's types are the columns' own: not worth a note.
        let typeName = attribute.kind == .undefined ? attribute.unknownTypeName : attribute.kind.rawValue
        property.model = ModelFacts(attributeType: inferred ? nil : typeName,
                                    isDerived: attribute.isDerived, derivation: attribute.derivationExpression,
                                    customClass: attribute.customClassName, allowsExternalStorage: attribute.allowsExternalStorage)
        return property
    }

    /// Strata's type for a Core Data attribute type; nil where the column's own type says more.
    static func type(of kind: Attribute.Kind) -> PropertyType? {
        switch kind {
        case .integer16, .integer32, .integer64: .int
        case .decimal: .decimal
        case .double: .double
        case .float: .float
        case .string, .uri: .string
        case .boolean: .bool
        case .date: .date
        case .binary, .transformable: .data
        case .uuid: .uuid
        case .objectID, .composite: .any
        case .undefined: nil
        }
    }

    private mutating func addRelationship(_ relationship: Relationship, of owner: Entity, to info: inout ClassInfo, table: ClassInfo,
                                          tables: [String: ClassInfo], joinTables: inout [String: (list: String, owner: String)])
    {
        let upper = relationship.name.uppercased()
        let inverse = relationship.inverseName.flatMap { name in
            model.entity(named: relationship.destination).flatMap { ancestry(of: $0).flatMap(\.relationships).first { $0.name == name } }
        }
        var facts = ModelFacts(inverse: relationship.inverseName, deleteRule: inferred ? nil : Self.rule(relationship.deleteRule))
        let described = "\(owner.name).\(relationship.name)"
        guard let destinationRoot = root(of: relationship.destination),
              let destination = tables["Z" + destinationRoot.name.uppercased()]
        else {
            problems.append("\(described): the store has no table for its destination \(relationship.destination)")
            return
        }
        if !relationship.isToMany {
            guard let stored = column("Z" + upper, in: table) else {
                problems.append("\(described): the store has no column Z\(upper) in \(table.tableName)")
                return
            }
            claim(table.tableName, ["Z" + upper])
            // The destination's entity number, beside a link to an entity with sub-entities: `Z1_BOOK`, `Z3AUTHOR`.
            if let entityColumn = table.properties.compactMap(\.column).first(where: { Self.isEntityColumn($0, of: upper) }) {
                facts.entityColumn = entityColumn
                claim(table.tableName, [entityColumn])
            }
            var property = stored
            property.name = relationship.name
            property.type = .object
            property.target = relationship.destination
            property.isOptional = relationship.isOptional
            property.model = facts
            info.properties.append(property)
            return
        }
        let storage: ListStorage
        if let inverse, !inverse.isToMany {
            let ownerColumn = "Z" + inverse.name.uppercased()
            guard let stored = column(ownerColumn, in: destination)?.column else {
                problems.append("\(described): the store has no column \(ownerColumn) in \(destination.tableName) for it")
                return
            }
            let order = relationship.isOrdered ? column("Z_FOK_" + inverse.name.uppercased(), in: destination)?.column : nil
            if let order { claim(destination.tableName, [order]) }
            storage = ListStorage(kind: .inverseColumn, table: destination.tableName, ownerColumn: stored, targetColumn: "Z_PK",
                                  positionColumn: order)
        } else if let found = joinTable(relationship, of: owner, inverse: inverse, tables: tables) {
            storage = found
            // The table is named after one side (`Z_6TAGS` after Recipe.tags): that side owns it in messages.
            if let e = numbers[owner.name], found.table.uppercased() == "Z_\(e)\(upper)" || joinTables[found.table.uppercased()] == nil {
                joinTables[found.table.uppercased()] = (relationship.name, info.name)
            }
        } else if relationship.inverseName == nil, let e = numbers[owner.name], let stored = column("Z\(e)\(upper)", in: destination)?.column {
            // A to-many without an inverse: the owner's key in a column of the destination's table named after the
            // relationship and the number of the entity that declares it (CartKit's `ZCDCARTITEMMODIFIER.Z2MODIFIERS`).
            claim(destination.tableName, [stored])
            let order = relationship.isOrdered ? column("Z_FOK_\(e)\(upper)", in: destination)?.column : nil
            if let order { claim(destination.tableName, [order]) }
            storage = ListStorage(kind: .inverseColumn, table: destination.tableName, ownerColumn: stored, targetColumn: "Z_PK",
                                  positionColumn: order)
        } else {
            let expected = relationship.inverseName == nil ? numbers[owner.name].map { "a column Z\($0)\(upper) in \(destination.tableName) or " } ?? "" : ""
            problems.append("\(described): the store has no \(expected)join table for it")
            return
        }
        info.properties.append(Property(name: relationship.name, type: .list, target: relationship.destination, model: facts))
        info.lists[relationship.name] = storage
    }

    /// `Z1_BOOK` or `Z3AUTHOR` for the link `ZBOOK`/`ZAUTHOR`: `Z`, digits, an optional `_`, the name.
    static func isEntityColumn(_ column: String, of upperName: String) -> Bool {
        let text = column.uppercased()
        guard text.hasPrefix("Z"), text.hasSuffix(upperName) else { return false }
        var middle = text.dropFirst().dropLast(upperName.count)
        if middle.last == "_" { middle = middle.dropLast() }
        return !middle.isEmpty && middle.allSatisfy(\.isASCIIDigit)
    }

    /// A many-to-many's join table: `Z_<e><NAME>` or, named from the other side, `Z_<d><INVERSE>`.
    private func joinTable(_ relationship: Relationship, of owner: Entity, inverse: Relationship?, tables: [String: ClassInfo]) -> ListStorage? {
        guard let inverse, let e = numbers[owner.name],
              let d = numbers[model.entity(named: relationship.destination).map(\.name) ?? relationship.destination]
        else { return nil }
        // The inverse is declared on the destination or on one of its ancestors.
        let lineage = model.entity(named: relationship.destination).map(ancestry(of:)) ?? []
        let declaring = lineage.last { $0.relationships.contains { $0.name == inverse.name } }
        let inverseNumber = declaring.flatMap { numbers[$0.name] } ?? d
        let name = relationship.name.uppercased(), inverseName = inverse.name.uppercased()
        let ownerColumn = "Z_\(e)\(inverseName)", targetColumn = "Z_\(inverseNumber)\(name)"
        for candidate in ["Z_\(e)\(name)", "Z_\(inverseNumber)\(inverseName)"] {
            guard let table = tables[candidate.uppercased()], let owned = column(ownerColumn, in: table)?.column,
                  let target = column(targetColumn, in: table)?.column
            else { continue }
            let order = relationship.isOrdered
                ? table.properties.compactMap(\.column).first { $0.uppercased() == "Z_FOK_" + target.uppercased().dropFirst(2) }
                    ?? table.properties.compactMap(\.column).first { $0.uppercased().hasPrefix("Z_FOK_") }
                : nil
            return ListStorage(kind: .joinTable, table: table.tableName, ownerColumn: owned, targetColumn: target, positionColumn: order)
        }
        return nil
    }

    static func rule(_ rule: Relationship.DeleteRule) -> ModelFacts.DeleteRule {
        switch rule {
        case .noAction: .noAction
        case .nullify: .nullify
        case .cascade: .cascade
        case .deny: .deny
        }
    }
}
