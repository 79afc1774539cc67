import Dispatch
import SQLiteKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// While alive, turns Ctrl-C (SIGINT) into `sqlite3_interrupt` on the watched connections instead of
/// killing the process, so running statements stop cleanly and the caller reports it.
public final class InterruptWatcher: @unchecked Sendable {
    private let source: DispatchSourceSignal
    private let lock = Lock()
    private var interrupted = false
    private var handles: [InterruptHandle]

    /// - Parameter handle: a connection to interrupt; with none, Ctrl-C only sets `wasInterrupted`,
    ///   for work that polls it.
    public init(_ handle: InterruptHandle? = nil) {
        handles = handle.map { [$0] } ?? []
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.fire() }
        source.resume()
    }

    /// Watches one more connection; it must stay open while the watcher lives, or be removed first.
    public func watch(_ handle: InterruptHandle) {
        lock.withLock {
            handles.append(handle)
            if interrupted { handle.interrupt() }
        }
    }

    public func stopWatching(_ handle: InterruptHandle) {
        lock.withLock { handles.removeAll { $0 == handle } }
    }

    private func fire() {
        lock.withLock {
            interrupted = true
            for handle in handles { handle.interrupt() }
        }
    }

    /// True once Ctrl-C was pressed.
    public var wasInterrupted: Bool { lock.withLock { interrupted } }

    deinit {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}

/// A mutex for the little state shared with signal and timer queues.
final class Lock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}
