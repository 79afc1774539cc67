import StrataCore
import StrataQuery

extension DatabaseSession {
    /// Opens `FILE` read-only and reads its schema; the schema reader's warnings go to stderr.
    ///
    /// - Parameter recovering: roll back a hot journal (saying so) instead of refusing the file: for commands
    ///   about to write.
    init(_ parsed: ParsedArguments, context: CLIContext, recovering: Bool = false) throws {
        let stderr = context.stderr
        let (session, warnings) = try DatabaseSession.open(parsed.required(Arguments.file), timeout: try parsed.timeoutMilliseconds(),
                                                           recoverHotJournal: recovering, model: try parsed.modelChoice(), note: { stderr.write("strata: note: \($0)\n") })
        for warning in warnings { context.stderr.write("strata: warning: \(warning)\n") }
        self = session
    }

    /// The classes a command shows: visible ones, or all with `--all`.
    func classes(_ parsed: ParsedArguments) -> [ClassInfo] {
        parsed.flag(Options.all) ? schema.classes : schema.visibleClasses
    }
}
