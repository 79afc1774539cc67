import Dispatch
import Digests
import StrataCore

/// A migration file's SHA-256, known when the file is loaded, or still being taken on another thread.
///
/// A large `.sql` file's SHA-256 (a quarter of a second for 100 MB) is taken while its statements run instead of
/// before: the thread reads the file again, block by block, each block compared with the fingerprint the load took
/// (`MigrationSource`), so that the checksum is of the bytes the load checked and the run runs. Whoever needs the
/// value (the history row written after the migration ran, a drift check) waits for it.
final class FileChecksum: @unchecked Sendable {
    /// Written once, before `done` is signalled; read only after waiting for it.
    private var result: Result<String, StrataError>
    private let done = DispatchGroup()

    init(_ value: String) {
        result = .success(value)
    }

    /// Takes the SHA-256 of every byte of `source` on another thread.
    init(hashing source: MigrationSource) {
        result = .failure(StrataError("the checksum was not taken"))
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var hash = SHA256()
            do {
                try source.forEachBlock(in: 0..<source.count) { hash.update(UnsafeRawBufferPointer($0)) }
                result = .success(hash.finalize())
            } catch let error as StrataError {
                result = .failure(error)
            } catch {
                result = .failure(StrataError("\(error)"))
            }
            done.leave()
        }
    }

    /// The checksum, once taken.
    /// - Throws: `StrataError` when the file could not be read again or changed since it was loaded.
    func value() throws -> String {
        done.wait()
        return try result.get()
    }
}
