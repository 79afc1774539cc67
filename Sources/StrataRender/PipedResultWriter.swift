import Dispatch
import SQLiteKit
import StrataCore

/// A `ResultWriter` of a machine format (csv, json, ndjson) that encodes on a second thread while the caller steps the
/// statement on its own: SQLite's reading and Strata's encoding then share two cores.
///
/// `write(_:)` copies the statement's current row into a batch (numbers as they are, text and blobs as bytes copied
/// once) and hands full batches to the encoding thread, two at most in flight, so memory stays flat in the number of
/// rows. A row holding a value of `directBytes` or more is not copied: the batches before it are encoded first, and
/// the row is written straight from SQLite's buffer on the caller's thread, as a writer without a pipe would. The
/// output is byte for byte the writer's own (a test compares them). After `write`, only `finish` touches the writer.
public final class PipedResultWriter: @unchecked Sendable {
    /// A value as a batch keeps it: `bits` is an integer, a double's bit pattern, or where the bytes of a text or a
    /// blob start in the batch's `bytes`.
    struct Slot {
        var storage: StorageClass
        var bits: Int64
        var count: Int
    }

    struct Batch {
        var slots: [Slot] = []
        var bytes: [UInt8] = []
        var rows = 0
        var isFull: Bool { rows >= 4096 || bytes.count >= 1 << 20 }
    }

    /// A row of a batch, as `ResultWriter` reads rows.
    struct BatchRow: StoredRow {
        let slots: UnsafeBufferPointer<Slot>
        let bytes: UnsafeRawBufferPointer

        func storageClass(_ index: Int) -> StorageClass { slots[index].storage }
        func int64(_ index: Int) -> Int64? { slots[index].storage == .null ? nil : slots[index].bits }
        func double(_ index: Int) -> Double { Double(bitPattern: UInt64(bitPattern: slots[index].bits)) }
        func withBytes<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
            let slot = slots[index]
            guard slot.storage == .text || slot.storage == .blob, slot.count > 0 else {
                return try body(UnsafeRawBufferPointer(start: nil, count: 0))
            }
            let start = Int(slot.bits)
            return try body(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + slot.count)]))
        }
    }

    /// A value this long or longer is written from SQLite's buffer, never copied into a batch.
    static let directBytes = 1 << 20

    private let writer: ResultWriter
    private let sink: TextSink
    private var batch = Batch()
    /// Rows given to `write`.
    public private(set) var count = 0

    // Shared with the encoding thread, under `lock`.
    private let lock = Lock()
    private var queue: [Batch?] = []
    private var spare: [Batch] = []
    private var closed = false
    private let filled = DispatchSemaphore(value: 0)
    /// Batches the reading side may fill before it waits for the encoder: the one filling and one waiting.
    private let free = DispatchSemaphore(value: 2)
    /// Entered for each batch handed over, left once it is encoded: `drain` waits on it.
    private let pending = DispatchGroup()
    private let done = DispatchGroup()
    private var isFinished = false

    /// Starts the encoding thread. The writer's `begin` must have been called, and nothing else may use the writer
    /// or the sink until `finish` returns.
    public init(_ writer: ResultWriter, sink: TextSink) {
        precondition(writer.format.isForMachines, "only csv, json and ndjson are encoded on another thread")
        self.writer = writer
        self.sink = sink
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            encodeBatches()
            done.leave()
        }
    }

    deinit {
        if !isFinished { finish() }
    }

    /// True once the reader of the output went away (`strata … | head`): there is no point in writing more.
    public var isClosed: Bool { lock.withLock { closed } }

    /// Copies the statement's current row into the batch, or writes it at once when it holds a long value.
    public func write(_ statement: Statement) {
        count += 1
        let rowStart = (slots: batch.slots.count, bytes: batch.bytes.count)
        for index in 0..<statement.columnCount {
            let storage = statement.storageClass(index)
            switch storage {
            case .null:
                batch.slots.append(Slot(storage: .null, bits: 0, count: 0))
            case .integer:
                batch.slots.append(Slot(storage: .integer, bits: statement.int64(index) ?? 0, count: 0))
            case .real:
                batch.slots.append(Slot(storage: .real, bits: Int64(bitPattern: statement.double(index).bitPattern), count: 0))
            case .text, .blob:
                let copied: Bool = statement.withBytes(index) { bytes in
                    guard bytes.count < Self.directBytes else { return false }
                    batch.slots.append(Slot(storage: storage, bits: Int64(batch.bytes.count), count: bytes.count))
                    batch.bytes.append(contentsOf: bytes)
                    return true
                }
                if !copied {
                    batch.slots.removeSubrange(rowStart.slots...)
                    batch.bytes.removeSubrange(rowStart.bytes...)
                    hand()
                    pending.wait()
                    writer.write(statement)
                    return
                }
            }
        }
        batch.rows += 1
        if batch.isFull { hand() }
    }

    /// Encodes what is left, and waits until the encoding thread has written everything and ended.
    public func finish() {
        guard !isFinished else { return }
        isFinished = true
        hand()
        lock.withLock { queue.append(nil) }
        filled.signal()
        done.wait()
    }

    /// Hands the batch over, and takes a spare one (waiting while two are queued).
    private func hand() {
        guard batch.rows > 0 else { return }
        let full = batch
        pending.enter()
        lock.withLock { queue.append(full) }
        filled.signal()
        free.wait()
        batch = lock.withLock { spare.popLast() } ?? Batch()
        batch.slots.removeAll(keepingCapacity: true)
        batch.bytes.removeAll(keepingCapacity: true)
        batch.rows = 0
    }

    /// The encoding thread: each batch in order, until the end of the queue.
    private func encodeBatches() {
        while true {
            filled.wait()
            guard let next = lock.withLock({ queue.removeFirst() }) else { return }
            if !lock.withLock({ closed }) {
                encode(next)
                if sink.isClosed { lock.withLock { closed = true } }
            }
            lock.withLock { spare.append(next) }
            pending.leave()
            free.signal()
        }
    }

    private func encode(_ batch: Batch) {
        let width = batch.rows == 0 ? 0 : batch.slots.count / batch.rows
        batch.slots.withUnsafeBufferPointer { slots in
            batch.bytes.withUnsafeBytes { bytes in
                for row in 0..<batch.rows {
                    writer.write(batched: BatchRow(slots: UnsafeBufferPointer(rebasing: slots[(row * width)..<((row + 1) * width)]), bytes: bytes))
                    if row % 256 == 255 && sink.isClosed { return }
                }
            }
        }
    }
}
