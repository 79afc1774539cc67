import Testing
@testable import StrataModel

@Suite struct IdentifierTests {
    @Test(arguments: [
        ("Calories-Table", "CaloriesTable"),
        ("Fat ", "Fat"),
        ("first name", "firstName"),
        ("2nd", "_2nd"),
        ("", "_"),
        ("class", "class_"),
        ("héllo wörld", "hélloWörld"),
        ("a\u{1B}[31mred", "a31mred"),
        ("__x", "__x"),
    ])
    func makesValidNames(_ input: String, _ expected: String) {
        #expect(Identifier.make(input, keywords: ["class"]) == expected)
    }

    @Test func uniqueNamesGetNumbers() {
        let names = Identifier.unique(["a-b", "aB", "a b"]) { Identifier.make($0, keywords: []) }
        #expect(names == ["a-b": "aB", "aB": "aB2", "a b": "aB3"])
    }

    @Test(arguments: [("URL", "url"), ("URLString", "urlString"), ("Task", "task"), ("ID", "id"), ("x", "x"), ("", "")])
    func lowerFirst(_ input: String, _ expected: String) {
        #expect(Identifier.lowerFirst(input) == expected)
    }

    @Test(arguments: [
        ("plain", StringLiteral.Language.swift, #""plain""#),
        ("a\"b\\c", .swift, #""a\"b\\c""#),
        ("line\nnext", .kotlin, #""line\nnext""#),
        ("\u{1B}[2J", .swift, #""\u{1B}[2J""#),
        ("\u{1B}", .typeScript, #""\u001B""#),
        ("$x", .kotlin, #""\$x""#),
        ("$x", .swift, #""$x""#),
        ("\u{202E}evil", .swift, #""\u{202E}evil""#),
    ])
    func literalsEscape(_ input: String, _ language: StringLiteral.Language, _ expected: String) {
        #expect(StringLiteral.quoted(input, in: language) == expected)
    }
}
