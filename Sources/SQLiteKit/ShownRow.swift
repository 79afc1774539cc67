/// A row read to be looked at, not kept: each value as stored, except that a text or blob longer than the limit
/// it was read with holds only its first bytes, with its whole length beside it.
///
/// What a browser page or an object view holds: a row of two 200 MB values costs what SQLite itself needs to
/// read it, not that again in copies. Only displays read it; anything that writes, exports or compares a value
/// reads it whole.
public struct ShownRow: Sendable, Equatable {
    public var values: [SQLiteValue]
    /// By index: the whole length in bytes of each value kept shortened.
    public var wholeCounts: [Int: Int]

    /// The most bytes of a text or blob that pages and object views keep: far more than a line shows (4 KiB
    /// of text, 8 bytes of a blob), far less than a value that would make a page costly.
    public static let limit = 256 * 1024

    public init(values: [SQLiteValue], wholeCounts: [Int: Int] = [:]) {
        self.values = values
        self.wholeCounts = wholeCounts
    }

    /// True when some value was kept shortened.
    public var isShortened: Bool { !wholeCounts.isEmpty }
}

extension Statement {
    /// The current row, a text or blob of more than `limit` bytes kept as its first `limit` bytes (a text cut
    /// back to where a character starts) unless `keepWhole` says otherwise for its index.
    public func shownRow(limit: Int = ShownRow.limit, keepWhole: (Int) -> Bool = { _ in false }) -> ShownRow {
        var row = ShownRow(values: [])
        row.values.reserveCapacity(columnCount)
        for index in 0..<columnCount {
            let storage = storageClass(index)
            guard storage == .text || storage == .blob, !keepWhole(index) else {
                row.values.append(column(index))
                continue
            }
            row.values.append(withBytes(index) { bytes in
                var kept = bytes.count
                if kept > limit {
                    row.wholeCounts[index] = kept
                    kept = storage == .blob ? limit : bytes.utf8CharacterStart(atOrBefore: limit)
                }
                let part = UnsafeRawBufferPointer(rebasing: bytes[..<kept])
                return storage == .blob ? .blob(Array(part)) : .text(String(decoding: part, as: UTF8.self))
            })
        }
        return row
    }
}

extension UnsafeRawBufferPointer {
    /// Where to cut UTF-8 text at `offset` or just before it: back over the continuation bytes of a character that
    /// `offset` falls inside, three at most (a character takes four bytes at most), so that invalid text with a
    /// long run of continuation bytes is cut at `offset`, not emptied.
    public func utf8CharacterStart(atOrBefore offset: Int) -> Int {
        var end = offset
        while end > Swift.max(0, offset - 3), end < count, self[end] & 0xC0 == 0x80 { end -= 1 }
        return end
    }
}
