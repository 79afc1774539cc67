import Digests
import SQLiteKit

/// A SHA-256 over a database's schema and every row of every table, in key order: two databases with
/// the same digest hold the same content, whatever their page layout.
public enum ContentDigest {
    public static func sha256(_ connection: Connection) throws -> String {
        var hasher = SHA256()
        let tables = try connection.rows("""
            SELECT name, sql FROM sqlite_schema
            WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """)
        for table in tables {
            guard let name = table[0].string else { continue }
            hasher.update("table \(name)\n\(table[1].string ?? "")\n")
            let key = try connection.rows("SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk", [.text(name)])
                .compactMap { $0[0].string }
            let withoutRowID = try connection.scalar("SELECT wr FROM pragma_table_list(?1)", [.text(name)]) == .integer(1)
            let names = Set(try connection.rows("SELECT lower(name) FROM pragma_table_xinfo(?1)", [.text(name)]).compactMap { $0[0].string })
            let rowID = ObjectKey.rowIDNames.first { !names.contains($0) }
            let order: SQL = withoutRowID || !key.isEmpty ? key.map { SQL.column($0) }.joined(separator: ", ") : rowID.map { SQL.rowID($0) } ?? "1"
            let statement = try connection.prepare("SELECT * FROM \(identifier: name) ORDER BY \(order)" as SQL)
            let columns = statement.columnCount
            while try statement.step() {
                for index in 0..<columns { feed(statement.column(index), into: &hasher) }
                hasher.update([0x0A])
            }
        }
        return hasher.finalize()
    }

    /// A type tag, then the value: integers and reals by their bits, text and blobs with their length.
    private static func feed(_ value: SQLiteValue, into hasher: inout SHA256) {
        switch value {
        case .null:
            hasher.update([0])
        case .integer(let number):
            hasher.update([1] + bytes(UInt64(bitPattern: number)))
        case .real(let number):
            hasher.update([2] + bytes(number.bitPattern))
        case .text(let text):
            hasher.update([3] + bytes(UInt64(text.utf8.count)))
            hasher.update(text)
        case .blob(let data):
            hasher.update([4] + bytes(UInt64(data.count)))
            hasher.update(data)
        }
    }

    private static func bytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) }
    }
}
