import Foundation

/// `--to room`: an Android Room `@Entity` data class per class, one file each (`Task.kt`, with the class's `@Relation`
/// holders), an entity per list, set and dictionary table (`TaskTags.kt`), `Converters.kt` when a type needs one, and
/// `<Name>Database.kt` listing them all.
///
/// bool is `Boolean`, int `Long` (`Int`, `Short` for Core Data's Integer 32 and 16), float `Float`, double `Double`,
/// string `String`, data `ByteArray`. Room stores only SQLite's own types, so three go through `Converters`, which keeps
/// each type whole in the app: date is `java.time.Instant` stored as Unix milliseconds (Room's usual storage, which
/// `strata` reads as a date), uuid `java.util.UUID` stored as its canonical text, decimal `java.math.BigDecimal` stored
/// as its text (exact digits, which a REAL would round). objectId is `String` (its 24 hex digits) and mixed `String?`
/// (Room has no untyped column; the app converts its text), each said beside the property.
///
/// Keys: a class's single key is its `@PrimaryKey`, a composite one the entity's `primaryKeys`; a class whose file
/// identifies objects itself (Core Data's `Z_PK`, Realm's object key) gets `@PrimaryKey(autoGenerate = true) val id:
/// Long = 0` (named `id2`, … when `id` is taken). A link is the column of the target's key (`val listId: Long?`, stored
/// as the link's name) with a `ForeignKey` whose `onDelete` is the link's ON DELETE (or, from Core Data, the delete
/// rule of its inverse), and an index. Lists, sets and dictionaries are tables in Strata's conventions
/// (`<Class>_<property>` with `owner`, `position`, `target`, or `owner`, `position`/`key`, `value`), and each
/// to-many, collection and backlinks is a holder (`TaskWithTags`, `@Embedded` plus `@Relation`, with a `Junction`
/// through a join table).
///
/// Names: a name that is not a Kotlin identifier, or is a keyword, is made one (see `KotlinSyntax`) and keeps its stored
/// name with `tableName =` or `@ColumnInfo(name =)`. Room has no inheritance: a Core Data sub-entity is an entity with
/// its inherited properties, an abstract entity is not written (said in its sub-entities' files).
struct RoomWriter {
    let model: AppModel
    let name: String

    func files() -> [ModelFile] {
        var plan = Plan(model: model)
        return plan.files(name: name)
    }

    /// A column's key: its stored name and its Kotlin type.
    struct Key {
        var column: String
        var type: String
    }

    /// An `@Entity` to write: a class's, or a list, set or dictionary table's.
    struct Entity {
        var kotlinName: String
        var tableName: String
        var comments: [String] = []
        var primaryKeys: [String] = []
        var foreignKeys: [ForeignKey] = []
        var indices: [Index] = []
        var fields: [Field] = []
        var imports: Set<String> = ["androidx.room.Entity"]
    }

    struct ForeignKey {
        var entity: String
        var parentColumn: String
        var childColumn: String
        var onDelete: ModelProperty.DeleteRule?
    }

    struct Index {
        var columns: [String]
        var unique = false
    }

    /// One constructor parameter: comments, annotations, `val name: Type = initial`.
    struct Field {
        var comments: [String] = []
        var annotations: [String] = []
        var declaration: String
    }

    /// A holder of an entity with one relationship (`TaskWithTags`).
    struct Holder {
        var kotlinName: String
        var comments: [String]
        var relation: [String]
        var property: String
        var type: String
    }
}

// MARK: - The plan

extension RoomWriter {
    /// The names and keys of every class, worked out once before any file is written.
    struct Plan {
        let model: AppModel
        let typeNames: [String: String]
        var usedTypeNames: Set<String>
        var propertyNames: [String: [String: String]] = [:]
        var generatedKeys: [String: String] = [:]
        var converters: Set<ValueType> = []
        /// The Kotlin names of the list, set and dictionary tables: class → property → entity.
        var tables: [String: [String: String]] = [:]

