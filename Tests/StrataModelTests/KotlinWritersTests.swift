import Testing
@testable import StrataModel

/// One property of each type and kind, written by each of the room, realm-kotlin and realm-js writers: the line the
/// target declares it with. The whole files of real sources are golden files (`EndToEndTests/ModelGoldenKotlinTests`).
@Suite struct KotlinWritersTests {
    /// A Task with a key, a TaskList it links to, and a Tag it lists.
    static func model(_ property: ModelProperty) -> AppModel {
        AppModel(classes: [
            ModelClass(name: "Task", primaryKey: ["_id"], properties: [
                ModelProperty(name: "_id", kind: .value(.objectId), isPrimaryKey: true, isIndexed: true), property,
            ]),
            ModelClass(name: "TaskList", primaryKey: ["id"], properties: [ModelProperty(name: "id", kind: .value(.int), isPrimaryKey: true)]),
            ModelClass(name: "Tag", primaryKey: ["name"], properties: [ModelProperty(name: "name", kind: .value(.string), isPrimaryKey: true)]),
        ])
    }

    static func code(_ target: ModelTarget, _ property: ModelProperty) -> String {
        target.files(for: model(property), name: "Tasks").map(\.contents).joined(separator: "\n")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var property: ModelProperty
        var room: String
        var realmKotlin: String
        var realmJS: String
        var testDescription: String { property.name }
    }

