import SQLiteKit
import StrataCore
import StrataQuery
import StrataRender

/// One REPL command: the table `help` prints and the dispatcher resolves by unique prefix.
struct REPLCommand: Sendable {
    let name: String
    let arguments: String
    let summary: String
    /// More for `help COMMAND`.
    var details = ""
    /// An edit: never run from an abbreviation.
    var changesData = false
    let run: @Sendable (REPL, String) throws -> Void
}

enum REPLCommands {
    static let all: [REPLCommand] = [
        REPLCommand(name: "classes", arguments: "", summary: "the classes with their exact object counts") { repl, _ in
            let listing = ClassListing(json: false, style: repl.style, maxWidth: repl.width, out: repl.out, err: repl.err,
                                       showsProgress: false)
            try listing.show(repl.session.schema.visibleClasses, in: repl.session, includesHidden: false)
        },
        REPLCommand(name: "schema", arguments: "[CLASS]", summary: "the properties of every class, or of one") { repl, argument in
            let classes = argument.isEmpty ? repl.session.schema.visibleClasses : [try repl.classInfo(argument)]
            if argument.isEmpty, let origin = repl.session.schema.coreDataModel { repl.out.write(SchemaRenderer.modelLines(origin) + "\n") }
            repl.out.write(SchemaRenderer.text(classes, maxWidth: repl.width, style: repl.style,
                                               counts: try SchemaCommand.entityCounts(classes, session: repl.session)))
        },
        REPLCommand(name: "show", arguments: "CLASS|QUERY", summary: "browse a class or a query (typing it alone does too)",
                    details: """
                        A query is a class name, WHERE and a predicate, then SORT(…), DISTINCT(…)
                        and LIMIT(…):  Item where name BEGINSWITH[c] "it" AND rank > 3 SORT(rank DESC)
                        SHOW(…) picks the columns: key paths through links, aggregates, AS names:
                          Task SHOW(name, list.name AS list, tags.@count AS tags)
                        Without SORT, DISTINCT or LIMIT, pages follow the object key: as fast deep
                        in a class as at its start.
                        """) { repl, argument in
            guard !argument.isEmpty else { throw StrataError("show needs a class name or a query") }
            try repl.browse(argument)
        },
        move("next", "the next page") { browser, session, _ in try browser.next(session) },
        move("prev", "the previous page") { browser, session, _ in try browser.previous(session) },
        move("first", "the first page") { browser, session, _ in try browser.first(session) },
        move("last", "the last page") { browser, session, _ in try browser.last(session) },
        move("page", arguments: "N", "page N of the current result") { browser, session, argument in
            guard let number = Int(argument) else { throw StrataError("page needs a page number, as in 'page 3'") }
            try browser.page(number, session)
        },
        REPLCommand(name: "count", arguments: "", summary: "the number of objects in the current result") { repl, _ in
            let browser = try repl.currentBrowser()
            let count = try browser.count(repl.session)
            let (one, many) = browser.sql == nil ? ("object", "objects") : ("row", "rows")
            repl.out.write("\(count) \(count == 1 ? one : many)\n")
        },
        REPLCommand(name: "open", arguments: "[CLASS] KEY|#ROW", summary: "one object, by its key or its row on the page",
                    details: """
                        Shows every property: links as → Class KEY, lists as [n] Class with their
                        first objects, backlinks with their counts.
                        """) { repl, argument in
            try repl.open(argument)
        },
        REPLCommand(name: "follow", arguments: "PROPERTY", summary: "go into a link, list or backlink of the open object") { repl, argument in
            try repl.follow(argument)
        },
        REPLCommand(name: "back", arguments: "", summary: "return to the result or object shown before") { repl, _ in
            try repl.back()
        },
        REPLCommand(name: "mode", arguments: "FORMAT", summary: "how pages are printed: table, vertical, json, ndjson, csv, markdown",
                    details: """
                        A table too wide for the terminal even with its columns cut short shows
                        its objects vertically instead.
                        """) { repl, argument in
            let allowed: [OutputFormat] = [.table, .vertical, .json, .ndjson, .csv, .markdown]
            guard let format = OutputFormat(rawValue: argument.lowercased()), allowed.contains(format) else {
                throw StrataError("mode takes one of: " + allowed.map(\.rawValue).joined(separator: ", "))
            }
            repl.format = format
            repl.status.write("mode \(format.rawValue)\n")
        },
        REPLCommand(name: "width", arguments: "N|auto", summary: "fit tables to N columns, or to the terminal") { repl, argument in
            if argument == "auto" {
                repl.fixedWidth = nil
            } else if let width = Int(argument), width >= 20 {
                repl.fixedWidth = width
            } else {
                throw StrataError("width takes a number of columns from 20 up, or auto")
            }
            repl.status.write("width \(repl.fixedWidth.map(String.init) ?? "auto")\n")
        },
        REPLCommand(name: "export", arguments: "FILE [OPTIONS]", summary: REPL.exportSpec.summary,
                    details: """
                        --format csv|json|ndjson  the format; by default the extension's
                                                  (.csv, .json, .ndjson or .jsonl)
                        --force                   replace FILE if it exists
                        Streams every object, in the order pages show them, into a temporary
                        file that replaces FILE only when complete: Ctrl-C or an error leaves
                        FILE as it was.
                        """) { repl, argument in
            try repl.export(argument)
        },
        REPLCommand(name: "sql", arguments: "STATEMENT", summary: "run an SQL statement that only reads") { repl, argument in
            try repl.runSQL(argument)
        },
    ] + editCommands + [
        REPLCommand(name: "help", arguments: "[COMMAND]", summary: "list the commands, or explain one") { repl, argument in
            repl.out.write(try help(argument, width: repl.width))
        },
        REPLCommand(name: "quit", arguments: "", summary: "leave (also exit, or Ctrl-D)") { repl, _ in repl.quit() },
        REPLCommand(name: "exit", arguments: "", summary: "leave") { repl, _ in repl.quit() },
    ]

