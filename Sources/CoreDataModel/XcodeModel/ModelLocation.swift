import Foundation

/// Where a Core Data model is on disk and what kind it is: an Xcode model with versions (`Recipes.xcdatamodeld`),
/// one Xcode model version (`Recipes.xcdatamodel`), or a compiled model from an app bundle (`Recipes.momd`,
/// `Recipes.mom`).
///
/// `init(path:)` looks at folders and names and reads the small version files (`.xccurrentversion`,
/// `VersionInfo.plist`); `model(version:)` reads a model. Every error is a one-line `ModelReadError` naming the
/// path. Files are read only when regular (a FIFO or device is refused by name, so a read never blocks) and only up
/// to `ManagedObjectModel.maximumXcodeModelSize` (`contents`) or `maximumCompiledModelSize` (`.mom`).
///
/// A compiled model is what Xcode's `momc` puts in an app bundle: a `.mom` file is a binary property list holding
/// an `NSKeyedArchiver` archive of the `NSManagedObjectModel` (read by `ManagedObjectModel(archive:)`, as a store's
/// model cache is); a `.momd` folder holds one `.mom` per version and a `VersionInfo.plist` with
/// `NSManagedObjectModel_CurrentVersionName` and `NSManagedObjectModel_VersionHashes` (version → entity → 32-byte
/// hash). Older bundles also hold `.omo` files (an optimized form of the current version), which are not read.
public struct ModelLocation: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A `.xcdatamodeld` folder: versions, and the current one from `.xccurrentversion`.
        case versionedXcodeModel
        /// A single `.xcdatamodel` folder with an XML `contents` file.
        case xcodeModel
        /// A compiled `.momd` folder (versions with `VersionInfo.plist`) or a single `.mom` file.
        case compiledVersionedModel, compiledModel
    }

    /// The path as the caller gave it; every message names it so.
    public let path: String
    public let kind: Kind
    /// The version names in a `.xcdatamodeld` or `.momd` (`Recipes`, `Recipes 2`, … in numeric order); for a
    /// single `.xcdatamodel` or `.mom` its own name.
    public let versions: [String]
    /// The version `.xccurrentversion` or `VersionInfo.plist` names, or the only one, or the one named like the
    /// folder; nil when there are several versions and none of these names one.
    public let currentVersion: String?
    /// A `.momd`'s `NSManagedObjectModel_VersionHashes`: version → entity → hash. Empty for other kinds.
    let recordedVersionHashes: [String: [String: [UInt8]]]

    /// The largest `.xccurrentversion` or `VersionInfo.plist` read (Xcode writes well under 4 KiB).
    static let maximumCurrentVersionSize = 1 << 20
    /// The largest `.mom` read: `momc` writes a few KiB per entity.
    public static let maximumCompiledModelSize = 64 << 20

    /// Finds what kind of model `path` is and, for an `.xcdatamodeld`, lists its versions.
    ///
    /// Throws when the path does not exist, is not a model by its extension, is a file where a folder belongs
    /// (or the reverse for a `.mom`), or is a `.xcdatamodeld` or `.momd` with no versions or whose
    /// `.xccurrentversion` or `VersionInfo.plist` is unreadable, damaged or names a version it does not have.
    public init(path: String) throws(ModelReadError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let isFolder = try Self.isDirectory(path)
        let defaultName = url.deletingPathExtension().lastPathComponent
        var recorded: [String: [String: [UInt8]]] = [:]
        switch url.pathExtension.lowercased() {
        case "xcdatamodeld":
            guard isFolder else { throw ModelReadError("\(path): an .xcdatamodeld should be a folder, this is a file") }
            kind = .versionedXcodeModel
            versions = try Self.versions(in: path, suffix: ".xcdatamodel")
            currentVersion = try Self.currentVersion(in: path, versions: versions, defaultName: defaultName)
        case "xcdatamodel":
            guard isFolder else { throw ModelReadError("\(path): an .xcdatamodel should be a folder, this is a file") }
            kind = .xcodeModel
            versions = [defaultName]
            currentVersion = versions.first
        case "momd":
            guard isFolder else { throw ModelReadError("\(path): a .momd should be a folder, this is a file") }
            kind = .compiledVersionedModel
            versions = try Self.versions(in: path, suffix: ".mom")
            let info = try Self.versionInfo(in: path, versions: versions, defaultName: defaultName)
            currentVersion = info.current
            recorded = info.hashes
        case "mom":
            guard !isFolder else { throw ModelReadError("\(path): a .mom should be a file, this is a folder") }
            kind = .compiledModel
            versions = [defaultName]
            currentVersion = versions.first
        default:
            throw ModelReadError("\(path): not a core data model (expected .xcdatamodeld, .xcdatamodel, .momd or .mom)")
        }
        recordedVersionHashes = recorded
    }

    /// Reads one version: `version` by name (`--model-version`), or the current one when nil.
    ///
    /// The model's `versionName` is the version read; for a `.momd` with `VersionInfo.plist`, each entity's
    /// `versionHash` is the hash recorded there for that version. Throws for a version the model does not have, a
    /// model with several versions and no current one, a missing or unreadable `contents` or `.mom`, an Xcode 3
    /// model (binary `elements`, no `contents`), and whatever `ManagedObjectModel(xcdatamodelContents:)` or
    /// `ManagedObjectModel(archive:)` refuses, prefixed with the file's path.
    public func model(version: String? = nil) throws(ModelReadError) -> ManagedObjectModel {
        let name = try versionName(version)
        switch kind {
        case .compiledModel, .compiledVersionedModel:
            let file = kind == .compiledModel ? path : (path as NSString).appendingPathComponent(name + ".mom")
            var model = try Self.compiledModel(file)
            model.versionName = name
            if let hashes = recordedVersionHashes[name] {
                for index in model.entities.indices {
                    model.entities[index].versionHash = hashes[model.entities[index].name]
                }
            }
            return model
        case .versionedXcodeModel, .xcodeModel:
            break
        }
        let folder = kind == .xcodeModel ? path : (path as NSString).appendingPathComponent(name + ".xcdatamodel")
        let contents = (folder as NSString).appendingPathComponent("contents")
        if !FileManager.default.fileExists(atPath: contents) {
            let elements = (folder as NSString).appendingPathComponent("elements")
            if FileManager.default.fileExists(atPath: elements) {
                throw ModelReadError("\(folder): an xcode 3 model (binary 'elements', no 'contents'), not read; "
                                     + "open and save it in a newer xcode")
            }
            throw ModelReadError("\(folder): no 'contents' file in it")
        }
        let data = try Self.readRegularFile(contents, limit: ManagedObjectModel.maximumXcodeModelSize)
        var model = try ManagedObjectModel(xcdatamodelContents: data, source: contents)
        model.versionName = name
        return model
    }

    /// The version `requested` names (with or without `.xcdatamodel` or `.mom`), checked against the list; the
    /// current one when nil.
    public func versionName(_ requested: String?) throws(ModelReadError) -> String {
        if let requested {
            let bare = Self.bareName(requested, suffix: kind == .compiledModel || kind == .compiledVersionedModel
                                     ? ".mom" : ".xcdatamodel")
            guard versions.contains(bare) else {
                throw ModelReadError("\(path) has no version '\(requested)' (it has \(versions.joined(separator: ", ")))")
            }
            return bare
        }
        guard let currentVersion else {
            let file = kind == .compiledVersionedModel ? "VersionInfo.plist naming the current version"
                : ".xccurrentversion"
            throw ModelReadError("\(path) has no \(file) and \(versions.count) versions; choose one with "
                                 + "--model-version (it has \(versions.joined(separator: ", ")))")
        }
        return currentVersion
    }

    /// The entity version hashes a `.momd`'s `VersionInfo.plist` records for `version` (the current one when nil):
    /// entity name → 32 bytes, what Core Data writes into a store's metadata (`NSStoreModelVersionHashes`) for a
    /// store of that version. Nil for other kinds of model, without `VersionInfo.plist`, or for a version it does
    /// not list.
    public func versionHashes(version: String? = nil) -> [String: [UInt8]]? {
        guard let name = version.map({ Self.bareName($0, suffix: ".mom") }) ?? currentVersion else { return nil }
        return recordedVersionHashes[name]
    }

    /// The versions whose entity version hashes are `stored` (a store's `NSStoreModelVersionHashes`, entity name →
    /// 32 bytes): those Core Data would open the store with as it is, without migrating; usually one, none when
    /// the store was made with a model this location does not hold.
    ///
    /// A `.momd` version's hashes are the ones `VersionInfo.plist` records, when it records them; every other
    /// version's are computed from its model (`computedVersionHashes()`). Reads every version.
    /// - Throws: the first `ModelReadError` of a version that cannot be read or hashed.
    public func versions(matching stored: [String: [UInt8]]) throws(ModelReadError) -> [String] {
        var matching: [String] = []
        for version in versions {
            let hashes: [String: [UInt8]]
            if let recorded = recordedVersionHashes[version] {
                hashes = recorded
            } else {
                hashes = try model(version: version).computedVersionHashes()
            }
            if hashes == stored { matching.append(version) }
        }
        return matching
    }

    // MARK: - Files

    private static func bareName(_ name: String, suffix: String) -> String {
        name.lowercased().hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
    }

    /// The names of the folder's entries ending in `suffix` (case aside), without it, in numeric order.
    private static func versions(in path: String, suffix: String) throws(ModelReadError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw ModelReadError("\(path): cannot list the folder")
        }
        let versions = names.filter { $0.lowercased().hasSuffix(suffix) && $0.count > suffix.count }
            .map { String($0.dropLast(suffix.count)) }
            .sorted { $0.compare($1, options: [.numeric]) == .orderedAscending }
        guard !versions.isEmpty else {
            let optimized = suffix == ".mom" && names.contains { $0.lowercased().hasSuffix(".omo") }
            throw ModelReadError("\(path): no \(suffix) versions in it"
                                 + (optimized ? " (only .omo optimized models, which are not read)" : ""))
        }
        return versions
    }

    /// Reads one `.mom`: a regular file of at most `maximumCompiledModelSize`, a binary property list (what `momc`
    /// writes) holding a keyed archive of a model.
    private static func compiledModel(_ file: String) throws(ModelReadError) -> ManagedObjectModel {
        let data = try readRegularFile(file, limit: maximumCompiledModelSize)
        guard BinaryPropertyList.hasHeader([UInt8](data.prefix(8))) else {
            throw ModelReadError("\(file): not a compiled model (a .mom is a binary property list; this file does not "
                                 + "start with bplist00)")
        }
        do {
            return try ManagedObjectModel(archive: KeyedArchive(data: data))
        } catch let error as ModelReadError {
            throw ModelReadError("\(file): \(error.message)")
        } catch {
            throw ModelReadError("\(file): not a compiled core data model")
        }
    }

    /// `VersionInfo.plist` (binary or XML): `NSManagedObjectModel_CurrentVersionName` (a version without `.mom`)
    /// and `NSManagedObjectModel_VersionHashes`. Without the file, or without a current name in it: the only
    /// version, else one named like the folder, else nil.
    private static func versionInfo(in path: String, versions: [String], defaultName: String)
        throws(ModelReadError) -> (current: String?, hashes: [String: [String: [UInt8]]])
    {
        let fallback = versions.count == 1 ? versions[0] : versions.contains(defaultName) ? defaultName : nil
        let file = (path as NSString).appendingPathComponent("VersionInfo.plist")
        guard FileManager.default.fileExists(atPath: file) else { return (fallback, [:]) }
        let data = try readRegularFile(file, limit: maximumCurrentVersionSize)
        let plist: PropertyListValue
        do {
            plist = try PropertyList.read(data)
        } catch let error as ModelReadError {
            throw ModelReadError("\(file): \(error.message)")
        } catch {
            throw ModelReadError("\(file): not a property list")
        }
        guard case .dictionary(let info) = plist else {
            throw ModelReadError("\(file): the top object is \(plist.kindDescription), not a dictionary")
        }
        var hashes: [String: [String: [UInt8]]] = [:]
        switch info["NSManagedObjectModel_VersionHashes"] {
        case nil:
            break
        case .dictionary(let byVersion)?:
            for (version, value) in byVersion {
                let key = "NSManagedObjectModel_VersionHashes.\(version)"
                guard case .dictionary(let byEntity) = value else {
                    throw ModelReadError("\(file): \(key) is \(value.kindDescription), not a dictionary")
                }
                var entityHashes: [String: [UInt8]] = [:]
                for (entity, hash) in byEntity {
                    guard case .data(let bytes) = hash else {
                        throw ModelReadError("\(file): \(key).\(entity) is \(hash.kindDescription), not data")
                    }
                    guard bytes.count == 32 else {
                        throw ModelReadError("\(file): \(key).\(entity) is \(bytes.count) bytes, not a 32-byte hash")
                    }
                    entityHashes[entity] = bytes
                }
                hashes[version] = entityHashes
            }
        case let other?:
            throw ModelReadError("\(file): NSManagedObjectModel_VersionHashes is \(other.kindDescription), not a dictionary")
        }
        switch info["NSManagedObjectModel_CurrentVersionName"] {
        case nil:
            return (fallback, hashes)
        case .string(let named)?:
            let bare = bareName(named, suffix: ".mom")
            guard versions.contains(bare) else {
                throw ModelReadError("\(file) names version '\(named)', which \(path) has no .mom for "
                                     + "(it has \(versions.joined(separator: ", ")))")
            }
            return (bare, hashes)
        case let other?:
            throw ModelReadError("\(file): NSManagedObjectModel_CurrentVersionName is \(other.kindDescription), "
                                 + "not a string")
        }
    }

    /// `.xccurrentversion` is an XML property list whose `_XCCurrentVersionName` is `Recipes 2.xcdatamodel`.
    /// Without the file: the only version, else one named like the folder, else nil.
    private static func currentVersion(in path: String, versions: [String], defaultName: String)
        throws(ModelReadError) -> String?
    {
        let file = (path as NSString).appendingPathComponent(".xccurrentversion")
        guard FileManager.default.fileExists(atPath: file) else {
            if versions.count == 1 { return versions[0] }
            return versions.contains(defaultName) ? defaultName : nil
        }
        let data = try readRegularFile(file, limit: maximumCurrentVersionSize)
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ModelReadError("\(file): not a property list")
        }
        guard let dictionary = plist as? [String: Any], let named = dictionary["_XCCurrentVersionName"] as? String else {
            throw ModelReadError("\(file): no _XCCurrentVersionName string in it")
        }
        let bare = named.hasSuffix(".xcdatamodel") ? String(named.dropLast(".xcdatamodel".count)) : named
        guard versions.contains(bare) else {
            throw ModelReadError("\(file) names version '\(named)', which \(path) does not have "
                                 + "(it has \(versions.joined(separator: ", ")))")
        }
        return bare
    }

    private static func isDirectory(_ path: String) throws(ModelReadError) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ModelReadError("\(path): no such file or folder")
        }
        return isFolder.boolValue
    }

    /// The bytes of a regular file (symbolic links followed), refusing anything else and anything over `limit`.
    static func readRegularFile(_ path: String, limit: Int) throws(ModelReadError) -> Data {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: resolved)
        } catch {
            throw ModelReadError("\(path): cannot read it")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw ModelReadError("\(path): not a regular file")
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > limit {
            throw ModelReadError("\(path): \(size) bytes, larger than the \(describe(limit)) read")
        }
        guard let handle = FileHandle(forReadingAtPath: resolved) else { throw ModelReadError("\(path): cannot open it") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw ModelReadError("\(path): cannot read it")
        }
        guard data.count <= limit else { throw ModelReadError("\(path): larger than the \(describe(limit)) read") }
        return data
    }

    private static func describe(_ limit: Int) -> String {
        limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
    }
}
