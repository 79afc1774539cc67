import StrataCore
import StrataQuery
import StrataRender

/// `strata schema FILE [CLASS]`: properties, types, keys, links, lists, backlinks and indexes.
struct SchemaCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let session = try DatabaseSession(parsed, context: context)
        let classes: [ClassInfo]
        if let name = parsed.argument(Commands.classFilter) {
            classes = [try session.findClass(name, includeHidden: parsed.flag(Options.all))]
        } else {
            classes = session.classes(parsed)
        }
        if parsed.format == .json {
            context.dataOut.write(SchemaRenderer.json(classes).serialized(pretty: true) + "\n")
        } else if classes.isEmpty {
            context.stderr.write(ClassListing.noClasses(in: session.path, includesHidden: parsed.flag(Options.all)))
        } else {
            context.stdout.write(SchemaRenderer.text(classes, maxWidth: context.terminalWidth, style: parsed.style(context)))
        }
    }
}
