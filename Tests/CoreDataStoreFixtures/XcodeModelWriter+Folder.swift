import CoreDataModel
import Foundation

extension XcodeModelWriter {
    /// Writes `path` (a `.xcdatamodeld` folder, created) with one `.xcdatamodel` per version and a
    /// `.xccurrentversion` naming `model`'s. `model`'s version is named `model.versionName`, else the folder's
    /// name without its extension; `versions` are the others (older ones), by name.
    /// - Throws: when `path` exists, or a version name repeats or is empty, or a file cannot be written.
    public static func writeModel(_ model: ManagedObjectModel, versions: [(name: String, model: ManagedObjectModel)]?,
                                  to path: String) throws
    {
        let folder = URL(fileURLWithPath: path)
        guard !FileManager.default.fileExists(atPath: path) else {
            throw CoreDataFixtureError("fixture: \(path) exists; the xcode model is written only into a new folder")
        }
        let current = model.versionName ?? folder.deletingPathExtension().lastPathComponent
        let all = [(name: current, model: model)] + (versions ?? [])
        var names: Set<String> = []
        for version in all where version.name.isEmpty || !names.insert(version.name).inserted {
            throw CoreDataFixtureError("fixture: xcode model version name '\(version.name)' is empty or repeated")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for version in all {
            let versionFolder = folder.appendingPathComponent(version.name + ".xcdatamodel")
            try FileManager.default.createDirectory(at: versionFolder, withIntermediateDirectories: false)
            try Data(contents(version.model).utf8).write(to: versionFolder.appendingPathComponent("contents"))
        }
        try Data(currentVersion(named: current).utf8).write(to: folder.appendingPathComponent(".xccurrentversion"))
    }
}
