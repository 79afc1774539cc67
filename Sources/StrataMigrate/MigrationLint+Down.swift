/// Lint for the part of a migration that runs going down, so that `migrate --to` asks before a
/// destructive down step as `migrate` does before a destructive up step.
extension MigrationLint {
    /// The findings of what undoes `file`: a `.sql` file's `-- strata:down` section, on the file's own
    /// lines; a `.strata` file's `down { … }` block, else the inverse of each operation (the inverse of
    /// `add class` deletes the class), on the lines of the operations. Empty when there is no way down
    /// (the plan refuses that step anyway).
    /// - Throws: `StrataError` "FILE:LINE: message" when a `.strata` file does not parse.
    package static func checkDown(_ file: MigrationFile) throws -> [LintFinding] {
        switch file.kind {
        case .sql:
            // What the plan runs going down: the down section when it holds a statement, else the inverse
            // Strata derives from the up section (a CREATE TABLE undone is a DROP TABLE).
            if let down = file.sections.down, down.hasStatement {
                return try checkSQL(down, file: file.fileName)
            }
            guard let derived = try SQLInverse.derive(file.sections.up) else { return [] }
            // The derived statements have no line of their own: their findings point at the up section.
            return checkSQL(derived, file: file.fileName, firstLine: 1).map { finding in
                LintFinding(file: finding.file, line: file.sections.firstLine(.up), code: finding.code,
                            message: "going down, the derived " + finding.message)
            }
        case .strata:
            let down = try StrataScript.parse(file.text, file: file.fileName).wayDown ?? []
            return checkOperations(down, file: file.fileName, going: "going down, ")
        }
    }
}
