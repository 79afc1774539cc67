import StrataCore
import StrataRender

/// With `--json`, a command's failure is a JSON document on stdout too, so that a script reading the JSON
/// learns why without parsing stderr:
///
///     {"error": {"code": "statementFailed", "message": "…", "file": "3_tags.sql", "line": 14,
///                "statement": "…", "version": 3, "direction": "up"}, "exitStatus": 1}
///
/// `code` is one of `ErrorCode`'s words (`man strata`, JSON OUTPUT); the members of the site are there only
/// when they apply. The stderr line and the exit status are those of any error.
enum ErrorDocument {
    /// The `error` object: code, message and the error's site.
    static func object(_ error: StrataError) -> JSONValue {
        var members: [(String, JSONValue)] = [("code", .string(error.code.rawValue)), ("message", .string(error.message))]
        if let site = error.site {
            if let file = site.file { members.append(("file", .string(file))) }
            if let line = site.line { members.append(("line", .int(Int64(line)))) }
            if let statement = site.statement { members.append(("statement", .string(statement))) }
            if let version = site.version { members.append(("version", .int(Int64(version)))) }
            if let direction = site.direction { members.append(("direction", .string(direction.rawValue))) }
        }
        return .object(members)
    }

    /// The whole document of a run that failed.
    static func document(_ error: StrataError) -> String {
        JSONValue.object([("error", object(error)), ("exitStatus", .int(Int64(error.status.rawValue)))]).serialized(pretty: true) + "\n"
    }

    /// True when the arguments run a command that has `--json` and give it (before a `--`).
    static func isRequested(by arguments: [String]) -> Bool {
        guard let name = arguments.first, let named = Commands.named(name) else { return false }
        let (command, rest) = ArgumentParser.subcommand(of: Array(arguments.dropFirst()), under: named)
        guard command.option(named: Options.json.name) != nil else { return false }
        return rest.prefix { $0 != "--" }.contains("--" + Options.json.name)
    }
}

/// Passes text on and remembers whether any was written: a command that printed its JSON document before
/// failing (lint's findings, a summary of many files) gets no second one.
final class WatchedSink: TextSink {
    let base: TextSink
    private(set) var wasWritten = false

    init(_ base: TextSink) { self.base = base }

    func write(_ text: String) {
        if !text.isEmpty { wasWritten = true }
        base.write(text)
    }

    func write(bytes: [UInt8]) {
        if !bytes.isEmpty { wasWritten = true }
        base.write(bytes: bytes)
    }

    var isClosed: Bool { base.isClosed }
    func flush() { base.flush() }
}
