import CSQLite

/// What a connection is told, between compiling a statement and running it, about the tables the statement reads:
/// the way a database filled on demand (a `.realm` file's SQLite copy, converted class by class) fills the tables
/// a query needs before the query sees them.
///
/// SQLite's authorizer (https://www.sqlite.org/c3ref/set_authorizer.html) reports every table a statement reads
/// while it compiles (`SQLITE_READ`, with an empty column name for a table read without a column, as
/// `count(*)` does), views and subqueries included; the tables `watches` accepts are handed to `fill` once the
/// statement has compiled, before `prepare` returns it (a statement SQLite compiles again, after a schema change,
/// reports its tables at the next `prepare`; an `EXPLAIN` reports none). `fill` writes them through another connection, which the reading
/// one sees at once: a database in SQLite's shared cache.
public final class TableReadHook {
    let watches: (String) -> Bool
    let fill: ([String]) throws -> Void
    private var recorded: [String] = []

    /// - Parameters:
    ///   - watches: true for a table that may need filling (called while SQLite compiles: keep it quick).
    ///   - fill: given the watched tables a statement reads, in the order first read.
    public init(watches: @escaping (String) -> Bool, fill: @escaping ([String]) throws -> Void) {
        self.watches = watches
        self.fill = fill
    }

    func record(_ action: Int32, _ table: UnsafePointer<CChar>?) {
        guard action == SQLITE_READ, let table else { return }
        let name = String(cString: table)
        if !recorded.contains(name) && watches(name) { recorded.append(name) }
    }

    func take() -> [String] {
        defer { recorded = [] }
        return recorded
    }
}

extension Connection {
    /// Reports the tables each statement compiled from now on reads to `hook` (see `TableReadHook`).
    public func watchTableReads(_ hook: TableReadHook) {
        tableReadHook = hook
        installAuthorizer()
    }

    /// Installs the connection's authorizer when it has something to do: vet a user's statement
    /// (`withReadOnlyStatement`), record the tables a statement reads (`watchTableReads`), or both.
    func installAuthorizer() {
        guard vetting != nil || tableReadHook != nil else {
            sqlite3_set_authorizer(handle, nil, nil)
            return
        }
        sqlite3_set_authorizer(handle, { context, action, first, second, _, _ in
            guard let context else { return SQLITE_DENY }
            return Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue().authorize(action, first, second)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func authorize(_ action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?) -> Int32 {
        if let vetting {
            let decision = vetting.decide(action, first.map { String(cString: $0) }, second.map { String(cString: $0) })
            guard decision == SQLITE_OK else { return decision }
        }
        tableReadHook?.record(action, first)
        return SQLITE_OK
    }

    /// Hands the watched tables the statement just compiled reads to the hook's `fill`; on an error the statement
    /// (`compiled`, not yet returned to anyone) is finalized.
    func fillTablesRead(finalizing compiled: OpaquePointer?) throws {
        guard let tables = tableReadHook?.take(), !tables.isEmpty else { return }
        // EXPLAIN and EXPLAIN QUERY PLAN read no row: their answer is the same on empty tables.
        if sqlite3_stmt_isexplain(compiled) != 0 { return }
        do {
            try tableReadHook?.fill(tables)
        } catch {
            sqlite3_finalize(compiled)
            throw error
        }
    }
}
