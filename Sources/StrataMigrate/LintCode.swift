/// What `migrate lint` finds in a migration: each code with how bad it is and what it means, the one
/// definition that the findings, `strata help migrate lint`, the JSON output and the manual follow.
package enum LintCode: String, CaseIterable, Sendable {
    case dropTable = "S001"
    case dropColumn = "S002"
    case deleteWithoutWhere = "S003"
    case updateWithoutWhere = "S004"
    case requiredColumnWithoutDefault = "S005"
    case notInTransaction = "S006"
    case noWayDown = "S007"
    case emptyUp = "S008"

    /// How bad a finding is.
    package enum Severity: String, CaseIterable, Sendable {
        /// The migration cannot be applied as it is: `migrate lint` exits with status 1, and `migrate` refuses it.
        case error
        /// Loses data: `migrate lint` exits with status 1, and `migrate` applies it only with `--yes` or
        /// after asking.
        case destructive
        /// A warning: may fail, or cannot be undone. `migrate lint` exits with status 0, 1 with `--strict`.
        case risky

        /// True for the findings that make `migrate lint` fail without `--strict`.
        package var failsLint: Bool { self != .risky }
    }

    package var severity: Severity {
        switch self {
        case .emptyUp: .error
        case .dropTable, .dropColumn, .deleteWithoutWhere: .destructive
        case .updateWithoutWhere, .requiredColumnWithoutDefault, .notInTransaction, .noWayDown: .risky
        }
    }

    /// What the code finds, in a few words.
    var summary: String {
        switch self {
        case .dropTable: "DROP TABLE"
        case .dropColumn: "DROP COLUMN"
        case .deleteWithoutWhere: "DELETE without WHERE"
        case .updateWithoutWhere: "UPDATE without WHERE"
        case .requiredColumnWithoutDefault: "ADD COLUMN NOT NULL without DEFAULT"
        case .notInTransaction: "a statement that cannot run in a transaction"
        case .noWayDown: "no way down, and none derived"
        case .emptyUp: "nothing to run going up"
        }
    }

    /// Every code with its summary, grouped by severity, for `strata help migrate lint`:
    /// `S008 nothing to run going up (error); S001 DROP TABLE, … (destructive); S004 UPDATE without WHERE, … (risky)`.
    package static var helpSummary: String {
        Severity.allCases.map { severity in
            allCases.filter { $0.severity == severity }.map { "\($0.rawValue) \($0.summary)" }.joined(separator: ", ")
                + " (\(severity.rawValue))"
        }.joined(separator: "; ")
    }
}
