import StrataCore
import StrataQuery

extension DatabaseSession {
    /// Opens `FILE` read-only and reads its schema; the schema reader's warnings go to stderr.
    init(_ parsed: ParsedArguments, context: CLIContext) throws {
        let (session, warnings) = try DatabaseSession.open(parsed.required(Arguments.file), timeout: try parsed.timeoutMilliseconds())
        for warning in warnings { context.stderr.write("strata: warning: \(warning)\n") }
        self = session
    }

    /// The classes a command shows: visible ones, or all with `--all`.
    func classes(_ parsed: ParsedArguments) -> [ClassInfo] {
        parsed.flag(Options.all) ? schema.classes : schema.visibleClasses
    }
}
