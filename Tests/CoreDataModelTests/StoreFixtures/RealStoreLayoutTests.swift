import CoreDataModel
import CoreDataStoreFixtures
import Foundation
import SQLiteKit
import Testing

/// The layout rules checked against stores Core Data wrote itself (Tests/CoreDataModelTests/Fixtures/Stores, from
/// alemar11/CoreDataPlus, MIT): each store's own model, read from its `Z_MODELCACHE`, laid out by
/// `CoreDataStoreLayout`, gives the store's entity numbers, tables, columns (names, declared types and order) and
/// to-one indexes.
@Suite struct RealStoreLayoutTests {
    static let stores = ["SampleModel_V1", "SampleModel2_V2", "SampleModel3_V1"]

    static func folder(_ store: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Stores/\(store)")
    }

    /// The store opened without changing it (the fixtures are WAL-mode files without their -wal and -shm).
    static func open(_ store: String) throws -> Connection {
        let path = folder(store).appendingPathComponent("\(store).sqlite").path
        return try Connection(path: "file:\(path)?immutable=1", mode: .readOnly, uri: true)
    }

    static func model(_ store: String) throws -> ManagedObjectModel {
        let blob = try [UInt8](Data(contentsOf: folder(store).appendingPathComponent("modelcache.bin")))
        return try ManagedObjectModel(archive: KeyedArchive(bytes: Inflate.data(blob, limit: 1 << 24)))
    }

    /// Column names and declared types of `table`, in order (`PRAGMA table_info`).
    static func columns(_ table: String, _ db: Connection) throws -> [String] {
        try db.rows("SELECT name, type FROM pragma_table_info(?)", [.text(table)]).map {
            "\($0[0].string ?? "?") \($0[1].string ?? "?")"
        }
    }

    @Test(arguments: stores)
    func entityNumbersAreTheStoresOwn(_ store: String) throws {
        let layout = try CoreDataStoreLayout(model: Self.model(store))
        let db = try Self.open(store)
        // Entities below 16000 are the model's; 16001… are persistent history's (ACHANGE, ATRANSACTION…).
        let rows = try db.rows("SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY WHERE Z_ENT < 16000 ORDER BY Z_ENT")
        #expect(rows.map { $0[1].string ?? "" } == layout.entityOrder)
        for row in rows {
            let name = row[1].string ?? ""
            let parent = layout.entity(named: name)?.parentName.flatMap { layout.number(of: $0) } ?? 0
            #expect(row[2].int64 == Int64(parent), "\(store) \(name)'s Z_SUPER")
        }
    }

    @Test(arguments: stores)
    func tablesAndColumnsAreTheStoresOwn(_ store: String) throws {
        let layout = try CoreDataStoreLayout(model: Self.model(store))
        let db = try Self.open(store)
        let real = try db.rows("""
            SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'Z%' AND name NOT LIKE 'Z\\_%' ESCAPE '\\'
            ORDER BY name
            """).compactMap { $0[0].string }
        #expect(real == layout.tables.map(\.name).sorted())
        for table in layout.tables {
            #expect(try Self.columns(table.name, db) == table.columns.map { "\($0.name) \($0.type == "INTEGER PRIMARY KEY" ? "INTEGER" : $0.type)" },
                    "\(store) \(table.name)")
        }
    }

    @Test(arguments: stores)
    func toOneAndEntityIndexesAreTheStoresOwn(_ store: String) throws {
        let layout = try CoreDataStoreLayout(model: Self.model(store))
        let db = try Self.open(store)
        for table in layout.tables {
            for index in table.indexes {
                let columns = try db.rows("SELECT name FROM pragma_index_info(?)", [.text(index.name)]).compactMap { $0[0].string }
                #expect(columns == index.columns, "\(store) \(index.name)")
            }
        }
    }

    @Test func theBookOfAPageIsStoredWithItsEntityNumber() throws {
        // Page.book → Book, which has the sub-entity GraphicNovel: ZBOOK holds the Z_PK, Z1_BOOK the Z_ENT.
        let db = try Self.open("SampleModel2_V2")
        let mismatches = try db.scalar("""
            SELECT count(*) FROM ZPAGE p JOIN ZBOOK b ON b.Z_PK = p.ZBOOK WHERE p.Z1_BOOK IS NOT b.Z_ENT
            """)
        #expect(mismatches.int64 == 0)
        #expect(try db.scalar("SELECT count(DISTINCT Z1_BOOK) FROM ZPAGE").int64 == 2)
    }
}
