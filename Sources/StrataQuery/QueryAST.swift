import SQLiteKit
import StrataCore

/// A parsed query, before it is checked against a schema.
public struct Query: Sendable, Equatable {
    public var className: String
    public var predicate: Predicate
    /// SORT, DISTINCT and LIMIT in the order written: each applies to what the ones before it left.
    public var stages: [Stage] = []
    /// `SHOW(…)`: the result's columns; nil for the class's own properties.
    public var show: [ShownColumn]?
    /// Where the class name starts, for errors.
    var classOffset = 0

    public enum Stage: Sendable, Equatable {
        case sort([SortKey])
        case distinct([KeyPath])
        case limit(Int)
    }

    /// The stages of a query that one flat statement runs: at most one SORT, then at most one LIMIT.
    struct FlatStages {
        var sort: [SortKey] = []
        var limit: Int?
    }

    /// The stages as one flat statement's ORDER BY and LIMIT; nil when they need one query over another's
    /// result (DISTINCT, a LIMIT before a SORT, two of one kind).
    var flatStages: FlatStages? {
        var flat = FlatStages()
        var sorted = false
        for stage in stages {
            switch stage {
            case .sort(let keys) where !sorted && flat.limit == nil:
                flat.sort = keys
                sorted = true
            case .limit(let limit) where flat.limit == nil:
                flat.limit = limit
            default:
                return nil
            }
        }
        return flat
    }
}

/// One column of `SHOW(…)`: a key path (through links, or an aggregate over a list or backlinks), and the
/// name it is shown under (`AS name`; else the path as written).
public struct ShownColumn: Sendable, Equatable {
    public var path: KeyPath
    public var name: String
    /// True when the name was given with AS.
    public var isNamed: Bool
}

public struct SortKey: Sendable, Equatable {
    public var path: KeyPath
    public var ascending: Bool
}

/// `list.name`, `@links.Task.list`, `$t.isCompleted`, `tasks.@count`, `tasks.@sum.priority`.
public struct KeyPath: Sendable, Equatable, CustomStringConvertible {
    public enum Component: Sendable, Equatable {
        case property(String)
        /// `@links.Class.property`
        case backlinks(className: String, property: String)
        /// `["easy"]` after a dictionary: its value for the key.
        case key(String)
        /// `[2]`, `[FIRST]` (0), `[LAST]` (-1) after a list: its element at that position.
        case index(Int)
        /// `[SIZE]` after a list: how many elements it has, as `.@size` says.
        case size
        /// `[*]` after a list: every element, as the path says without it.
        case all
        /// `@links` alone: every object that links to this one, by any link or list (`@links.@count`).
        case allBacklinks
        /// `[$0]`: a dictionary's key (or a list's position) that a parameter gives.
        case parameterKey(Int)
    }

    /// The SUBQUERY variable the path starts from, without `$`.
    public var variable: String?
    public var components: [Component]
    public var aggregate: Aggregate?
    /// For `@sum.price` style aggregates: the property summed over the collection.
    public var aggregateProperty: String?
    var offset = 0

    public var description: String {
        var parts: [String] = variable.map { ["$" + $0] } ?? []
        for component in components {
            switch component {
            case .property(let name): parts.append(name)
            case .backlinks(let className, let property): parts.append("@links.\(className).\(property)")
            case .key(let key):
                if parts.isEmpty { parts.append("") }
                parts[parts.count - 1] += "[\"" + key.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
            case .index(let index):
                if parts.isEmpty { parts.append("") }
                parts[parts.count - 1] += index == 0 ? "[FIRST]" : index < 0 ? "[LAST]" : "[\(index)]"
            case .size:
                if parts.isEmpty { parts.append("") }
                parts[parts.count - 1] += "[SIZE]"
            case .all:
                if parts.isEmpty { parts.append("") }
                parts[parts.count - 1] += "[*]"
            case .allBacklinks: parts.append("@links")
            case .parameterKey(let index):
                if parts.isEmpty { parts.append("") }
                parts[parts.count - 1] += "[$\(index)]"
            }
        }
        if let aggregate { parts.append("@" + aggregate.rawValue) }
        if let aggregateProperty { parts.append(aggregateProperty) }
        return parts.joined(separator: ".")
    }
}

