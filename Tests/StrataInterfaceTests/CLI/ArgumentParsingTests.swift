import Testing
import StrataDemo
@testable import StrataInterface
@testable import StrataCore

@Suite struct ArgumentTokenizerTests {
    @Test(arguments: [
        (["a", "b"], [ArgumentToken.positional("a"), .positional("b")]),
        (["--format=json"], [.long(name: "format", value: "json")]),
        (["--format", "json"], [.long(name: "format", value: nil), .positional("json")]),
        (["--format="], [.long(name: "format", value: "")]),
        (["-af"], [.short("a"), .short("f")]),
        (["-"], [.positional("-")]),
        (["--", "--all", "-a"], [.positional("--all"), .positional("-a")]),
        (["-5"], [.positional("-5")]),
        (["--x=a=b"], [.long(name: "x", value: "a=b")]),
    ])
    func tokenizes(_ arguments: [String], _ expected: [ArgumentToken]) {
        #expect(ArgumentTokenizer.tokens(arguments) == expected)
    }
}

@Suite struct ArgumentParserTests {
    @Test func parsesArgumentsOptionsAndFlags() throws {
        let parsed = try ArgumentParser.parse(["db.sqlite", "Task", "-a", "--format", "json", "--timeout=0.5"],
                                              for: Commands.schema)
        #expect(parsed.arguments == ["FILE": "db.sqlite", "CLASS": "Task"])
        #expect(parsed.flag(Options.all))
        #expect(parsed.format == .json)
        #expect(try parsed.timeoutMilliseconds() == 500)
    }

    @Test func optionsMayComeFirstAndShortOptionsTakeValues() throws {
        let parsed = try ArgumentParser.parse(["-f", "json", "db.sqlite"], for: Commands.classes)
        #expect(parsed.arguments["FILE"] == "db.sqlite")
        #expect(parsed.format == .json)
    }

    @Test func defaults() throws {
        let parsed = try ArgumentParser.parse(["db.sqlite"], for: Commands.classes)
        #expect(parsed.format == .table)
        #expect(!parsed.flag(Options.all))
        #expect(try parsed.timeoutMilliseconds() == 5000)
    }

    @Test(arguments: [
        (["db", "--fromat", "json"], "unknown option '--fromat' for 'classes' (did you mean 'format'?)"),
        (["db", "--bogus"], "unknown option '--bogus' for 'classes' (see 'strata help classes')"),
        (["db", "-z"], "unknown option '-z' for 'classes' (see 'strata help classes')"),
        ([], "missing FILE for 'classes' (see 'strata help classes')"),
        (["db", "extra"], "unexpected argument 'extra' for 'classes' (see 'strata help classes')"),
        (["db", "--format"], "option '--format' needs a value (FORMAT)"),
        (["db", "--format", "xml"], "'xml' is not a valid --format; expected one of: table, json"),
        (["db", "--all=yes"], "option '--all' takes no value"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        do {
            _ = try ArgumentParser.parse(arguments, for: Commands.classes)
            Issue.record("expected a usage error for \(arguments)")
        } catch let error as StrataError {
            #expect(error.status == .usage)
            #expect(error.message == message)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Each option's value is read and checked when the line is parsed, whatever the command does first: a bad
    /// one is a usage error before anything is opened.
    static let badValues: [(String, [String], String)] = [
        ("classes", ["db", "--timeout", "-1"], "--timeout takes a number of seconds from 0 to 86400, not '-1'"),
        ("classes", ["db", "--timeout", "abc"], "--timeout takes a number of seconds from 0 to 86400, not 'abc'"),
        ("classes", ["db", "--timeout", "1e9"], "--timeout takes a number of seconds from 0 to 86400, not '1e9'"),
        ("classes", ["db", "--timeout", "nan"], "--timeout takes a number of seconds from 0 to 86400, not 'nan'"),
        ("query", ["db", "Task", "--width", "19"], "--width takes a number of cells from 20 up, or none, not '19'"),
        ("query", ["db", "Task", "--width", "wide"], "--width takes a number of cells from 20 up, or none, not 'wide'"),
        ("demo", ["out.sqlite", "--rows", "-5"], "--rows takes a whole number from 0 to \(DemoGenerator.maximumRows), not '-5'"),
        ("demo", ["out.sqlite", "--seed", "-1"], "--seed takes a whole number from 0 to 18446744073709551615, not '-1'"),
        ("migrate", ["db", "--to", "x"], "--to takes a version, a whole number, not 'x'"),
        ("migrate", ["db", "--jobs", "0"], "--jobs takes how many files to migrate at a time, 1 to 256, not '0'"),
        ("migrate", ["db", "--jobs", "257"], "--jobs takes how many files to migrate at a time, 1 to 256, not '257'"),
        ("migrateBaseline", ["db", "--version", "-2"], "migrate baseline needs --version N, a whole number"),
        ("set", ["db", "Task", "1", "name=x", "--max-blob", "0"], "--max-blob takes a size in bytes such as 1048576, 10M or 1G, not '0'"),
    ]

    static func command(_ name: String) -> CommandSpec {
        switch name {
        case "classes": Commands.classes
        case "query": Commands.query
        case "demo": Commands.demo
        case "migrate": Commands.migrate
        case "migrateBaseline": Commands.migrateBaseline
        default: Commands.set
        }
    }

    @Test(arguments: badValues)
    func badValuesAreRefusedWhenTheLineIsParsed(_ command: String, _ arguments: [String], _ message: String) throws {
        #expect(throws: StrataError.usage(message)) { try ArgumentParser.parse(arguments, for: Self.command(command)) }
        // With --help, the help is shown whatever the values.
        #expect(try ArgumentParser.parse(arguments + ["--help"], for: Self.command(command)).flag(Options.help))
    }

    /// Good values, typed as the commands read them.
    @Test func goodValuesAreTyped() throws {
        #expect(try ArgumentParser.parse(["db", "--timeout", "1.5"], for: Commands.classes).timeoutMilliseconds() == 1500)
        #expect(try ArgumentParser.parse(["db"], for: Commands.classes).timeoutMilliseconds() == 5000)
        let none = try ArgumentParser.parse(["db", "Task", "--width", "NONE"], for: Commands.query)
        #expect(none.parsed(Options.width) == .unlimited)
        #expect(try ArgumentParser.parse(["db", "Task", "--width", "80"], for: Commands.query).integer(Options.width) == 80)
        #expect(try ArgumentParser.parse(["out", "--seed", "18446744073709551615"], for: Commands.demo).parsed(Options.seed) == .unsigned(.max))
        #expect(try ArgumentParser.parse(["db", "--to", "0", "--jobs", "256"], for: Commands.migrate).integer(Options.jobs) == 256)
        #expect(try ArgumentParser.parse(["db", "Task", "1", "x=1", "--max-blob", "10M"], for: Commands.set).integer(Options.maxBlob) == 10 << 20)
    }

    @Test func helpNeedsNoArguments() throws {
        #expect(try ArgumentParser.parse(["--help"], for: Commands.schema).flag(Options.help))
    }
}

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("Tsk", ["Task", "TaskList", "Tag"], "Task"),
        ("clases", ["classes", "schema", "help"], "classes"),
        ("shcema", ["classes", "schema", "help"], "schema"),
        ("task", ["Task"], "Task"),
        ("zzzzzz", ["classes", "schema"], nil),
        ("", ["a"], "a"),
    ] as [(String, [String], String?)])
    func suggests(_ name: String, _ candidates: [String], _ expected: String?) {
        #expect(Suggestion.closest(to: name, in: candidates) == expected)
    }
}

/// Every option and argument a runner reads is one its command defines: a runner asking for another is
/// caught here (the accessors assert), for every command, with every option given.
@Suite struct CommandTableTests {
    @Test(arguments: Commands.all.map(\.name))
    func everyCommandHasARunnerAndUniqueOptions(_ name: String) throws {
        let command = try #require(Commands.named(name))
        #expect(command.run != nil)
        #expect(Set(command.options.map(\.name)).count == command.options.count)
        #expect(Set(command.options.compactMap(\.short)).count == command.options.compactMap(\.short).count)
    }
}

/// Subcommands as a tree (`ArgumentParser.resolve`): the command a line chooses, and what is left for it, with the
/// files that exist given by the test.
@Suite struct SubcommandResolutionTests {
    static let files: Set<String> = ["app.sqlite", "b.sqlite", "status-report.sqlite"]

