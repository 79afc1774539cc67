import SQLiteKit
import Testing
@testable import StrataCore

/// The declared types of https://www.sqlite.org/datatype3.html §3.1.1, and the ones Strata writes.
@Suite struct ColumnAffinityTests {
    @Test(arguments: [
        ("INT", ColumnAffinity.integer), ("INTEGER", .integer), ("TINYINT", .integer), ("UNSIGNED BIG INT", .integer),
        ("INT8", .integer), ("FLOATING POINT", .integer),
        ("CHARACTER(20)", .text), ("VARCHAR(255)", .text), ("NATIVE CHARACTER(70)", .text), ("TEXT", .text), ("CLOB", .text),
        ("DECIMAL TEXT", .text), ("OBJECTID TEXT", .text), ("uuid text", .text),
        ("BLOB", .blob), ("", .blob),
        ("REAL", .real), ("DOUBLE", .real), ("DOUBLE PRECISION", .real), ("FLOAT", .real),
        ("NUMERIC", .numeric), ("DECIMAL(10,5)", .numeric), ("BOOLEAN", .numeric), ("DATE", .numeric), ("DATETIME", .numeric),
    ])
    func followsSQLitesRules(_ declared: String, _ affinity: ColumnAffinity) {
        #expect(ColumnAffinity(declaredType: declared) == affinity)
    }

    /// SQLite as the oracle for what sets text apart: '12' stays text, and 12 becomes text, only in a text column.
    @Test(arguments: ["INTEGER", "TEXT", "DECIMAL TEXT", "VARCHAR(9)", "BLOB", "REAL", "NUMERIC", "FLOATING POINT"])
    func textAffinityIsWhereSQLiteKeepsText(_ declared: String) throws {
        let connection = try Connection(path: "", mode: .memory)
        try connection.execute("CREATE TABLE t (c \(declared)); INSERT INTO t VALUES ('12'), (12);")
        let types = try connection.rows("SELECT typeof(c) FROM t ORDER BY rowid").map { $0[0] }
        let keepsText = types == [.text("text"), .text("text")]
        #expect(keepsText == (ColumnAffinity(declaredType: declared) == .text), "\(declared): \(types)")
    }
}