        init(model: AppModel) {
            self.model = model
            typeNames = KotlinSyntax.classNames(model.classes)
            usedTypeNames = Set(typeNames.values).union(KotlinSyntax.typeNames)
            for info in model.classes {
                // A link's field is named for the key it holds (`list` → `listId`).
                let names = info.properties.filter { !Self.isRelationOnly($0) }.map { Self.fieldBase($0) }
                let fields = KotlinSyntax.propertyNames(names.map(\.base))
                var byProperty: [String: String] = [:]
                for (property, base) in zip(info.properties.filter { !Self.isRelationOnly($0) }, names) { byProperty[property.name] = fields[base.base] }
                if info.primaryKey.isEmpty {
                    generatedKeys[info.name] = Identifier.unique(["id"], make: { $0 }, reserved: Set(fields.values))["id"] ?? "id"
                }
                propertyNames[info.name] = byProperty
            }
            // The list, set and dictionary tables, named before any holder so that a holder's name never takes one's.
            for info in model.classes where !info.isAbstract && key(of: info) != nil {
                for property in info.properties where hasTable(property, in: info) {
                    tables[info.name, default: [:]][property.name] =
                        newTypeName(typeName(info.name) + Identifier.upperFirst(Identifier.make(property.name, keywords: [])))
                }
            }
        }

        /// Whether a relationship is kept in a table of its own (`<Class>_<property>`).
        func hasTable(_ property: ModelProperty, in info: ModelClass) -> Bool {
            switch property.kind {
            case .objects(let target, _):
                guard let targetClass = entityClass(target), key(of: targetClass) != nil else { return false }
                return ToManyStorage.of(property, in: info, model: model) == .stored
            case .objectDictionary(let target):
                guard let targetClass = entityClass(target) else { return false }
                return key(of: targetClass) != nil
            case .values: return true
            case .value, .link, .backlinks: return false
            }
        }

        static func isRelationOnly(_ property: ModelProperty) -> Bool {
            switch property.kind {
            case .value, .link: false
            case .objects, .objectDictionary, .values, .backlinks: true
            }
        }

        static func fieldBase(_ property: ModelProperty) -> (property: String, base: String) {
            guard case .link = property.kind else { return (property.name, property.name) }
            let made = Identifier.make(property.name, keywords: [])
            return (property.name, made.lowercased().hasSuffix("id") ? made : made + "Id")
        }

        func typeName(_ name: String) -> String { typeNames[name] ?? name }

        /// The class that is an entity in the written code.
        func entityClass(_ name: String) -> ModelClass? { model.class(named: name).flatMap { $0.isAbstract ? nil : $0 } }

        /// A class's single key column; nil for a composite key.
        func key(of info: ModelClass) -> Key? {
            if let generated = generatedKeys[info.name] { return Key(column: generated, type: "Long") }
            guard let property = info.keyProperty else { return nil }
            var converters: Set<ValueType> = []
            return Key(column: property.name, type: columnType(property, converters: &converters))
        }

        /// The Kotlin type of a value or link column, without `?`.
        func columnType(_ property: ModelProperty, converters: inout Set<ValueType>) -> String {
            switch property.kind {
            case .value(let type): return valueType(type, bits: property.integerBits, converters: &converters)
            case .link(let target):
                guard let targetClass = entityClass(target), let key = key(of: targetClass) else { return "Long" }
                return key.type
            default: return "String"
            }
        }

        func valueType(_ type: ValueType, bits: Int? = nil, converters: inout Set<ValueType>) -> String {
            switch type {
            case .bool: return "Boolean"
            case .int: return KotlinSyntax.integerType(bits: bits)
            case .float: return "Float"
            case .double: return "Double"
            case .decimal: converters.insert(.decimal); return "BigDecimal"
            case .string, .objectId, .mixed: return "String"
            case .date: converters.insert(.date); return "Instant"
            case .data: return "ByteArray"
            case .uuid: converters.insert(.uuid); return "UUID"
            }
        }

