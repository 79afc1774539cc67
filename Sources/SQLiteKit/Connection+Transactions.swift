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
        try inTransaction(kind, keep: true, body)
    }

    /// Runs `body` inside a savepoint, which nests inside transactions and other savepoints.
    ///
    /// When `body` throws, its changes are rolled back and the error is rethrown; the enclosing
    /// transaction goes on. Outside a transaction the savepoint is one (deferred: see `transaction`).
    /// See https://www.sqlite.org/lang_savepoint.html
    ///
    /// - Throws: the first error, from `body` or from the release (which commits, outside a transaction);
    ///   a failed rollback never hides it.
    public func savepoint<T>(_ name: String = "strata", _ body: () throws -> T) throws -> T {
        try inSavepoint(name, keep: true, body)
    }

    /// Runs `body` and takes back everything it changed, whether it returns or throws: what a change would
    /// do, without doing it.
    ///
    /// Inside a transaction it runs in a savepoint, and the enclosing transaction goes on. Outside one it
    /// begins a transaction of `kind` (`.immediate` waits for the write lock, as an edit does) and rolls
    /// it back, which leaves the file as it was byte for byte: a commit, even of nothing, would write it.
    ///
    /// - Throws: the first error, from `body` or from the rollback; a failed rollback after a failed
    ///   `body` never hides `body`'s error.
    public func rollingBack<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        isAutocommit ? try inTransaction(kind, keep: false, body) : try inSavepoint("strata_trial", keep: false, body)
    }

    /// A transaction around `body`, committed (`keep`) or rolled back when it returns; rolled back when
    /// it throws.
    private func inTransaction<T>(_ kind: TransactionKind, keep: Bool, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try body()
            try execute(keep ? "COMMIT TRANSACTION" : "ROLLBACK TRANSACTION")
        } catch {
            // SQLite may already have rolled back by itself (for example after SQLITE_FULL).
            if !isAutocommit { try? execute("ROLLBACK TRANSACTION") }
            throw error
        }
        return result
    }

    /// A savepoint around `body`, released (`keep`) or rolled back when it returns; rolled back when it
    /// throws.
    private func inSavepoint<T>(_ name: String, keep: Bool, _ body: () throws -> T) throws -> T {
        let began = isAutocommit
        try execute("SAVEPOINT \(identifier: name)" as SQL)
        let result: T
        do {
            result = try body()
            if keep {
                try execute("RELEASE SAVEPOINT \(identifier: name)" as SQL)
            } else {
                try rollBack(savepoint: name, began: began)
            }
        } catch {
            try? rollBack(savepoint: name, began: began)
            throw error
        }
        return result
    }

    /// Takes back a savepoint's changes and ends it. When that fails and the savepoint began the
    /// transaction, the whole transaction is rolled back: nothing is left open or half kept.
    private func rollBack(savepoint name: String, began: Bool) throws {
        do {
            try execute("ROLLBACK TO SAVEPOINT \(identifier: name)" as SQL)
            try execute("RELEASE SAVEPOINT \(identifier: name)" as SQL)
        } catch {
            if began && !isAutocommit { try? execute("ROLLBACK TRANSACTION") }
            throw error
        }
    }
}
