import Dispatch

/// The line a slow statement shows on a terminal: after `delay` seconds, `running 3 s · Ctrl-C stops it` on
/// stderr, redrawn once a second, erased (`\r`, then clear to the end of the line) when the statement ends or
/// as soon as anything else is written (`erasingBefore(_:)`).
///
/// One instance serves one command after another: `begin()` starts timing, `end()` stops and erases. Nothing
/// is drawn for work that ends within `delay`, nor after the first output of the work it times, so the line
/// never lands among rows already shown. Thread-safe: a Dispatch timer draws while the caller works.
/// Use only when stderr (and the output it shares a screen with) is a terminal.
public final class SlowStatusLine: @unchecked Sendable {
    private let lock = Lock()
    private let delay: Double
    private let interval: Double
    private let draw: @Sendable (String) -> Void
    private var timer: DispatchSourceTimer?
    /// Counts `begin()` calls, so that a tick of an earlier timer draws nothing.
    private var generation = 0
    private var started: DispatchTime = .now()
    private var shown = false
    /// Set at the first output of the timed work: no more drawing until the next `begin()`.
    private var silenced = true

    /// - Parameters:
    ///   - delay: seconds of work before the line first shows.
    ///   - interval: seconds between redraws.
    ///   - draw: where the line's bytes go: stderr.
    public init(delay: Double = 1, interval: Double = 1,
                draw: @escaping @Sendable (String) -> Void = { _ = Platform.write(2, $0) })
    {
        self.delay = delay
        self.interval = interval
        self.draw = draw
    }

    /// The text shown after `seconds` of work.
    public static func text(seconds: Int) -> String { "running \(seconds) s · Ctrl-C stops it" }

    /// Starts timing a statement (ending any earlier one).
    public func begin() {
        end()
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let current = lock.withLock {
            generation += 1
            started = .now()
            silenced = false
            self.timer = timer
            return generation
        }
        timer.schedule(deadline: .now() + delay, repeating: interval)
        timer.setEventHandler { [weak self] in self?.tick(current) }
        timer.resume()
    }

    /// Stops timing and erases the line if it is shown.
    public func end() {
        let timer = lock.withLock {
            erase()
            silenced = true
            defer { self.timer = nil }
            return self.timer
        }
        timer?.cancel()
    }

    /// Erases the line and keeps it off until the next `begin()`: call before writing to the terminal.
    public func outputBegins() {
        lock.withLock {
            guard !silenced else { return }
            erase()
            silenced = true
        }
    }

    /// Runs `body` timed: the line is erased before `body`'s result or error reaches the caller.
    public func timing<T>(_ body: () throws -> T) rethrows -> T {
        begin()
        defer { end() }
        return try body()
    }

    /// `sink`, with this line erased (and kept off for the rest of the statement) before each write.
    public func erasingBefore(_ sink: TextSink) -> TextSink { ErasingSink(base: sink, line: self) }

    /// True while the line is on the screen (for tests).
    public var isShown: Bool { lock.withLock { shown } }

    private func tick(_ expected: Int) {
        lock.withLock {
            // A progress line (an export's count) has the terminal's last line: it says more.
            guard generation == expected, !silenced, !ProgressLine.isShown else { return }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            shown = true
            draw("\r\u{1B}[K" + Self.text(seconds: Int(elapsed.rounded(.down))))
        }
    }

    /// Under the lock.
    private func erase() {
        if shown { draw("\r\u{1B}[K") }
        shown = false
    }

    deinit { timer?.cancel() }

    /// A sink that erases the status line before its writes and flushes.
    private final class ErasingSink: TextSink {
        let base: TextSink
        let line: SlowStatusLine
        init(base: TextSink, line: SlowStatusLine) {
            self.base = base
            self.line = line
        }

        func write(_ text: String) {
            line.outputBegins()
            base.write(text)
        }

        func write(bytes: [UInt8]) {
            line.outputBegins()
            base.write(bytes: bytes)
        }

        var isClosed: Bool { base.isClosed }

        func flush() { base.flush() }
    }
}
