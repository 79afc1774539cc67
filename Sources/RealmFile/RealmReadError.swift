/// A `.realm` file that cannot be read: one lower-case line naming the file, what is wrong and where.
///
/// Node errors read `app.realm: node at offset 4096: width type 3 is not a width type realm-core writes`; header
/// errors read `app.realm: top ref 4100 is not 8-byte aligned`. The exceptions are about encryption: `app.realm is
/// encrypted: give its key with --key-file PATH or the STRATA_REALM_KEY variable`, and `the key does not open
/// app.realm (its first page fails authentication)`.
public struct RealmReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem, for callers that react differently (exit codes, "convert first" hints).
    public enum Kind: Sendable, Equatable {
        /// Not a realm file at all (no `T-DB`, too small).
        case notRealm
        /// An encrypted realm file without its key, or with another key.
        case encrypted
        /// A file format Strata does not read (yet): the number is in the message.
        case unsupportedFormat(Int)
        /// The file is damaged: a ref, size, width or structure that cannot be right.
        case damaged
        /// The file could not be opened or read (missing, not a regular file, too large).
        case io
    }

    public let kind: Kind
    /// The whole message, one line.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
