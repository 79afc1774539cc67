import RealmConvert
import StrataCore
import StrataQuery

/// `strata completion bash|zsh|fish`: a completion script generated from the command table;
/// `strata completion classes FILE`: the class names the scripts offer, one a line.
struct CompletionCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    static let topic = ArgumentSpec("SHELL", help: "bash, zsh or fish: the shell to print a script for; or classes, to list FILE's class names")
    static let file = ArgumentSpec("FILE", optional: true, help: "with classes: the database file whose class names to print")

    /// The shells there are scripts for.
    static let shells = ["bash", "zsh", "fish"]
    /// The word that asks for class names instead of a script.
    static let classesWord = "classes"
    /// What may follow `strata completion`.
    static let topics = shells + [classesWord]

    /// How long `completion classes` waits for another process's lock: a completion must come back at once.
    static let lockTimeout: Int32 = 500

    func run() throws {
        let topic = parsed.required(Self.topic)
        let file = parsed.argument(Self.file)
        if topic == Self.classesWord {
            guard let file else { throw StrataError.usage("missing FILE for 'completion classes' (see 'strata help completion')") }
            try listClasses(of: file)
            return
        }
        guard let shell = CompletionScript.Shell(rawValue: topic) else {
            throw StrataError.usage("unknown shell '\(topic)' for 'completion': expected bash, zsh or fish, or classes FILE"
                                    + Suggestion.hint(for: topic, in: Self.topics))
        }
        if let file { throw StrataError.usage("unexpected argument '\(file)' for 'completion \(topic)' (see 'strata help completion')") }
        context.dataOut.write(CompletionScript(table: .strata, shell: shell).text)
    }

    /// Prints the class names of `path` one a line, as `strata classes` lists them, and nothing else: a name
    /// with a newline or a tab (which would break the line protocol) is left out. Any failure, a locked file
    /// included, prints nothing and exits with status 1, for the message would land in the user's command line.
    private func listClasses(of path: String) throws {
        let names: [String]
        do {
            let session: DatabaseSession
            if RealmConversionFile.isRealm(path) {
                session = try DatabaseSession.realm(path, timeout: Self.lockTimeout)
            } else {
                session = try DatabaseSession.open(path, timeout: Self.lockTimeout, note: { _ in }).0
            }
            names = session.schema.visibleClasses.map(\.name)
        } catch {
            throw StrataError("")
        }
        var text = ""
        for name in names where !name.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\t" }) {
            text += name + "\n"
        }
        context.dataOut.write(text)
    }
}
