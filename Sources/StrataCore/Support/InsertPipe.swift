import Dispatch
import SQLiteKit

/// The inserts of a class's rows, run as they are read (a `.realm` file converted, a CSV file imported), or on a
/// second thread while reading goes on.
///
/// The reader binds each row's values and runs one of the pipe's statements, as it would a `Statement`. With
/// `threaded`, those calls only record what to do, in batches (values, and text as bytes copied once into the
/// batch), which a thread of the pipe's own binds and runs in the same order: reading the file and SQLite's inserts
/// then share two cores, and the database written is the same, row for row; statements without values (`execute`:
/// a class's full-text index once its rows are in) run in their place among the rows. Nothing else may use the
/// connection until `finish` or `cancel` returns.
///
/// An error of SQLite's comes back from the next `run` (or `finish`) after it happened; `failures` make it the
/// file's damage when a constraint says so (a duplicate primary key), from the row's owner and key that `run` was given.
package final class InsertPipe: @unchecked Sendable {
    /// What an error of SQLite's on a row of a statement means, given the row's owner key and its key in a dictionary.
    package typealias Failure = (SQLiteError, _ owner: SQLiteValue, _ key: SQLiteValue) -> any Error

    /// A value as a batch keeps it: text and blobs as ranges of the batch's bytes, so that no op holds a reference
    /// (copying and dropping one costs nothing).
    private enum Slot {
        case null, integer(Int64), real(Double)
        case text(start: Int, count: Int), blob(start: Int, count: Int)
    }

    private enum Op {
        case bind(statement: Int32, index: Int32, Slot)
        case run(statement: Int32, owner: Slot, key: Slot)
        /// Statements with no values, `scripts[i]`, run on the connection.
        case execute(Int)
    }

    private struct Batch {
        var ops: [Op] = []
        var bytes: [UInt8] = []
        var scripts: [String] = []
        var isFull: Bool { ops.count >= 65_536 || bytes.count >= 4 << 20 }

        mutating func slot(_ value: SQLiteValue) -> Slot {
            switch value {
            case .null: return .null
            case .integer(let number): return .integer(number)
            case .real(let number): return .real(number)
            case .text(var text):
                let start = bytes.count
                text.withUTF8 { bytes.append(contentsOf: $0) }
                return .text(start: start, count: bytes.count - start)
            case .blob(let blob):
                let start = bytes.count
                bytes.append(contentsOf: blob)
                return .blob(start: start, count: blob.count)
            }
        }
    }

    private let connection: Connection
    private let statements: [Statement]
    private let failures: [Failure?]
    private let threaded: Bool
    private var batch = Batch()

    // Shared with the inserting thread, under `lock`.
    private let lock = Lock()
    private var queue: [Batch?] = []
    private var spare: [Batch] = []
    private var error: (any Error)?
    private var stopped = false
    private let filled = DispatchSemaphore(value: 0)
    /// Batches the reading side may fill before it waits for the inserts: two, the one filling and one waiting.
    private let free = DispatchSemaphore(value: 2)
    private let done = DispatchGroup()

    /// - Parameters:
    ///   - failures: per statement, what a failed insert means (nil: SQLite's error as it is).
    ///   - threaded: insert on a thread of the pipe's own (worth it with a second core).
    package init(_ statements: [Statement], failures: [Failure?], on connection: Connection, threaded: Bool) {
        self.connection = connection
        self.statements = statements
        self.failures = failures
        self.threaded = threaded
        if threaded {
            done.enter()
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                insertBatches()
                done.leave()
            }
        }
    }

    deinit {
        // A pipe given up on by an error before `finish`: its thread ends with what it has.
        if threaded && !isFinished { cancel() }
    }

    private var isFinished = false

    /// Binds `value` to parameter `index` of the next row.
    package func bind(_ value: SQLiteValue, at index: Int, of statement: Int) throws {
        guard threaded else { return try statements[statement].bind(value, at: index) }
        let slot = batch.slot(value)
        batch.ops.append(.bind(statement: Int32(statement), index: Int32(index), slot))
    }

    /// Binds UTF-8 text straight from `bytes` (copied now).
    package func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int, of statement: Int) throws {
        guard threaded else { return try statements[statement].bindText(bytes, at: index) }
        batch.ops.append(.bind(statement: Int32(statement), index: Int32(index), .text(start: batch.bytes.count, count: bytes.count)))
        batch.bytes.append(contentsOf: bytes)
    }

    /// Binds a blob straight from `bytes` (copied now).
    package func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int, of statement: Int) throws {
        guard threaded else { return try statements[statement].bindBlob(bytes, at: index) }
        batch.ops.append(.bind(statement: Int32(statement), index: Int32(index), .blob(start: batch.bytes.count, count: bytes.count)))
        batch.bytes.append(contentsOf: bytes)
    }

    /// Runs `statement` with the values bound since its last run.
    /// - Parameters:
    ///   - owner: the key of the object the row is of, and `key` its key in a dictionary: what a failure names.
    /// - Throws: the error of this row's insert, or of an earlier row's on the inserting thread, as `failures`
    ///   makes it.
    package func run(_ statement: Int, owner: SQLiteValue, key: SQLiteValue = .null) throws {
        guard threaded else { return try run(statements[statement], statement, owner: owner, key: key) }
        // The owner and the key only matter to a failure that names them.
        let named = failures[statement] != nil
        let ownerSlot = named ? batch.slot(owner) : .null, keySlot = named ? batch.slot(key) : .null
        batch.ops.append(.run(statement: Int32(statement), owner: ownerSlot, key: keySlot))
        if batch.isFull { try hand() }
    }

    /// Runs `sql` (statements without values) after the rows before it.
    package func execute(_ sql: String) throws {
        guard threaded else { return try connection.execute(sql) }
        batch.ops.append(.execute(batch.scripts.count))
        batch.scripts.append(sql)
        try hand()
    }

    private func run(_ compiled: Statement, _ statement: Int, owner: SQLiteValue, key: SQLiteValue) throws {
        do {
            try compiled.run()
        } catch let error as SQLiteError {
            throw failures[statement]?(error, owner, key) ?? error
        }
    }

    /// Runs what is left, waits for the inserting thread, and throws the first error there was.
    package func finish() throws {
        guard threaded else { return }
        try hand()
        end()
        if let error = lock.withLock({ error }) { throw error }
    }

    /// Stops inserting: what is queued is dropped (the caller rolls the transaction back).
    package func cancel() {
        guard threaded, !isFinished else { return }
        lock.withLock { stopped = true }
        end()
    }

    private func end() {
        isFinished = true
        lock.withLock { queue.append(nil) }
        filled.signal()
        done.wait()
    }

    /// Hands the batch over, and takes a spare one (waiting while two are queued).
    private func hand() throws {
        if let error = lock.withLock({ error }) { throw error }
        guard !batch.ops.isEmpty else { return }
        let full = batch
        lock.withLock { queue.append(full) }
        filled.signal()
        free.wait()
        batch = lock.withLock { spare.popLast() } ?? Batch()
        batch.ops.removeAll(keepingCapacity: true)
        batch.bytes.removeAll(keepingCapacity: true)
        batch.scripts.removeAll()
    }

    /// The inserting thread: each batch in order, until the end of the queue.
    private func insertBatches() {
        while true {
            filled.wait()
            guard let next = lock.withLock({ queue.removeFirst() }) else { return }
            if lock.withLock({ error == nil && !stopped }) {
                do {
                    try insert(next)
                } catch {
                    lock.withLock { self.error = error }
                }
            }
            lock.withLock { spare.append(next) }
            free.signal()
        }
    }

    private func insert(_ batch: Batch) throws {
        try batch.bytes.withUnsafeBytes { bytes in
            func value(_ slot: Slot) -> SQLiteValue {
                switch slot {
                case .null: .null
                case .integer(let number): .integer(number)
                case .real(let number): .real(number)
                case .text(let start, let count): .text(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]), as: UTF8.self))
                case .blob(let start, let count): .blob(Array(bytes[start..<(start + count)]))
                }
            }
            try batch.ops.withUnsafeBufferPointer { ops in
                for op in ops {
                    switch op {
                    case .bind(let statement, let index, let slot):
                        let compiled = statements[Int(statement)], position = Int(index)
                        switch slot {
                        case .null, .integer, .real: try compiled.bind(value(slot), at: position)
                        // The batch's bytes outlive the row's run, which comes before any rebinding.
                        case .text(let start, let count):
                            try compiled.bindTextInPlace(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]), at: position)
                        case .blob(let start, let count):
                            try compiled.bindBlobInPlace(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]), at: position)
                        }
                    case .run(let statement, let owner, let key):
                        do {
                            try statements[Int(statement)].run()
                        } catch let error as SQLiteError {
                            throw failures[Int(statement)]?(error, value(owner), value(key)) ?? error
                        }
                    case .execute(let script):
                        try connection.execute(batch.scripts[script])
                    }
                }
            }
        }
    }
}
