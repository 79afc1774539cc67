import Dispatch
import Foundation
import Testing
@testable import StrataCore

/// The slow-statement line: nothing for quick work, drawn after the delay, erased before output and at the
/// end, and never drawn again for the same statement once output began.
@Suite struct SlowStatusLineTests {
    /// Everything written, in order: the line's bytes and the output sink's text.
    final class Log: TextSink, @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        let drawn = DispatchSemaphore(value: 0)

        func draw(_ text: String) {
            lock.withLock { entries.append(text) }
            if text != SlowStatusLineTests.erase { drawn.signal() }
        }

        func write(_ text: String) { lock.withLock { entries.append("out:" + text) } }

        var all: [String] { lock.withLock { entries } }

        /// Waits for the timer's next draw (a deadline only so that a broken timer fails instead of hanging).
        func waitForDraw() -> Bool { drawn.wait(timeout: .now() + 30) == .success }

        /// Forgets the draws not waited for.
        func drain() { while drawn.wait(timeout: .now()) == .success {} }
    }

    static let erase = "\r\u{1B}[K"

    @Test func quickWorkDrawsNothing() {
        let log = Log()
        let line = SlowStatusLine(delay: 3600, draw: { log.draw($0) })
        line.begin()
        let sink = line.erasingBefore(log)
        sink.write("row\n")
        line.end()
        line.end()
        #expect(log.all == ["out:row\n"])
        #expect(!line.isShown)
    }

    @Test func theLineIsErasedBeforeTheFirstOutputAndStaysOff() throws {
        let log = Log()
        let line = SlowStatusLine(delay: 0, interval: 0.01, draw: { log.draw($0) })
        let sink = line.erasingBefore(log)
        line.begin()
        try #require(log.waitForDraw())
        #expect(line.isShown)
        sink.write("row 1\n")
        sink.write("row 2\n")
        line.end()
        let entries = log.all
        let first = try #require(entries.firstIndex(of: "out:row 1\n"))
        // Drawn (perhaps several times) before the output, erased right before it, then nothing but output.
        #expect(entries[..<first].dropLast().allSatisfy { $0.hasPrefix(Self.erase + "running ") && $0.hasSuffix(" s · Ctrl-C stops it") })
        #expect(entries[first - 1] == Self.erase)
        #expect(Array(entries[first...]) == ["out:row 1\n", "out:row 2\n"])
        #expect(!line.isShown)
    }

    @Test func endErasesTheLineAndTheNextStatementDrawsAgain() throws {
        let log = Log()
        let line = SlowStatusLine(delay: 0, interval: 0.01, draw: { log.draw($0) })
        try line.timing {
            try #require(log.waitForDraw())
        }
        #expect(log.all.last == Self.erase)
        #expect(!line.isShown)
        let count = log.all.count
        log.drain()
        line.begin()
        try #require(log.waitForDraw())
        line.end()
        #expect(log.all.count > count + 1)
        #expect(log.all.last == Self.erase)
    }

    /// An error thrown by the timed work reaches the caller after the line is gone.
    @Test func anErrorComesAfterTheLineIsErased() throws {
        struct Failure: Error {}
        let log = Log()
        let line = SlowStatusLine(delay: 0, interval: 0.01, draw: { log.draw($0) })
        #expect(throws: Failure.self) {
            try line.timing {
                _ = log.waitForDraw()
                throw Failure()
            }
        }
        #expect(log.all.last == Self.erase)
        #expect(!line.isShown)
    }

    @Test(arguments: [(0, "running 0 s · Ctrl-C stops it"), (3, "running 3 s · Ctrl-C stops it"),
                      (3725, "running 3725 s · Ctrl-C stops it")])
    func text(_ seconds: Int, _ expected: String) {
        #expect(SlowStatusLine.text(seconds: seconds) == expected)
    }
}
