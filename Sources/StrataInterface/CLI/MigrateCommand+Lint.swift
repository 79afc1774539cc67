import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate lint DIR`: the risky and destructive steps of every file, with codes and lines; exit 1
/// when one is destructive, or when a file does not parse.
extension MigrateCommand {
    func lint() throws {
        let findings = try reportingFailure {
            let files = try MigrationDirectory.load(parsed.required(Commands.migrationsDirectory))
            try MigrationLint.checkProperties(files)
            return try files.flatMap(MigrationLint.check)
        }
        if parsed.flag(Options.json) {
            context.stdout.write(JSONValue.array(findings.map(Self.json)).serialized(pretty: true) + "\n")
        } else {
            for finding in findings {
                context.stdout.write("\(finding.file):\(finding.line): \(finding.code.rawValue) \(finding.severity.rawValue): \(finding.message)\n")
            }
        }
        let destructive = findings.filter { $0.severity == .destructive }.count
        if destructive > 0 { throw StrataError("\(destructive) destructive step\(destructive == 1 ? "" : "s")") }
    }

    /// A finding as `--json` prints it, in `migrate lint` and in `migrate plan`'s warnings.
    static func json(_ finding: LintFinding) -> JSONValue {
        .object([("file", .string(finding.file)), ("line", .int(Int64(finding.line))), ("code", .string(finding.code.rawValue)),
                 ("severity", .string(finding.severity.rawValue)), ("message", .string(finding.message))])
    }
}
