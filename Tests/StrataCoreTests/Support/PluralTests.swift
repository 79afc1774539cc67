import Testing
import StrataCore

/// Issue 29, messages: "1 classes"; every count printed agrees with its noun.
@Suite struct PluralTests {
    @Test(arguments: [
        (0, "class", "0 classes"), (1, "class", "1 class"), (2, "class", "2 classes"), (1, "object", "1 object"),
        (3, "object", "3 objects"), (2, "entry", "2 entries"), (2, "key", "2 keys"), (2, "index", "2 indexes"),
        (1, "byte", "1 byte"),
    ] as [(Int, String, String)])
    func counts(_ count: Int, _ noun: String, _ expected: String) {
        #expect(Plural.counted(count, noun) == expected)
    }

    @Test func anIrregularPluralIsGiven() {
        #expect(Plural.counted(2, "property", "properties") == "2 properties")
        #expect(Plural.counted(Int64(1), "entity", "entities") == "1 entity")
    }

    @Test func aHintSpellsTheNameAsAQueryWritesIt() {
        #expect(Suggestion.hint(for: "Calories-Tabel", in: ["Calories-Table"], written: { "`\($0)`" }) == " (did you mean `Calories-Table`?)")
        #expect(Suggestion.hint(for: "Tsk", in: ["Task"], written: { $0 }) == " (did you mean 'Task'?)")
    }
}
