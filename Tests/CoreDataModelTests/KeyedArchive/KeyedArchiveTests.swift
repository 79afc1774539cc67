import Foundation
import Testing
@testable import CoreDataModel
import CoreDataStoreFixtures

@Suite struct KeyedArchiveTests {
    static func sample() -> [UInt8] {
        var writer = KeyedArchiveWriter()
        let me = writer.reserve()
        let name = writer.string("Recipe")
        let mutable = writer.instance("NSMutableString", superclasses: ["NSString", "NSObject"], ["NS.string": .string("Grüße")])
        let blob = writer.instance("NSMutableData", superclasses: ["NSData", "NSObject"], ["NS.data": .data([1, 2, 3])])
        let date = writer.instance("NSDate", ["NS.time": .real(100.5)])
        let uuid = writer.instance("NSUUID", ["NS.uuidbytes": .data(Array(0..<16))])
        let list = writer.array([name, mutable], className: "NSMutableArray")
        let set = writer.array([writer.add(.integer(7))], className: "NSSet")
        let map = writer.dictionary([("a", name), ("b", blob)], className: "NSMutableDictionary")
        writer.fill(me, with: writer.instanceFields("Thing", superclasses: ["Base", "NSObject"], [
            "name": name, "title": mutable, "count": .integer(42), "flag": .bool(true), "ratio": .real(0.5),
            "blob": blob, "raw": writer.add(.data([9])), "when": date, "id": uuid, "list": list, "set": set,
            "map": map, "self": me, "nothing": KeyedArchiveWriter.null, "boxed": writer.add(.integer(-3)),
        ]))
        return writer.bytes(root: me)
    }

    @Test func fieldsOfEveryKindRead() throws {
        let archive = try KeyedArchive(bytes: Self.sample())
        #expect(archive.archiver == "NSKeyedArchiver")
        #expect(archive.version == 100_000)
        #expect(archive.rootKeys == ["root"])
        let root = try archive.root()
        #expect(root.className == "Thing")
        #expect(root.classHierarchy == ["Thing", "Base", "NSObject"])
        #expect(root.isKind(of: "Base"))
        #expect(try root.string("name") == "Recipe")
        #expect(try root.string("title") == "Grüße")
        #expect(try root.int("count") == 42)
        #expect(try root.int("boxed") == -3)
        #expect(try root.bool("flag") == true)
        #expect(try root.double("ratio") == 0.5)
        #expect(try root.data("blob") == [1, 2, 3])
        #expect(try root.data("raw") == [9])
        #expect(try root.date("when") == 100.5)
        #expect(try root.uuid("id") == UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)))
        #expect(try root.array("list")?.map { try $0.stringValue(place: "") } == ["Recipe", "Grüße"])
        #expect(try root.array("set")?.map(\.value) == [.integer(7)])
        let map = try #require(try root.dictionary("map"))
        #expect(map.keys.sorted() == ["a", "b"])
        #expect(map["a"]?.value == .string("Recipe"))
        #expect(try root.dictionaryEntries("map")?.map(\.key) == ["a", "b"])
        #expect(try root.object("nothing") == nil)
        #expect(try root.string("missing") == nil)
        #expect(try root.object("self")?.index == root.index)
        #expect(root.keys.contains("self") && !root.keys.contains("$class"))
    }

