import StrataCore
import StrataQuery
import StrataModel

/// `strata model FILE [CLASS…] --to TARGET [--output DIR]`: the file's model written as code for another store.
struct ModelCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    static let classes = ArgumentSpec("CLASS", optional: true, variadic: true, help: "write only these classes (default: every class)")
    static let target = OptionSpec("to", short: "t", value: "TARGET", choices: ModelTarget.allCases.map(\.rawValue),
                                   help: "what to write: \(ModelTarget.allCases.map(\.rawValue).joined(separator: ", ")) (required)")
    static let output = OptionSpec("output", short: "o", value: "DIR",
                                   help: "write the files into DIR (made when missing) instead of printing them")
    static let force = OptionSpec("force", help: "replace files that --output DIR already has")

    func run() throws {
        guard let targetName = parsed.value(Self.target), let target = ModelTarget(rawValue: targetName) else {
            throw StrataError.usage("model needs --to TARGET: one of \(ModelTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let session = try DatabaseSession(parsed, context: context, reportsTableProblems: true)
        let only = parsed.rest.isEmpty ? nil : parsed.rest
        let model = try AppModel(schema: session.schema, only: only, file: session.path)
        if model.classes.isEmpty {
            throw StrataError("\(session.path) has no classes to write" + (model.leftOut.isEmpty ? "" : " (\(model.leftOut.count) left out: views and virtual tables)"))
        }
        let files = target.files(for: model, name: Self.modelName(of: session.path))
        guard let directory = parsed.value(Self.output) else {
            // On stdout: a Core Data package's model (the XML of its contents); else the files one after another,
            // each under a comment naming it when there are several.
            if target == .coreData {
                if let contents = files.first(where: { $0.path.hasSuffix("/contents") }) { context.dataOut.write(contents.contents) }
                return
            }
            for (index, file) in files.enumerated() {
                if files.count > 1 { context.dataOut.write((index > 0 ? "\n" : "") + "\(target.lineComment) \(file.path)\n") }
                context.dataOut.write(file.contents)
            }
            return
        }
        try Self.write(files, into: directory, force: parsed.flag(Self.force))
        for line in model.leftOut { context.stderr.write("strata: note: not written: \(TerminalText.escaped(line))\n") }
        context.stderr.write("wrote \(Plural.counted(files.count, "file")) into \(TerminalText.escaped(directory))\n")
    }

    /// The model's name: the file's, without its folder and extension (`Recipes` for `Store/Recipes.sqlite`).
    static func modelName(of path: String) -> String {
        let name = Platform.fileName(of: path)
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return stem.isEmpty ? "Model" : stem
    }

    /// Writes each file below `directory`, making the folders on its path: all the files or none. Every file is
    /// checked before the first is written, so that a refusal writes nothing; a write that fails midway (a full
    /// disk) takes back the files and folders this run made (a file `--force` replaced stays replaced).
    static func write(_ files: [ModelFile], into directory: String, force: Bool) throws {
        for file in files {
            let path = directory + "/" + file.path
            // A file in a folder that is not there yet has nothing to replace.
            if Platform.entryKind(Platform.directory(of: path)) == .directory {
                try AtomicFile.checkDestination(path, force: force, what: "the model file", forceOption: "--force")
            }
        }
        var made: [String] = []
        do {
            for file in files {
                let path = directory + "/" + file.path
                try makeFolder(Platform.directory(of: path), made: &made)
                let existed = Platform.entryKind(path) != .missing
                try AtomicFile.write(to: path, force: force, what: "the model file") { sink in sink.write(file.contents) }
                if !existed { made.append(path) }
            }
        } catch {
            Platform.removeNow(made.reversed())
            throw error
        }
    }

    /// Makes `path` and the folders above it that are missing, adding each to `made`.
    private static func makeFolder(_ path: String, made: inout [String]) throws {
        switch Platform.entryKind(path) {
        case .directory: return
        case .missing:
            let parent = Platform.directory(of: path)
            if parent != path, Platform.entryKind(parent) == .missing { try makeFolder(parent, made: &made) }
            if let error = Platform.makeDirectory(path) { throw StrataError("cannot make the folder \(path): \(error)") }
            made.append(path)
        default:
            throw StrataError("\(path) is not a folder: --output needs a folder to write into")
        }
    }
}

extension ModelTarget {
    /// How the target's language starts a comment line, for the line naming each file on stdout.
    var lineComment: String { self == .sql ? "--" : "//" }
}
