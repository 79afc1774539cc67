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
    /// `check`: problems were found in the file.
    case problems = 5
    /// Ctrl-C stopped the work (128 + SIGINT, as shells report it).
    case interrupted = 130
}

/// An error a user can cause: one line for stderr, the exit status it ends the run with, and for scripts a
/// stable code and the place it is about (`--json` prints them as `error.code`, `error.file`, …).
public struct StrataError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var status: ExitStatus
    public var code: ErrorCode
    /// The file, line, statement and version the error is about, where there is one.
    public var site: ErrorSite?

    /// - Parameter code: nil for the code of `status` (`ErrorCode.init(status:)`).
    public init(_ message: String, status: ExitStatus = .failure, code: ErrorCode? = nil, site: ErrorSite? = nil) {
        self.message = message
        self.status = status
        self.code = code ?? ErrorCode(status: status)
        self.site = site
    }

    public static func usage(_ message: String) -> StrataError { StrataError(message, status: .usage) }
    public static let interrupted = StrataError("interrupted", status: .interrupted)

    public var description: String { message }
}

/// What went wrong, as a word a script can branch on: `--json` prints it as `error.code`, spelt as the case
/// is (camelCase, as every key of Strata's JSON). The codes are part of Strata's interface: listed in
/// `man strata` (JSON OUTPUT), never renamed.
public enum ErrorCode: String, Sendable, CaseIterable {
    /// A command, option or argument that is unknown or malformed (exit 2).
    case usage
    /// Ctrl-C or SIGTERM stopped the work (exit 130).
    case interrupted
    /// An applied migration's file changed since it was applied, or the schema differs from what the
    /// migrations build (exit 4).
    case drift
    /// Migrations are waiting to be applied (exit 3).
    case pending
    /// `strata check` found problems in the file (exit 5).
    case problemsFound
    /// A failure with no more specific code.
    case failed

    // The database file.
    case noSuchFile
    /// A directory, FIFO, device or socket where a database file was expected.
    case notARegularFile
    case permissionDenied
    case notADatabase
    case corrupt
    /// Another process holds a lock for longer than the busy timeout (`--timeout`).
    case locked
    case readOnly
    /// A writer crashed mid-transaction and left a hot journal that must be rolled back first.
    case hotJournal
    /// The disk (or the file system's limit) is full.
    case diskFull
    /// The operating system reported an error reading or writing.
    case ioError
    /// A `.realm` file given to a command that writes: convert it first.
    case realmFile
    /// A file to be written exists, and `--force` was not given.
    case fileExists

    // Migrations.
    case noMigrationsDirectory
    /// A migration file that cannot be used: its name, its encoding, its syntax, a version given twice.
    case invalidMigration
    /// A migration that lint refuses to apply (an empty up section).
    case lintError
    /// A statement (or `.strata` operation) of a migration failed; `file`, `line`, `statement`, `version` say which.
    case statementFailed
    /// Destructive steps that need `--yes`.
    case destructiveRefused
    /// The migrations would leave links pointing at missing objects.
    case brokenLinks
    /// Going down is not possible: a migration without a down section, or a version Strata did not reach.
    case noWayDown
    /// `--to` names a version that no migration has.
    case unknownVersion
    /// An applied migration's file is gone.
    case missingMigration
    /// A migration at or below the database's version was never applied (a branch merged late):
    /// `--out-of-order` applies it.
    case outOfOrder
    /// The database is past version 0 with no migration history, so migrations at or below its version
    /// may be in it already: `migrate baseline` adopts it.
    case noHistory
    /// `migrate baseline` on a database that has a history.
    case historyExists
    /// `integrity_check` fails, of a migrated copy (`--dry-run`) or of the database (`validate`).
    case integrityFailed

    /// The code of an error known only by its exit status.
    public init(status: ExitStatus) {
        switch status {
        case .usage: self = .usage
        case .interrupted: self = .interrupted
        case .drift: self = .drift
        case .pending: self = .pending
        case .problems: self = .problemsFound
        case .success, .failure: self = .failed
        }
    }
}

/// Where an error is: the file (a migration file, or the database), the line, the statement that failed
/// and the migration's version and direction. Each is nil when it does not apply.
public struct ErrorSite: Sendable, Equatable {
    public var file: String?
    public var line: Int?
    public var statement: String?
    public var version: Int?
    /// `up` or `down`, for a migration's step.
    public var direction: MigrationDirection?

    public init(file: String? = nil, line: Int? = nil, statement: String? = nil, version: Int? = nil,
                direction: MigrationDirection? = nil)
    {
        self.file = file
        self.line = line
        self.statement = statement
        self.version = version
        self.direction = direction
    }
}

extension StrataError {
    /// The same error with `code` and `site` (a site already set stays unless `site` is given).
    public func coded(_ code: ErrorCode, site: ErrorSite? = nil) -> StrataError {
        var error = self
        error.code = code
        if let site { error.site = site }
        return error
    }
}
