import Dispatch
import SQLiteKit
import StrataCore

/// Interrupts a connection's running statement once a time has passed, unless cancelled first.
final class Deadline: @unchecked Sendable {
    private let lock = Lock()
    private var active = true
    private var passed = false

    init(_ handle: InterruptHandle, after seconds: Double) {
        // A queue of its own (GCD gives it a thread of its own), not a global one that busy work can starve.
        DispatchQueue(label: "strata.deadline").asyncAfter(deadline: .now() + seconds) { [self] in
            lock.withLock {
                guard active else { return }
                passed = true
                handle.interrupt()
            }
        }
    }

    var hasPassed: Bool { lock.withLock { passed } }

    /// After this, the connection is never interrupted by this deadline.
    func cancel() { lock.withLock { active = false } }
}
