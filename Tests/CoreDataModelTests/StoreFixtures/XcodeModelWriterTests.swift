import CoreDataModel
import CoreDataStoreFixtures
import Foundation
import Testing

/// `XcodeModelWriter` against the Xcode model reader: the XML reads back as the model given, real models survive a
/// read–write–read, and a written `.xcdatamodeld` lists its versions and current version as Xcode's do.
@Suite struct XcodeModelWriterTests {
    @Test(arguments: ModelArchiveWriterTests.models.map(\.name))
    func theContentsReadBackAsTheModel(_ name: String) throws {
        let model = try #require(ModelArchiveWriterTests.models.first { $0.name == name }).model
        let xml = CoreDataStoreWriter.xcdatamodelContents(model)
        let read = try ManagedObjectModel(xcdatamodelContents: Data(xml.utf8))
        var expected = normalized(model)
        // Xcode's file has one version identifier field.
        expected.versionIdentifiers = Array(model.versionIdentifiers.prefix(1))
        #expect(read.problems.isEmpty)
        #expect(normalized(read) == expected)
    }

    /// The real models of the store fixtures (all versions) read, written and read again give the same model.
    @Test(arguments: ["SampleModel_V1/SampleModel.xcdatamodeld", "SampleModel3_V1/SampleModel3.xcdatamodeld"])
    func realModelsSurviveAWriteAndARead(_ relative: String) throws {
        let path = RealStoreLayoutTests.folder("").appendingPathComponent(relative).path
        let location = try ModelLocation(path: path)
        #expect(location.versions.count == 3)
        for version in location.versions {
            var model = try location.model(version: version)
            model.versionName = nil
            let again = try ManagedObjectModel(xcdatamodelContents: Data(XcodeModelWriter.contents(model).utf8))
            #expect(normalized(again) == normalized(model), "\(relative) \(version)")
        }
    }

    @Test func aVersionedModelHasItsVersionsAndTheCurrentOne() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Notes.xcdatamodeld").path
        var current = CoreDataFixtures.disagreeingModel
        current.versionName = "Notes 2"
        try CoreDataStoreWriter.writeXcodeModel(current, versions: [("Notes", CoreDataFixtures.disagreeingStoreModel)], to: path)
        let location = try ModelLocation(path: path)
        #expect(location.kind == .versionedXcodeModel)
        #expect(location.versions == ["Notes", "Notes 2"])
        #expect(location.currentVersion == "Notes 2")
        #expect(normalized(try location.model()) == normalized(CoreDataFixtures.disagreeingModel))
        #expect(normalized(try location.model(version: "Notes")) == normalized(CoreDataFixtures.disagreeingStoreModel))
    }

    @Test func anUnversionedModelIsNamedAfterItsFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Recipes.xcdatamodeld").path
        try CoreDataStoreWriter.writeXcodeModel(CoreDataFixtures.recipesModel, versions: nil, to: path)
        let location = try ModelLocation(path: path)
        #expect(location.versions == ["Recipes"] && location.currentVersion == "Recipes")
        #expect(normalized(try location.model()) == normalized(CoreDataFixtures.recipesModel))
    }

    @Test(arguments: [
        ("exists", "fixture: PATH exists; the xcode model is written only into a new folder"),
        ("repeated", "fixture: xcode model version name 'M' is empty or repeated"),
        ("empty", "fixture: xcode model version name '' is empty or repeated"),
    ])
    func badFoldersAndVersionNamesAreRefused(_ testCase: String, _ message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("M.xcdatamodeld").path
        let model = CoreDataFixtures.disagreeingModel
        if testCase == "exists" { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        let versions: [(name: String, model: ManagedObjectModel)] = testCase == "repeated" ? [("M", model)]
            : testCase == "empty" ? [("", model)] : []
        #expect {
            try CoreDataStoreWriter.writeXcodeModel(model, versions: versions, to: path)
        } throws: { error in
            (error as? CoreDataFixtureError)?.message == message.replacingOccurrences(of: "PATH", with: path)
        }
        if testCase != "exists" { #expect(!FileManager.default.fileExists(atPath: path)) }
    }
}
