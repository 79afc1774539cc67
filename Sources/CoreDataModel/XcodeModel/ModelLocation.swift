import Foundation

/// Where a Core Data model is on disk and what kind it is: an Xcode model with versions (`Recipes.xcdatamodeld`),
/// one Xcode model version (`Recipes.xcdatamodel`), or a compiled model from an app bundle (`Recipes.momd`,
/// `Recipes.mom`).
///
/// `init(path:)` only looks at folders and names; `model(version:)` reads. Every error is a one-line
/// `ModelReadError` naming the path. Files are read only when regular (a FIFO or device is refused by name, so a
/// read never blocks) and only up to `ManagedObjectModel.maximumXcodeModelSize`.
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
    /// The version names in a `.xcdatamodeld` (`Recipes`, `Recipes 2`, … in numeric order); for a single
    /// `.xcdatamodel` its own name; empty for compiled models (not read yet).
    public let versions: [String]
    /// The version `.xccurrentversion` names, or the only one; nil when a `.xcdatamodeld` with several versions
    /// has no `.xccurrentversion`.
    public let currentVersion: String?

    /// The largest `.xccurrentversion` read (Xcode writes about 250 bytes).
    static let maximumCurrentVersionSize = 1 << 20

    /// Finds what kind of model `path` is and, for an `.xcdatamodeld`, lists its versions.
    ///
    /// Throws when the path does not exist, is not a model by its extension, or is a `.xcdatamodeld` with no
    /// versions or whose `.xccurrentversion` is unreadable or names a version it does not have.
    public init(path: String) throws(ModelReadError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let isFolder = try Self.isDirectory(path)
        switch url.pathExtension.lowercased() {
        case "xcdatamodeld":
            guard isFolder else { throw ModelReadError("\(path): an .xcdatamodeld should be a folder, this is a file") }
            kind = .versionedXcodeModel
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw ModelReadError("\(path): cannot list the folder")
            }
            versions = names.filter { $0.lowercased().hasSuffix(".xcdatamodel") }
                .map { String($0.dropLast(".xcdatamodel".count)) }
                .sorted { $0.compare($1, options: [.numeric]) == .orderedAscending }
            guard !versions.isEmpty else { throw ModelReadError("\(path): no .xcdatamodel versions in it") }
            currentVersion = try Self.currentVersion(in: path, versions: versions,
                                                     defaultName: url.deletingPathExtension().lastPathComponent)
        case "xcdatamodel":
            guard isFolder else { throw ModelReadError("\(path): an .xcdatamodel should be a folder, this is a file") }
            kind = .xcodeModel
            versions = [url.deletingPathExtension().lastPathComponent]
            currentVersion = versions.first
        case "momd":
            kind = .compiledVersionedModel
            versions = []
            currentVersion = nil
        case "mom":
            kind = .compiledModel
            versions = []
            currentVersion = nil
        default:
            throw ModelReadError("\(path): not a core data model (expected .xcdatamodeld, .xcdatamodel, .momd or .mom)")
        }
    }

    /// Reads one version: `version` by name (`--model-version`), or the current one when nil.
    ///
    /// The model's `versionName` is the version read. Throws for a version the model does not have, an
    /// `.xcdatamodeld` with several versions and no current one, a missing or unreadable `contents`, an Xcode 3
    /// model (binary `elements`, no `contents`), a compiled model (not read yet), and whatever
    /// `ManagedObjectModel(xcdatamodelContents:)` refuses, prefixed with the `contents` file's path.
    public func model(version: String? = nil) throws(ModelReadError) -> ManagedObjectModel {
        switch kind {
        case .compiledModel, .compiledVersionedModel:
            throw ModelReadError("\(path): compiled model: not read yet (give the .xcdatamodeld from the app's "
                                 + "source instead)")
        case .versionedXcodeModel, .xcodeModel:
            break
        }
        let name = try versionName(version)
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

    /// The version `requested` names, checked against the list; the current one when nil.
    public func versionName(_ requested: String?) throws(ModelReadError) -> String {
        if let requested {
            let bare = requested.hasSuffix(".xcdatamodel") ? String(requested.dropLast(".xcdatamodel".count)) : requested
            guard versions.contains(bare) else {
                throw ModelReadError("\(path) has no version '\(requested)' (it has \(versions.joined(separator: ", ")))")
            }
            return bare
        }
        guard let currentVersion else {
            throw ModelReadError("\(path) has no .xccurrentversion and \(versions.count) versions; choose one with "
                                 + "--model-version (it has \(versions.joined(separator: ", ")))")
        }
        return currentVersion
    }

    // MARK: - Files

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
