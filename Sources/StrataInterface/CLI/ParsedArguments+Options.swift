import StrataCore
import StrataRender

extension ParsedArguments {
    /// `--model PATH` and `--model-version NAME`: the Core Data model that names a store's classes.
    func modelChoice() throws -> SchemaReader.ModelChoice {
        guard let path = value(Options.model) else {
            if let version = value(Options.modelVersion) {
                throw StrataError.usage("--model-version \(version) needs --model PATH (the .xcdatamodeld or .momd it is a version of)")
            }
            return .fromStore
        }
        return .file(path: path, version: value(Options.modelVersion))
    }

    /// `--timeout SECONDS` in milliseconds for SQLite's busy handler.
    func timeoutMilliseconds() throws -> Int32 {
        guard let text = value(Options.timeout) else { return 5000 }
        guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
            throw StrataError.usage("--timeout takes a number of seconds from 0 to 86400, not '\(text)'")
        }
        return Int32((seconds * 1000).rounded())
    }

    /// `--format`, or the command's default: the first of its choices.
    var format: OutputFormat {
        guard let option = command.option(named: "format") else { return .table }
        return (value(option) ?? option.choices.first).flatMap(OutputFormat.init) ?? .table
    }

    /// Color on a terminal that allows it, unless `--no-color`.
    func style(_ context: CLIContext) -> Style {
        Style(isEnabled: context.colorAllowed && !(command.option(named: Options.noColor.name) != nil && flag(Options.noColor)))
    }
}
