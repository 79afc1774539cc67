import SQLiteKit
import StrataCore
import StrataQuery
import StrataRender

/// `strata classes FILE`: every class with its kind and exact object count.
struct ClassesCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let listing = ClassListing(json: parsed.format == .json, style: parsed.style(context), maxWidth: context.terminalWidth,
                                   out: context.output(for: parsed.format), err: context.stderr, showsProgress: context.stderrIsTerminal)
        // A class that cannot be read cannot be counted either: the listing says so, once. A .realm file's classes are
        // counted by the file's own tables, without converting a row (with --all its collection tables are counted
        // as any table is).
        let session = try DatabaseSession(parsed, context: context)
        try listing.show(session.classes(parsed), in: session, includesHidden: parsed.flag(Options.all))
    }
}

