import CSQLite

/// A Swift function callable from SQL: it gets the arguments as values and returns one.
public typealias SQLFunction = ([SQLiteValue]) throws -> SQLiteValue

private final class FunctionBox {
    let body: SQLFunction
    init(_ body: @escaping SQLFunction) { self.body = body }
}

extension Connection {
    /// Registers a scalar SQL function (`sqlite3_create_function_v2`).
    ///
    /// - Parameters:
    ///   - argumentCount: the number of arguments, or -1 for any.
    ///   - deterministic: the same arguments always give the same result, which lets SQLite factor calls out.
    ///   - body: an error it throws becomes the SQL error of the statement that called it.
    public func createFunction(_ name: String, argumentCount: Int32, deterministic: Bool = true,
                               _ body: @escaping SQLFunction) throws
    {
        let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
        var flags = SQLITE_UTF8 | SQLITE_INNOCUOUS
        if deterministic { flags |= SQLITE_DETERMINISTIC }
        let code = sqlite3_create_function_v2(
            handle, name, argumentCount, flags, box,
            { context, count, values in
                guard let context else { return }
                let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                var arguments: [SQLiteValue] = []
                arguments.reserveCapacity(Int(count))
                for index in 0..<Int(count) { arguments.append(SQLiteValue(values?[index])) }
                do {
                    setResult(context, try box.body(arguments))
                } catch {
                    sqlite3_result_error(context, "\(error)", -1)
                }
            },
            nil, nil,
            { box in box.map { Unmanaged<FunctionBox>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle, sql: nil) }
    }
}

extension SQLiteValue {
    /// Reads an `sqlite3_value` passed to a function.
    init(_ value: OpaquePointer?) {
        guard let value else { self = .null; return }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            guard let text = sqlite3_value_text(value) else { self = .text(""); return }
            self = .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard count > 0, let bytes = sqlite3_value_blob(value) else { self = .blob([]); return }
            self = .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: self = .null
        }
    }
}

/// The arguments of a call to a function registered with `createRawFunction`, read in place: text and blobs as
/// bytes SQLite owns for the call's length, with no copy.
public struct RawArguments {
    let context: OpaquePointer
    let values: UnsafeMutablePointer<OpaquePointer?>?
    public let count: Int

    /// The memory `keepAuxiliary` gave SQLite for argument `index` at this call site, while that argument stays the
    /// same value (a bound parameter or a literal: `sqlite3_get_auxdata`), so that work on a constant argument is
    /// done once per statement, not once per row. Raw memory, so that reading it costs no reference counting.
    public func auxiliary(_ index: Int) -> UnsafeRawPointer? {
        sqlite3_get_auxdata(context, Int32(index)).map(UnsafeRawPointer.init)
    }

    /// Memory for `keepAuxiliary`, from SQLite's allocator; nil when it has none.
    public func allocateAuxiliary(_ count: Int) -> UnsafeMutableRawPointer? {
        sqlite3_malloc64(sqlite3_uint64(max(count, 1)))
    }

    /// Gives SQLite `memory` (from `allocateAuxiliary`) to keep for argument `index` (`sqlite3_set_auxdata`); SQLite
    /// frees it when it lets it go, which may be at once: call this last, and do not use `memory` afterwards.
    public func keepAuxiliary(_ index: Int, _ memory: UnsafeMutableRawPointer) {
        sqlite3_set_auxdata(context, Int32(index), memory) { pointer in sqlite3_free(pointer) }
    }

    /// The argument's storage class.
    public func isText(_ index: Int) -> Bool { sqlite3_value_type(values?[index]) == SQLITE_TEXT }
    public func isBlob(_ index: Int) -> Bool { sqlite3_value_type(values?[index]) == SQLITE_BLOB }
    public func int64(_ index: Int) -> Int64 { sqlite3_value_int64(values?[index]) }

    /// The argument's bytes as text (UTF-8) or as a blob, valid only during the call.
    public func bytes(_ index: Int, asText: Bool) -> UnsafeRawBufferPointer {
        let value = values?[index]
        let start: UnsafeRawPointer? = asText ? sqlite3_value_text(value).map(UnsafeRawPointer.init) : sqlite3_value_blob(value)
        let count = Int(sqlite3_value_bytes(value))
        guard let start, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: start, count: count)
    }

    /// The argument as a value (a copy), for what the fast path leaves.
    public func value(_ index: Int) -> SQLiteValue { SQLiteValue(values?[index]) }
}

/// A function reading its arguments in place and returning a value: no array, no string per call.
public typealias RawSQLFunction = (RawArguments) -> SQLiteValue

private final class RawFunctionBox {
    let body: RawSQLFunction
    init(_ body: @escaping RawSQLFunction) { self.body = body }
}

extension Connection {
    /// Registers a deterministic scalar function whose body reads its arguments in place (`RawArguments`), for
    /// functions called once per row of a large table.
    public func createRawFunction(_ name: String, argumentCount: Int32, _ body: @escaping RawSQLFunction) throws {
        let box = Unmanaged.passRetained(RawFunctionBox(body)).toOpaque()
        let code = sqlite3_create_function_v2(
            handle, name, argumentCount, SQLITE_UTF8 | SQLITE_INNOCUOUS | SQLITE_DETERMINISTIC, box,
            { context, count, values in
                guard let context else { return }
                // The box lives as long as the function: borrowed, not retained, once per row.
                let result = Unmanaged<RawFunctionBox>.fromOpaque(sqlite3_user_data(context))._withUnsafeGuaranteedRef {
                    $0.body(RawArguments(context: context, values: values, count: Int(count)))
                }
                switch result {
                case .integer(let number): sqlite3_result_int64(context, number)
                case let other: setResult(context, other)
                }
            },
            nil, nil,
            { box in box.map { Unmanaged<RawFunctionBox>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle, sql: nil) }
    }
}
