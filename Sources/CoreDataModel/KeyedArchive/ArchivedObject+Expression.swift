/// An archived `NSExpression` written back as text, the way `predicateFormat` writes it (`count:(pages)`,
/// `pages.@count`, `SELF`): a derived attribute's `NSDerivationExpression`, whose text is part of its version hash.
///
/// Archived fields (`NSExpression initWithCoder:`): `NSExpressionType` (0 constant, 1 evaluated object, 2 variable,
/// 3 key path, 4 function, 10 key path specifier), `NSConstantValue`, `NSVariable`, `NSKeyPath`, and for key paths
/// and functions `NSOperand`, `NSSelectorName` and `NSArguments`. A key path is archived as a function:
/// `valueForKey:` on `SELF` with a key path specifier argument; `count:(pages)` is `count:` on the constant
/// `_NSPredicateUtilities` with the argument `pages`.
///
/// Only these shapes are written; any other expression (subqueries, aggregates, blocks) gives nil, so that a
/// caller can say the text is unknown rather than guess it.
///
/// An archive shares objects, so an expression that uses one sub-expression twice at each of 30 levels is a few
/// hundred bytes and 2³⁰ visits: besides the depth, the visits are bounded by a budget the caller shares across
/// the whole model (`maximumExpressionNodes`), and the text by `maximumExpressionLength`.
extension ArchivedObject {
    /// The most expression nodes one model's derivations may visit (real ones have a handful each).
    static let maximumExpressionNodes = 100_000
    /// The longest expression text written (real ones are a few dozen characters).
    static let maximumExpressionLength = 64 * 1024

    /// The expression's text with a budget of its own (`maximumExpressionNodes`).
    func expressionFormat() throws -> String? {
        var budget = Self.maximumExpressionNodes
        return try expressionFormat(budget: &budget)
    }

    /// The expression's text, or nil for a kind of expression this reader does not write.
    /// - Parameter budget: the nodes still to visit, shared across a decode; each node visited takes one.
    /// - Throws: `ModelReadError` for a field of the wrong type, and when the budget or the text's length is exceeded.
    func expressionFormat(depth: Int = 0, budget: inout Int) throws -> String? {
        guard depth < 32, isKind(of: "NSExpression") else { return nil }
        guard budget > 0 else {
            throw KeyedArchive.error("\(name): the model's expressions visit more than \(Self.maximumExpressionNodes) nodes "
                                     + "(a sub-expression shared many times over)")
        }
        budget -= 1
        guard let text = try expressionText(depth: depth, budget: &budget) else { return nil }
        guard text.utf8.count <= Self.maximumExpressionLength else {
            throw KeyedArchive.error("\(name): the expression's text is longer than \(Self.maximumExpressionLength) bytes")
        }
        return text
    }

    private func expressionText(depth: Int, budget: inout Int) throws -> String? {
        switch try int("NSExpressionType") ?? -1 {
        case 0:
            guard let constant = try object("NSConstantValue") else { return "nil" }
            switch constant.value {
            case .integer(let number): return String(number)
            case .real(let number): return String(number)
            case .bool(let flag): return flag ? "1" : "0"
            default:
                guard let text = try? constant.asString() else { return nil }
                return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"") + "\""
            }
        case 1:
            return "SELF"
        case 2:
            return try string("NSVariable").map { "$" + $0 }
        case 10:
            return try string("NSKeyPath")
        case 3, 4:
            guard let selector = try string("NSSelectorName"), let operand = try object("NSOperand") else { return nil }
            var arguments: [String] = []
            for argument in try array("NSArguments") ?? [] {
                guard let text = try argument.expressionFormat(depth: depth + 1, budget: &budget) else { return nil }
                arguments.append(text)
            }
            if selector == "valueForKey:", arguments.count == 1 {
                guard let base = try operand.expressionFormat(depth: depth + 1, budget: &budget) else { return nil }
                return base == "SELF" ? arguments[0] : base + "." + arguments[0]
            }
            // A built-in function: its receiver is the constant class _NSPredicateUtilities.
            guard try operand.int("NSExpressionType") == 0,
                  try operand.string("NSConstantValueClassName") == "_NSPredicateUtilities"
            else { return nil }
            return selector + "(" + arguments.joined(separator: ", ") + ")"
        default:
            return nil
        }
    }
}
