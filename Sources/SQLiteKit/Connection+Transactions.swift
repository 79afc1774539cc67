/// How a transaction takes its locks (https://www.sqlite.org/lang_transaction.html).
public enum TransactionKind: String, Sendable {
    case deferred = "DEFERRED"
    case immediate = "IMMEDIATE"
    case exclusive = "EXCLUSIVE"
}

extension Connection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// - Throws: the first error, from `body` or from the commit; a failed rollback never hides it.
    public func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try body()
            try execute("COMMIT TRANSACTION")
        } catch {
            // SQLite may already have rolled back by itself (for example after SQLITE_FULL).
            if !isAutocommit { try? execute("ROLLBACK TRANSACTION") }
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint, which nests inside transactions and other savepoints.
    ///
    /// When `body` throws, its changes are rolled back and the error is rethrown; the enclosing
    /// transaction goes on.
    public func savepoint<T>(_ name: String = "strata", _ body: () throws -> T) throws -> T {
        let quoted = quoteIdentifier(name)
        try execute("SAVEPOINT \(quoted)")
        let result: T
        do {
            result = try body()
            try execute("RELEASE SAVEPOINT \(quoted)")
        } catch {
            try? execute("ROLLBACK TO SAVEPOINT \(quoted)")
            try? execute("RELEASE SAVEPOINT \(quoted)")
            throw error
        }
        return result
    }
}