        /// A new name for a written type, unique among all of them.
        mutating func newTypeName(_ base: String) -> String {
            let made = Identifier.make(base, keywords: KotlinSyntax.keywords)
            var candidate = made
            var number = 2
            while usedTypeNames.contains(candidate) { candidate = made + String(number); number += 1 }
            usedTypeNames.insert(candidate)
            return candidate
        }

        // MARK: Files

        mutating func files(name: String) -> [ModelFile] {
            var files: [ModelFile] = []
            var tableFiles: [ModelFile] = []
            for info in model.classes {
                if info.isAbstract {
                    if !model.classes.contains(where: { $0.parent == info.name }) {
                        files.append(ModelFile(path: typeName(info.name) + ".kt", contents: Self.header + "\n// \(CommentText.clean(info.name)) is an abstract Core Data entity: Room has no inheritance, and no sub-entity of it is written.\n"))
                    }
                    continue
                }
                var entity = classEntity(info)
                var holders: [Holder] = []
                for property in info.properties where Self.isRelationOnly(property) {
                    let (holder, table) = relation(property, in: info, entity: &entity)
                    if let holder { holders.append(holder) }
                    if let table {
                        tableFiles.append(ModelFile(path: table.kotlinName + ".kt", contents: render(table, holders: [], ownerName: nil)))
                    }
                }
                files.append(ModelFile(path: entity.kotlinName + ".kt", contents: render(entity, holders: holders, ownerName: info.name)))
            }
            files.append(contentsOf: tableFiles)
            let classEntities = model.classes.filter { !$0.isAbstract }.map { typeName($0.name) }
            let all = classEntities + tableFiles.map { String($0.path.dropLast(3)) }
            if !converters.isEmpty { files.append(ModelFile(path: "Converters.kt", contents: convertersFile())) }
            let databaseName = newTypeName(Identifier.upperFirst(Identifier.words(name)) + "Database")
            files.append(ModelFile(path: databaseName + ".kt", contents: databaseFile(databaseName, entities: all)))
            return files
        }

        static let header = "// Written by strata model --to room. Dates are java.time.Instant stored as Unix milliseconds, UUIDs and\n"
            + "// decimals their text, through Converters.\n"

        var databaseImports: [String] { ["androidx.room.Database", "androidx.room.RoomDatabase"] + (converters.isEmpty ? [] : ["androidx.room.TypeConverters"]) }

        func databaseFile(_ databaseName: String, entities: [String]) -> String {
            var code = CodeLines()
            code.add(contentsOf: Self.header.split(separator: "\n").map(String.init))
            code.add("")
            for line in databaseImports { code.add("import " + line) }
            code.add("")
            for line in model.leftOut { code.add("// Not written: \(CommentText.clean(line)).") }
            code.block("@Database(", close: ")") { code in
                code.block("entities = [", close: "],") { code in
                    for entity in entities { code.add(entity + "::class,") }
                }
                code.add("version = 1,")
            }
            if !converters.isEmpty { code.add("@TypeConverters(Converters::class)") }
            code.add("abstract class \(databaseName) : RoomDatabase()")
            return code.text
        }

        func convertersFile() -> String {
            var code = CodeLines()
            code.add(contentsOf: Self.header.split(separator: "\n").map(String.init))
            code.add("")
            var imports = ["androidx.room.TypeConverter"]
            if converters.contains(.decimal) { imports.append("java.math.BigDecimal") }
            if converters.contains(.date) { imports.append("java.time.Instant") }
            if converters.contains(.uuid) { imports.append("java.util.UUID") }
            for line in imports { code.add("import " + line) }
            code.add("")
            code.add("/** The types SQLite has no storage for, each as the value Room stores. */")
            code.block("class Converters {") { code in
                if converters.contains(.date) {
                    code.add("/** A date as Unix milliseconds (an Instant's nanoseconds below a millisecond are not kept). */")
                    code.add("@TypeConverter fun instantFromMillis(millis: Long?): Instant? = millis?.let { Instant.ofEpochMilli(it) }")
                    code.add("@TypeConverter fun millisFromInstant(instant: Instant?): Long? = instant?.toEpochMilli()")
                }
                if converters.contains(.uuid) {
                    code.add("/** A UUID as its canonical text. */")
                    code.add("@TypeConverter fun uuidFromText(text: String?): UUID? = text?.let { UUID.fromString(it) }")
                    code.add("@TypeConverter fun textFromUUID(uuid: UUID?): String? = uuid?.toString()")
                }
                if converters.contains(.decimal) {
                    code.add("/** A decimal as its text: exact digits, which a REAL would round. */")
                    code.add("@TypeConverter fun decimalFromText(text: String?): BigDecimal? = text?.let { BigDecimal(it) }")
                    code.add("@TypeConverter fun textFromDecimal(decimal: BigDecimal?): String? = decimal?.toPlainString()")
                }
            }
            return code.text
        }
    }
}

