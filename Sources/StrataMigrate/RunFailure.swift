import SQLiteKit
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
    /// What a script branches on: `statementFailed`, `diskFull`, `brokenLinks`, `interrupted`, ….
    var code: ErrorCode
    /// The migration's file, line, statement and version, when one of its statements failed.
    var site: ErrorSite?

    init(_ what: String, version: Int, status: ExitStatus = .failure, code: ErrorCode? = nil, failedToWrite: Bool = false) {
        self.what = what
        self.version = version
        self.status = status
        self.code = code ?? ErrorCode(status: status)
        self.failedToWrite = failedToWrite
    }

    /// A migration's statement that failed: `statementFailed` at its file and line, or `diskFull` and
    /// `ioError` when SQLite could not write.
    static func statement(_ what: String, step: MigrationStep, line: Int?, cause: any Error, version: Int) -> RunFailure {
        let sqlite = cause as? SQLiteError
        let written = sqlite.map(DatabaseFile.code(of:)).flatMap { [.diskFull, .ioError].contains($0) ? $0 : nil }
        var failure = RunFailure(what, version: version, code: written ?? .statementFailed, failedToWrite: written != nil)
        failure.site = ErrorSite(file: step.file.fileName, line: line, statement: sqlite?.sql.map(Self.withoutLeadingComments), version: step.file.version,
                                 direction: step.direction)
        return failure
    }

    /// A statement as a pipeline shows it: without the comments and blank lines before it (the ones `migrate new`
    /// writes, say), which SQLite keeps as part of the statement's text.
    static func withoutLeadingComments(_ sql: String) -> String {
        var rest = Substring(sql)
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
                rest = rest[end.upperBound...]
            } else {
                return String(rest)
            }
        }
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
        return StrataError("\(what); \(outcome)", status: status, code: code, site: site)
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
