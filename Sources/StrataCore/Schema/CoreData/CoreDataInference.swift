import CoreDataModel

/// A model guessed from a Core Data store's tables alone, for a store without a readable model cache when no
/// `--model` is given: entities from `Z_PRIMARYKEY`, attributes from the columns (named by the column lower-cased
/// after its `Z`: `ZPREPTIME` → `preptime`), to-one links from integer columns named after an entity or beside an
/// entity-number column, many-to-many from `Z_<n><NAME>` join tables. No delete rules, no inverses of to-one
/// links (their other side shows as backlinks).
enum CoreDataInference {
    struct EntityRow {
        var number: Int64
        var name: String
        var parent: Int64
    }

    /// Whether every value of a column of one table is a `Z_PK` of another: `(table, column, other table)`. It
    /// throws when the store cannot be read (locked, damaged): a failed read is never taken for "not a link".
    typealias KeysCheck = (String, String, String) throws -> Bool

    static func model(entities rows: [EntityRow], tables: [ClassInfo], valuesAreKeys: KeysCheck) throws -> ManagedObjectModel {
        let byNumber = Dictionary(rows.map { ($0.number, $0) }) { first, _ in first }
        var tablesByName: [String: ClassInfo] = [:]
        for table in tables { tablesByName[table.tableName.uppercased()] = table }
        func parentName(_ row: EntityRow) -> String? { row.parent == 0 ? nil : byNumber[row.parent]?.name }
        var entities: [Entity] = []
        for row in rows where row.parent == 0 {
            guard let table = tablesByName["Z" + row.name.uppercased()] else { continue }
            var entity = Entity(name: row.name)
            let columns = table.properties.compactMap { property in property.column.map { (name: $0, property: property) } }
            for (column, property) in columns {
                let upper = column.uppercased()
                guard upper.hasPrefix("Z"), !upper.hasPrefix("Z_"), upper.count > 1 else { continue }
                let name = String(column.dropFirst()).lowercased()
                if columns.contains(where: { CoreDataMapping.isEntityColumn($0.name, of: String(upper.dropFirst())) && $0.name != column }) {
                    continue
                }
                if let target = try linkTarget(column: upper, in: table, rows: rows, byNumber: byNumber)
                    ?? indexedLinkTarget(column: column, in: table, rows: rows, valuesAreKeys: valuesAreKeys)
                {
                    entity.relationships.append(Relationship(name: name, destination: target, deleteRule: .noAction))
                } else {
                    entity.attributes.append(Attribute(name: name, kind: kind(declared: property.declaredType)))
                }
            }
            entities.append(entity)
        }
        for row in rows where row.parent != 0 {
            entities.append(Entity(name: row.name, parentName: parentName(row)))
        }
        addManyToMany(&entities, tables: tables, byNumber: byNumber)
        entities.sort { $0.name < $1.name }
        return ManagedObjectModel(entities: entities)
    }

    /// An integer column is a to-one link when it is named after an entity (`ZTYPE` for an entity `Type`), or
    /// when an entity-number column (`Z3TYPE`) stands beside it.
    private static func linkTarget(column upper: String, in table: ClassInfo, rows: [EntityRow], byNumber: [Int64: EntityRow]) -> String? {
        guard let property = table.properties.first(where: { $0.column?.uppercased() == upper }),
              property.declaredType.uppercased() == "INTEGER"
        else { return nil }
        let name = String(upper.dropFirst())
        if let named = rows.first(where: { $0.name.uppercased() == name }) { return named.name }
        if let entityColumn = table.properties.compactMap(\.column).first(where: { CoreDataMapping.isEntityColumn($0, of: name) }) {
            let digits = entityColumn.uppercased().dropFirst().prefix { $0.isASCIIDigit }
            if let number = Int64(digits), let row = byNumber[number] { return row.name }
        }
        return nil
    }

    /// An integer column with Core Data's index for a to-one (`ZCAR_ZOWNER_INDEX`) links to the one root entity,
    /// other than its own, whose keys hold all its values; nil when none or several do.
    private static func indexedLinkTarget(column: String, in table: ClassInfo, rows: [EntityRow], valuesAreKeys: KeysCheck) throws -> String? {
        let indexName = (table.tableName + "_" + column + "_INDEX").uppercased()
        guard table.properties.first(where: { $0.column == column })?.declaredType.uppercased() == "INTEGER",
              table.indexes.contains(where: { $0.name.uppercased() == indexName })
        else { return nil }
        let candidates = try rows.filter { $0.parent == 0 && "Z" + $0.name.uppercased() != table.tableName.uppercased() }
            .filter { try valuesAreKeys(table.tableName, column, "Z" + $0.name.uppercased()) }
        return candidates.count == 1 ? candidates[0].name : nil
    }

    private static func kind(declared: String) -> Attribute.Kind {
        switch declared.uppercased() {
        case "INTEGER": .integer64
        case "FLOAT", "REAL": .double
        case "DECIMAL": .decimal
        case "VARCHAR", "TEXT": .string
        case "TIMESTAMP": .date
        case "BLOB": .binary
        default: .undefined
        }
    }

    /// `Z_1TAGS (Z_1RECIPES, Z_3TAGS)`: entity 1 has `tags` (to entity 3), entity 3 has `recipes` (to entity 1).
    private static func addManyToMany(_ entities: inout [Entity], tables: [ClassInfo], byNumber: [Int64: EntityRow]) {
        for table in tables where table.tableName.uppercased().hasPrefix("Z_") {
            let sides = table.properties.compactMap(\.column).compactMap { column -> (number: Int64, name: String)? in
                let upper = column.uppercased()
                guard upper.hasPrefix("Z_"), !upper.hasPrefix("Z_FOK_") else { return nil }
                let rest = upper.dropFirst(2)
                let digits = rest.prefix { $0.isASCIIDigit }
                guard !digits.isEmpty, let number = Int64(digits), digits.count < rest.count else { return nil }
                return (number, String(rest.dropFirst(digits.count)).lowercased())
            }
            guard sides.count == 2, let a = byNumber[sides[0].number], let b = byNumber[sides[1].number],
                  let aIndex = entities.firstIndex(where: { $0.name == a.name }),
                  let bIndex = entities.firstIndex(where: { $0.name == b.name })
            else { continue }
            // Column Z_<a><X> holds a's keys and is named after b's relationship X; Z_<b><Y> the other way round.
            entities[aIndex].relationships.append(Relationship(name: sides[1].name, destination: b.name, inverseName: sides[0].name,
                                                               isToMany: true, deleteRule: .noAction))
            if aIndex != bIndex || sides[0].name != sides[1].name {
                entities[bIndex].relationships.append(Relationship(name: sides[0].name, destination: a.name, inverseName: sides[1].name,
                                                                   isToMany: true, deleteRule: .noAction))
            }
        }
    }
}
