import Foundation
import CoreDataStoreFixtures
import Testing
@testable import CoreDataModel

/// What the readers keep for the version hash: version hash modifiers, uniqueness constraints, the attribute flags,
/// and a derived attribute's expression written back as text from its archived `NSExpression`.
@Suite struct VersionHashInputsTests {
    // MARK: - Xcode XML

    static let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Car" versionHashModifier="v2">
                <attribute name="plate" attributeType="String" versionHashModifier="p" preserveAfterDeletion="YES"/>
                <attribute name="photo" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
                <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Car"
                              versionHashModifier="o"/>
                <uniquenessConstraints>
                    <uniquenessConstraint><constraint value="plate"/></uniquenessConstraint>
                    <uniquenessConstraint><constraint value="plate"/><constraint value="owner"/></uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <entity name="Bike"/>
        </model>
        """

    @Test func theXMLReaderKeepsTheHashInputs() throws {
        let model = try ManagedObjectModel(xcdatamodelContents: Data(Self.xml.utf8))
        let car = try #require(model.entity(named: "Car"))
        #expect(car.versionHashModifier == "v2")
        #expect(car.uniquenessConstraints == [["plate"], ["plate", "owner"]])
        #expect(car.attributes.map(\.versionHashModifier) == ["p", nil])
        #expect(car.attributes.map(\.preservesValueOnDeletion) == [true, false])
        #expect(car.attributes.map(\.allowsExternalStorage) == [false, true])
        #expect(car.relationships.map(\.versionHashModifier) == ["o"])
        let bike = try #require(model.entity(named: "Bike"))
        #expect(bike.versionHashModifier == nil && bike.uniquenessConstraints.isEmpty)
    }

    // MARK: - Keyed archives

    static func cacheModel(_ store: String) throws -> ManagedObjectModel {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Stores/\(store)/modelcache.bin")
        return try ManagedObjectModel(archive: KeyedArchive(bytes: Inflate.data([UInt8](Data(contentsOf: url)), limit: 1 << 24)))
    }

    /// CoreDataPlus builds this model in code: `pagesCount` is derived from `NSExpression(forFunction: "count:", …)`.
    @Test func aRealDerivedAttributeKeepsItsExpression() throws {
        let book = try #require(try Self.cacheModel("SampleModel2_V2").entity(named: "Book"))
        let pagesCount = try #require(book.attributes.first { $0.name == "pagesCount" })
        #expect(pagesCount.isDerived)
        #expect(pagesCount.derivationExpression == "count:(pages)")
        #expect(book.uniquenessConstraints == [["uniqueID"]])
        #expect(book.versionHashModifier == nil)
    }

    /// The same constraints read from the XML and from the `.mom` compiled from it.
    @Test func constraintsAgreeBetweenTheXcodeModelAndTheMom() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        let xcode = try ModelLocation(path: folder.appendingPathComponent("Stores/SampleModel_V1/SampleModel.xcdatamodeld").path)
            .model(version: "SampleModel3")
        let mom = try ModelLocation(path: folder.appendingPathComponent("CompiledModels/SampleModel.momd").path)
            .model(version: "SampleModel3")
        for entity in xcode.entities {
            #expect(mom.entity(named: entity.name)?.uniquenessConstraints == entity.uniquenessConstraints, "\(entity.name)")
        }
        #expect(xcode.entity(named: "Person")?.uniquenessConstraints == [["firstName", "lastName"]])
    }

    /// The attribute flags Core Data packs into `NSFlagsKey`.
    @Test(arguments: [(0, false, false), (4, true, false), (0x10, false, true), (0x14, true, true), (0x20, false, false)])
    func attributeFlagsFromNSFlagsKey(_ flags: Int64, _ external: Bool, _ preserved: Bool) throws {
        var writer = KeyedArchiveWriter()
        let attribute = writer.instance("NSAttributeDescription", superclasses: ["NSPropertyDescription", "NSObject"], [
            "NSPropertyName": writer.string("data"), "NSAttributeType": .integer(1000), "NSFlagsKey": .integer(flags),
        ])
        let entity = writer.instance("NSEntityDescription", [
            "NSEntityName": writer.string("E"), "NSProperties": writer.dictionary([("data", attribute)]),
        ])
        let root = writer.instance("NSManagedObjectModel", ["NSEntities": writer.dictionary([("E", entity)])])
        let model = try ManagedObjectModel(archive: KeyedArchive(bytes: writer.bytes(root: root)))
        let read = try #require(model.entities.first?.attributes.first)
        #expect(read.allowsExternalStorage == external)
        #expect(read.preservesValueOnDeletion == preserved)
    }

    // MARK: - Archived expressions

    /// Builds an `NSExpression` in an archive; `build` returns the root expression's reference.
    static func format(_ build: (inout KeyedArchiveWriter) -> PropertyListValue) throws -> String? {
        var writer = KeyedArchiveWriter()
        let root = build(&writer)
        return try KeyedArchive(bytes: writer.bytes(root: root)).root().expressionFormat()
    }

    static func expression(_ writer: inout KeyedArchiveWriter, _ type: Int64, _ fields: [String: PropertyListValue] = [:])
        -> PropertyListValue
    {
        var all = fields
        all["NSExpressionType"] = .integer(type)
        return writer.instance("NSExpression", all)
    }

    static func keyPath(_ writer: inout KeyedArchiveWriter, _ path: String, on operand: PropertyListValue? = nil)
        -> PropertyListValue
    {
        let base = operand ?? expression(&writer, 1)
        let specifier = expression(&writer, 10, ["NSKeyPath": writer.string(path)])
        return expression(&writer, 3, ["NSOperand": base, "NSSelectorName": writer.string("valueForKey:"),
                                       "NSArguments": writer.array([specifier])])
    }

    static func function(_ writer: inout KeyedArchiveWriter, _ selector: String, _ arguments: [PropertyListValue])
        -> PropertyListValue
    {
        let utilities = expression(&writer, 0, ["NSConstantValueClassName": writer.string("_NSPredicateUtilities")])
        return expression(&writer, 4, ["NSOperand": utilities, "NSSelectorName": writer.string(selector),
                                       "NSArguments": writer.array(arguments)])
    }

    @Test func expressionsWriteBackAsPredicateFormatDoes() throws {
        #expect(try Self.format { Self.keyPath(&$0, "pages") } == "pages")
        #expect(try Self.format { writer in
            let author = Self.keyPath(&writer, "author")
            return Self.keyPath(&writer, "name", on: author)
        } == "author.name")
        #expect(try Self.format { writer in
            let pages = Self.keyPath(&writer, "pages")
            return Self.function(&writer, "count:", [pages])
        } == "count:(pages)")
        #expect(try Self.format { Self.expression(&$0, 1) } == "SELF")
        #expect(try Self.format { writer in Self.expression(&writer, 2, ["NSVariable": writer.string("now")]) } == "$now")
        #expect(try Self.format { Self.expression(&$0, 0, ["NSConstantValue": .integer(42)]) } == "42")
        #expect(try Self.format { writer in
            Self.expression(&writer, 0, ["NSConstantValue": writer.string("a\"b")])
        } == "\"a\\\"b\"")
    }

    /// Kinds of expression this reader does not write give nil, never a guess.
    @Test func otherExpressionsGiveNil() throws {
        #expect(try Self.format { Self.expression(&$0, 13) } == nil)  // a subquery
        #expect(try Self.format { writer in writer.string("not an expression") } == nil)
        // A function whose receiver is not _NSPredicateUtilities (a custom method on an object).
        #expect(try Self.format { writer in
            let receiver = Self.keyPath(&writer, "owner")
            let argument = Self.keyPath(&writer, "x")
            return Self.expression(&writer, 4, ["NSOperand": receiver, "NSSelectorName": writer.string("custom:"),
                                                "NSArguments": writer.array([argument])])
        } == nil)
        // An argument this reader cannot write makes the whole expression unknown.
        #expect(try Self.format { writer in
            let subquery = Self.expression(&writer, 13)
            return Self.function(&writer, "count:", [subquery])
        } == nil)
    }

    /// An expression that is its own operand (only a damaged archive has one) ends at the depth bound: nil.
    @Test func anExpressionCycleEnds() throws {
        #expect(try Self.format { writer in
            let slot = writer.reserve()
            let specifier = Self.expression(&writer, 10, ["NSKeyPath": writer.string("x")])
            writer.fill(slot, with: writer.instanceFields("NSExpression", [
                "NSExpressionType": .integer(3), "NSOperand": slot, "NSSelectorName": writer.string("valueForKey:"),
                "NSArguments": writer.array([specifier]),
            ]))
            return slot
        } == nil)
    }

    @Test func aFieldOfTheWrongTypeIsAOneLineError() throws {
        #expect(throws: ModelReadError.self) {
            try Self.format { writer in
                Self.expression(&writer, 4, ["NSOperand": Self.expression(&writer, 1), "NSSelectorName": .integer(3)])
            }
        }
        do {
            _ = try Self.format { writer in Self.expression(&writer, 10, ["NSKeyPath": .integer(3)]) }
            Issue.record("an integer key path was accepted")
        } catch let error as ModelReadError {
            #expect(!error.message.contains("\n") && error.message.hasPrefix("keyed archive: "))
        }
    }
}
