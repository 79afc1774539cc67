import Foundation
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

extension TransactionTests {
    @Test func savepointKeepsTheFirstErrorWhenItsRollbackFails() throws {
        let db = try makeDatabase()
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                try db.savepoint("inner") {
                    try db.execute("INSERT INTO t VALUES (2)")
                    // Gone before the helper rolls back to it: that rollback fails, and Boom is what comes out.
                    try db.execute("RELEASE SAVEPOINT inner")
                    throw Boom()
                }
            }
        }
        #expect(try values(db) == [])
        #expect(db.isAutocommit)
    }

    @Test func savepointThatCannotCommitRollsBack() throws {
        let db = try makeDatabase()
        try db.execute("PRAGMA foreign_keys = ON")
        try db.execute("CREATE TABLE child (parent INTEGER REFERENCES t(x) DEFERRABLE INITIALLY DEFERRED)")
        // Outside a transaction the release commits; the deferred foreign key fails it.
        let error = #expect(throws: SQLiteError.self) {
            try db.savepoint {
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO child VALUES (7)")
            }
        }
        #expect(error?.extendedCode == .constraintForeignKey)
        #expect(try values(db) == [])
        #expect(try db.scalar("SELECT count(*) FROM child") == .integer(0))
        #expect(db.isAutocommit)
    }

    @Test func rollingBackReturnsWhatItsBodyFoundAndKeepsNothing() throws {
        let db = try makeDatabase()
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (1)")
            let seen = try db.rollingBack {
                try db.execute("INSERT INTO t VALUES (2)")
                try db.savepoint { try db.execute("INSERT INTO t VALUES (3)") }
                // Nested: its own work goes, the outer trial's stays until that one ends.
                try db.rollingBack { try db.execute("INSERT INTO t VALUES (4)") }
                return try values(db)
            }
            #expect(seen == [1, 2, 3])
            try db.execute("INSERT INTO t VALUES (5)")
        }
        #expect(try values(db) == [1, 5])
        // Outside a transaction it ends the one it began.
        #expect(try db.rollingBack { try db.execute("INSERT INTO t VALUES (6)"); return try values(db) } == [1, 5, 6] as [Int64])
        #expect(try values(db) == [1, 5])
        #expect(db.isAutocommit)
    }

    @Test func rollingBackRethrowsTheFirstError() throws {
        let db = try makeDatabase()
        #expect(throws: Boom.self) {
            try db.rollingBack { try db.execute("INSERT INTO t VALUES (1)"); throw Boom() }
        }
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.rollingBack {
                    try db.execute("INSERT INTO t VALUES (2)")
                    try db.execute("RELEASE SAVEPOINT strata_trial")
                    throw Boom()
                }
            }
        }
        #expect(try values(db) == [])
        #expect(db.isAutocommit)
    }

    /// A trial whose savepoint is gone when it returns cannot take its work back: that is an error, never
    /// a change kept in silence.
    @Test func rollingBackThatCannotRollBackThrows() throws {
        let db = try makeDatabase()
        let error = #expect(throws: SQLiteError.self) {
            try db.transaction {
                try db.rollingBack {
                    try db.execute("INSERT INTO t VALUES (1)")
                    try db.execute("RELEASE SAVEPOINT strata_trial")
                }
            }
        }
        #expect(error?.message == "no such savepoint: strata_trial")
        #expect(try values(db) == [])
        #expect(db.isAutocommit)
    }

    /// Outside a transaction the trial is a rolled-back transaction, not a released savepoint: releasing
    /// commits, and a commit of nothing still writes the file's change counter.
    @Test func rollingBackLeavesTheFileAsItWasByteForByte() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("trial.sqlite")
        let db = try Connection(path: path, mode: .create)
        try db.execute("CREATE TABLE t (x INTEGER PRIMARY KEY); INSERT INTO t VALUES (1), (2)")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let seen = try db.rollingBack(.immediate) {
            try db.execute("DELETE FROM t WHERE x = 1")
            try db.savepoint { try db.execute("INSERT INTO t VALUES (3)") }
            return try values(db)
        }
        #expect(seen == [2, 3])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        #expect(db.isAutocommit)
    }
}