// MARK: - Entities

extension RoomWriter.Plan {
    typealias Entity = RoomWriter.Entity
    typealias Field = RoomWriter.Field

    /// The entity of a class: its key, its value columns and its links' columns.
    mutating func classEntity(_ info: ModelClass) -> Entity {
        let kotlinName = typeName(info.name)
        var entity = Entity(kotlinName: kotlinName, tableName: info.name)
        if let parent = info.parent, let parentClass = model.class(named: parent) {
            entity.comments.append("A sub-entity of \(CommentText.clean(parent))" + (parentClass.isAbstract ? ", an abstract entity that is not written" : "")
                + ": Room has no inheritance, so its properties are columns here too.")
        }
        if info.isEmbedded { entity.comments.append("Embedded in the file: its objects belong to the object that links to them; Room keeps them in a table of their own.") }
        if let generated = generatedKeys[info.name] {
            entity.imports.insert("androidx.room.PrimaryKey")
            entity.fields.append(Field(comments: ["The file identifies these objects itself (Core Data's Z_PK, Realm's object key): Room's rowid."],
                                       annotations: ["@PrimaryKey(autoGenerate = true)"], declaration: "val \(generated): Long = 0"))
        } else if info.primaryKey.count > 1 {
            entity.primaryKeys = info.primaryKey
        }
        let names = propertyNames[info.name] ?? [:]
        for property in info.properties where !Self.isRelationOnly(property) {
            let fieldName = names[property.name] ?? property.name
            var field = Field(comments: property.remarks.map(CommentText.clean), declaration: "")
            var columnInfo: [String] = []
            if fieldName != property.name { columnInfo.append("name = \(KotlinSyntax.quoted(property.name))") }
            let type = columnType(property, converters: &converters)
            if type == "BigDecimal" { entity.imports.insert("java.math.BigDecimal") }
            if type == "Instant" { entity.imports.insert("java.time.Instant") }
            if type == "UUID" { entity.imports.insert("java.util.UUID") }
            var optional = property.isOptional
            var initial: String?
            if info.primaryKey == [property.name] {
                field.annotations.append("@PrimaryKey")
                entity.imports.insert("androidx.room.PrimaryKey")
            } else if property.isIndexed || property.target != nil {
                entity.indices.append(RoomWriter.Index(columns: [property.name]))
            }
            switch property.kind {
            case .value(let valueType):
                if valueType == .objectId { field.comments.append("An ObjectId: its 24 hex digits.") }
                if valueType == .mixed {
                    field.comments.append("A value of any type (mixed): Room has no untyped column, so its text; the app converts it.")
                    optional = true
                }
                if let defaultValue = property.defaultValue {
                    if let sql = Self.sqlDefault(defaultValue, for: valueType) {
                        columnInfo.append("defaultValue = \(KotlinSyntax.quoted(sql))")
                    } else {
                        field.comments.append("The file's default, \(CommentText.clean(KotlinSyntax.describe(defaultValue))), is not written: Room stores a \(valueType.rawValue) differently.")
                    }
                    initial = KotlinSyntax.literal(defaultValue, for: valueType, integerBits: property.integerBits, decimal: "BigDecimal")
                }
            case .link(let target):
                field.comments.append("A link to \(CommentText.clean(target)): the key of its object.")
                if let targetClass = entityClass(target), let targetKey = key(of: targetClass) {
                    entity.imports.insert("androidx.room.ForeignKey")
                    let inverseRule = property.inverse.flatMap { targetClass.property(named: $0) }.map(\.deleteRule)
                    entity.foreignKeys.append(RoomWriter.ForeignKey(entity: typeName(target), parentColumn: targetKey.column, childColumn: property.name,
                                                                    onDelete: property.targetDeleteRule ?? inverseRule))
                } else if let targetClass = model.class(named: target), targetClass.isAbstract {
                    field.comments.append("\(CommentText.clean(target)) is an abstract entity, not written: no foreign key.")
                } else if model.class(named: target) != nil {
                    field.comments.append("\(CommentText.clean(target)) has a composite key: a foreign key would need each of its columns, so none.")
                }
                switch property.deleteRule {
                case .cascade: field.comments.append("Core Data's delete rule cascade: deleting this object deletes its \(CommentText.clean(property.name)); Room's foreign keys act the other way, so do it in a @Transaction.")
                case .deny: field.comments.append("Core Data's delete rule deny: refuse to delete this object while it has its \(CommentText.clean(property.name)).")
                case .nullify, .noAction: break
                }
            default: break
            }
            if !columnInfo.isEmpty {
                field.annotations.append("@ColumnInfo(\(columnInfo.joined(separator: ", ")))")
                entity.imports.insert("androidx.room.ColumnInfo")
            }
            if initial == nil, optional { initial = "null" }
            field.declaration = "val \(fieldName): \(type)\(optional ? "?" : "")" + (initial.map { " = " + $0 } ?? "")
            entity.fields.append(field)
        }
        if !entity.indices.isEmpty { entity.imports.insert("androidx.room.Index") }
        return entity
    }

