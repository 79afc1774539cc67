import Testing
import StrataTestSupport
import SQLiteKit
@testable import StrataCore

/// Strata's convention for lists, sets and dictionaries of values (ARCHITECTURE.md §2), read back by `SchemaReader`:
/// each shape that is one becomes a property of its owner and a hidden table; each that is not stays a class.
@Suite struct CollectionSchemaTests {
    static let owner = "CREATE TABLE Word (id INTEGER PRIMARY KEY, name TEXT NOT NULL); CREATE TABLE Dog (id TEXT PRIMARY KEY NOT NULL);\n"
    static let ownerColumn = "owner INTEGER NOT NULL REFERENCES Word(id) ON DELETE CASCADE"

    struct Shape: CustomStringConvertible, Sendable {
        var table: String
        /// The property's type as `schema` writes it, or nil when the table stays a class.
        var type: String?
        var description: String { table }
    }

    static let shapes: [Shape] = [
        Shape(table: "CREATE TABLE Word_rus (\(ownerColumn), position INTEGER NOT NULL, value TEXT NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID",
              type: "list<string>"),
        Shape(table: "CREATE TABLE Word_n (\(ownerColumn), position INTEGER NOT NULL, value INTEGER, PRIMARY KEY (owner, position)) WITHOUT ROWID",
              type: "list<int?>"),
        Shape(table: "CREATE TABLE Word_tags (\(ownerColumn), value TEXT NOT NULL, PRIMARY KEY (owner, value)) WITHOUT ROWID", type: "set<string>"),
        Shape(table: "CREATE TABLE Word_maybe (\(ownerColumn), value REAL, UNIQUE (owner, value))", type: "set<double?>"),
        Shape(table: "CREATE TABLE Word_any (\(ownerColumn), value, value_type TEXT, UNIQUE (owner, value, value_type))", type: "set<any?>"),
        Shape(table: "CREATE TABLE Word_scores (\(ownerColumn), key TEXT NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (owner, key)) WITHOUT ROWID",
              type: "dictionary<int>"),
        Shape(table: "CREATE TABLE Word_extra (\(ownerColumn), key TEXT NOT NULL, value, value_type TEXT, PRIMARY KEY (owner, key)) WITHOUT ROWID",
              type: "dictionary<any?>"),
        Shape(table: "CREATE TABLE Word_ids (\(ownerColumn), value OBJECTID TEXT NOT NULL, PRIMARY KEY (owner, value)) WITHOUT ROWID",
              type: "set<objectId>"),
        Shape(table: "CREATE TABLE Word_seen (\(ownerColumn), position INTEGER NOT NULL, value DATETIME NOT NULL, PRIMARY KEY (owner, position)) WITHOUT ROWID",
              type: "list<date>"),
        Shape(table: "CREATE TABLE Word_dogs (\(ownerColumn), value TEXT NOT NULL REFERENCES Dog(id) ON DELETE CASCADE, PRIMARY KEY (owner, value)) WITHOUT ROWID",
              type: "set<Dog>"),
        Shape(table: "CREATE TABLE Word_pets (\(ownerColumn), key TEXT NOT NULL, value TEXT REFERENCES Dog(id) ON DELETE SET NULL, PRIMARY KEY (owner, key)) WITHOUT ROWID",
              type: "dictionary<Dog?>"),
        // Not the convention: each stays a class of its own.
        Shape(table: "CREATE TABLE Word_extra2 (\(ownerColumn), position INTEGER NOT NULL, value TEXT, note TEXT, PRIMARY KEY (owner, position)) WITHOUT ROWID",
              type: nil),
        Shape(table: "CREATE TABLE Word_loose (\(ownerColumn), value TEXT)", type: nil),
        Shape(table: "CREATE TABLE Word_keyed (\(ownerColumn), key TEXT NOT NULL, value TEXT, PRIMARY KEY (owner, value)) WITHOUT ROWID", type: nil),
        Shape(table: "CREATE TABLE Other_tags (\(ownerColumn), value TEXT NOT NULL, PRIMARY KEY (owner, value)) WITHOUT ROWID", type: nil),
        Shape(table: "CREATE TABLE Word_name (\(ownerColumn), value TEXT NOT NULL, PRIMARY KEY (owner, value)) WITHOUT ROWID", type: nil),
        Shape(table: "CREATE TABLE Word_free (owner INTEGER NOT NULL, value TEXT NOT NULL, PRIMARY KEY (owner, value)) WITHOUT ROWID", type: nil),
    ]

    @Test(arguments: shapes)
    func aTableInTheConventionIsAPropertyOfItsOwner(_ shape: Shape) throws {
        let schema = try Fixtures.schema(Self.owner + shape.table)
        let word = try schema.require("Word")
        let tableName = String(shape.table.split(separator: " ")[2])
        let table = try schema.require(tableName)
        let propertyName = String(tableName.dropFirst(5))
        if let type = shape.type {
            let property = try word.require(propertyName)
            #expect(property.typeDescription == type)
            #expect(table.isHidden && table.listOwner == "Word" && table.listOf == propertyName)
            #expect(!schema.visibleClasses.contains { $0.name == tableName })
            #expect(property.column == nil && !property.isOptional)
        } else {
            #expect(word.property(named: propertyName)?.type.isCollection != true, "\(tableName)")
            #expect(!table.isHidden && table.listOf == nil)
        }
    }

    /// A set of objects is a list of them in the object model: followed and queried as one, with a backlink.
    @Test func aSetOfObjectsIsAListOfThem() throws {
        let schema = try Fixtures.schema(Self.owner + Self.shapes[9].table)
        let dogs = try schema.require("Word").require("dogs")
        #expect(dogs.type == .list && dogs.target == "Dog" && dogs.collection?.kind == .set)
        #expect(schema.class(named: "Word")?.lists["dogs"]?.kind == .strataSet)
        #expect(try schema.require("Dog").property(named: "@links.Word.dogs")?.type == .linkingObjects)
    }

    /// The element is a property of its own, named `@values`, with the column's type, optionality and Mixed type
    /// column; a dictionary's keys are `key`.
    @Test func theElementKeepsWhatItsColumnSays() throws {
        let schema = try Fixtures.schema(Self.owner + Self.shapes[6].table)
        let storage = try #require(schema.class(named: "Word")?.collections["extra"])
        #expect(storage.kind == .dictionary && storage.table == "Word_extra" && storage.keyColumn == "key" && storage.positionColumn == nil)
        #expect(storage.element.name == ValueCollection.valuesName && storage.element.type == .any && storage.element.isOptional)
        #expect(storage.element.typeColumn == "value_type" && storage.element.column == "value")
        let elements = storage.elementClass(ownerClass: "Word", property: "extra")
        #expect(elements.properties.map(\.name) == ["@values", "@keys"])
    }

    /// What the convention writes is what it reads: every kind from `ValueCollection.createSQL`.
    @Test(arguments: ValueCollection.Kind.allCases)
    func whatTheConventionWritesItReads(_ kind: ValueCollection.Kind) throws {
        for optional in [false, true] {
            let create = ValueCollection.createSQL(kind: kind, table: "Word_x", owner: "Word", ownerKey: "id", ownerKeyType: "INTEGER",
                                                   elementSQL: optional ? "INTEGER" : "INTEGER NOT NULL", typeColumn: false,
                                                   optionalElements: optional)
            let schema = try Fixtures.schema(Self.owner + create.text)
            #expect(try schema.require("Word").require("x").typeDescription == "\(kind.rawValue)<int\(optional ? "?" : "")>")
        }
    }
}
