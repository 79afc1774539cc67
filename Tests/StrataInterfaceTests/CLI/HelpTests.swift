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
        let page = try String(contentsOf: root.appendingPathComponent("man/strata.1"), encoding: .utf8)
        let command = try #require(Commands.named(name))
        #expect(page.contains(name), "man page does not mention the command \(name)")
        for option in command.options {
            #expect(page.contains("Fl \\-\(option.name)") || page.contains("Fl -\(option.name)"),
                    "man page does not document --\(option.name)")
        }
    }
}
