import SQLiteKit
import StrataCore

/// SQL text that a step runs, read in chunks of whole statements: a section of a `.sql` file (read from the file
/// block by block, never whole), or text given as a string (SQL Strata derived, a test's).
///
/// What the plan needs to know before anything runs (is there a statement, can every one run in a transaction)
/// and where the chunks end are found once, in one pass (`SQLOutline`), when the section is made; after that,
/// running, linting or printing it reads the text again chunk by chunk, so that memory does not grow with the
/// number of statements.
struct SQLSection: Sendable {
    let source: MigrationSource
    /// The section's bytes in `source`.
    let range: Range<Int>
    /// The line of the file the section starts on.
    let firstLine: Int
    let outline: SQLOutline

    /// Reads the section's outline from `source`.
    /// - Throws: as `MigrationSource.forEachBlock`.
    init(source: MigrationSource, range: Range<Int>, firstLine: Int) throws {
        (self.source, self.range, self.firstLine) = (source, range, firstLine)
        var scan = SQLOutline.Scan(chunkSize: source.blockSize)
        var pending: [UInt8] = []
        pending.reserveCapacity(2 * source.blockSize)
        try source.forEachBlock(in: range) { block in
            pending.append(contentsOf: block)
            let consumed = pending.withUnsafeBufferPointer { scan.feed($0, final: false) }
            pending.removeFirst(consumed)
        }
        _ = pending.withUnsafeBufferPointer { scan.feed($0, final: true) }
        outline = scan.outline
    }

    /// A section whose outline was found as its bytes were first read (`MigrationFile.Check`).
    init(source: MigrationSource, range: Range<Int>, firstLine: Int, outline: SQLOutline) {
        (self.source, self.range, self.firstLine, self.outline) = (source, range, firstLine, outline)
    }

    /// SQL given as text, starting on line `firstLine`.
    init(text: String, firstLine: Int = 1, blockSize: Int = MigrationSource.defaultBlockSize) {
        let bytes = Array(text.utf8)
        // Bytes in memory: reading them cannot fail.
        do {
            try self.init(source: MigrationSource(storage: .bytes(bytes), blockSize: blockSize), range: 0..<bytes.count, firstLine: firstLine)
        } catch {
            preconditionFailure("reading bytes in memory failed: \(error)")
        }
    }

    /// True when the section has a statement: not only white space, comments and `;`.
    var hasStatement: Bool { outline.hasStatement }

    /// Why a statement of the section cannot run inside the run's transaction, if one cannot.
    var notInTransaction: String? { outline.notInTransaction }

    // MARK: - Chunks

    /// A run of whole statements of the section, valid only during the call that passes it.
    struct Chunk {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where the chunk starts in the section, in bytes.
        let offset: Int
        /// The line of the file the chunk starts on.
        let line: Int
        /// True for the section's last chunk.
        let isLast: Bool

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Calls `body` with the section's chunks in order, each ending where a statement ends (`SQLOutline.cuts`), and
    /// the last one at the section's end. `body` returns how many of the chunk's bytes it is done with: fewer than
    /// all (not for the last chunk) puts the rest in front of the next chunk.
    /// - Throws: as `MigrationSource.forEachBlock`, and what `body` throws.
    func forEachChunk(_ body: (Chunk) throws -> Int) throws {
        var pending: [UInt8] = []
        pending.reserveCapacity(2 * source.blockSize)
        var pendingStart = 0, line = firstLine
        var cuts = outline.cuts[...]
        func emit(upTo end: Int, isLast: Bool) throws {
            let count = end - pendingStart
            let consumed = try pending.withUnsafeBufferPointer { all in
                let bytes = UnsafeBufferPointer(rebasing: all[0..<count])
                let done = min(max(try body(Chunk(bytes: bytes, offset: pendingStart, line: line, isLast: isLast)), 0), count)
                line += SQLOutline.newlines(in: UnsafeBufferPointer(rebasing: bytes[0..<done]))
                return done
            }
            pending.removeFirst(consumed)
            pendingStart += consumed
        }
        try source.forEachBlock(in: range) { block in
            pending.append(contentsOf: block)
            let available = pendingStart + pending.count
            // The last cut that the bytes reach past the start of what is pending.
            var end: Int?
            while let cut = cuts.first, cut <= available {
                cuts.removeFirst()
                if cut > pendingStart { end = cut }
            }
            if let end { try emit(upTo: end, isLast: false) }
        }
        try emit(upTo: pendingStart + pending.count, isLast: true)
    }

    /// The section's whole text: for what is small, or must be whole (the plan as printed).
    func text() throws -> String {
        var text = ""
        // Its size up front: growing by doubling would hold the old copy and a new one of twice its size at once.
        text.reserveCapacity(range.count)
        try forEachChunk { chunk in
            text += chunk.text
            return chunk.bytes.count
        }
        return text
    }

    /// Calls `body` with each statement of the section, in order (`SQLScript.forEachStatement` on each chunk), with
    /// the statement's offset in the section and its line.
    func forEachStatement(_ body: (SQLScript.Statement, _ offset: Int, _ line: Int) throws -> Void) throws {
        try forEachChunk { chunk in
            var line = chunk.line, counted = 0
            try SQLScript.forEachStatement(chunk.bytes) { statement in
                line += SQLOutline.newlines(in: UnsafeBufferPointer(rebasing: chunk.bytes[counted..<statement.offset]))
                counted = statement.offset
                try body(statement, chunk.offset + statement.offset, line)
            }
            return chunk.bytes.count
        }
    }

    // MARK: - Running

    /// A statement of the section that failed, at its line.
    struct Failure: Error {
        let line: Int
        let cause: any Error
    }

    /// Runs the section's statements on `connection`, chunk by chunk (`Connection.execute` prepares each statement
    /// of a chunk in turn at the tail of the one before, as `sqlite3_exec` does); `InterruptSignal` is looked at
    /// between chunks.
    ///
    /// A statement SQLite finds cut short at a chunk's end ("incomplete input": a trigger whose body holds
    /// `CASE … END;` ends later for SQLite's parser than for `sqlite3_complete`) is run again with the next chunk
    /// after it, as it would have run in the whole text: a statement that fails to compile has not run.
    /// - Throws: `Failure` with the line of the statement that failed; what reading throws.
    func run(on connection: Connection) throws {
        try forEachChunk { chunk in
            if InterruptSignal.fired { throw Failure(line: chunk.line, cause: SQLiteError(code: .interrupt)) }
            let text = chunk.text
            do {
                try connection.execute(text)
            } catch let error as SQLiteError {
                let offset = error.scriptOffset ?? 0
                if !chunk.isLast, ResultCode.error ~= error.code, error.message == "incomplete input" { return offset }
                throw Failure(line: SQLScript.line(ofStatementAt: offset, in: text, firstLine: chunk.line), cause: error)
            }
            return chunk.bytes.count
        }
    }
}
