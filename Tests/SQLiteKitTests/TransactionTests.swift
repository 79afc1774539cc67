import Testing
@testable import SQLiteKit

struct Boom: Error, Equatable {}

@Suite struct TransactionTests {
    func makeDatabase() throws -> Connection {
        let db = try Connection(path: "", mode: .memory)
        try db.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
        return db
    }

    func values(_ db: Connection) throws -> [Int64] {
        try db.rows("SELECT x FROM t ORDER BY x").compactMap { $0[0].int64 }
    }

    @Test func commitsWhenTheBodyReturns() throws {
        let db = try makeDatabase()
        let result = try db.transaction(.immediate) {
            try db.execute("INSERT INTO t VALUES (1)")
            return "done"
        }
        #expect(result == "done")
        #expect(try values(db) == [1])
        #expect(db.isAutocommit)
    }

    @Test func rollsBackAndRethrowsTheFirstError() throws {
        let db = try makeDatabase()
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try values(db) == [])
        #expect(db.isAutocommit)
    }

    @Test func rollsBackOnAnSQLiteError() throws {
        let db = try makeDatabase()
        do {
            try db.transaction(.exclusive) {
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO t VALUES (1)")
            }
            Issue.record("expected a constraint error")
        } catch let error as SQLiteError {
            #expect(error.code == .constraint)
        }
        #expect(try values(db) == [])
    }

    @Test func savepointRollsBackOnlyItsOwnWork() throws {
        let db = try makeDatabase()
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (1)")
            #expect(throws: Boom.self) {
                try db.savepoint("inner \"one\"") {
                    try db.execute("INSERT INTO t VALUES (2)")
                    throw Boom()
                }
            }
            try db.savepoint {
                try db.execute("INSERT INTO t VALUES (3)")
                try db.savepoint("nested") { try db.execute("INSERT INTO t VALUES (4)") }
            }
        }
        #expect(try values(db) == [1, 3, 4])
    }

    @Test func savepointWorksOutsideATransaction() throws {
        let db = try makeDatabase()
        #expect(throws: Boom.self) {
            try db.savepoint { try db.execute("INSERT INTO t VALUES (9)"); throw Boom() }
        }
        #expect(try values(db) == [])
        #expect(db.isAutocommit)
    }
}
