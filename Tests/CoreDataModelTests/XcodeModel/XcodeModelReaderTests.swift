import Foundation
import Testing
@testable import CoreDataModel

// The format as public repositories hold it, read for reference (not copied):
// - infinitered/ruby-xcdm, test/fixtures/001_baseline.rb: an Xcode 4.3-era `contents` (`syncable="YES"` on every
//   element, `minCount="1" maxCount="1"` on to-one relationships, `defaultValueString`, `<userInfo>`).
// - rentzsch/mogenerator, the `.xccurrentversion` lookup: `_XCCurrentVersionName` names `Name N.xcdatamodel`.
// - a modern (Xcode 14+) model with `toMany="YES" ordered="YES" deletionRule="Cascade"` and
//   `<uniquenessConstraints>` inside `<entity>` (found with find_string, repository not named by the index).

/// Wraps entity elements in a modern `<model>` element.
private func model(_ body: String, attributes: String = "") -> Data {
    Data("""
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="21754" \
    systemVersion="22F82" minimumToolsVersion="Automatic" sourceLanguage="Swift" \(attributes)>
    \(body)
    </model>
    """.utf8)
}

private func read(_ data: Data) throws(ModelReadError) -> ManagedObjectModel {
    try ManagedObjectModel(xcdatamodelContents: data)
}

@Suite struct XcodeModelReaderTests {
    // MARK: - Attributes

    struct AttributeCase: Sendable, CustomTestStringConvertible {
        var xml: String
        var expected: Attribute
        var testDescription: String { xml }
    }

