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
        // A .realm file's classes are counted by the file's own tables, without converting a row; with --all its
        // collection tables too, whose rows only the conversion counts.
        if !parsed.flag(Options.all), let (session, counts) = try DatabaseSession.realmSchema(parsed) {
            try listing.show(session.classes(parsed), in: session, includesHidden: false, counts: counts)
            return
        }
        // A class that cannot be read cannot be counted either: the listing says so, once.
        let session = try DatabaseSession(parsed, context: context)
        try listing.show(session.classes(parsed), in: session, includesHidden: parsed.flag(Options.all))
    }
}