    /// A default as the SQL text Room's `defaultValue` takes; nil where the column stores something else.
    static func sqlDefault(_ value: ModelDefault, for type: ValueType) -> String? {
        switch (value, type) {
        case (.bool(let flag), .bool): return flag ? "1" : "0"
        case (.integer(let number), .int), (.integer(let number), .float), (.integer(let number), .double): return String(number)
        case (.real(let number), .float), (.real(let number), .double): return String(number)
        case (.text(let text), .string), (.text(let text), .decimal), (.text(let text), .objectId), (.text(let text), .uuid):
            // Quoted as SQL, so that Room takes it as text whatever it says.
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case (.expression(let text), .string), (.expression(let text), .int), (.expression(let text), .double), (.expression(let text), .bool):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("(") && trimmed.hasSuffix(")") ? trimmed : "(" + trimmed + ")"
        default: return nil
        }
    }
}

// MARK: - Relationships

extension RoomWriter.Plan {
    typealias Holder = RoomWriter.Holder

    /// The holder that reads a relationship (`TaskWithTags`), and the table that keeps it when it has one; a comment on
    /// the class for one Room cannot join.
    mutating func relation(_ property: ModelProperty, in info: ModelClass, entity: inout Entity) -> (Holder?, Entity?) {
        let ownerName = typeName(info.name)
        let fieldName = Identifier.make(property.name, keywords: KotlinSyntax.keywords)
        var comments = property.remarks.map(CommentText.clean)
        func quoted(_ text: String) -> String { KotlinSyntax.quoted(text) }
        func unexpressed(_ why: String) -> (Holder?, Entity?) {
            entity.comments.append("\(CommentText.clean(property.name)) is not written: \(why).")
            return (nil, nil)
        }
        func holder(_ relation: [String], _ element: String) -> Holder {
            let name = newTypeName(ownerName + "With" + Identifier.upperFirst(fieldName))
            return Holder(kotlinName: name, comments: comments, relation: relation, property: fieldName, type: "List<\(element)>")
        }
        func junction(_ table: String, parent: String, entity: String) -> String {
            "associateBy = Junction(\(table)::class, parentColumn = \(quoted(parent)), entityColumn = \(quoted(entity)))"
        }
        guard let ownerKey = key(of: info) else {
            return unexpressed("a relationship of a class with a composite key, and Room's @Relation joins on one column")
        }
        switch property.kind {
        case .objects(let target, let ordered):
            guard let targetClass = entityClass(target), let targetKey = key(of: targetClass) else {
                return unexpressed("its target \(CommentText.clean(target)) is not an entity with a single key (abstract, not written, or a composite key)")
            }
            switch ToManyStorage.of(property, in: info, model: model) {
            case .inverseOfLink(let link):
                comments.append("The inverse of \(CommentText.clean(target)).\(CommentText.clean(link)): the objects whose \(CommentText.clean(link)) is this one.")
                return (holder(["parentColumn = \(quoted(ownerKey.column))", "entityColumn = \(quoted(link))"], typeName(target)), nil)
            case .inverseOfToMany(let other):
                guard let table = tables[target]?[other], case .objects(_, let otherOrdered)? = targetClass.property(named: other)?.kind else {
                    return unexpressed("its inverse \(CommentText.clean(target)).\(CommentText.clean(other)) has no table")
                }
                comments.append("The inverse of \(CommentText.clean(target)).\(CommentText.clean(other)), whose table keeps both.")
                return (holder(["parentColumn = \(quoted(ownerKey.column))", "entityColumn = \(quoted(targetKey.column))",
                                junction(table, parent: otherOrdered ? "target" : "value", entity: "owner")], typeName(target)), nil)
            case .stored:
                guard let table = tables[info.name]?[property.name] else { return unexpressed("it has no table") }
                let element = ordered ? "target" : "value"
                var columns = [Field(declaration: "val owner: \(ownerKey.type)")]
                if ordered { columns.append(Field(declaration: "val position: Long")) }
                columns.append(Field(declaration: "val \(element): \(targetKey.type)"))
                var tableEntity = Entity(kotlinName: table, tableName: info.name + "_" + property.name,
                                         comments: [(ordered ? "The list " : "The set ") + "\(CommentText.clean(info.name)).\(CommentText.clean(property.name)): its objects' keys" + (ordered ? ", in order." : ".")],
                                         primaryKeys: ["owner", ordered ? "position" : "value"],
                                         foreignKeys: [.init(entity: ownerName, parentColumn: ownerKey.column, childColumn: "owner", onDelete: .cascade),
                                                       .init(entity: typeName(target), parentColumn: targetKey.column, childColumn: element, onDelete: .cascade)],
                                         indices: [.init(columns: [element])], fields: columns)
                tableEntity.imports.formUnion(["androidx.room.ForeignKey", "androidx.room.Index"])
                addTypeImports(targetKey.type, to: &tableEntity)
                addTypeImports(ownerKey.type, to: &tableEntity)
                if ordered { comments.append("Room's @Relation does not keep the order: sort by \(table).position in a @Query when it matters.") }
                return (holder(["parentColumn = \(quoted(ownerKey.column))", "entityColumn = \(quoted(targetKey.column))",
                                junction(table, parent: "owner", entity: element)], typeName(target)), tableEntity)
            }
        case .objectDictionary(let target):
            guard let table = tables[info.name]?[property.name], let targetClass = entityClass(target), let targetKey = key(of: targetClass) else {
                return unexpressed("its target \(CommentText.clean(target)) is not an entity with a single key")
            }
            var tableEntity = Entity(kotlinName: table, tableName: info.name + "_" + property.name,
                                     comments: ["The dictionary \(CommentText.clean(info.name)).\(CommentText.clean(property.name)): each key with its object's key, or null."],
                                     primaryKeys: ["owner", "key"],
                                     foreignKeys: [.init(entity: ownerName, parentColumn: ownerKey.column, childColumn: "owner", onDelete: .cascade),
                                                   .init(entity: typeName(target), parentColumn: targetKey.column, childColumn: "value", onDelete: .nullify)],
                                     indices: [.init(columns: ["value"])],
                                     fields: [Field(declaration: "val owner: \(ownerKey.type)"), Field(declaration: "val key: String"),
                                              Field(declaration: "val value: \(targetKey.type)?")])
            tableEntity.imports.formUnion(["androidx.room.ForeignKey", "androidx.room.Index"])
            addTypeImports(targetKey.type, to: &tableEntity)
            addTypeImports(ownerKey.type, to: &tableEntity)
            return (holder(["parentColumn = \(quoted(ownerKey.column))", "entityColumn = \"owner\""], table), tableEntity)
        case .values(let kind, let type, let optionalElements):
            guard let table = tables[info.name]?[property.name] else { return unexpressed("it has no table") }
            let valueType = valueType(type, converters: &converters)
            let nullable = optionalElements || type == .mixed
            var fields = [Field(declaration: "val owner: \(ownerKey.type)")]
            var tableEntity = Entity(kotlinName: table, tableName: info.name + "_" + property.name)
            tableEntity.imports.insert("androidx.room.ForeignKey")
            tableEntity.foreignKeys = [.init(entity: ownerName, parentColumn: ownerKey.column, childColumn: "owner", onDelete: .cascade)]
            let what = "\(CommentText.clean(info.name)).\(CommentText.clean(property.name))"
            var valueField = Field(declaration: "val value: \(valueType)\(nullable ? "?" : "")")
            if type == .objectId { valueField.comments.append("An ObjectId: its 24 hex digits.") }
            if type == .mixed { valueField.comments.append("A value of any type (mixed): Room has no untyped column, so its text; the app converts it.") }
            switch kind {
            case .list:
                tableEntity.comments.append("The list \(what): its values, in order.")
                tableEntity.primaryKeys = ["owner", "position"]
                fields.append(Field(declaration: "val position: Long"))
            case .set where nullable:
                // A key column cannot be null in Room: the rowid is the key, and an index keeps each value once.
                tableEntity.comments.append("The set \(what): each value once (null among them, so the rowid is the key).")
                tableEntity.imports.formUnion(["androidx.room.PrimaryKey", "androidx.room.Index"])
                tableEntity.indices = [.init(columns: ["owner", "value"], unique: true)]
                fields.insert(Field(annotations: ["@PrimaryKey(autoGenerate = true)"], declaration: "val id: Long = 0"), at: 0)
            case .set:
                tableEntity.comments.append("The set \(what): each value once.")
                tableEntity.primaryKeys = ["owner", "value"]
            case .dictionary:
                tableEntity.comments.append("The dictionary \(what): each key with its value.")
                tableEntity.primaryKeys = ["owner", "key"]
                fields.append(Field(declaration: "val key: String"))
            }
            fields.append(valueField)
            tableEntity.fields = fields
            addTypeImports(valueType, to: &tableEntity)
            addTypeImports(ownerKey.type, to: &tableEntity)
            return (holder(["parentColumn = \(quoted(ownerKey.column))", "entityColumn = \"owner\""], table), tableEntity)
        case .backlinks(let origin, let originProperty):
            guard let originClass = entityClass(origin), let originKey = key(of: originClass), let source = originClass.property(named: originProperty) else {
                return unexpressed("its origin \(CommentText.clean(origin)).\(CommentText.clean(originProperty)) is not written")
            }
            comments.append("The objects of \(CommentText.clean(origin)) whose \(CommentText.clean(originProperty)) holds this one.")
            switch source.kind {
            case .link:
                return (holder(["parentColumn = \(quoted(ownerKey.column))", "entityColumn = \(quoted(originProperty))"], typeName(origin)), nil)
            case .objects(_, let ordered):
                guard let table = tables[origin]?[originProperty] else { return unexpressed("its origin has no table") }
                return (holder(["parentColumn = \(quoted(ownerKey.column))", "entityColumn = \(quoted(originKey.column))",
                                junction(table, parent: ordered ? "target" : "value", entity: "owner")], typeName(origin)), nil)
            case .objectDictionary:
                guard let table = tables[origin]?[originProperty] else { return unexpressed("its origin has no table") }
                return (holder(["parentColumn = \(quoted(ownerKey.column))", "entityColumn = \(quoted(originKey.column))",
                                junction(table, parent: "value", entity: "owner")], typeName(origin)), nil)
            default:
                return unexpressed("its origin is not a link")
            }
        case .value, .link:
            return (nil, nil)
        }
    }

