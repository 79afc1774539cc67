/// What `strata model --to TARGET` writes a file's model as.
public enum ModelTarget: String, CaseIterable, Sendable {
    /// SwiftData `@Model` classes.
    case swiftData = "swiftdata"
    /// GRDB record structs, their associations, and a `DatabaseMigrator` that creates the schema.
    case grdb
    /// An Xcode `.xcdatamodeld` package.
    case coreData = "coredata"
    /// Android Room `@Entity` data classes, in Kotlin.
    case room
    case realmSwift = "realm-swift"
    case realmKotlin = "realm-kotlin"
    case realmJS = "realm-js"
    /// TypeScript interfaces.
    case typeScript = "typescript"
    /// `CREATE TABLE` statements in Strata's conventions.
    case sql

    /// One line for `strata help model` and the manual.
    public var summary: String {
        switch self {
        case .swiftData: "SwiftData @Model classes, one file per class"
        case .grdb: "GRDB records with associations, and a DatabaseMigrator that creates the schema"
        case .coreData: "an Xcode .xcdatamodeld package, the XML the model editor writes"
        case .room: "Room @Entity data classes in Kotlin, one file per class"
        case .realmSwift: "Realm Swift Object classes, one file per class"
        case .realmKotlin: "Realm Kotlin RealmObject classes, one file per class"
        case .realmJS: "Realm JS classes with their object schemas, one file"
        case .typeScript: "TypeScript interfaces, one file"
        case .sql: "CREATE TABLE statements in Strata's conventions, one file"
        }
    }

    /// The files that declare `model`, named as the target's convention names them, relative to the output folder.
    ///
    /// - Parameter name: the model's name (the file's, without its extension): the Core Data package's, the GRDB
    ///   migrator's, the TypeScript module's.
    public func files(for model: AppModel, name: String) -> [ModelFile] {
        switch self {
        case .swiftData: SwiftDataWriter(model: model).files()
        case .grdb: GRDBWriter(model: model, name: name).files()
        case .coreData: CoreDataWriter(model: model, name: name).files()
        case .room: RoomWriter(model: model, name: name).files()
        case .realmSwift: RealmSwiftWriter(model: model).files()
        case .realmKotlin: RealmKotlinWriter(model: model).files()
        case .realmJS: RealmJSWriter(model: model, name: name).files()
        case .typeScript: TypeScriptWriter(model: model, name: name).files()
        case .sql: SQLSchemaWriter(model: model, name: name).files()
        }
    }
}

/// One file a target writes: its path below the output folder, and its text.
public struct ModelFile: Sendable, Equatable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// Lines of code with indentation, for the writers.
struct CodeLines {
    private(set) var lines: [String] = []
    private var depth = 0
    let indent: String

    init(indent: String = "    ") { self.indent = indent }

    mutating func add(_ line: String = "") {
        lines.append(line.isEmpty ? "" : String(repeating: indent, count: depth) + line)
    }

    mutating func add(contentsOf more: [String]) { for line in more { add(line) } }

    /// `open`, the lines `body` adds one level in, then `close`.
    mutating func block(_ open: String, close: String = "}", _ body: (inout CodeLines) -> Void) {
        add(open)
        depth += 1
        body(&self)
        depth -= 1
        add(close)
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}
