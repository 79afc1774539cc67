import StrataCore

/// Why a run's transaction stopped, worded once it is known whether SQLite's rollback finished.
struct RunFailure: Error {
    /// What went wrong: `2_tags.sql failed: no such table: Tag`, `interrupted during 2_tags.sql`.
    var what: String
    /// The version the transaction started at, which the file is back at.
    var version: Int
    var status: ExitStatus
    /// The disk was full or a write failed: SQLite's rollback has to be finished (`Migrator.unfinishedRollback`).
    var failedToWrite: Bool
    /// What state the file is in when the rollback could not finish; nil when it is as it was.
    var unfinished: String?
    /// The statement that failed, when a migration's statement did.
    var statement: FailedStatement?

    init(_ what: String, version: Int, status: ExitStatus = .failure, failedToWrite: Bool = false) {
        self.what = what
        self.version = version
        self.status = status
        self.failedToWrite = failedToWrite
    }

    func settled(_ unfinished: String?) -> RunFailure {
        var failure = self
        failure.unfinished = unfinished
        return failure
    }

    /// The one line a user reads; `kept` are the migrations that earlier transactions of the same run
    /// (`--step`) committed.
    func error(kept: [CompletedStep]) -> StrataError {
        let outcome = unfinished ?? (kept.isEmpty ? "nothing was changed (still at version \(version))" : Self.keptText(kept, version: version))
        return StrataError("\(what); \(outcome)", status: status)
    }

    static func keptText(_ kept: [CompletedStep], version: Int) -> String {
        let names = kept.map(\.step.file.fileName).joined(separator: ", ")
        let verb = kept.first?.step.direction == .down ? "reverted" : "applied"
        return "\(names) \(kept.count == 1 ? "was" : "were") \(verb) and kept (--step commits each migration): the file is at version \(version)"
    }
}

/// A `--step` run that failed after committing some migrations: what it kept, and the error.
package struct StepwiseFailure: Error {
    package let kept: MigrationRun
    package let error: StrataError
}

/// A migration's statement that failed, by its file and line: what a failure report names, in fields a
/// JSON writer can take as they are.
package struct FailedStatement: Sendable, Equatable {
    /// The migration file's name, as `3_tags.sql`.
    package var file: String
    /// The line of the file the statement (or `.strata` operation) starts on; nil for SQL that Strata
    /// derived or translated without a line of its own.
    package var line: Int?
    package var direction: MigrationDirection
    /// The statement's SQL, as SQLite reported it.
    package var statement: String?
    /// The migration's version.
    package var version: Int
}
