import Dispatch
import SQLiteKit

/// Counts the objects of classes: exact `count(*)`, which SQLite answers from the smallest index.
public struct ObjectCounter {
    let connection: Connection

    public init(connection: Connection) { self.connection = connection }

    /// The number of objects in a class. Throws `SQLiteError` (`SQLITE_INTERRUPT` on Ctrl-C).
    public func count(_ info: ClassInfo) throws -> Int64 {
        try connection.scalar(Self.statement(counting: info)).int64 ?? 0
    }

    /// `SELECT count(*)` of a class's table, and of its entities' rows alone for a Core Data entity that
    /// shares its table.
    static func statement(counting info: ClassInfo) -> SQL {
        var count = SQL.count(table: info.tableName)
        if let filter = info.entityCondition(alias: nil) { count += " WHERE \(filter)" }
        return count
    }

    /// For a Core Data entity with sub-entities: its objects that are of no sub-entity (`Z_ENT` its own number).
    public func ownCount(_ info: ClassInfo) throws -> Int64? {
        guard let entity = info.entity, entity.members.count > 1 else { return nil }
        return try connection.scalar("\(SQL.count(table: info.tableName)) WHERE \(identifier: "Z_ENT") = \(entity.number)" as SQL).int64 ?? 0
    }

    /// The number of objects in a class, where a view is given at most `viewLimit` seconds: a view can
    /// be endless (a recursive one without a bound), a table never is.
    ///
    /// - Throws: `SQLiteError`; `StillCounting` for a view still counting after `viewLimit` (a Ctrl-C, the other
    ///   interrupt, is a `SQLiteError`).
    public func count(_ info: ClassInfo, viewLimit: Double?) throws -> Int64 {
        try count(Self.statement(counting: info), isView: info.kind == .view, viewLimit: viewLimit)
    }

    /// The number `statement` (a `SELECT count(*)`) answers, given at most `viewLimit` seconds when what it counts
    /// is a view: the one way a class or a query's result is counted.
    ///
    /// - Throws: `SQLiteError`, or `StillCounting` once a view's limit has passed.
    public func count(_ statement: SQL, isView: Bool, viewLimit: Double?) throws -> Int64 {
        guard let viewLimit, isView else { return try connection.scalar(statement).int64 ?? 0 }
        let deadline = Deadline(connection.interruptHandle, after: viewLimit)
        defer { deadline.cancel() }
        do {
            return try connection.scalar(statement).int64 ?? 0
        } catch let error as SQLiteError where error.code == .interrupt && deadline.hasPassed {
            throw StillCounting(seconds: viewLimit, sql: error.sql)
        }
    }

    /// A view that was still being counted when its time was up.
    public struct StillCounting: Error, CustomStringConvertible {
        public let seconds: Double
        public let sql: String?
        /// `still counting after 5 s`.
        public var description: String { ObjectCounter.stillCounting(after: seconds) }
        /// As SQLite's interrupt, with this message: what `countAll` holds for the class.
        var asSQLiteError: SQLiteError { SQLiteError(code: .interrupt, message: description, sql: sql) }
    }

    /// `still counting after 5 s`: why a view has no count.
    public static func stillCounting(after seconds: Double) -> String {
        "still counting after \(DatabaseFile.formatSeconds(seconds)) s"
    }

    /// Counts every class, spreading the classes over up to `workers` connections that each run on
    /// their own thread: counting is bound by page checks and decoding, so it scales with cores.
    ///
    /// - Parameters:
    ///   - open: opens one more connection to the same file; nil counts on this connection alone
    ///     (as for an in-memory database, which no other connection can see).
    ///   - watcher: extra connections are registered with it so that Ctrl-C interrupts them all.
    ///   - viewLimit: seconds a view may take (see `count(_:viewLimit:)`); nil: as long as it takes.
    ///   - progress: called with the number of classes counted so far, from any thread.
    /// - Returns: each class's count or the error that stopped it, in the order of `classes`, all of one moment of
    ///   the file: while another process writes, two classes it fills together agree. Counts spread over several
    ///   connections stand when no other connection committed meanwhile (`PRAGMA data_version` moves with each
    ///   such commit); else, and on one connection, the classes are counted in one read transaction.
    public func countAll(
        _ classes: [ClassInfo], workers: Int, open: (() throws -> Connection)?, watcher: InterruptWatcher?,
        viewLimit: Double? = nil, progress: (@Sendable (Int) -> Void)? = nil
    ) -> [Result<Int64, SQLiteError>] {
        let workerCount = open == nil ? 1 : max(1, min(workers, classes.count))
        if workerCount > 1 {
            let dataVersion = { try? connection.scalar("PRAGMA data_version").int64 }
            let before = dataVersion()
            let spread = count(classes, workers: workerCount, open: open, watcher: watcher, viewLimit: viewLimit, progress: progress)
            if watcher?.wasInterrupted == true || before == nil || dataVersion() == before { return spread }
        }
        let once = { count(classes, workers: 1, open: nil, watcher: watcher, viewLimit: viewLimit, progress: progress) }
        // Inside a transaction already (a caller's), the counts share its read.
        return !connection.isAutocommit ? once() : (try? connection.transaction(.deferred, once)) ?? once()
    }

