import SQLiteKit

extension QueryCompiler {
    /// A compiled predicate: every object (TRUEPREDICATE, or no predicate at all), or a condition in SQL.
    ///
    /// "Every object" is a case of its own rather than the SQL `1`, so that a statement built from it has
    /// no WHERE clause and no `AND 1`; inside a larger condition (`TRUEPREDICATE AND x`) it is written `1`.
    enum Condition: Equatable {
        case always
        case expression(SQL)

        /// The condition as SQL inside a larger one: TRUE is `1`.
        var sql: SQL {
            switch self {
            case .always: "1"
            case .expression(let sql): sql
            }
        }

        /// Nil for every object: what a statement needs no WHERE clause for.
        var restriction: SQL? {
            switch self {
            case .always: nil
            case .expression(let sql): sql
            }
        }

        /// ` WHERE …`, or nothing for every object.
        var whereClause: SQL {
            restriction.map { " WHERE \($0)" } ?? ""
        }

        /// Both this condition and `other`: `(self) AND other`, or `other` alone for every object.
        func and(_ other: SQL) -> Condition {
            .expression(restriction.map { "(\($0)) AND \(other)" } ?? other)
        }
    }
}
