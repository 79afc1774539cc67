/// Counts and their nouns in the right number, for every message that says how many: `1 class`, `2 classes`,
/// `0 objects`, `1 entry`.
public enum Plural {
    /// `count` and its noun: `1 class`, `2 classes`.
    ///
    /// - Parameters:
    ///   - one: the noun for one.
    ///   - many: the noun for any other count; by default `of(one)`.
    public static func counted(_ count: some BinaryInteger, _ one: String, _ many: String? = nil) -> String {
        "\(count) " + (count == 1 ? one : many ?? of(one))
    }

    /// `one`'s regular English plural: `-es` after s, x, z, ch and sh (class → classes), `-ies` for a consonant
    /// and y (entry → entries), else `-s` (object → objects).
    public static func of(_ one: String) -> String {
        let lower = one.lowercased()
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return one + "es" }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) { return one.dropLast() + "ies" }
        return one + "s"
    }
}
