import Foundation
import CoreDataStoreFixtures
import Testing
@testable import CoreDataModel

/// Compiled models (`.momd` folders and `.mom` files) as `momc` writes them into an app bundle: the real bundles in
/// Fixtures/CompiledModels (from alemar11/CoreDataPlus, MIT), copies of them with parts missing or damaged, and
/// files that only pretend to be models.
@Suite struct CompiledModelLocationTests {
    static let compiled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/CompiledModels")

    static func fixture(_ relative: String) -> String { compiled.appendingPathComponent(relative).path }

    static func bytes(_ relative: String) throws -> Data { try Data(contentsOf: compiled.appendingPathComponent(relative)) }

    /// A temporary folder, removed when the test ends.
    final class Scratch {
        let path: String
        init() throws {
            path = (NSTemporaryDirectory() as NSString).appendingPathComponent("momd-\(UUID().uuidString)")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func path(_ relative: String) -> String { (path as NSString).appendingPathComponent(relative) }

        @discardableResult
        func write(_ relative: String, _ data: Data) throws -> String {
            let full = path(relative)
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: full))
            return full
        }

        /// A `.momd` holding copies of some of a fixture bundle's files.
        func copy(_ files: [String], from bundle: String, as name: String) throws -> String {
            for file in files { try write("\(name)/\(file)", bytes("\(bundle)/\(file)")) }
            return path(name)
        }
    }

    // MARK: - Real bundles

    @Test func aRealBundleListsItsVersionsAndReadsTheCurrentOne() throws {
        let location = try ModelLocation(path: Self.fixture("SampleModel.momd"))
        #expect(location.kind == .compiledVersionedModel)
        #expect(location.versions == ["SampleModel", "SampleModel2", "SampleModel3"])
        #expect(location.currentVersion == "SampleModel")
        let model = try location.model()
        #expect(model.versionName == "SampleModel")
        #expect(Set(model.entities.map(\.name)) == ["Car", "SportCar", "ExpensiveSportCar", "Person"])
        #expect(model.entity(named: "ExpensiveSportCar")?.parentName == "SportCar")
        #expect(try location.model(version: "SampleModel3.mom").versionName == "SampleModel3")
        #expect(try location.model(version: "SampleModel2").entity(named: "LuxuryCar") != nil)
    }

    /// Each entity's `versionHash` is what `VersionInfo.plist` records for the version read.
    @Test(arguments: ["SampleModel.momd", "SampleModel3.momd"])
    func entitiesCarryTheRecordedHashes(_ bundle: String) throws {
        let location = try ModelLocation(path: Self.fixture(bundle))
        for version in location.versions {
            let recorded = try #require(location.versionHashes(version: version))
            let model = try location.model(version: version)
            #expect(Set(recorded.keys) == Set(model.entities.map(\.name)), "\(version)")
            for entity in model.entities { #expect(entity.versionHash == recorded[entity.name], "\(version) \(entity.name)") }
        }
        #expect(location.versionHashes() == location.versionHashes(version: location.currentVersion))
        #expect(location.versionHashes(version: "Nope") == nil)
    }

    /// The `.mom` holds the same model as the store's model cache (both written by Core Data from one model).
    @Test func aMomAndTheStoresModelCacheAgree() throws {
        let fromMom = try ModelLocation(path: Self.fixture("SampleModel3.momd/SampleModel3.mom")).model()
        let cache = try Data(contentsOf: Self.compiled.deletingLastPathComponent()
            .appendingPathComponent("Stores/SampleModel3_V1/modelcache.bin"))
        let fromCache = try ManagedObjectModel(archive: KeyedArchive(bytes: Inflate.data([UInt8](cache), limit: 1 << 24)))
        #expect(fromMom.entities == fromCache.entities)
    }

    @Test func aSingleMomReadsAsItsOwnVersion() throws {
        let location = try ModelLocation(path: Self.fixture("SampleModel3.momd/SampleModel3_v2.mom"))
        #expect(location.kind == .compiledModel)
        #expect(location.versions == ["SampleModel3_v2"])
        #expect(location.currentVersion == "SampleModel3_v2")
        #expect(location.versionHashes() == nil)
        let model = try location.model()
        #expect(model.versionName == "SampleModel3_v2")
        #expect(model.entities.map(\.name) == ["Pet", "User"])
        #expect(model.entities.allSatisfy { $0.versionHash == nil })
    }

    /// The `.omo` files beside the `.mom`s are not versions and are never read.
    @Test func optimizedModelsAreIgnored() throws {
        let scratch = try Scratch()
        let momd = try scratch.copy(["SampleModel3.mom", "VersionInfo.plist"], from: "SampleModel3.momd", as: "M.momd")
        try scratch.write("M.momd/SampleModel3.omo", Data("not read".utf8))
        try scratch.write("M.momd/Other.omo", Data("not read".utf8))
        let location = try ModelLocation(path: momd)
        #expect(location.versions == ["SampleModel3"])
        #expect(try location.model().entities.map(\.name) == ["User"])
        let onlyOptimized = try scratch.copy(["SampleModel3.omo"], from: "SampleModel3.momd", as: "O.momd")
        #expect(throws: ModelReadError("\(onlyOptimized): no .mom versions in it (only .omo optimized models, which are "
                                       + "not read)")) { try ModelLocation(path: onlyOptimized) }
    }

    // MARK: - VersionInfo.plist missing or wrong

    @Test func withoutVersionInfoTheOnlyOrTheFolderNamedVersionIsCurrent() throws {
        let scratch = try Scratch()
        let one = try scratch.copy(["SampleModel3_v2.mom"], from: "SampleModel3.momd", as: "One.momd")
        #expect(try ModelLocation(path: one).currentVersion == "SampleModel3_v2")
        #expect(try ModelLocation(path: one).versionHashes() == nil)
        let named = try scratch.copy(["SampleModel3.mom", "SampleModel3_v3.mom"], from: "SampleModel3.momd",
                                     as: "SampleModel3.momd")
        #expect(try ModelLocation(path: named).currentVersion == "SampleModel3")
        let several = try scratch.copy(["SampleModel3_v2.mom", "SampleModel3_v3.mom"], from: "SampleModel3.momd",
                                       as: "Several.momd")
        let location = try ModelLocation(path: several)
        #expect(location.currentVersion == nil)
        #expect(throws: ModelReadError("\(several) has no VersionInfo.plist naming the current version and 2 versions; "
                                       + "choose one with --model-version (it has SampleModel3_v2, SampleModel3_v3)")) {
            try location.model()
        }
        #expect(try location.model(version: "SampleModel3_v3").entity(named: "Pet") != nil)
    }

    @Test func aVersionInfoNamingAMissingVersionIsRefused() throws {
        let scratch = try Scratch()
        let momd = try scratch.copy(["SampleModel3_v2.mom", "SampleModel3_v3.mom", "VersionInfo.plist"],
                                    from: "SampleModel3.momd", as: "Gone.momd")
        #expect(throws: ModelReadError("\(momd)/VersionInfo.plist names version 'SampleModel3', which \(momd) has no .mom "
                                       + "for (it has SampleModel3_v2, SampleModel3_v3)")) { try ModelLocation(path: momd) }
    }

    static func xmlPlist(_ body: String) -> Data {
        Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\">" + body + "</plist>").utf8)
    }

    /// A damaged `VersionInfo.plist` is refused when the location is made, naming the file and the key.
    @Test(arguments: [
        (Data("not a plist".utf8), "xml property list: the file is not a property list (11 bytes)"),
        (Data("bplist00".utf8), "binary property list: the file is too short (8 bytes) for a header and a trailer"),
        (xmlPlist("<array/>"), "the top object is an array, not a dictionary"),
        (xmlPlist("<dict><key>NSManagedObjectModel_CurrentVersionName</key><integer>1</integer></dict>"),
         "NSManagedObjectModel_CurrentVersionName is an integer, not a string"),
        (xmlPlist("<dict><key>NSManagedObjectModel_VersionHashes</key><string>x</string></dict>"),
         "NSManagedObjectModel_VersionHashes is a string, not a dictionary"),
        (xmlPlist("<dict><key>NSManagedObjectModel_VersionHashes</key><dict><key>V</key><array/></dict></dict>"),
         "NSManagedObjectModel_VersionHashes.V is an array, not a dictionary"),
        (xmlPlist("<dict><key>NSManagedObjectModel_VersionHashes</key><dict><key>V</key><dict><key>Car</key>"
                  + "<string>x</string></dict></dict></dict>"),
         "NSManagedObjectModel_VersionHashes.V.Car is a string, not data"),
        (xmlPlist("<dict><key>NSManagedObjectModel_VersionHashes</key><dict><key>V</key><dict><key>Car</key>"
                  + "<data>AAEC</data></dict></dict></dict>"),
         "NSManagedObjectModel_VersionHashes.V.Car is 3 bytes, not a 32-byte hash"),
    ])
    func aDamagedVersionInfoIsAOneLineError(_ contents: Data, _ problem: String) throws {
        let scratch = try Scratch()
        let momd = try scratch.copy(["SampleModel3.mom"], from: "SampleModel3.momd", as: "D.momd")
        try scratch.write("D.momd/VersionInfo.plist", contents)
        #expect(throws: ModelReadError("\(momd)/VersionInfo.plist: \(problem)")) { try ModelLocation(path: momd) }
    }

    @Test func aVersionInfoThatIsAFIFOIsRefusedWithoutBlocking() throws {
        let scratch = try Scratch()
        let momd = try scratch.copy(["SampleModel3.mom"], from: "SampleModel3.momd", as: "P.momd")
        guard mkfifo(scratch.path("P.momd/VersionInfo.plist"), 0o600) == 0 else { Issue.record("mkfifo failed"); return }
        #expect(throws: ModelReadError("\(momd)/VersionInfo.plist: not a regular file")) { try ModelLocation(path: momd) }
    }

    // MARK: - A .mom that is not one

    static let notBinary = "not a compiled model (a .mom is a binary property list; this file does not start with bplist00)"
    /// A binary property list that is not a keyed archive.
    static let binaryPlist = Data(BinaryPropertyListWriter.write(.dictionary(["a": .string("b")])))

    /// Bytes that are not a compiled model, each a one-line error naming the file.
    @Test(arguments: [
        (Data(), notBinary),
        (Data("hello, model".utf8), notBinary),
        (Data("momv2$srsraori557171".utf8), notBinary),
        (xmlPlist("<dict><key>$archiver</key><string>NSKeyedArchiver</string></dict>"), notBinary),
        (Data("bplist00".utf8), "binary property list: the file is too short (8 bytes) for a header and a trailer"),
        (binaryPlist, "keyed archive: '$archiver' is missing"),
    ])
    func aMomThatIsNotAModelIsAOneLineError(_ contents: Data, _ problem: String) throws {
        let scratch = try Scratch()
        let mom = try scratch.write("Bad.mom", contents)
        #expect(throws: ModelReadError("\(mom): \(problem)")) { try ModelLocation(path: mom).model() }
    }

    /// A real `.mom` cut anywhere before its last byte: a one-line error naming the file, never a crash or a model.
    @Test func everyTruncationOfARealMomIsAOneLineError() throws {
        let bytes = try Self.bytes("SampleModel3.momd/SampleModel3_v2.mom")
        let scratch = try Scratch()
        var refused = 0
        for length in 0..<bytes.count {
            let mom = try scratch.write("Cut.mom", bytes.prefix(length))
            do {
                _ = try ModelLocation(path: mom).model()
            } catch {
                refused += 1
                #expect(!error.message.contains("\n"))
                #expect(error.message.hasPrefix("\(mom): "))
            }
        }
        #expect(refused == bytes.count)
    }

    @Test func aMomThatIsAFIFOOrAFolderIsRefused() throws {
        let scratch = try Scratch()
        let fifo = scratch.path("Pipe.mom")
        guard mkfifo(fifo, 0o600) == 0 else { Issue.record("mkfifo failed"); return }
        #expect(throws: ModelReadError("\(fifo): not a regular file")) { try ModelLocation(path: fifo).model() }
        let folder = scratch.path("Folder.mom")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(throws: ModelReadError("\(folder): a .mom should be a file, this is a folder")) {
            try ModelLocation(path: folder)
        }
        // Inside a .momd: a version that is a FIFO or a folder is refused when read, not listed away.
        let momd = try scratch.copy(["SampleModel3.mom"], from: "SampleModel3.momd", as: "S.momd")
        guard mkfifo(scratch.path("S.momd/Piped.mom"), 0o600) == 0 else { Issue.record("mkfifo failed"); return }
        try FileManager.default.createDirectory(atPath: scratch.path("S.momd/Sub.mom"), withIntermediateDirectories: false)
        let location = try ModelLocation(path: momd)
        #expect(location.versions == ["Piped", "SampleModel3", "Sub"])
        #expect(throws: ModelReadError("\(momd)/Piped.mom: not a regular file")) { try location.model(version: "Piped") }
        #expect(throws: ModelReadError("\(momd)/Sub.mom: not a regular file")) { try location.model(version: "Sub") }
        let file = try scratch.write("File.momd", Data("x".utf8))
        #expect(throws: ModelReadError("\(file): a .momd should be a folder, this is a file")) { try ModelLocation(path: file) }
    }

    /// A `.mom` over the limit is refused from its size, before a byte is read (the file here is sparse).
    @Test func aMomOverTheSizeLimitIsRefusedBeforeReading() throws {
        let scratch = try Scratch()
        let mom = try scratch.write("Huge.mom", Data())
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: mom))
        try handle.truncate(atOffset: UInt64(ModelLocation.maximumCompiledModelSize) + 1)
        try handle.close()
        #expect(throws: ModelReadError("\(mom): \(ModelLocation.maximumCompiledModelSize + 1) bytes, larger than the "
                                       + "64 MiB read")) { try ModelLocation(path: mom).model() }
    }
}