    /// A command that moves through the current result, then shows the page it landed on.
    static func move(_ name: String, arguments: String = "", _ summary: String,
                     _ body: @escaping @Sendable (ResultPager, DatabaseSession, String) throws -> Void) -> REPLCommand
    {
        REPLCommand(name: name, arguments: arguments, summary: summary) { repl, argument in
            try body(try repl.currentBrowser(), repl.session, argument)
            try repl.showPage()
        }
    }

    /// The command a word names: exactly, or as the unique command it begins; nil when it begins none.
    /// Commands that change the database are never guessed from a beginning: they must be typed whole.
    static func resolve(_ word: String) throws -> REPLCommand? {
        let lower = word.lowercased()
        if let exact = all.first(where: { $0.name == lower }) { return exact }
        let matches = all.filter { $0.name.hasPrefix(lower) && !$0.changesData }
        if matches.count > 1 && !lower.isEmpty {
            throw StrataError("'\(word)' could be " + matches.map(\.name).joined(separator: ", "))
        }
        return matches.first
    }

    /// The list of commands, or one command explained; every line within `width` cells (nil: no limit).
    static func help(_ name: String, width: Int? = nil) throws -> String {
        func paragraph(_ text: String, indent: Int = 0, hanging: Int = 0) -> String {
            let pad = String(repeating: " ", count: indent)
            // A line that fits keeps its own spacing (details align their columns).
            guard let width, TextWidth.width(text) > width - indent else { return pad + text + "\n" }
            return TextWidth.wrap(text, to: width - indent, indent: hanging).map { pad + $0 + "\n" }.joined()
        }
        if !name.isEmpty {
            guard let command = try resolve(name) else { throw StrataError("no command '\(name)'") }
            return paragraph("\(command.name) \(command.arguments)".trimmingSpaces, hanging: 2)
                + paragraph(command.summary, indent: 2)
                + command.details.split(separator: "\n").map { paragraph(String($0), indent: 2) }.joined()
        }
        let column = all.map { TextWidth.width($0.name + " " + $0.arguments) }.max() ?? 0
        var text = paragraph("Commands (any unique beginning works, as in 'n' for next):")
        for command in all {
            let usage = (command.name + " " + command.arguments).trimmingSpaces
            if let width, width - column - 4 < 24 {
                // Too narrow for two columns: the usage, then the summary below it.
                text += paragraph(usage, indent: 2, hanging: 2) + paragraph(command.summary, indent: 6)
            } else {
                let summary = width.map { TextWidth.wrap(command.summary, to: $0 - column - 4) } ?? [command.summary]
                text += "  " + TextWidth.pad(usage, to: column) + "  " + summary[0] + "\n"
                for line in summary.dropFirst() { text += String(repeating: " ", count: column + 4) + line + "\n" }
            }
        }
        text += paragraph("A line that starts with a class name is a query:")
        text += paragraph("Task where isCompleted == false SORT(name)", indent: 2)
        text += paragraph("Edits (write on first) are typed whole: set, new, delete, list, update, undo, redo.")
        return text
    }
}

