import Foundation

/// Names made valid in a target language: a stored name that is already an identifier, and no keyword, is kept as it
/// is; any other is made one (`Calories-Table` → `CaloriesTable`, `Fat ` → `Fat`, `2nd` → `_2nd`), and the target
/// keeps the stored name through its own mechanism (`@Attribute(originalName:)`, `CodingKeys`, `@ColumnInfo(name =)`).
public enum Identifier {
    /// The identifier for `name`: letters, digits and `_`, not starting with a digit, not a keyword; words that
    /// other characters separated are joined in camel case.
    public static func make(_ name: String, keywords: Set<String>, escape: ((String) -> String)? = nil) -> String {
        var result = words(name)
        if result.isEmpty { result = "_" }
        if let first = result.first, first.isNumber { result = "_" + result }
        if keywords.contains(result) { result = escape?(result) ?? result + "_" }
        return result
    }

    /// `name`'s letters, digits and underscores, each run of other characters dropped and the next letter upper-cased
    /// (`Calories-Table` → `CaloriesTable`, `first name` → `firstName`).
    public static func words(_ name: String) -> String {
        var result = ""
        var upperNext = false
        for character in name {
            // Letters of any script, ASCII digits and `_`: what every target takes in a name.
            if character.isLetter || character == "_" || ("0"..."9").contains(character) {
                if upperNext, !result.isEmpty { result += character.uppercased() } else { result.append(character) }
                upperNext = false
            } else {
                upperNext = true
            }
        }
        return result
    }

    public static func lowerFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        // An all-capitals word stays whole (`URL` → `url`, `ID` → `id`); else only the first letter changes.
        let leadingCapitals = text.prefix { $0.isUppercase }
        if leadingCapitals.count > 1, let lastCapital = leadingCapitals.last {
            let rest = text.dropFirst(leadingCapitals.count)
            if rest.isEmpty { return text.lowercased() }
            if rest.first?.isLowercase == true { return leadingCapitals.dropLast().lowercased() + String(lastCapital) + rest }
            return leadingCapitals.lowercased() + rest
        }
        return first.lowercased() + text.dropFirst()
    }

    public static func upperFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// The identifiers for `names` within one scope: each made valid, then made unique by a number (`name2`) where two
    /// stored names make the same one; in the order given.
    public static func unique(_ names: [String], make: (String) -> String, reserved: Set<String> = []) -> [String: String] {
        var used = reserved
        var result: [String: String] = [:]
        for name in names where result[name] == nil {
            let base = make(name)
            var candidate = base
            var number = 2
            while used.contains(candidate) { candidate = base + String(number); number += 1 }
            used.insert(candidate)
            result[name] = candidate
        }
        return result
    }
}

/// A string literal in languages that share C's escapes (Swift, Kotlin, TypeScript): quotes, backslashes and every
/// control character escaped, so that a hostile name can neither end the literal nor hide in it.
enum StringLiteral {
    enum Language { case swift, kotlin, typeScript }

    static func quoted(_ text: String, in language: Language) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // Kotlin reads `$name` in a string as a template.
            case "$" where language == .kotlin: result += "\\$"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += language == .swift ? "\\u{\(hex)}" : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0x200E || scalar.value == 0x200F
            || scalar.value == 0x061C
    }
}

/// A comment's text: one line, with nothing that could end the comment or reach a terminal raw.
enum CommentText {
    static func clean(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || StringLiteral.isBidiControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result.replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "-->", with: "-- >")
    }
}
