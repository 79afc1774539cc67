import SQLiteKit
import StrataCore
import StrataQuery
import StrataRender

/// `strata classes FILE`: every class with its kind and exact object count.
struct ClassesCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        // A class that cannot be read cannot be counted either: the listing says so, once.
        let session = try DatabaseSession(parsed, context: context)
        let listing = ClassListing(json: parsed.format == .json, style: parsed.style(context), maxWidth: context.terminalWidth,
                                   out: context.output(for: parsed.format), err: context.stderr, showsProgress: context.stderrIsTerminal)
        try listing.show(session.classes(parsed), in: session, includesHidden: parsed.flag(Options.all))
    }
}