    /// The classes counted by `workerCount` connections, each statement a read of its own.
    private func count(
        _ classes: [ClassInfo], workers workerCount: Int, open: (() throws -> Connection)?, watcher: InterruptWatcher?,
        viewLimit: Double?, progress: (@Sendable (Int) -> Void)?
    ) -> [Result<Int64, SQLiteError>] {
        let shared = SharedCounts(order: largestFirst(classes))
        let primary = UncheckedBox(connection)
        let opener = UncheckedBox(open)
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            var own: Connection?
            if worker > 0 {
                // A worker that cannot open its connection leaves its share to the others.
                guard let connection = try? opener.value?() else { return }
                watcher?.watch(connection.interruptHandle)
                own = connection
            }
            let counter = ObjectCounter(connection: own ?? primary.value)
            defer { if let own { watcher?.stopWatching(own.interruptHandle) } }
            while let index = shared.next(), watcher?.wasInterrupted != true {
                let result: Result<Int64, SQLiteError>
                do {
                    result = .success(try counter.count(classes[index], viewLimit: viewLimit))
                } catch let error as SQLiteError {
                    result = .failure(error)
                } catch let error as StillCounting {
                    result = .failure(error.asSQLiteError)
                } catch {
                    result = .failure(SQLiteError(code: .error, message: "\(error)"))
                }
                let done = shared.store(result, at: index)
                progress?(done)
            }
        }
        return shared.results()
    }

    /// Indexes of `classes`, biggest first, so that no thread is left with a big table at the end.
    ///
    /// Classes that cannot be estimated (WITHOUT ROWID tables, views) go first.
    package func largestFirst(_ classes: [ClassInfo]) -> [Int] {
        let estimates = classes.map { estimate($0) ?? .max }
        return classes.indices.sorted { estimates[$0] > estimates[$1] }
    }

    /// `max(rowid)`, one b-tree descent: an upper bound on the size of a rowid table whose keys are
    /// positive, and its size when none was ever deleted. Nil for classes without rowids.
    public func estimate(_ info: ClassInfo) -> Int64? {
        guard let rowID = info.rowIDColumn(), !info.isVirtual, info.kind != .view else { return nil }
        let sql: SQL = "SELECT max(\(rowID)) FROM \(identifier: info.tableName)"
        // Only an order to count in: a table that cannot be estimated is counted like any other.
        return (try? connection.scalar(sql).int64).flatMap { $0 } ?? 0
    }
}

/// The work queue and results of `countAll`, shared between its threads.
private final class SharedCounts: @unchecked Sendable {
    private let lock = Lock()
    private let order: [Int]
    private var taken = 0
    private var finished = 0
    private var slots: [Result<Int64, SQLiteError>?]

    /// - Parameter order: the indexes of the classes in the order to count them.
    init(order: [Int]) {
        self.order = order
        slots = Array(repeating: nil, count: order.count)
    }

    func next() -> Int? {
        lock.withLock {
            guard taken < order.count else { return nil }
            defer { taken += 1 }
            return order[taken]
        }
    }

    func store(_ result: Result<Int64, SQLiteError>, at index: Int) -> Int {
        lock.withLock {
            slots[index] = result
            finished += 1
            return finished
        }
    }

    func results() -> [Result<Int64, SQLiteError>] {
        lock.withLock { slots.map { $0 ?? .failure(SQLiteError(code: .interrupt)) } }
    }
}

/// Carries a value that is used by one thread at a time into concurrent code.
package struct UncheckedBox<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
