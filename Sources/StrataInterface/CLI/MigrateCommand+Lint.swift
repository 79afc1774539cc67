import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate lint DIR`: the errors, destructive and risky steps of every file, with codes and lines;
/// exit 1 on an error or a destructive step (on a risky one too with `--strict`), or when a file does not parse.
extension MigrateCommand {
    func lint() throws {
        let files = try MigrationDirectory.load(parsed.required(Commands.migrationsDirectory))
        try MigrationLint.checkProperties(files)
        let findings = try files.flatMap(MigrationLint.check)
        if parsed.flag(Options.json) {
            context.stdout.write(JSONValue.array(findings.map(Self.json)).serialized(pretty: true) + "\n")
        } else {
            for finding in findings {
                context.stdout.write("\(finding.file):\(finding.line): \(finding.code.rawValue) \(finding.severity.rawValue): \(finding.message)\n")
            }
        }
        let counts = LintCode.Severity.allCases.map { severity in (severity, findings.filter { $0.severity == severity }.count) }
        let failing = counts.filter { $0.0.failsLint || parsed.flag(Options.strictLint) }.filter { $0.1 > 0 }
        guard !failing.isEmpty else { return }
        throw StrataError(failing.map { Self.countText($0.1, $0.0) }.joined(separator: ", ") + (failing.contains { !$0.0.failsLint } ? " (--strict fails on warnings)" : ""))
    }

    /// `1 error`, `2 destructive steps`, `1 warning`.
    static func countText(_ count: Int, _ severity: LintCode.Severity) -> String {
        let noun = switch severity { case .error: "error"; case .destructive: "destructive step"; case .risky: "warning" }
        return "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A finding as `--json` prints it, in `migrate lint` and in `migrate plan`'s warnings.
    static func json(_ finding: LintFinding) -> JSONValue {
        .object([("file", .string(finding.file)), ("line", .int(Int64(finding.line))), ("code", .string(finding.code.rawValue)),
                 ("severity", .string(finding.severity.rawValue)), ("message", .string(finding.message))])
    }
}
