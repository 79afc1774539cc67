import Foundation
import Testing
@testable import StrataInterface

@Suite struct HelpTests {
    @Test func overviewListsEveryCommand() {
        let text = HelpFormatter.overview()
        for command in Commands.all {
            #expect(text.contains("  \(command.displayName)  ") || text.contains("  \(command.displayName) "))
            #expect(text.contains(command.summary))
        }
    }

    /// `Commands.named` builds only the command asked for: its list of names and `all` must be the same.
    @Test func namedFindsEveryCommandAndNothingElse() throws {
        for command in Commands.all {
            #expect(Commands.named(command.name)?.name == command.name)
        }
        for word in ["", "Classes", "migrate status", "migrate-", "version", "--help", "view", "diff"] {
            #expect(Commands.named(word) == nil, "\(word)")
        }
    }

    @Test(arguments: Commands.all.map(\.name))
    func commandHelpShowsUsageArgumentsAndEveryOption(_ name: String) throws {
        let command = try #require(Commands.named(name))
        let text = HelpFormatter.help(for: command)
        #expect(text.hasPrefix("strata \(command.displayName) — \(command.summary)\n"))
        #expect(text.contains(command.usage))
        for argument in command.arguments { #expect(text.contains(argument.name)) }
        for option in command.options {
            #expect(text.contains("--\(option.name)"))
            #expect(text.contains(option.help))
        }
    }

    /// The man page documents every command and option the command table defines.
    @Test(arguments: Commands.all.map(\.name))
    func manPageCoversTheCommand(_ name: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        // Every manual page (strata.1, strata-query.7, strata-migrations.5): a topic may live in any of them.
        let manual = root.appendingPathComponent("man")
        let page = try FileManager.default.contentsOfDirectory(atPath: manual.path).sorted()
            .filter { $0.range(of: #"^strata.*\.[1-9]$"#, options: .regularExpression) != nil }
            .map { try String(contentsOf: manual.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
        let command = try #require(Commands.named(name))
        #expect(page.contains(name), "man page does not mention the command \(name)")
        for option in command.options {
            #expect(page.contains("Fl \\-\(option.name)") || page.contains("Fl -\(option.name)"),
                    "man page does not document --\(option.name)")
        }
    }

    /// `strata help open` lists every browser command, and the manual's BROWSER section has an item for each.
    @Test(arguments: REPLCommands.all.map(\.name))
    func theBrowserCommandIsInTheHelpAndTheManual(_ name: String) throws {
        let command = try #require(REPLCommands.all.first { $0.name == name })
        let help = HelpFormatter.help(for: Commands.open)
        #expect(help.contains("\n    \((command.name + " " + command.arguments).trimmingSpaces)"), "strata help open does not list \(name)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("man/strata.1"), encoding: .utf8)
        let browser = try #require(page.components(separatedBy: "\n.Sh BROWSER\n").dropFirst().first?
            .components(separatedBy: "\n.Sh ").first)
        let items = browser.split(separator: "\n").filter { $0.hasPrefix(".It ") }
        #expect(items.contains { $0.contains("Cm \(name) ") || $0.hasSuffix("Cm \(name)") },
                "the manual's BROWSER section has no .It for \(name)")
    }
}