    func addTypeImports(_ type: String, to entity: inout Entity) {
        switch type {
        case "BigDecimal": entity.imports.insert("java.math.BigDecimal")
        case "Instant": entity.imports.insert("java.time.Instant")
        case "UUID": entity.imports.insert("java.util.UUID")
        default: break
        }
    }

    // MARK: Rendering

    func render(_ entity: Entity, holders: [Holder], ownerName: String?) -> String {
        var imports = entity.imports
        if !holders.isEmpty { imports.formUnion(["androidx.room.Embedded", "androidx.room.Relation"]) }
        if holders.contains(where: { $0.relation.contains { $0.hasPrefix("associateBy") } }) { imports.insert("androidx.room.Junction") }
        var code = CodeLines()
        code.add(contentsOf: Self.header.split(separator: "\n").map(String.init))
        code.add("")
        for line in imports.sorted() { code.add("import " + line) }
        code.add("")
        for comment in entity.comments { code.add("// " + comment) }
        var arguments: [[String]] = []
        if entity.kotlinName != entity.tableName { arguments.append(["tableName = \(KotlinSyntax.quoted(entity.tableName)),"]) }
        func list(_ names: [String]) -> String { "[" + names.map(KotlinSyntax.quoted).joined(separator: ", ") + "]" }
        if !entity.primaryKeys.isEmpty { arguments.append(["primaryKeys = \(list(entity.primaryKeys)),"]) }
        if !entity.foreignKeys.isEmpty {
            var lines = ["foreignKeys = ["]
            for key in entity.foreignKeys {
                lines.append("    ForeignKey(")
                lines.append("        entity = \(key.entity)::class,")
                lines.append("        parentColumns = \(list([key.parentColumn])),")
                lines.append("        childColumns = \(list([key.childColumn])),")
                if let rule = key.onDelete { lines.append("        onDelete = ForeignKey.\(Self.action(rule)),") }
                lines.append("    ),")
            }
            arguments.append(lines + ["],"])
        }
        if !entity.indices.isEmpty {
            arguments.append(["indices = ["] + entity.indices.map { "    Index(value = \(list($0.columns))\($0.unique ? ", unique = true" : "")),"} + ["],"])
        }
        if arguments.isEmpty {
            code.add("@Entity")
        } else {
            code.block("@Entity(", close: ")") { code in for lines in arguments { code.add(contentsOf: lines) } }
        }
        code.block("data class \(entity.kotlinName)(", close: ")") { code in
            for field in entity.fields {
                for comment in field.comments { code.add("// " + comment) }
                code.add((field.annotations + [field.declaration]).joined(separator: " ") + ",")
            }
        }
        for holder in holders {
            code.add("")
            for comment in holder.comments { code.add("// " + comment) }
            let embedded = Identifier.lowerFirst(entity.kotlinName)
            code.block("data class \(holder.kotlinName)(", close: ")") { code in
                code.add("@Embedded val \(embedded == holder.property ? embedded + "Object" : embedded): \(entity.kotlinName),")
                code.block("@Relation(", close: ")") { code in
                    for line in holder.relation { code.add(line + ",") }
                }
                code.add("val \(holder.property): \(holder.type),")
            }
        }
        return code.text
    }

    static func action(_ rule: ModelProperty.DeleteRule) -> String {
        switch rule {
        case .cascade: "CASCADE"
        case .nullify: "SET_NULL"
        case .deny: "RESTRICT"
        case .noAction: "NO_ACTION"
        }
    }
}
