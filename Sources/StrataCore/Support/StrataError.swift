/// How a run of `strata` ends (`man strata`, EXIT STATUS).
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// A database, file, validation or migration failure.
    case failure = 1
    /// An unknown command or option, a missing or malformed argument.
    case usage = 2
    /// `migrate status`: migrations are waiting to be applied.
    case pending = 3
    /// `migrate`: an applied migration's file changed since (drift).
    case drift = 4
    /// Ctrl-C stopped the work (128 + SIGINT, as shells report it).
    case interrupted = 130
}

/// An error a user can cause: one line for stderr and the exit status it ends the run with.
public struct StrataError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var status: ExitStatus

    public init(_ message: String, status: ExitStatus = .failure) {
        self.message = message
        self.status = status
    }

    public static func usage(_ message: String) -> StrataError { StrataError(message, status: .usage) }
    public static let interrupted = StrataError("interrupted", status: .interrupted)

    public var description: String { message }
}
