import Dispatch
import SQLiteKit

/// Interrupts a connection's running statement once a time has passed, unless cancelled first: the
/// bound on work that may never end, such as counting a recursive view.
public final class Deadline: @unchecked Sendable {
    private let lock = Lock()
    private var active = true
    private var passed = false

    public init(_ handle: InterruptHandle, after seconds: Double) {
        // A queue of its own (GCD gives it a thread of its own), not a global one that busy work can starve.
        DispatchQueue(label: "strata.deadline").asyncAfter(deadline: .now() + seconds) { [self] in
            lock.withLock {
                guard active else { return }
                passed = true
                handle.interrupt()
            }
        }
    }

    /// True once the time passed and the connection was interrupted.
    public var hasPassed: Bool { lock.withLock { passed } }

    /// After this, the connection is never interrupted by this deadline.
    public func cancel() { lock.withLock { active = false } }
}
