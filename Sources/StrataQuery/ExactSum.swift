import SQLiteKit

/// `@sum` and `@avg` over integers, exact in 128 bits: SQLite's sum() fails when a partial sum passes
/// Int64, and total() and avg() round past 2^53. Reals, if any, are added as Doubles.
final class ExactSum: SQLAggregate {
    private var high: Int64 = 0
    private var low: UInt64 = 0
    private var real = 0.0
    private var sawReal = false
    private(set) var count: Int64 = 0
    let average: Bool

    init(average: Bool) { self.average = average }

    func step(_ arguments: [SQLiteValue]) throws {
        switch arguments.first ?? .null {
        case .integer(let value):
            let (sum, carry) = low.addingReportingOverflow(UInt64(bitPattern: value))
            low = sum
            high &+= (value < 0 ? -1 : 0) &+ (carry ? 1 : 0)
            count += 1
        case .real(let value):
            real += value
            sawReal = true
            count += 1
        default:
            break
        }
    }

    /// The integer part as a Double, for results that do not fit Int64 or are averaged.
    private var integerAsDouble: Double {
        if fitsInt64 { return Double(Int64(bitPattern: low)) }
        return Double(high) * 18_446_744_073_709_551_616.0 + Double(low)
    }

    private var fitsInt64: Bool { high == (Int64(bitPattern: low) < 0 ? -1 : 0) }

    func finish() throws -> SQLiteValue {
        if average {
            guard count > 0 else { return .null }
            return .real((integerAsDouble + real) / Double(count))
        }
        if !sawReal && fitsInt64 { return .integer(Int64(bitPattern: low)) }
        return .real(integerAsDouble + real)
    }

    static func register(on connection: Connection) throws {
        try connection.createAggregate("strata_sum", argumentCount: 1) { ExactSum(average: false) }
        try connection.createAggregate("strata_avg", argumentCount: 1) { ExactSum(average: true) }
    }
}
