import CSQLite

/// The running state of one aggregate over one group, made fresh for each group.
public protocol SQLAggregate: AnyObject {
    func step(_ arguments: [SQLiteValue]) throws
    func finish() throws -> SQLiteValue
}

private final class AggregateFactory {
    let make: () -> SQLAggregate
    init(_ make: @escaping () -> SQLAggregate) { self.make = make }
}

extension Connection {
    /// Registers an aggregate SQL function: `make` gives the state for each group, `step` sees each row.
    public func createAggregate(_ name: String, argumentCount: Int32, deterministic: Bool = true,
                                _ make: @escaping () -> SQLAggregate) throws
    {
        let factory = Unmanaged.passRetained(AggregateFactory(make)).toOpaque()
        var flags = SQLITE_UTF8 | SQLITE_INNOCUOUS
        if deterministic { flags |= SQLITE_DETERMINISTIC }
        let code = sqlite3_create_function_v2(
            handle, name, argumentCount, flags, factory, nil,
            { context, count, values in
                guard let context, let state = aggregateState(context, create: true) else { return }
                var arguments: [SQLiteValue] = []
                for index in 0..<Int(count) { arguments.append(SQLiteValue(values?[index])) }
                do { try state.step(arguments) } catch { sqlite3_result_error(context, "\(error)", -1) }
            },
            { context in
                guard let context else { return }
                let state = aggregateState(context, create: true)
                defer { releaseAggregateState(context) }
                do {
                    setResult(context, try state?.finish() ?? .null)
                } catch {
                    sqlite3_result_error(context, "\(error)", -1)
                }
            },
            { factory in factory.map { Unmanaged<AggregateFactory>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle, sql: nil) }
    }
}

/// The state object of a group, kept as a retained pointer in SQLite's per-group aggregate context.
private func aggregateState(_ context: OpaquePointer, create: Bool) -> SQLAggregate? {
    guard let slot = sqlite3_aggregate_context(context, create ? Int32(MemoryLayout<UnsafeRawPointer?>.size) : 0)?
        .assumingMemoryBound(to: UnsafeRawPointer?.self)
    else { return nil }
    if let existing = slot.pointee { return Unmanaged<AnyObject>.fromOpaque(existing).takeUnretainedValue() as? SQLAggregate }
    let factory = Unmanaged<AggregateFactory>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
    let state = factory.make()
    slot.pointee = UnsafeRawPointer(Unmanaged.passRetained(state as AnyObject).toOpaque())
    return state
}

private func releaseAggregateState(_ context: OpaquePointer) {
    guard let slot = sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: UnsafeRawPointer?.self),
          let existing = slot.pointee
    else { return }
    Unmanaged<AnyObject>.fromOpaque(existing).release()
    slot.pointee = nil
}

/// Hands a Swift value to SQLite as a function's result.
func setResult(_ context: OpaquePointer, _ value: SQLiteValue) {
    switch value {
    case .null: sqlite3_result_null(context)
    case .integer(let number): sqlite3_result_int64(context, number)
    case .real(let number): sqlite3_result_double(context, number)
    case .text(let text): strata_result_text(context, text, Int32(clamping: text.utf8.count))
    case .blob(let bytes): bytes.withUnsafeBytes { strata_result_blob(context, $0.baseAddress, Int32(clamping: $0.count)) }
    }
}
