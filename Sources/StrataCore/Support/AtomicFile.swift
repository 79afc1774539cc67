import SQLiteKit

/// A file that is written whole or not at all: into a hidden temporary file beside it, renamed into
/// place only when complete, so that a failed or interrupted write leaves nothing behind and an
/// existing file is replaced only when asked to.
///
/// Every file is created exclusively and never through a symbolic link (`O_CREAT | O_EXCL | O_NOFOLLOW`),
/// then renamed: a link at the destination, dangling or not, is refused, or with `force` replaced by the
/// rename itself — what it points at is never written.
public enum AtomicFile {
    /// A hidden name beside `path` that no other run uses.
    package static func temporaryPath(for path: String) -> String {
        temporaryPath(in: Platform.directory(of: path), for: path)
    }

    private static func temporaryPath(in directory: String, for path: String) -> String {
        removeOrphans(in: directory, for: path)
        return directory + "/." + Platform.fileName(of: path) + ".strata-\(Platform.processID)-\(Platform.randomSeed() % 1_000_000_000)"
    }

    /// Removes the temporary files of `path` that a strata killed midway left (`.NAME.strata-PID-N` whose process is
    /// gone), with their journals: nothing else removes them. A file of a run still going is left alone.
    static func removeOrphans(in directory: String, for path: String) {
        let prefix = "." + Platform.fileName(of: path) + ".strata-"
        for name in Platform.directoryEntries(directory) ?? [] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let id = Int32(rest[..<dash]), id != Platform.processID,
                  !Platform.processExists(id) else { continue }
            let digits = rest[rest.index(after: dash)...]
            // The file itself, or its -journal, -wal or -shm.
            let number = digits.prefix { $0.isASCII && $0.isNumber }
            guard !number.isEmpty, ["", "-journal", "-wal", "-shm"].contains(String(digits.dropFirst(number.count))) else { continue }
            _ = Platform.removeFile(directory + "/" + name)
        }
    }

    /// Refuses destinations that would lose data or cannot be written, before any work is done.
    /// - Parameters:
    ///   - what: what is written, for messages ("the demo database", "the export").
    ///   - forceOption: the option that replaces an existing file, for messages; nil when there is none.
    ///   - input: the file the output is made from (the database backed up, the `.realm` converted): the
    ///     output is never the input, by whatever path it is reached (`./a.db`, a hard link, a symbolic link).
    package static func checkDestination(_ path: String, force: Bool, what: String, forceOption: String? = "--force",
                                         input: String? = nil) throws
    {
        guard !path.isEmpty else { throw StrataError.usage("\(what) needs a file name") }
        if let input, Platform.isSameFile(path, input) {
            throw StrataError((path == input ? "\(path) is the file being read" : "\(path) is \(input) itself (by another path)")
                              + ": \(what) must be another file (nothing was changed)", code: .fileExists, site: ErrorSite(file: path))
        }
        switch Platform.entryKind(path) {
        case .directory:
            throw StrataError("\(path) is a directory; give \(what) a file name")
        case .symbolicLink:
            guard force else {
                throw StrataError("\(path) is a symbolic link; give \(what) another name"
                                  + (forceOption.map { " (\($0) replaces the link itself, not what it points at)" } ?? ""))
            }
        case .regular, .other:
            guard force else {
                throw StrataError("\(path) already exists" + (forceOption.map { " (use \($0) to replace it)" } ?? ""), code: .fileExists,
                                  site: ErrorSite(file: path))
            }
            for suffix in ["-wal", "-journal"] where Platform.entryKind(path + suffix) != .missing {
                throw StrataError("\(path) has a \(suffix) file: another program may be using it; close it first")
            }
        case .missing:
            break
        }
        let directory = Platform.directory(of: path)
        switch Platform.fileKind(directory) {
        case .directory:
            if !Platform.isWritable(directory) { throw StrataError("cannot write in \(directory): permission denied") }
        case .missing:
            throw StrataError("no such directory: \(directory)")
        case .regular, .other:
            throw StrataError("\(directory) is not a directory")
        }
    }

    /// Creates an empty hidden file beside `path`, exclusively, for the caller to fill (SQLite opens an
    /// empty file as a new database) and then hand to `moveIntoPlace`, or remove.
    /// - Throws: `StrataError` naming `path` when the file cannot be created.
    package static func createTemporary(for path: String) throws -> String {
        let temporary = temporaryPath(for: path)
        try createEmpty(temporary, permissions: 0o644, failure: "cannot write \(path)")
        return temporary
    }

    /// Creates an empty private file (mode 0600) for a temporary copy of `path`'s data: beside it when its
    /// folder can be written, else in the temporary folder. The caller removes it (and its `-journal`,
    /// `-wal` and `-shm`).
    package static func createPrivateTemporary(for path: String) throws -> String {
        let temporary = privateTemporaryPath(for: path)
        try createEmpty(temporary, permissions: 0o600, failure: "cannot make a temporary copy of \(path)")
        return temporary
    }

    /// The name `createPrivateTemporary` would create, for a copy made with `Platform.copyFile`.
    package static func privateTemporaryPath(for path: String) -> String {
        let directory = Platform.directory(of: path)
        return temporaryPath(in: Platform.isWritable(directory) ? directory : Platform.temporaryDirectory, for: path)
    }

    private static func createEmpty(_ path: String, permissions: UInt16, failure: String) throws {
        switch Platform.createFile(path, permissions: permissions) {
        case .success(let descriptor):
            guard Platform.syncAndClose(descriptor) else {
                Platform.removeFile(path)
                throw StrataError("\(failure): \(Platform.errorText())")
            }
        case .failure(let error):
            throw StrataError("\(failure): \(error.message)")
        }
    }

    /// Renames a complete temporary file to `path`: over what is there only with `force` (a symbolic
    /// link is replaced, never followed), else only to a name nothing is at. The data is flushed first,
    /// so that the rename cannot expose an incomplete file.
    package static func moveIntoPlace(_ temporary: String, to path: String, force: Bool, synced: Bool = false) throws {
        if !synced { Platform.syncFile(temporary) }
        if force {
            if let failure = Platform.moveFile(temporary, to: path) { throw StrataError("cannot write \(path): \(failure)") }
        } else if let failure = Platform.moveFileWithoutReplacing(temporary, to: path) {
            if Platform.entryKind(path) != .missing {
                throw StrataError("\(path) appeared while it was being written (by another program?); it was left as it is")
            }
            throw StrataError("cannot write \(path): \(failure)")
        }
    }

    /// Copies a database whole and consistent (SQLite's backup API) into a new file at `path`, through a
    /// temporary file renamed into place; an error or Ctrl-C leaves `path` as it was.
    /// - Throws: `StrataError` for the destination (see `checkDestination`), `SQLiteError` for the copy.
    package static func writeDatabase(copying source: Connection, to path: String, force: Bool, what: String,
                                      forceOption: String? = "--force") throws
    {
        try checkDestination(path, force: force, what: what, forceOption: forceOption, input: source.path)
        let temporary = try createTemporary(for: path)
        defer { for suffix in ["", "-journal", "-wal", "-shm"] { Platform.removeFile(temporary + suffix) } }
        try source.backup(into: temporary)
        try moveIntoPlace(temporary, to: path, force: force)
    }

    /// Writes a text file through a sink that `body` fills; `body` throwing (Ctrl-C included) leaves
    /// `path` as it was.
    package static func write(to path: String, force: Bool, what: String, forceOption: String? = "--force",
                              _ body: (FileDescriptorSink) throws -> Void) throws
    {
        try checkDestination(path, force: force, what: what, forceOption: forceOption)
        let temporary = temporaryPath(for: path)
        let descriptor: Int32
        switch Platform.createFile(temporary) {
        case .success(let created): descriptor = created
        case .failure(let error): throw StrataError("cannot write \(path): \(error.message)")
        }
        var closed = false
        defer {
            if !closed { _ = Platform.syncAndClose(descriptor) }
            Platform.removeFile(temporary)  // gone by now when all went well
        }
        let sink = FileDescriptorSink(descriptor: descriptor)
        try body(sink)
        sink.flush()
        if let failure = sink.failure { throw StrataError("cannot write \(path): \(failure)") }
        closed = true
        guard Platform.syncAndClose(descriptor) else { throw StrataError("cannot write \(path): \(Platform.errorText())") }
        try moveIntoPlace(temporary, to: path, force: force, synced: true)
    }
}
