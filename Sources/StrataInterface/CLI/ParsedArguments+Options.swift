import RealmFile
import StrataCore
import StrataRender

extension ParsedArguments {
    /// `--model PATH` and `--model-version NAME`: the Core Data model that names a store's classes.
    func modelChoice() throws -> SchemaReader.ModelChoice {
        // `sql` reads tables as stored: it takes no model.
        guard command.option(named: Options.model.name) != nil else { return .fromStore }
        guard let path = value(Options.model) else {
            if let version = value(Options.modelVersion) {
                throw StrataError.usage("--model-version \(version) needs --model PATH (the .xcdatamodeld or .momd it is a version of)")
            }
            return .fromStore
        }
        return .file(path: path, version: value(Options.modelVersion))
    }

    /// `--realm-dates seconds|ms`: the unit of a `.realm` file's old DateTime columns (seconds for a command that
    /// has no such option).
    func realmDates() -> RealmDateUnit {
        guard command.option(named: Options.realmDates.name) != nil, let text = value(Options.realmDates) else { return .seconds }
        return RealmDateUnit(rawValue: text) ?? .seconds
    }

    /// The key of an encrypted `.realm` file: `--key-file PATH` (128 hex digits or 64 bytes), else the
    /// `STRATA_REALM_KEY` variable (128 hex digits); nil when neither is given. A key is never taken from the
    /// command line itself, where `ps` would show it.
    /// - Throws: `StrataError` for a key file that cannot be read, or a key that is not 64 bytes.
    func realmKey() throws -> [UInt8]? {
        do {
            if command.option(named: Options.keyFile.name) != nil, let path = value(Options.keyFile) {
                // A key file is small: its first 4 KiB and one byte tell a key from anything else.
                guard Platform.fileKind(path) == .regular, let bytes = Platform.readPrefix(path, count: 4097) else {
                    throw StrataError("--key-file \(path): no such file, or not a file that can be read")
                }
                guard bytes.count <= 4096 else {
                    throw StrataError("--key-file \(path): a Realm key is 128 hex digits or 64 bytes, and this file holds more than 4096 bytes")
                }
                return try RealmEncryption.key(from: bytes, source: "--key-file \(path)")
            }
            if let entered = RealmKeyPrompt.entered { return entered }
            if let text = Platform.environment("STRATA_REALM_KEY"), !text.isEmpty {
                return try RealmEncryption.key(from: Array(text.utf8), source: "STRATA_REALM_KEY")
            }
            return nil
        } catch let error as RealmReadError {
            throw StrataError(error.message)
        }
    }

    /// `--timeout SECONDS` in milliseconds for SQLite's busy handler.
    func timeoutMilliseconds() -> Int32 {
        guard case .number(let seconds)? = parsed(Options.timeout) else { return 5000 }
        return Int32((seconds * 1000).rounded())
    }

    /// The cells table output (and vertical output) must fit: `--width N`, `--width none` for no limit, else the
    /// terminal's width (or `COLUMNS`), else, for a table going to a pipe or a file, `pipedTableWidth`.
    func outputWidth(_ context: CLIContext, format: OutputFormat) -> Int? {
        switch parsed(Options.width) {
        case .unlimited?: return nil
        case .integer(let width)?: return width
        default: break
        }
        if let width = context.terminalWidth { return width }
        return format == .table ? Self.pipedTableWidth : nil
    }

    /// How wide a table written to a pipe or a file is by default: as wide as a wide terminal.
    static let pipedTableWidth = 200

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
