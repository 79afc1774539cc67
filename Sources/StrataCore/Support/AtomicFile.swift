/// A file that is written whole or not at all: into a hidden temporary file beside it, renamed into
/// place only when complete, so that a failed or interrupted write leaves nothing behind and an
/// existing file is replaced only when asked to.
public enum AtomicFile {
    /// A hidden name beside `path` that no other run uses.
    package static func temporaryPath(for path: String) -> String {
        Platform.directory(of: path) + "/." + Platform.fileName(of: path)
            + ".strata-\(Platform.processID)-\(Platform.randomSeed() % 1_000_000)"
    }

    /// Refuses destinations that would lose data or cannot be written, before any work is done.
    /// - Parameter what: what is written, for messages ("the demo database", "the export").
    package static func checkDestination(_ path: String, force: Bool, what: String) throws {
        guard !path.isEmpty else { throw StrataError.usage("\(what) needs a file name") }
        switch Platform.fileKind(path) {
        case .directory:
            throw StrataError("\(path) is a directory; give \(what) a file name")
        case .regular, .other:
            guard force else { throw StrataError("\(path) already exists (use --force to replace it)") }
            for suffix in ["-wal", "-journal"] where Platform.fileKind(path + suffix) != .missing {
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

    /// Writes a text file through a sink that `body` fills; `body` throwing (Ctrl-C included) leaves
    /// `path` as it was.
    package static func write(to path: String, force: Bool, what: String, _ body: (FileDescriptorSink) throws -> Void) throws {
        try checkDestination(path, force: force, what: what)
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
        if let failure = Platform.moveFile(temporary, to: path) { throw StrataError("cannot write \(path): \(failure)") }
    }
}
