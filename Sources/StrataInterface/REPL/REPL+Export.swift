import SQLiteKit
import StrataCore
import StrataRender

/// `export FILE [--format csv|json|ndjson] [--force]`: the whole current result into a file.
extension REPL {
    static let exportSpec = CommandSpec(
        name: "export",
        summary: "write the whole current result to a file",
        arguments: [ArgumentSpec("FILE", help: "the file to write; ~/ is the home folder")],
        options: [exportFormat, Options.forceReplace])

    static let exportFormat = OptionSpec("format", value: "FORMAT", choices: ["csv", "json", "ndjson"],
                                         help: "the file's format; by default its extension's (.csv, .json, .ndjson or .jsonl)")

    /// Streams every object of the current result, in the order the browser shows them, into a temporary
    /// file that replaces FILE only once complete; Ctrl-C or an error leaves FILE as it was.
    func export(_ argument: String) throws {
        let browser = try currentBrowser()
        let parsed = try ArgumentParser.parse(try Self.words(argument), for: Self.exportSpec, helpCommand: "help export")
        let path = Platform.expandingHome(parsed.required(Arguments.file))
        try AtomicFile.checkDestination(path, force: parsed.flag(Options.forceReplace), what: "the export", input: session.path)
        let format = try Self.exportFormat(parsed.value(Self.exportFormat), path: path)
        let total = browser.total
        let (one, many) = browser.sql == nil ? ("object", "objects") : ("row", "rows")
        let progress = reader.isInteractive ? ProgressLine() : nil
        defer { progress?.finish() }
        var written = 0
        /// Writes each row the statement steps to, with a progress line on a terminal.
        func stream(_ statement: Statement, columns: [ResultColumn], className: String, into sink: TextSink) throws {
            let writer = ResultWriter(format: format, columns: columns, className: className, sink: sink,
                                      style: Style(isEnabled: false), maxWidth: nil)
            writer.begin()
            // Encoded on the second core while SQLite reads on this one.
            let pipe = Platform.processorCount > 1 ? PipedResultWriter(writer, sink: sink) : nil
            defer { pipe?.finish() }
            try session.runner.step(statement) { statement in
                if let pipe { pipe.write(statement) } else { writer.write(statement) }
                written += 1
                if written % 4096 == 0 { progress?.update("exporting: \(written)" + (total.map { " of \($0)" } ?? "") + " \(many)…") }
                return !(pipe?.isClosed ?? sink.isClosed)
            }
            pipe?.finish()
            writer.end()
        }
        if let sql = browser.sql {
            try AtomicFile.write(to: path, force: parsed.flag(Options.forceReplace), what: "the export") { sink in
                do {
                    try session.connection.withReadOnlyStatement(sql) { statement in
                        let columns = statement.columnNames.map { ResultColumn(property: Property(name: $0, type: .any)) }
                        try stream(statement, columns: columns, className: "row", into: sink)
                    }
                } catch let error as ReadOnlySQLError {
                    throw StrataError("sql only reads: \(error.reason)")
                }
            }
        } else {
            let compiled = try browser.compileWhole(session)
            try AtomicFile.write(to: path, force: parsed.flag(Options.forceReplace), what: "the export") { sink in
                try stream(try session.runner.prepare(compiled, text: ""), columns: compiled.columns, className: compiled.classInfo.name,
                           into: sink)
            }
        }
        progress?.finish()
        status.write("exported \(written) \(written == 1 ? one : many) to \(path)\n")
    }

    static func exportFormat(_ option: String?, path: String) throws -> OutputFormat {
        if let option, let format = OutputFormat(rawValue: option) { return format }
        let name = Platform.fileName(of: path).lowercased()
        for (suffix, format) in [(".csv", OutputFormat.csv), (".json", .json), (".ndjson", .ndjson), (".jsonl", .ndjson)]
        where name.hasSuffix(suffix) {
            return format
        }
        throw StrataError("cannot tell the format of \(path) from its name: add --format csv, json or ndjson")
    }

    /// Splits a command's arguments into words as a shell does: blanks separate them, and '…' or "…"
    /// keeps blanks in (a backslash escapes the next character outside single quotes).
    static func words(_ text: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                word.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if quote != nil { throw StrataError("unterminated quote in: \(text)") }
        if inWord { words.append(word) }
        return words
    }
}