public enum Aggregate: String, Sendable, Equatable {
    case count, size, min, max, sum, avg
    /// `mixed.@type`: the Realm type of a Mixed value, compared with type names (`'string'`, `'numeric'`, …).
    case type
    /// `name.length`, `strings.length`: a string's length in characters, or data's in bytes (realm-core's `length`,
    /// written as a property after the value; a property of that name wins).
    case length
}

/// A literal value as written in a query.
public enum Literal: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// A number with a fraction or an exponent (or past Int64), with its text as written: a decimal kept as
    /// text compares with every digit of it.
    case decimal(Double, text: String)
    case string(String)
    case date(Moment)
    case data([UInt8])
    /// `B64"…"`: as in realm-core, a string given in base 64, which is data only against data (a Mixed value finds
    /// the string; an untyped SQLite column, which has no Realm types, the bytes).
    case base64([UInt8])
    /// `oid(…)`: an ObjectId's 24 hex digits, lower-cased as Realm writes them; a string to a string property, an
    /// ObjectId to a Mixed value.
    case objectId(String)
    /// `uuid(…)`: a UUID as written, compared in either case.
    case uuid(String)
    /// realm-core's `O<key>` and `obj("Class", key)`: the object with that key, which a link is compared with.
    case object(className: String?, key: SQLiteValue)
    /// `obj("Class", $0)`: the object whose key the parameter gives, resolved when the parameters are known.
    case objectByParameter(className: String, index: Int)
}

public indirect enum Expression: Sendable, Equatable {
    case keyPath(KeyPath)
    case literal(Literal, offset: Int)
    case parameter(Int, offset: Int)
    /// `{1, 2, 3}` on the right of IN.
    case list([Expression], offset: Int)
    /// `SUBQUERY(collection, $variable, predicate).@count`
    case subqueryCount(collection: KeyPath, variable: String, predicate: Predicate, offset: Int)
    /// `price * quantity`, `age + 1`: realm-core's arithmetic, `*` and `/` before `+` and `-`.
    case arithmetic(ArithmeticOperator, Expression, Expression, offset: Int)

    var offset: Int {
        switch self {
        case .keyPath(let path): path.offset
        case .literal(_, let offset), .parameter(_, let offset), .list(_, let offset): offset
        case .subqueryCount(_, _, _, let offset): offset
        case .arithmetic(_, let left, _, _): left.offset
        }
    }

    /// Whether arithmetic is anywhere in it.
    var hasArithmetic: Bool {
        switch self {
        case .arithmetic: true
        case .list(let items, _): items.contains { $0.hasArithmetic }
        default: false
        }
    }
}

public enum ArithmeticOperator: String, Sendable, Equatable {
    case add = "+", subtract = "-", multiply = "*", divide = "/"
}

public enum ComparisonOperator: String, Sendable, Equatable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", contains = "CONTAINS", like = "LIKE"
    case `in` = "IN", between = "BETWEEN"

    var isStringOperator: Bool { [.beginsWith, .endsWith, .contains, .like].contains(self) }
}

/// ANY (the default for a path through a list), ALL or NONE.
public enum Quantifier: String, Sendable, Equatable { case any, all, none }

public struct Comparison: Sendable, Equatable {
    public var left: Expression
    public var op: ComparisonOperator
    public var right: Expression
    public var caseInsensitive = false
    public var diacriticInsensitive = false
    public var quantifier: Quantifier?
    /// ANY, ALL or NONE written before the right side (`{1, 2} == ANY scores`, `x IN ALL $0`).
    public var rightQuantifier: Quantifier?
    /// Set when the left side was written as a double-quoted string ("First Name" == "Ann"): as in SQLite, it
    /// names the property when the class has one so named, and is a string otherwise.
    var leftQuotedName: String?
    /// Set on the comparison inside a path through a list that ALL quantifies (`ALL lists.items.done == true`): a
    /// further list on the path is under ALL too, and a path of one value takes it as none.
    var isUnderAll = false
    var offset = 0
}

public indirect enum Predicate: Sendable, Equatable {
    case truePredicate
    case falsePredicate
    case comparison(Comparison)
    case not(Predicate)
    case and([Predicate])
    case or([Predicate])
}
