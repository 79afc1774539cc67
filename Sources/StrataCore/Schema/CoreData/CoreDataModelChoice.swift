import CoreDataModel

/// Reads the model a user named with `--model` and picks its version.
///
/// With `--model-version`, that version. Otherwise, in order: the version whose entity version hashes (recorded
/// in a compiled `.momd`'s `VersionInfo.plist`, or computed from the model as Core Data computes them) equal the
/// store's (`NSStoreModelVersionHashes` in `Z_METADATA`), as Core Data decides; else the version that fits the store's tables best (the fewest attributes without a
/// column, columns without an attribute, entities without a table), the current version winning a tie.
enum CoreDataModelChoice {
    struct Chosen {
        var model: ManagedObjectModel
        /// `Recipes 2 in Recipes.xcdatamodeld`.
        var description: String
        /// Why this version, when the folder has several.
        var note: String?
    }

    /// - Parameter storeHashes: the store's entity version hashes (`Z_METADATA`), empty when it records none.
    static func choose(path: String, version: String?, numbers: [String: Int64], classes: [ClassInfo],
                       storeHashes: [(entity: String, hash: [UInt8])]) throws -> Chosen
    {
        let location: ModelLocation
        do { location = try ModelLocation(path: path) } catch { throw StrataError("--model " + error.message) }
        func read(_ name: String?) throws -> ManagedObjectModel {
            do { return try location.model(version: name) } catch { throw StrataError("--model " + error.message) }
        }
        func describe(_ model: ManagedObjectModel) -> String {
            let file = PathName(path).lastComponent
            return model.versionName.map { "\($0) in \(file)" } ?? file
        }
        if version != nil || location.versions.count <= 1 {
            let model = try read(version)
            return Chosen(model: model, description: describe(model))
        }
        var candidates: [(name: String, model: ManagedObjectModel, misfits: Int)] = []
        for name in location.versions {
            let model = try read(name)
            if !storeHashes.isEmpty, let hashes = hashes(of: model), hashes.count == storeHashes.count,
               storeHashes.allSatisfy({ hashes[$0.entity] == $0.hash })
            {
                return Chosen(model: model, description: describe(model),
                              note: "--model: read version \(name), whose entity version hashes match the store's")
            }
            var mapping = CoreDataMapping(model: model, numbers: numbers)
            var scratch = classes
            mapping.apply(to: &scratch)
            let unknownEntities = numbers.keys.filter { model.entity(named: $0) == nil }.count
            candidates.append((name, model, mapping.problems.count + unknownEntities))
        }
        let current = location.currentVersion
        let best = candidates.min { ($0.misfits, $0.name == current ? 0 : 1) < ($1.misfits, $1.name == current ? 0 : 1) }!
        let fit = best.misfits == 0 ? "fits the store's tables exactly" : "fits the store's tables best (\(best.misfits) differences)"
        let currentNote = best.name == current || current == nil ? "" : "; the current version is \(current!)"
        return Chosen(model: best.model, description: describe(best.model),
                      note: "--model: read version \(best.name) of \(location.versions.count), which \(fit)\(currentNote); "
                          + "--model-version chooses another")
    }

    /// The model's entity version hashes by entity: those a compiled model records, else computed as Core Data
    /// computes them; nil when they cannot be (an attribute type the computation does not know).
    static func hashes(of model: ManagedObjectModel) -> [String: [UInt8]]? {
        let pairs = model.entities.compactMap { entity in entity.versionHash.map { (entity.name, $0) } }
        if pairs.count == model.entities.count && !pairs.isEmpty { return Dictionary(pairs) { first, _ in first } }
        return try? model.computedVersionHashes()
    }
}

/// The versions of a model file as `schema --store-info` judges a store by them: the app's current one, and the
/// one whose entity version hashes are the store's.
public enum CoreDataModelVersions {
    /// The version the app uses (`.xccurrentversion`, `VersionInfo.plist`) when the model has several, else nil.
    /// - Throws: `StrataError` when the model cannot be read.
    public static func current(of path: String) throws -> String? {
        let location: ModelLocation
        do { location = try ModelLocation(path: path) } catch { throw StrataError("--model " + error.message) }
        return location.versions.count > 1 ? location.currentVersion : nil
    }

    /// The first version (in the folder's order) whose entity version hashes equal `storeHashes`, or nil.
    public static func matching(path: String, storeHashes: [(entity: String, hash: [UInt8])]) throws -> String? {
        guard !storeHashes.isEmpty else { return nil }
        let location: ModelLocation
        do { location = try ModelLocation(path: path) } catch { throw StrataError("--model " + error.message) }
        for name in location.versions {
            let model: ManagedObjectModel
            do { model = try location.model(version: name) } catch { throw StrataError("--model " + error.message) }
            if let hashes = CoreDataModelChoice.hashes(of: model), hashes.count == storeHashes.count,
               storeHashes.allSatisfy({ hashes[$0.entity] == $0.hash })
            {
                return name
            }
        }
        return nil
    }
}

/// The last component of a path, without Foundation.
private struct PathName {
    let text: String
    init(_ text: String) { self.text = text }
    var lastComponent: String {
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }
}