    @Test func anObjectReferringToItselfResolvesOneStepAtATime() throws {
        let root = try KeyedArchive(bytes: Self.sample()).root()
        var current = root
        for _ in 0..<1_000 { current = try #require(try current.object("self")) }
        #expect(current.index == root.index)
        let dump = root.dump()
        #expect(dump.contains("self: <back to #1>"))
        #expect(dump.hasPrefix("#1 Thing"))
    }

    @Test func aDumpOfALongChainStopsAtItsDepth() throws {
        var writer = KeyedArchiveWriter()
        var next = KeyedArchiveWriter.null
        for _ in 0..<100 { next = writer.instance("Node", ["next": next]) }
        let root = try KeyedArchive(bytes: writer.bytes(root: next)).root()
        let dump = root.dump(depth: 3)
        #expect(dump.split(separator: "\n").count == 8)
        #expect(dump.hasSuffix("next: …"))
    }

    @Test func anXMLArchiveReadsToo() throws {
        var writer = KeyedArchiveWriter()
        let root = writer.instance("Thing", ["name": writer.string("x"), "count": .integer(1)])
        let propertyList = writer.propertyList(top: ["root": root])
        let archive = try KeyedArchive(propertyList: propertyList)
        #expect(try archive.root().string("name") == "x")
    }

    struct Hostile: Sendable, CustomTestStringConvertible {
        let name: String
        let propertyList: PropertyListValue
        let message: String
        var testDescription: String { name }
    }

    static let hostile: [Hostile] = {
        var cases: [Hostile] = []
        func archive(_ objects: [PropertyListValue], top: PropertyListValue = .dictionary(["root": .uid(1)])) -> PropertyListValue {
            .dictionary(["$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000), "$top": top, "$objects": .array(objects)])
        }
        func add(_ name: String, _ propertyList: PropertyListValue, _ message: String) {
            cases.append(Hostile(name: name, propertyList: propertyList, message: message))
        }
        add("not a dictionary", .array([]), "keyed archive: the top object is an array, not a dictionary")
        add("no archiver", .dictionary(["$objects": .array([]), "$top": .dictionary([:])]), "keyed archive: '$archiver' is missing")
        add("objects not an array", .dictionary(["$archiver": .string("NSKeyedArchiver"), "$objects": .integer(3), "$top": .dictionary([:])]),
            "keyed archive: '$objects' is an integer, not an array")
        add("no top", .dictionary(["$archiver": .string("NSKeyedArchiver"), "$objects": .array([.string("$null")])]), "'$top' is missing")
        add("no $null", archive([.string("x")]), "'$objects' does not start with '$null'")
        add("no root", archive([.string("$null")], top: .dictionary([:])), "keyed archive: '$top' has no key 'root'")
        add("root not a reference", archive([.string("$null")], top: .dictionary(["root": .integer(1)])),
            "'$top' key 'root' is an integer, not a reference")
        add("root past the objects", archive([.string("$null")]), "keyed archive: '$top' key 'root' refers to object 1, past the 1 objects")
        add("class past the objects", archive([.string("$null"), .dictionary(["$class": .uid(99)])]),
            "object 1: '$class' is not a reference to one of the 2 objects")
        add("class without a name", archive([.string("$null"), .dictionary(["$class": .uid(2)]), .dictionary([:])]),
            "object 1: its class (object 2) has no '$classname' string")
        return cases
    }()

    @Test(arguments: hostile)
    func aDamagedArchiveIsAOneLineError(_ hostile: Hostile) {
        #expect {
            try KeyedArchive(propertyList: hostile.propertyList).root()
        } throws: { error in
            guard let error = error as? ModelReadError else { return false }
            return error.message.contains(hostile.message) && !error.message.contains("\n")
        }
    }

    @Test func wrongTypesAndBadReferencesInFieldsAreErrors() throws {
        var writer = KeyedArchiveWriter()
        let root = writer.instance("Thing", [
            "count": writer.string("seven"), "name": .integer(3), "dangling": .uid(500),
            "list": writer.instance("Thing", [:]), "badList": writer.instance("NSArray", ["NS.objects": .integer(1)]),
            "map": writer.instance("NSDictionary", ["NS.keys": .array([.uid(0)]), "NS.objects": .array([])]),
            "intKeys": writer.instance("NSDictionary", ["NS.keys": .array([writer.add(.integer(1))]), "NS.objects": .array([.uid(0)])]),
            "uuid": writer.instance("NSUUID", ["NS.uuidbytes": .data([1, 2])]),
        ])
        let object = try KeyedArchive(bytes: writer.bytes(root: root)).root()
        let cases: [(String, (ArchivedObject) throws -> Any?)] = [
            ("keyed archive: object 12 (Thing) key 'count' is a string, not an integer", { try $0.int("count") }),
            ("keyed archive: object 12 (Thing) key 'name' is an integer, not a string", { try $0.string("name") }),
            ("keyed archive: object 12 (Thing) key 'dangling' refers to object 500, past the", { try $0.object("dangling") }),
            ("object 12 (Thing) key 'list' is an object of class Thing, not an array or a set", { try $0.array("list") }),
            ("object 12 (Thing) key 'badList': 'NS.objects' is an integer, not an array", { try $0.array("badList") }),
            ("object 12 (Thing) key 'map': 1 keys but 0 values", { try $0.dictionary("map") }),
            ("key 'intKeys' dictionary key is an integer, not a string", { try $0.dictionary("intKeys") }),
            ("key 'uuid' is an object of class NSUUID, not a uuid of 16 bytes", { try $0.uuid("uuid") }),
            ("key 'name' is an integer, not a dictionary", { try $0.dictionary("name") }),
        ]
        for (message, read) in cases {
            #expect(performing: { try read(object) }, throws: { error in
                (error as? ModelReadError)?.message.contains(message) == true
            })
        }
    }
}
