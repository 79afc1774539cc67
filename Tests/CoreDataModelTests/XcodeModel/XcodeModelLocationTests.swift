import Foundation
import Testing
@testable import CoreDataModel

/// A temporary folder for one test, removed when the test ends.
private final class TemporaryFolder {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("xcmodel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func folder(_ relative: String) throws -> String {
        let full = (path as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }

    func write(_ relative: String, _ text: String) throws {
        let full = (path as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }
}

/// `.xccurrentversion` as Xcode writes it (the layout mogenerator and others read: rentzsch/mogenerator).
private func currentVersionPlist(_ name: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>_XCCurrentVersionName</key>
    \t<string>\(name)</string>
    </dict>
    </plist>
    """
}

private let version1 = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" userDefinedModelVersionIdentifier="v1">
        <entity name="Recipe" representedClassName="Recipe" syncable="YES">
            <attribute name="name" optional="YES" attributeType="String"/>
        </entity>
    </model>
    """

private let version2 = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" userDefinedModelVersionIdentifier="v2">
        <entity name="Recipe" representedClassName="Recipe" syncable="YES">
            <attribute name="name" optional="YES" attributeType="String"/>
            <attribute name="prepTime" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            <relationship name="ingredients" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Ingredient" inverseName="recipe" inverseEntity="Ingredient"/>
        </entity>
        <entity name="Ingredient" representedClassName="Ingredient" syncable="YES">
            <relationship name="recipe" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Recipe" inverseName="ingredients" inverseEntity="Recipe"/>
        </entity>
    </model>
    """

@Suite struct XcodeModelLocationTests {
    /// `Recipes.xcdatamodeld` with `Recipes` and `Recipes 2`, and `Recipes 10` when `tenth` (numeric order).
    private func twoVersions(in folder: TemporaryFolder, current: String? = "Recipes 2.xcdatamodel",
                             tenth: Bool = false) throws -> String
    {
        try folder.write("Recipes.xcdatamodeld/Recipes.xcdatamodel/contents", version1)
        try folder.write("Recipes.xcdatamodeld/Recipes 2.xcdatamodel/contents", version2)
        if tenth { try folder.write("Recipes.xcdatamodeld/Recipes 10.xcdatamodel/contents", version1) }
        if let current { try folder.write("Recipes.xcdatamodeld/.xccurrentversion", currentVersionPlist(current)) }
        return (folder.path as NSString).appendingPathComponent("Recipes.xcdatamodeld")
    }

    @Test func aVersionedModelListsItsVersionsAndReadsTheCurrentOne() throws {
        let folder = try TemporaryFolder()
        let path = try twoVersions(in: folder, tenth: true)
        let location = try ModelLocation(path: path)
        #expect(location.kind == .versionedXcodeModel)
        #expect(location.versions == ["Recipes", "Recipes 2", "Recipes 10"])
        #expect(location.currentVersion == "Recipes 2")
        let current = try location.model()
        #expect(current.versionName == "Recipes 2")
        #expect(current.versionIdentifiers == ["v2"])
        #expect(current.entity(named: "Recipe")?.attributes.map(\.name) == ["name", "prepTime"])
        #expect(current.entity(named: "Recipe")?.relationships.first?.deleteRule == .cascade)
    }

    @Test func aVersionIsChosenByNameWithOrWithoutItsExtension() throws {
        let folder = try TemporaryFolder()
        let location = try ModelLocation(path: try twoVersions(in: folder))
        for name in ["Recipes", "Recipes.xcdatamodel"] {
            let first = try location.model(version: name)
            #expect(first.versionName == "Recipes")
            #expect(first.versionIdentifiers == ["v1"])
            #expect(first.entities.map(\.name) == ["Recipe"])
        }
    }

    @Test func anUnknownVersionNamesTheOnesThereAre() throws {
        let folder = try TemporaryFolder()
        let path = try twoVersions(in: folder)
        #expect(throws: ModelReadError("\(path) has no version 'Recipes 3' (it has Recipes, Recipes 2)")) {
            try ModelLocation(path: path).model(version: "Recipes 3")
        }
    }

    @Test func withoutCurrentVersionTheFolderNamedVersionIsCurrent() throws {
        let folder = try TemporaryFolder()
        let location = try ModelLocation(path: try twoVersions(in: folder, current: nil))
        #expect(location.currentVersion == "Recipes")
    }

    @Test func withoutCurrentVersionAndNoVersionNamedLikeTheFolderAVersionMustBeChosen() throws {
        let folder = try TemporaryFolder()
        try folder.write("Shop.xcdatamodeld/Shop 1.xcdatamodel/contents", version1)
        try folder.write("Shop.xcdatamodeld/Shop 2.xcdatamodel/contents", version2)
        let path = (folder.path as NSString).appendingPathComponent("Shop.xcdatamodeld")
        let location = try ModelLocation(path: path)
        #expect(location.currentVersion == nil)
        #expect(throws: ModelReadError("\(path) has no .xccurrentversion and 2 versions; choose one with "
                                       + "--model-version (it has Shop 1, Shop 2)")) { try location.model() }
        #expect(try location.model(version: "Shop 2").versionIdentifiers == ["v2"])
    }

    @Test func aSingleXcodeModelFolderReads() throws {
        let folder = try TemporaryFolder()
        try folder.write("Recipes 2.xcdatamodel/contents", version2)
        let location = try ModelLocation(path: (folder.path as NSString).appendingPathComponent("Recipes 2.xcdatamodel"))
        #expect(location.kind == .xcodeModel)
        #expect(location.versions == ["Recipes 2"])
        #expect(try location.model().entities.map(\.name) == ["Recipe", "Ingredient"])
    }

    /// Compiled models are recognised by their extension (CompiledModelLocationTests reads real ones).
    @Test func compiledModelsAreRecognised() throws {
        let folder = try TemporaryFolder()
        let momd = try folder.folder("Recipes.momd")
        try folder.write("Recipes.momd/Recipes 2.mom", "bplist00")
        let mom = (momd as NSString).appendingPathComponent("Recipes 2.mom")
        #expect(try ModelLocation(path: momd).kind == .compiledVersionedModel)
        #expect(try ModelLocation(path: mom).kind == .compiledModel)
        #expect(throws: ModelReadError("\(mom): binary property list: the file is too short (8 bytes) for a header "
                                       + "and a trailer")) { try ModelLocation(path: mom).model() }
    }

    // MARK: - Refused

    @Test func aPathThatIsNotAModelIsRefused() throws {
        let folder = try TemporaryFolder()
        let missing = (folder.path as NSString).appendingPathComponent("Nope.xcdatamodeld")
        #expect(throws: ModelReadError("\(missing): no such file or folder")) { try ModelLocation(path: missing) }
        try folder.write("Recipes.sqlite", "SQLite format 3")
        let sqlite = (folder.path as NSString).appendingPathComponent("Recipes.sqlite")
        #expect(throws: ModelReadError("\(sqlite): not a core data model (expected .xcdatamodeld, .xcdatamodel, "
                                       + ".momd or .mom)")) { try ModelLocation(path: sqlite) }
        try folder.write("Flat.xcdatamodel", version1)
        let flat = (folder.path as NSString).appendingPathComponent("Flat.xcdatamodel")
        #expect(throws: ModelReadError("\(flat): an .xcdatamodel should be a folder, this is a file")) {
            try ModelLocation(path: flat)
        }
    }

    @Test func aVersionedModelWithoutVersionsIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = try folder.folder("Empty.xcdatamodeld")
        #expect(throws: ModelReadError("\(path): no .xcdatamodel versions in it")) { try ModelLocation(path: path) }
    }

    struct CurrentVersionCase: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var message: @Sendable (String) -> String
        var testDescription: String { name }
    }

    static let badCurrentVersions: [CurrentVersionCase] = [
        .init(name: "names a missing version", text: currentVersionPlist("Recipes 9.xcdatamodel"),
              message: { "\($0)/.xccurrentversion names version 'Recipes 9.xcdatamodel', which \($0) does not have "
                  + "(it has Recipes, Recipes 2)" }),
        .init(name: "not a plist", text: "<plist><dict><key>",
              message: { "\($0)/.xccurrentversion: not a property list" }),
        .init(name: "wrong key", text: currentVersionPlist("x").replacingOccurrences(of: "_XCCurrentVersionName", with: "Other"),
              message: { "\($0)/.xccurrentversion: no _XCCurrentVersionName string in it" }),
        .init(name: "not a dictionary", text: "<plist version=\"1.0\"><array/></plist>",
              message: { "\($0)/.xccurrentversion: no _XCCurrentVersionName string in it" }),
    ]

    @Test(arguments: badCurrentVersions)
    func aBadCurrentVersionIsRefused(_ testCase: CurrentVersionCase) throws {
        let folder = try TemporaryFolder()
        let path = try twoVersions(in: folder, current: nil)
        try folder.write("Recipes.xcdatamodeld/.xccurrentversion", testCase.text)
        #expect(throws: ModelReadError(testCase.message(path))) { try ModelLocation(path: path) }
    }

    @Test func aMissingContentsIsRefusedAndAnXcode3ModelIsNamed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.folder("Old.xcdatamodeld/Old.xcdatamodel")
        let location = try ModelLocation(path: (folder.path as NSString).appendingPathComponent("Old.xcdatamodeld"))
        #expect(throws: ModelReadError("\(path): no 'contents' file in it")) { try location.model() }
        try folder.write("Old.xcdatamodeld/Old.xcdatamodel/elements", "bplist00")
        #expect(throws: ModelReadError("\(path): an xcode 3 model (binary 'elements', no 'contents'), not read; "
                                       + "open and save it in a newer xcode")) { try location.model() }
    }

    @Test func aContentsThatIsAFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        let contents = try folder.folder("Odd.xcdatamodel/contents")
        let location = try ModelLocation(path: (folder.path as NSString).appendingPathComponent("Odd.xcdatamodel"))
        #expect(throws: ModelReadError("\(contents): not a regular file")) { try location.model() }
    }

    @Test func aFIFOContentsIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        let model = try folder.folder("Pipe.xcdatamodel")
        let contents = (model as NSString).appendingPathComponent("contents")
        guard mkfifo(contents, 0o600) == 0 else { Issue.record("mkfifo failed"); return }
        #expect(throws: ModelReadError("\(contents): not a regular file")) { try ModelLocation(path: model).model() }
    }

    @Test func malformedContentsNamesTheFileLineAndColumn() throws {
        let folder = try TemporaryFolder()
        try folder.write("Bad.xcdatamodel/contents", "<model>\n  <entity name=\"A\">\n</model>")
        let path = (folder.path as NSString).appendingPathComponent("Bad.xcdatamodel")
        #expect(throws: ModelReadError("\(path)/contents 3:1: malformed xml (closing tag </model> does not match <entity>, opened at 2:3)")) {
            try ModelLocation(path: path).model()
        }
    }

    @Test func aContentsOverTheSizeLimitIsRefusedBeforeReading() throws {
        let folder = try TemporaryFolder()
        let model = try folder.folder("Big.xcdatamodel")
        let contents = (model as NSString).appendingPathComponent("contents")
        #expect(FileManager.default.createFile(atPath: contents, contents: Data()))
        let handle = try #require(FileHandle(forWritingAtPath: contents))
        try handle.truncate(atOffset: UInt64(ManagedObjectModel.maximumXcodeModelSize + 1))  // sparse: no 64 MiB written
        try handle.close()
        #expect(throws: ModelReadError("\(contents): 67108865 bytes, larger than the 64 MiB read")) {
            try ModelLocation(path: model).model()
        }
    }
}
