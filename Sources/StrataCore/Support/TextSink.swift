/// Where a command writes its text: stdout and stderr in the binary, strings in tests.
public protocol TextSink: AnyObject {
    func write(_ text: String)
    /// Writes UTF-8 bytes; sinks that buffer bytes take them without a detour through `String`.
    func write(bytes: [UInt8])
    /// True once the reader went away: there is no point in writing more.
    var isClosed: Bool { get }
    /// Writes out anything buffered, so that what follows on another sink comes after it.
    func flush()
}

extension TextSink {
    public var isClosed: Bool { false }
    public func flush() {}
    public func write(bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }
}

/// Buffered output to a file descriptor. A reader that went away (`strata … | head`) is not an error:
/// writing stops quietly and `isBroken` turns true.
public final class FileDescriptorSink: TextSink {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let limit: Int
    public private(set) var isBroken = false
    public var isClosed: Bool { isBroken }
    /// Why writing stopped, for sinks where that is an error (files).
    public private(set) var failure: String?
    /// True when writing stopped because the reader went away (EPIPE, as when `| head` has read enough): for
    /// standard output, not an error.
    public private(set) var readerWentAway = false

    /// - Parameter bufferSize: bytes kept before writing; 0 writes at once (for stderr).
    public init(descriptor: Int32, bufferSize: Int = 1 << 16) {
        self.descriptor = descriptor
        self.limit = bufferSize
    }

    public func write(_ text: String) {
        guard !isBroken else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= limit { flush() }
    }

    public func write(bytes: [UInt8]) {
        guard !isBroken else { return }
        // A piece as big as the buffer goes out as it is, after what is buffered: no copy of a huge value.
        if bytes.count >= limit && limit > 0 {
            flush()
            guard !isBroken else { return }
            written(bytes.withUnsafeBytes { Platform.write(descriptor, $0) })
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= limit { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty, !isBroken else { return }
        written(buffer.withUnsafeBytes { Platform.write(descriptor, $0) })
        buffer.removeAll(keepingCapacity: true)
    }

    private func written(_ succeeded: Bool) {
        if !succeeded {
            isBroken = true
            readerWentAway = Platform.lastErrorIsBrokenPipe()
            failure = Platform.errorText()
        }
    }

    deinit { flush() }
}

/// Collects text in memory.
public final class StringSink: TextSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) { self.text += text }
}