    @Test(arguments: [
        (["app.sqlite"], "migrate", ["app.sqlite"]),
        (["status", "app.sqlite"], "migrate-status", ["app.sqlite"]),
        (["--dir", "M", "status", "app.sqlite"], "migrate-status", ["--dir", "M", "app.sqlite"]),
        (["--dir=M", "plan", "app.sqlite", "--to", "3"], "migrate-plan", ["--dir=M", "app.sqlite", "--to", "3"]),
        // The value of an option of the subcommand only, before it.
        (["--version", "3", "baseline", "app.sqlite"], "migrate-baseline", ["--version", "3", "app.sqlite"]),
        (["-d", "status", "app.sqlite"], "migrate", ["-d", "status", "app.sqlite"]),
        (["--", "status"], "migrate", ["--", "status"]),
        (["status-report.sqlite"], "migrate", ["status-report.sqlite"]),
        (["app.sqlite", "b.sqlite", "'tenants/*.sqlite'"], "migrate", ["app.sqlite", "b.sqlite", "'tenants/*.sqlite'"]),
        // A missing file far from every subcommand's name is left to the command (it says "no such file").
        (["missing.sqlite"], "migrate", ["missing.sqlite"]),
    ])
    func choosesTheSubcommandWhereverTheOptionsStand(_ arguments: [String], _ name: String, _ rest: [String]) throws {
        let (command, left) = try ArgumentParser.resolve(arguments, under: Commands.migrate, exists: { Self.files.contains($0) })
        #expect(command.name == name)
        #expect(left == rest)
    }

    @Test(arguments: [
        (["stauts", "app.sqlite"], "unknown subcommand 'stauts' for 'migrate', and no such file (did you mean 'migrate status'?)"),
        (["app.sqlite", "lnit"], "unknown subcommand 'lnit' for 'migrate', and no such file (did you mean 'migrate lint'?)"),
        (["app.sqlite", "status"], "'status' is not a file but a subcommand of migrate: it comes first "
            + "('strata migrate status …'; see 'strata help migrate status')"),
    ])
    func aWordThatIsNeitherAFileNorASubcommandIsAUsageError(_ arguments: [String], _ message: String) {
        #expect {
            try ArgumentParser.resolve(arguments, under: Commands.migrate, exists: { Self.files.contains($0) })
        } throws: { error in
            (error as? StrataError)?.status == .usage && (error as? StrataError)?.message == message
        }
    }

    /// A word that is a file is a file, even when it is also a subcommand's name.
    @Test func aFileNamedLikeASubcommandAfterTheFirstIsAFile() throws {
        let (command, left) = try ArgumentParser.resolve(["app.sqlite", "plan"], under: Commands.migrate,
                                                         exists: { $0 == "app.sqlite" || $0 == "plan" })
        #expect(command.name == "migrate")
        #expect(left == ["app.sqlite", "plan"])
    }
}
