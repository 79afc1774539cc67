import StrataCore
import StrataMigrate
import StrataRender

/// `strata migrate plan FILE`: the exact SQL a run would execute, rehearsed on a copy of the schema, with
/// lint's warnings. Changes nothing.
extension MigrateCommand {
    func plan() throws {
        let target = target()
        let plan = try readingMigrator { try $0.plan(to: target, translated: true) }
        // Lint's findings of each file the plan runs up, by file name.
        let findings = Dictionary(grouping: try plan.steps.filter { $0.direction == .up }.flatMap { try MigrationLint.check($0.file) }, by: \.file)
        for warning in plan.warnings { context.stderr.write("strata: warning: \(warning)\n") }
        if parsed.flag(Options.json) {
            let value = JSONValue.object([
                ("file", .string(file)), ("from", .int(Int64(plan.from))), ("to", .int(Int64(plan.to))),
                ("steps", .array(plan.steps.map { step in
                    .object([("version", .int(Int64(step.file.version))), ("file", .string(step.file.fileName)),
                             ("direction", .string(step.direction.rawValue)), ("sql", .string(step.sql)), ("derived", .bool(step.isDerived)),
                             ("warnings", .array((findings[step.file.fileName] ?? []).map(Self.json)))])
                })),
            ])
            context.stdout.write(value.serialized(pretty: true) + "\n")
            return
        }
        guard !plan.steps.isEmpty else {
            context.stdout.write("\(file) is at version \(plan.from): nothing to apply\n")
            return
        }
        context.dataOut.write("-- \(file): version \(plan.from) to \(plan.to), in one transaction\n")
        for step in plan.steps {
            context.dataOut.write("\n-- \(step.title)\n")
            if step.isDerived { context.dataOut.write("-- derived: the inverse of each statement of its up section, newest first\n") }
            for finding in findings[step.file.fileName] ?? [] {
                context.dataOut.write("-- warning: line \(finding.line): \(finding.code.rawValue) \(finding.message)\n")
            }
            context.dataOut.write(step.sql.hasSuffix("\n") ? step.sql : step.sql + "\n")
        }
    }
}
