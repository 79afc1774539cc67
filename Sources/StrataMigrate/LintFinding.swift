/// A risky or destructive step of a migration file: its code, the line it starts on, and what it does.
package struct LintFinding: Sendable, Equatable {
    package let file: String
    package let line: Int
    package let code: LintCode
    /// What this step does, in the file's own terms (`DROP TABLE …` in SQL, `delete class …` in `.strata`).
    package let message: String

    package var severity: LintCode.Severity { code.severity }
}
