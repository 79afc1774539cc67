import StrataCore

/// The migrations of a directory, in version order.
package enum MigrationDirectory {
    /// Reads every `.sql` and `.strata` file of `path` (other files are left alone).
    /// - Throws: `StrataError` naming the file for a malformed name, a duplicate version, or an unreadable file.
    package static func load(_ path: String) throws -> [MigrationFile] {
        guard Platform.fileKind(path) == .directory else {
            throw StrataError(Platform.fileKind(path) == .missing ? "no migrations directory \(path) (see --dir)" : "\(path) is not a directory",
                              code: .noMigrationsDirectory, site: ErrorSite(file: path))
        }
        guard let names = Platform.directoryEntries(path) else { throw StrataError("cannot read \(path): \(Platform.errorText())") }
        let extensions = MigrationFile.Kind.allCases.map { "." + $0.rawValue }
        var files: [MigrationFile] = []
        for name in names.sorted() where !name.hasPrefix(".") && extensions.contains(where: name.hasSuffix) {
            files.append(try MigrationFile.read(directory: path, fileName: name))
        }
        files.sort { $0.version < $1.version }
        for (a, b) in zip(files, files.dropFirst()) where a.version == b.version {
            throw StrataError("\(path): \(a.fileName) and \(b.fileName) have the same version \(a.version)", code: .invalidMigration,
                              site: ErrorSite(file: b.fileName, version: b.version))
        }
        return files
    }
}
