import Dispatch

/// A one-line progress message on stderr that appears only when work takes longer than `delay` seconds,
/// redraws a few times a second, and is erased when the work ends. Use only when stderr is a terminal.
public final class ProgressLine: @unchecked Sendable {
    private let lock = Lock()
    private var message = ""
    private var shown = false
    private let timer: DispatchSourceTimer
    /// True while some progress line is on the screen (a `SlowStatusLine` then stays off).
    static var isShown: Bool { shownLock.withLock { shownCount > 0 } }
    private static let shownLock = Lock()
    nonisolated(unsafe) private static var shownCount = 0

    /// Set: each redraw ends with the seconds since the line was made (` · 12 s`), for work whose end cannot be
    /// told in advance.
    private let startedAt: Double?

    /// Seconds of work before a progress line first shows: `STRATA_PROGRESS_DELAY` when it holds a number of
    /// seconds (0 shows every line at once), else half a second.
    public static var defaultDelay: Double {
        guard let text = Platform.environment("STRATA_PROGRESS_DELAY"), let seconds = Double(text),
              seconds.isFinite, seconds >= 0 else { return 0.5 }
        return seconds
    }

    /// - Parameters:
    ///   - delay: seconds before the line first shows (`defaultDelay` when nil).
    ///   - showsElapsed: end the line with the seconds the work has taken so far.
    public init(delay: Double? = nil, showsElapsed: Bool = false) {
        let delay = delay ?? Self.defaultDelay
        startedAt = showsElapsed ? Platform.monotonicSeconds() : nil
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + delay, repeating: 0.1)
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    /// Sets the text the next redraw shows.
    public func update(_ text: String) {
        lock.withLock { message = TerminalText.escaped(text) }
    }

    /// Stops redrawing and erases the line if it was shown.
    public func finish() {
        timer.cancel()
        lock.withLock {
            if shown {
                Platform.write(2, "\r\u{1B}[K")
                Self.shownLock.withLock { Self.shownCount -= 1 }
            }
            shown = false
            message = ""
        }
    }

    private func draw() {
        lock.withLock {
            guard !message.isEmpty else { return }
            if !shown { Self.shownLock.withLock { Self.shownCount += 1 } }
            shown = true
            let elapsed = startedAt.map { " · \(Int(Platform.monotonicSeconds() - $0)) s" } ?? ""
            Platform.write(2, "\r\u{1B}[K" + message + elapsed)
        }
    }

    deinit { timer.cancel() }
}
