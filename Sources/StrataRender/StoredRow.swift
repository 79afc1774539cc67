import SQLiteKit

/// A row of stored values read by column without building `SQLiteValue`s: a statement's current row, or
/// values already read. `ValueFormatter` reads every value through it, so both give the same output.
///
/// `int64` is asked only of an `.integer` column, `double` only of a `.real` one, `withBytes` only of
/// `.text` and `.blob`; the bytes are valid only inside `body`.
protocol StoredRow {
    func storageClass(_ index: Int) -> StorageClass
    func int64(_ index: Int) -> Int64?
    func double(_ index: Int) -> Double
    func withBytes<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T
    /// The whole length in bytes of a value kept shortened, whose `withBytes` gives only its first bytes; nil
    /// for a value read whole.
    func wholeCount(_ index: Int) -> Int?
}

extension StoredRow {
    func wholeCount(_ index: Int) -> Int? { nil }
}

/// The current row, straight from SQLite's buffers: what streaming exports read.
extension Statement: StoredRow {}

extension StoredRow where Self: RandomAccessCollection, Element == SQLiteValue, Index == Int {
    func storageClass(_ index: Int) -> StorageClass { self[index].storedAs }

    func int64(_ index: Int) -> Int64? { self[index].int64 }

    func double(_ index: Int) -> Double { self[index].double ?? 0 }

    func withBytes<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try self[index].withBytes(body)
    }
}

extension SQLiteValue {
    /// The storage class, as `StorageClass`.
    var storedAs: StorageClass {
        switch self {
        case .null: .null
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .blob: .blob
        }
    }

    func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        switch self {
        case .text(var text): return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        case .blob(let bytes): return try bytes.withUnsafeBytes(body)
        default: return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }
}

/// Values already read.
extension Array: StoredRow where Element == SQLiteValue {}

/// Values read to be shown, such as a browser page's rows, some perhaps shortened.
extension ShownRow: StoredRow {
    func storageClass(_ index: Int) -> StorageClass { values[index].storedAs }
    func int64(_ index: Int) -> Int64? { values[index].int64 }
    func double(_ index: Int) -> Double { values[index].double ?? 0 }
    func withBytes<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try values[index].withBytes(body)
    }
    func wholeCount(_ index: Int) -> Int? { wholeCounts[index] }
}

/// One value, for formatting a value on its own.
extension CollectionOfOne: StoredRow where Element == SQLiteValue {}