    static let cases: [Case] = [
        Case(property: .init(name: "done", kind: .value(.bool), defaultValue: .bool(false)),
             room: #"@ColumnInfo(defaultValue = "0") val done: Boolean = false,"#, realmKotlin: "var done: Boolean = false",
             realmJS: #"done: { type: "bool", default: false },"#),
        Case(property: .init(name: "count", kind: .value(.int)), room: "val count: Long,", realmKotlin: "var count: Long = 0", realmJS: #"count: "int","#),
        Case(property: .init(name: "small", kind: .value(.int), integerBits: 16), room: "val small: Short,", realmKotlin: "var small: Short = 0",
             realmJS: #"small: "int","#),
        Case(property: .init(name: "mid", kind: .value(.int), isOptional: true, integerBits: 32), room: "val mid: Int? = null,",
             realmKotlin: "var mid: Int? = null", realmJS: #"mid: "int?","#),
        Case(property: .init(name: "ratio", kind: .value(.float)), room: "val ratio: Float,", realmKotlin: "var ratio: Float = 0.0f", realmJS: #"ratio: "float","#),
        Case(property: .init(name: "size", kind: .value(.double), defaultValue: .real(1.5)),
             room: #"@ColumnInfo(defaultValue = "1.5") val size: Double = 1.5,"#, realmKotlin: "var size: Double = 1.5",
             realmJS: #"size: { type: "double", default: 1.5 },"#),
        Case(property: .init(name: "price", kind: .value(.decimal)), room: "val price: BigDecimal,", realmKotlin: #"var price: Decimal128 = Decimal128("0")"#,
             realmJS: #"price: "decimal128","#),
        Case(property: .init(name: "title", kind: .value(.string), isIndexed: true, defaultValue: .text("it's $5")),
             room: #"@ColumnInfo(defaultValue = "'it''s \$5'") val title: String = "it's \$5","#,
             realmKotlin: #"var title: String = "it's \$5""#, realmJS: #"title: { type: "string", indexed: true, default: "it's $5" },"#),
        Case(property: .init(name: "ref", kind: .value(.objectId), isOptional: true), room: "val ref: String? = null,",
             realmKotlin: "var ref: ObjectId? = null", realmJS: #"ref: "objectId?","#),
        Case(property: .init(name: "due", kind: .value(.date)), room: "val due: Instant,", realmKotlin: "var due: RealmInstant = RealmInstant.from(0, 0)",
             realmJS: #"due: "date","#),
        Case(property: .init(name: "blob", kind: .value(.data)), room: "val blob: ByteArray,", realmKotlin: "var blob: ByteArray = byteArrayOf()",
             realmJS: #"blob: "data","#),
        Case(property: .init(name: "uid", kind: .value(.uuid)), room: "val uid: UUID,", realmKotlin: "var uid: RealmUUID = RealmUUID.random()",
             realmJS: #"uid: "uuid","#),
        Case(property: .init(name: "any", kind: .value(.mixed), isOptional: true), room: "val any: String? = null,",
             realmKotlin: "var any: RealmAny? = null", realmJS: #"any: "mixed","#),
        Case(property: .init(name: "list", kind: .link(target: "TaskList"), isOptional: true),
             room: #"@ColumnInfo(name = "list") val listId: Long? = null,"#, realmKotlin: "var list: TaskList? = null", realmJS: #"list: "TaskList?","#),
        Case(property: .init(name: "tags", kind: .objects(target: "Tag", ordered: true)),
             room: "associateBy = Junction(TaskTags::class, parentColumn = \"owner\", entityColumn = \"target\"),",
             realmKotlin: "var tags: RealmList<Tag> = realmListOf()", realmJS: #"tags: "Tag[]","#),
        Case(property: .init(name: "tagSet", kind: .objects(target: "Tag", ordered: false)),
             room: #"primaryKeys = ["owner", "value"],"#, realmKotlin: "var tagSet: RealmSet<Tag> = realmSetOf()", realmJS: #"tagSet: "Tag<>","#),
        Case(property: .init(name: "byName", kind: .objectDictionary(target: "Tag")),
             room: "val value: String?,", realmKotlin: "var byName: RealmDictionary<Tag?> = realmDictionaryOf()",
             realmJS: #"byName: { type: "dictionary", objectType: "Tag", optional: true },"#),
        Case(property: .init(name: "scores", kind: .values(.list, .int, optionalElements: false)),
             room: #"tableName = "Task_scores","#, realmKotlin: "var scores: RealmList<Long> = realmListOf()", realmJS: #"scores: "int[]","#),
        Case(property: .init(name: "labels", kind: .values(.set, .string, optionalElements: true)),
             room: #"Index(value = ["owner", "value"], unique = true),"#, realmKotlin: "var labels: RealmSet<String?> = realmSetOf()",
             realmJS: #"labels: "string?<>","#),
        Case(property: .init(name: "counts", kind: .values(.dictionary, .double, optionalElements: false)),
             room: "val key: String,", realmKotlin: "var counts: RealmDictionary<Double> = realmDictionaryOf()", realmJS: #"counts: "double{}","#),
    ]

    @Test(arguments: cases)
    func room(_ test: Case) {
        let code = Self.code(.room, test.property)
        #expect(code.contains(test.room), "\(code)")
    }

    @Test(arguments: cases)
    func realmKotlin(_ test: Case) {
        let code = Self.code(.realmKotlin, test.property)
        #expect(code.contains(test.realmKotlin), "\(code)")
    }

    @Test(arguments: cases)
    func realmJS(_ test: Case) {
        let code = Self.code(.realmJS, test.property)
        #expect(code.contains(test.realmJS), "\(code)")
    }

    @Test func keysAndBacklinks() {
        let backlinks = AppModel(classes: [
            ModelClass(name: "Task", properties: [ModelProperty(name: "id", kind: .value(.string)),
                                                  ModelProperty(name: "list", kind: .link(target: "TaskList"), isOptional: true)]),
            ModelClass(name: "TaskList", primaryKey: ["id"], properties: [
                ModelProperty(name: "id", kind: .value(.int), isPrimaryKey: true),
                ModelProperty(name: "tasks", kind: .backlinks(target: "Task", property: "list")),
            ]),
        ])
        let room = ModelTarget.room.files(for: backlinks, name: "m").map(\.contents).joined()
        // Task has no key of its own and a property named id: the generated key takes the next name.
        #expect(room.contains("@PrimaryKey(autoGenerate = true) val id2: Long = 0,"))
        #expect(room.contains(#"entityColumn = "list","#))
        let kotlin = ModelTarget.realmKotlin.files(for: backlinks, name: "m").map(\.contents).joined()
        #expect(kotlin.contains("val tasks: RealmResults<Task> by backlinks(Task::list)"))
        let js = ModelTarget.realmJS.files(for: backlinks, name: "m").map(\.contents).joined()
        #expect(js.contains(#"tasks: { type: "linkingObjects", objectType: "Task", property: "list" },"#))
        #expect(js.contains("export const schema = [Task, TaskList];"))
    }

    @Test func embeddedAndAbstract() {
        let model = AppModel(classes: [
            ModelClass(name: "Item", properties: [ModelProperty(name: "name", kind: .value(.string))], isAbstract: true),
            ModelClass(name: "Recipe", properties: [ModelProperty(name: "name", kind: .value(.string), isInherited: true)], parent: "Item"),
            ModelClass(name: "Address", isEmbedded: true, properties: [ModelProperty(name: "street", kind: .value(.string))]),
        ], source: .coreData)
        let kotlin = ModelTarget.realmKotlin.files(for: model, name: "m")
        #expect(kotlin.map(\.path) == ["Recipe.kt", "Address.kt"])
        #expect(kotlin[0].contents.contains("A sub-entity of Item, an abstract entity that is not written"))
        #expect(kotlin[1].contents.contains("class Address : EmbeddedRealmObject {"))
        let js = ModelTarget.realmJS.files(for: model, name: "m")[0].contents
        #expect(js.contains("// Not written: Item, an abstract Core Data entity"))
        #expect(js.contains("embedded: true,"))
        #expect(js.contains("export const schema = [Recipe, Address];"))
    }
}
