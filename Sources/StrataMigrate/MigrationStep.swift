import SQLiteKit
import StrataCore

/// One migration of a plan: a file's up part, or, going down, the part that undoes it.
package struct MigrationStep: Sendable {
    /// What a step runs.
    enum Body: Sendable {
        /// A `.sql` file's section, as written (or SQL Strata derived from it), read from the file chunk by chunk
        /// as it runs.
        case sql(SQLSection)
        /// A `.strata` file's operations, each translated just before it runs against the schema the
        /// ones before it left.
        case operations([StrataScript.Entry])
    }

    package let file: MigrationFile
    package let direction: MigrationDirection
    let body: Body
    /// What runs, as `migrate plan` shows it, when the plan was made `translated` (empty otherwise): a `.sql` file's
    /// section as written, the SQL of a `.strata` file's operations.
    package internal(set) var sql = ""
    /// The line of the file a `.sql` body starts on; nil for SQL that Strata derived (`SQLInverse`) and
    /// for `.strata` operations, which carry their own lines.
    let firstLine: Int?

    /// - Throws: `StrataError` when the step holds a statement that cannot run inside the run's transaction.
    init(file: MigrationFile, direction: MigrationDirection, body: Body, firstLine: Int? = nil) throws {
        self.firstLine = firstLine
        let reason = switch body {
        case .sql(let section): section.notInTransaction
        case .operations(let entries):
            SQLScript.notInTransaction(entries.compactMap { if case .sql(let text) = $0.operation { text } else { nil } }.joined(separator: ";\n"))
        }
        (self.file, self.direction, self.body) = (file, direction, body)
        if let reason {
            throw StrataError("\(title): \(reason)", code: .invalidMigration,
                              site: ErrorSite(file: file.fileName, version: file.version, direction: direction))
        }
    }

    /// True for a `.sql` file's way down that Strata derived from its up section (`SQLInverse`).
    package var isDerived: Bool {
        if case .sql = body, direction == .down, firstLine == nil { true } else { false }
    }

    /// The file's name, and `(down)` after it going down: how messages and the plan name the step.
    package var title: String { file.fileName + (direction == .down ? " (down)" : "") }

    /// The line of the file of the statement that raised `error` (`SQLSection.Failure`), when the body is the
    /// file's SQL.
    func line(of error: any Error) -> Int? {
        guard case .sql = body, firstLine != nil, let failure = error as? SQLSection.Failure else { return nil }
        return failure.line
    }

    /// Where a failure of this step happened, as messages begin: `FILE:LINE` (and ` (down)`) when the
    /// line is known, else the title.
    func place(of error: any Error) -> String {
        guard let line = line(of: error) else { return title }
        return "\(file.fileName):\(line)" + (direction == .down ? " (down)" : "")
    }
}
