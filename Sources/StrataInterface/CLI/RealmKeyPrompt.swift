import RealmFile
import StrataCore

/// The key of an encrypted `.realm` file typed at the browser's prompt, without echo: kept for this process only,
/// as `--key-file` or `STRATA_REALM_KEY` would give it.
enum RealmKeyPrompt {
    nonisolated(unsafe) static var entered: [UInt8]?

    /// Asks for the key of `file` on the terminal.
    /// - Throws: `StrataError` when nothing is typed, or what is typed is no key.
    static func ask(for file: String) throws {
        guard let line = Platform.readSecretLine(prompt: "\(file) is encrypted; its key (128 hex digits, not shown): ") else {
            throw StrataError("\(file) is encrypted: give its key with --key-file PATH or the STRATA_REALM_KEY variable")
        }
        do {
            entered = try RealmEncryption.key(from: Array(line.utf8), source: "the key typed")
        } catch let error as RealmReadError {
            throw StrataError(error.message)
        }
    }
}
