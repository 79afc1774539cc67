import SQLiteKit

/// While alive, turns Ctrl-C (SIGINT) into `sqlite3_interrupt` on the watched connections instead of
/// killing the process, so running statements stop cleanly and the caller reports it.
public final class InterruptWatcher: @unchecked Sendable {
    /// - Parameter handle: a connection to interrupt; with none, Ctrl-C only sets `wasInterrupted`,
    ///   for work that polls it.
    public init(_ handle: InterruptHandle? = nil) {
        InterruptSignal.begin()
        if let handle { InterruptSignal.watch(handle) }
    }

    /// Watches one more connection; it must stay open while the watcher lives, or be removed first.
    public func watch(_ handle: InterruptHandle) { InterruptSignal.watch(handle) }

    public func stopWatching(_ handle: InterruptHandle) { InterruptSignal.stopWatching(handle) }

    /// True once Ctrl-C was pressed.
    public var wasInterrupted: Bool { InterruptSignal.fired }

    deinit { InterruptSignal.end() }
}

/// A mutex for the little state shared with worker and timer threads.
package final class Lock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    package init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}
