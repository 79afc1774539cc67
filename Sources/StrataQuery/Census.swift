import Dispatch
import SQLiteKit
import StrataCore

/// Counts a result and remembers the paging key of every `stride`-th object, so that `page N` of a
/// result in key order seeks straight to its page instead of skipping N pages of rows.
///
/// An interactive session takes the census on a connection of its own, on a background thread, so that
/// neither the prompt nor the first page waits for it; until it is done, the browser does without. While
/// the browser reads a page itself, it pauses the census (`pausing`): two scans of one big table at once
/// take twice the cores and the file's pages, and the page the user waits for comes slower.
final class Census: @unchecked Sendable {
    static let stride = 64

    private let lock = Lock()
    private var total: Int?
    /// `boundaries[i]` is the paging key of the object at position `(i + 1) * stride - 1`.
    private var boundaries: [[SQLiteValue]] = []
    private var running: Connection?
    private var cancelled = false
    private var failure: Error?
    /// When the census began stepping through the result (`Platform.monotonicSeconds`).
    private var started: Double?
    /// How many `pausing` calls are under way: while above 0, the census waits at its next stride.
    private var pauses = 0

    private init() {}

    /// Takes the census of `query` (compiled with `Page(keysOnly: true)`) on a new connection from `open`.
    static func start(_ query: CompiledQuery, keyWidth: Int, open: @escaping @Sendable () throws -> Connection) -> Census {
        let census = Census()
        let box = UncheckedBox(query)
        // A queue of its own, so that a census never waits for a thread from a busy global pool.
        DispatchQueue(label: "strata.census", qos: .utility).async {
            do {
                let connection = try open()
                connection.ignoreInterruptSignal()
                let proceed = census.lock.withLock { () -> Bool in
                    census.running = connection
                    return !census.cancelled
                }
                defer { census.lock.withLock { census.running = nil } }
                if proceed { try census.take(box.value, keyWidth: keyWidth, runner: try QueryRunner(connection: connection)) }
            } catch {
                census.lock.withLock { census.failure = error }
            }
        }
        return census
    }

    /// Takes the census now, on `runner`'s connection: for an in-memory database, which no other
    /// connection can see.
    static func take(_ query: CompiledQuery, keyWidth: Int, runner: QueryRunner) throws -> Census {
        let census = Census()
        try census.take(query, keyWidth: keyWidth, runner: runner)
        return census
    }

    private func take(_ query: CompiledQuery, keyWidth: Int, runner: QueryRunner) throws {
        lock.withLock { started = Platform.monotonicSeconds() }
        var count = 0
        try runner.step(query) { statement in
            count += 1
            guard count % Self.stride == 0 else { return true }
            // Published as found, so that a page the census has passed can be reached before it ends.
            let width = statement.columnCount
            let key = keyWidth > 0 ? (width - keyWidth..<width).map(statement.column) : nil
            var paused = lock.withLock { () -> Bool in
                if let key { boundaries.append(key) }
                return pauses > 0 && !cancelled
            }
            // Its statement stays where it is (and its read transaction open) until the browser is done.
            while paused {
                Platform.sleep(milliseconds: 1)
                paused = lock.withLock { pauses > 0 && !cancelled }
            }
            return true
        }
        lock.withLock { total = count }
    }

    /// Runs `body` with the census paused at its next stride, and lets it go on after.
    ///
    /// `body` must not wait for the census (`wait(until:)`): it would wait for itself.
    func pausing<T>(_ body: () throws -> T) rethrows -> T {
        lock.withLock { pauses += 1 }
        defer { lock.withLock { pauses -= 1 } }
        return try body()
    }

    /// The number of objects, once counted.
    var count: Int? { lock.withLock { total } }

    /// False once the census failed or was cancelled before it finished.
    var isLive: Bool { lock.withLock { total != nil || (failure == nil && !cancelled) } }

    /// Where to start reading the object at `position`: after the paging key `after` (nil: from the
    /// start), skipping fewer than `stride` objects. Nil while the census has not reached the position:
    /// it hands each key to Swift, so a scan of keys inside SQLite gets there sooner than waiting would.
    func seek(_ position: Int) -> (after: [SQLiteValue]?, skip: Int)? {
        let block = position / Self.stride
        return lock.withLock {
            if block <= boundaries.count { return (block == 0 ? nil : boundaries[block - 1], position - block * Self.stride) }
            // Past the end of a finished census: reading on from its last key finds nothing, as it should.
            if total != nil { return (boundaries.last, position - boundaries.count * Self.stride) }
            return nil
        }
    }

    /// When the census began, and the paging key of the last object it published (every `stride`-th): how far
    /// through the result it is. Nil before its first stride, and for a census without keys.
    var progress: (started: Double, key: [SQLiteValue])? {
        lock.withLock {
            guard let started, let key = boundaries.last else { return nil }
            return (started, key)
        }
    }

    /// Waits for the count, checking `stop` every 2 ms; nil if the census failed, was cancelled or `stop`
    /// said so.
    func wait(until stop: () -> Bool) -> Int? {
        while true {
            let (counted, failed) = lock.withLock { (total, failure != nil || cancelled) }
            if let counted { return counted }
            if failed || stop() { return nil }
            Platform.sleep(milliseconds: 2)
        }
    }

    /// Stops a census that is still running; its results stay unknown.
    func cancel() {
        lock.withLock {
            cancelled = true
            running?.interrupt()
        }
    }
}