    static let attributeCases: [AttributeCase] = [
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>"#,
              expected: Attribute(name: "a", kind: .integer16, defaultValue: "0", usesScalarValueType: true)),
        .init(xml: #"<attribute name="a" attributeType="Integer 32" defaultValueString="7" usesScalarValueType="NO"/>"#,
              expected: Attribute(name: "a", kind: .integer32, isOptional: false, defaultValue: "7")),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Integer 64"/>"#,
              expected: Attribute(name: "a", kind: .integer64)),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Decimal" defaultValueString="0.0"/>"#,
              expected: Attribute(name: "a", kind: .decimal, defaultValue: "0.0")),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Double"/>"#,
              expected: Attribute(name: "a", kind: .double)),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Float"/>"#,
              expected: Attribute(name: "a", kind: .float)),
        .init(xml: #"<attribute name="a" attributeType="String" defaultValueString="Untitled &amp; new"/>"#,
              expected: Attribute(name: "a", kind: .string, isOptional: false, defaultValue: "Untitled & new")),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Boolean" defaultValueString="YES"/>"#,
              expected: Attribute(name: "a", kind: .boolean, defaultValue: "YES")),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Date"/>"#,
              expected: Attribute(name: "a", kind: .date)),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>"#,
              expected: Attribute(name: "a", kind: .binary, allowsExternalStorage: true)),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="UUID" usesScalarValueType="NO"/>"#,
              expected: Attribute(name: "a", kind: .uuid)),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="URI"/>"#,
              expected: Attribute(name: "a", kind: .uri)),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromDataTransformer" customClassName="NSColor"/>"#,
              expected: Attribute(name: "a", kind: .transformable,
                                  valueTransformerName: "NSSecureUnarchiveFromDataTransformer",
                                  customClassName: "NSColor")),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="ObjectID"/>"#,
              expected: Attribute(name: "a", kind: .objectID)),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Composite" composite="Address"/>"#,
              expected: Attribute(name: "a", kind: .composite)),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Undefined" transient="YES"/>"#,
              expected: Attribute(name: "a", kind: .undefined, isTransient: true)),
        .init(xml: #"<attribute name="a" optional="YES" transient="YES"/>"#,
              expected: Attribute(name: "a", kind: .undefined, isTransient: true)),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Integer 128"/>"#,
              expected: Attribute(name: "a", kind: .undefined, unknownTypeName: "Integer 128")),
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Integer 32" derived="YES" derivationExpression="ingredients.@count"/>"#,
              expected: Attribute(name: "a", kind: .integer32, isDerived: true,
                                  derivationExpression: "ingredients.@count")),
        // Xcode 4-era: syncable and indexed on every attribute, read the same way.
        .init(xml: #"<attribute name="a" optional="YES" attributeType="Integer 32" defaultValueString="0" indexed="YES" syncable="YES"/>"#,
              expected: Attribute(name: "a", kind: .integer32, defaultValue: "0")),
    ]

    @Test(arguments: attributeCases)
    func attributeReads(_ testCase: AttributeCase) throws {
        let read = try read(model(#"<entity name="E" syncable="YES">\#(testCase.xml)</entity>"#))
        #expect(read.entities.first?.attributes == [testCase.expected])
        #expect(read.problems.isEmpty)
    }

    @Test func everyKnownKindHasACase() {
        let covered = Set(Self.attributeCases.map(\.expected.kind))
        #expect(covered == Set(Attribute.Kind.allCases))
    }

    // MARK: - Relationships

    struct RelationshipCase: Sendable, CustomTestStringConvertible {
        var xml: String
        var expected: Relationship
        var testDescription: String { xml }
    }

    static let relationshipCases: [RelationshipCase] = [
        .init(xml: #"<relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="E" inverseName="r" inverseEntity="E"/>"#,
              expected: Relationship(name: "r", destination: "E", inverseName: "r", maxCount: 1)),
        .init(xml: #"<relationship name="r" toMany="YES" minCount="1" maxCount="5" deletionRule="Cascade" destinationEntity="E"/>"#,
              expected: Relationship(name: "r", destination: "E", isToMany: true, isOptional: false,
                                     deleteRule: .cascade, minCount: 1, maxCount: 5)),
        .init(xml: #"<relationship name="r" optional="YES" toMany="YES" ordered="YES" deletionRule="Deny" destinationEntity="E"/>"#,
              expected: Relationship(name: "r", destination: "E", isToMany: true, isOrdered: true, deleteRule: .deny)),
        .init(xml: #"<relationship name="r" optional="YES" transient="YES" maxCount="1" deletionRule="No Action" destinationEntity="E"/>"#,
              expected: Relationship(name: "r", destination: "E", isTransient: true, deleteRule: .noAction, maxCount: 1)),
        // Xcode 4-era to-one: minCount and maxCount both 1, syncable.
        .init(xml: #"<relationship name="r" optional="YES" minCount="1" maxCount="1" deletionRule="Nullify" destinationEntity="E" syncable="YES"/>"#,
              expected: Relationship(name: "r", destination: "E", minCount: 1, maxCount: 1)),
        // No deletionRule written: Core Data's default, Nullify.
        .init(xml: #"<relationship name="r" optional="YES" maxCount="1" destinationEntity="E"/>"#,
              expected: Relationship(name: "r", destination: "E", maxCount: 1)),
    ]

    @Test(arguments: relationshipCases)
    func relationshipReads(_ testCase: RelationshipCase) throws {
        let read = try read(model(#"<entity name="E">\#(testCase.xml)</entity>"#))
        #expect(read.entities.first?.relationships == [testCase.expected])
    }

    // MARK: - Whole models

    @Test func threeLevelsOfInheritanceUnderAnAbstractRoot() throws {
        let read = try read(model("""
            <entity name="Vehicle" representedClassName="Vehicle" isAbstract="YES" syncable="YES">
                <attribute name="wheels" attributeType="Integer 16" defaultValueString="4" usesScalarValueType="YES"/>
            </entity>
            <entity name="Car" representedClassName=".Car" parentEntity="Vehicle" syncable="YES">
                <attribute name="doors" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            </entity>
            <entity name="SportCar" representedClassName="SportCar" parentEntity="Car" syncable="YES">
                <attribute name="topSpeed" optional="YES" attributeType="Double" usesScalarValueType="YES"/>
            </entity>
            <elements>
                <element name="Vehicle" positionX="-63" positionY="-18" width="128" height="44"/>
            </elements>
            """))
        #expect(read.entities.map(\.name) == ["Vehicle", "Car", "SportCar"])
        #expect(read.entities.map(\.parentName) == [nil, "Vehicle", "Car"])
        #expect(read.entities.map(\.isAbstract) == [true, false, false])
        #expect(read.entities.map(\.className) == ["Vehicle", ".Car", "SportCar"])
        #expect(read.entities.map { $0.attributes.map(\.name) } == [["wheels"], ["doors"], ["topSpeed"]])
        #expect(read.descendants(of: "Vehicle").map(\.name) == ["Car", "SportCar"])
    }

    @Test func manyToManyAndOrderedToManyWithInverses() throws {
        let read = try read(model("""
            <entity name="Recipe" representedClassName="Recipe" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String"/>
                <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="recipes" inverseEntity="Tag"/>
                <relationship name="steps" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Step" inverseName="recipe" inverseEntity="Step"/>
                <fetchedProperty name="similar" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Recipe" predicateString="name == $FETCH_SOURCE.name"/>
                </fetchedProperty>
            </entity>
            <entity name="Tag" representedClassName="Tag" syncable="YES">
                <attribute name="title" attributeType="String"/>
                <relationship name="recipes" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Recipe" inverseName="tags" inverseEntity="Recipe"/>
                <uniquenessConstraints><uniquenessConstraint><constraint value="title"/></uniquenessConstraint></uniquenessConstraints>
            </entity>
            <entity name="Step" representedClassName="Step" syncable="YES">
                <relationship name="recipe" maxCount="1" deletionRule="Nullify" destinationEntity="Recipe" inverseName="steps" inverseEntity="Recipe"/>
            </entity>
            <fetchRequest name="Desserts" entity="Recipe" predicateString="name CONTAINS &quot;cake&quot;"/>
            <configuration name="Cloud" usedWithCloudKit="YES"><memberEntity name="Recipe"/></configuration>
            """, attributes: #"userDefinedModelVersionIdentifier="recipes-2""#))
        #expect(read.versionIdentifiers == ["recipes-2"])
        #expect(read.problems.isEmpty)
        let recipe = try #require(read.entity(named: "Recipe"))
        #expect(recipe.relationships.map(\.name) == ["tags", "steps"])
        #expect(recipe.relationships.map(\.isToMany) == [true, true])
        #expect(recipe.relationships.map(\.isOrdered) == [false, true])
        #expect(recipe.relationships.map(\.deleteRule) == [.nullify, .cascade])
        #expect(read.entity(named: "Tag")?.relationships.first?.inverseName == "tags")
        let step = try #require(read.entity(named: "Step")?.relationships.first)
        #expect(step.isToMany == false && step.isOptional == false && step.destination == "Recipe")
    }

    @Test func anInverseOnTheDestinationsParentIsFound() throws {
        let read = try read(model("""
            <entity name="Owner"><relationship name="cars" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Car" inverseName="owner" inverseEntity="Vehicle"/></entity>
            <entity name="Vehicle" isAbstract="YES"><relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Owner" inverseName="cars" inverseEntity="Owner"/></entity>
            <entity name="Car" parentEntity="Vehicle"/>
            """))
        #expect(read.problems.isEmpty)
    }

    @Test func anEmptyModelHasNoEntities() throws {
        #expect(try read(model("")).entities.isEmpty)
        #expect(try read(Data(#"<model/>"#.utf8)).entities.isEmpty)
    }

    // MARK: - Hostile and broken

    struct RefusalCase: Sendable, CustomTestStringConvertible {
        var name: String
        var contents: Data
        var message: String
        var testDescription: String { name }
    }

    static let refusals: [RefusalCase] = [
        .init(name: "empty", contents: Data(), message: "contents: empty file, expected an xml model"),
        .init(name: "blank", contents: Data(" \n\t".utf8), message: "contents: empty file, expected an xml model"),
        .init(name: "binary", contents: Data([0, 1, 2, 0xFF]), message: "contents 1: byte 0 is not UTF-8 text; an xcode model is UTF-8"),
        .init(name: "mismatched tag", contents: Data("<model>\n  <entity name=\"A\">\n</model>".utf8),
              message: "contents 3:1: malformed xml (closing tag </model> does not match <entity>, opened at 2:3)"),
        .init(name: "truncated", contents: Data("<model>\n<entity name=\"A\"".utf8),
              message: "contents 2:17: malformed xml (the document ends inside the tag <entity>)"),
        .init(name: "two roots", contents: Data("<model/><model/>".utf8),
              message: "contents 1:9: malformed xml (content outside the root element)"),
        .init(name: "entities", contents: Data("<!DOCTYPE m [<!ENTITY a \"aaaa\">]><model/>".utf8),
              message: "contents 1:14: declares xml entities, which xcode never writes; refused"),
        .init(name: "not a model", contents: Data("<plist version=\"1.0\"><dict/></plist>".utf8),
              message: "contents 1:1: root element is <plist>, expected <model> (an xcode core data model)"),
        .init(name: "entity without name", contents: Data("<model>\n<entity representedClassName=\"A\"/></model>".utf8),
              message: "contents 2:1: entity without a name"),
        .init(name: "attribute without name",
              contents: Data("<model><entity name=\"A\"><attribute attributeType=\"String\"/></entity></model>".utf8),
              message: "contents 1:25: attribute without a name in entity A"),
        .init(name: "duplicate entity", contents: model(#"<entity name="A"/><entity name="A"/>"#),
              message: "contents: two entities named A"),
        .init(name: "duplicate property",
              contents: model(#"<entity name="A"><attribute name="x" attributeType="String"/><relationship name="x" destinationEntity="A"/></entity>"#),
              message: "contents 3:62: entity A has two properties named x"),
        .init(name: "missing parent", contents: model(#"<entity name="A" parentEntity="Nope"/>"#),
              message: "contents: entity A has parent Nope, which the model does not have"),
        .init(name: "parent cycle",
              contents: model(#"<entity name="A" parentEntity="C"/><entity name="B" parentEntity="A"/><entity name="C" parentEntity="B"/>"#),
              message: "contents: entities inherit in a cycle: A -> C -> B -> A"),
        .init(name: "own parent", contents: model(#"<entity name="A" parentEntity="A"/>"#),
              message: "contents: entities inherit in a cycle: A -> A"),
        .init(name: "unknown delete rule",
              contents: Data(#"<model><entity name="A"><relationship name="r" deletionRule="Explode" destinationEntity="A"/></entity></model>"#.utf8),
              message: "contents 1:25: relationship A.r has an unknown deletion rule 'Explode' (expected Nullify, Cascade, Deny or No Action)"),
        .init(name: "huge count",
              contents: Data(#"<model><entity name="A"><relationship name="r" maxCount="99999999999999999999" destinationEntity="A"/></entity></model>"#.utf8),
              message: "contents 1:25: relationship A.r has maxCount '99999999999999999999', expected a non-negative integer (or -1 for no bound)"),
        .init(name: "negative count",
              contents: Data(#"<model><entity name="A"><relationship name="r" minCount="-2" destinationEntity="A"/></entity></model>"#.utf8),
              message: "contents 1:25: relationship A.r has minCount '-2', expected a non-negative integer (or -1 for no bound)"),
        .init(name: "deep nesting",
              contents: Data(("<model>" + String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100) + "</model>").utf8),
              message: "contents 1:197: elements nested deeper than 64 levels"),
    ]

    @Test(arguments: refusals)
    func refused(_ testCase: RefusalCase) {
        #expect(throws: ModelReadError(testCase.message)) { try read(testCase.contents) }
    }

    @Test func contentsOverTheLimitAreRefusedBeforeParsing() {
        let huge = Data(count: ManagedObjectModel.maximumXcodeModelSize + 1)
        #expect(throws: ModelReadError("contents: 67108865 bytes, larger than the 64 MiB an xcode model is read up to")) {
            try ManagedObjectModel(xcdatamodelContents: huge)
        }
    }

    @Test func inheritanceIsBoundedInDepth() throws {
        func chain(_ levels: Int) -> Data {
            model((0..<levels).map { level in
                level == 0 ? #"<entity name="E0"/>"# : #"<entity name="E\#(level)" parentEntity="E\#(level - 1)"/>"#
            }.joined(separator: "\n"))
        }
        let limit = ManagedObjectModel.maximumInheritanceDepth
        #expect(try read(chain(limit)).descendants(of: "E0").count == limit - 1)
        #expect(throws: ModelReadError("contents: entity E\(limit) inherits through more than \(limit) levels")) {
            try read(chain(limit + 1))
        }
    }

    /// Many entities, each checked against its parent and its relationships' destinations and inverses.
    @Test func aModelOfManyEntitiesReads() throws {
        let count = 5_000
        let body = (0..<count).map { index in
            """
            <entity name="E\(index)" parentEntity="\(index == 0 ? "" : "E\(index / 2)")">
            <relationship name="next" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="E\((index + 1) % count)" inverseName="previous" inverseEntity="E\((index + 1) % count)"/>
            <relationship name="previous" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="E\((index + count - 1) % count)" inverseName="next" inverseEntity="E\((index + count - 1) % count)"/>
            </entity>
            """
        }.joined(separator: "\n")
        let read = try read(model(body))
        #expect(read.entities.count == count)
        #expect(read.problems.isEmpty)
        #expect(read.entities.filter { $0.parentName == nil }.map(\.name) == ["E0"])
    }

    @Test func brokenRelationshipsAreKeptAndFlagged() throws {
        let read = try read(model("""
            <entity name="A">
                <relationship name="gone" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Nope"/>
                <relationship name="nowhere" optional="YES" maxCount="1" deletionRule="Nullify"/>
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="missing" inverseEntity="B"/>
            </entity>
            <entity name="B"/>
            """))
        #expect(read.entity(named: "A")?.relationships.map(\.name) == ["gone", "nowhere", "b"])
        #expect(read.problems == [
            "relationship A.gone points at entity Nope, which the model does not have",
            "relationship A.nowhere has no destination entity",
            "relationship A.b names inverse missing, which entity B does not have",
        ])
    }

    @Test func sourceNamesTheFileInEveryMessage() {
        #expect(throws: ModelReadError("Recipes.xcdatamodel/contents 1:7: malformed xml (the document ends inside the tag <model>)")) {
            try ManagedObjectModel(xcdatamodelContents: Data("<model".utf8), source: "Recipes.xcdatamodel/contents")
        }
    }
}
