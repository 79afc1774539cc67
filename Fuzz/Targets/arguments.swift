// libFuzzer target: the command line — the input split into arguments (at NUL bytes when it has any, else at line
// breaks), tokenized, resolved to a subcommand (under migrate; no file exists), then parsed for every command (`open`, `query`, `migrate plan`, `help`, …), and the options that
// read a value at once (`--timeout`, `--model` with `--model-version`, `--format`) read from what parsed. Any input
// must end in parsed arguments or a StrataError of one line (as the CLI shows it) with the usage status: never a
// crash, a hang or another error.
import StrataCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let separator = bytes.contains(0) ? UInt8(0) : UInt8(ascii: "\n")
    let arguments = bytes.split(separator: separator, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    sink &+= ArgumentTokenizer.tokens(arguments).count
    for command in Commands.all {
        do {
            // The subcommand a line chooses is one of the command's, and it is parsed from what is left.
            let (chosen, rest) = try ArgumentParser.resolve(arguments, under: command, exists: { _ in false })
            guard chosen.name == command.name || command.subcommands.contains(where: { $0.name == chosen.name }),
                  rest.count <= arguments.count
            else { fail(arguments, "\(command.displayName) resolved to \(chosen.displayName) leaving \(rest.count) arguments") }
            sink &+= rest.count
            let parsed = try ArgumentParser.parse(arguments, for: command, helpCommand: size % 2 == 0 ? nil : "help")
            sink &+= parsed.rest.count &+ parsed.format.rawValue.utf8.count
            if command.option(named: Options.timeout.name) != nil { sink &+= Int(try parsed.timeoutMilliseconds()) }
            if case .file(let path, _) = try parsed.modelChoice() { sink &+= path.utf8.count }
        } catch let error as StrataError {
            guard error.status == .usage, !error.message.isEmpty,
                  !TerminalText.escaped(error.message).contains(where: \.isNewline)
            else {
                fail(arguments, "\(command.displayName): status \(error.status), message \(String(reflecting: error.message))")
            }
        } catch {
            fail(arguments, "\(command.displayName) threw \(type(of: error)), not a StrataError: \(error)")
        }
    }
    return 0
}

private func fail(_ arguments: [String], _ message: String) -> Never {
    fatalError("\(String(reflecting: Array(arguments.prefix(20)))): \(message)")
}

nonisolated(unsafe) private var sink = 0
