import Testing
@testable import SQLiteKit

/// A foreign key's refusal is told apart from other constraints by SQLite's codes, and a RESTRICT action (which SQLite
/// runs as a trigger) by the foreign key's own message: never a trigger's refusal with another message.
@Suite struct ForeignKeyErrorTests {
    static let schema = """
        PRAGMA foreign_keys = ON;
        CREATE TABLE Parent (id INTEGER PRIMARY KEY);
        CREATE TABLE Child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES Parent(id) ON DELETE RESTRICT, name TEXT NOT NULL);
        CREATE TABLE Guarded (x);
        CREATE TRIGGER refuse BEFORE INSERT ON Guarded BEGIN SELECT RAISE(ABORT, 'not today'); END;
        INSERT INTO Parent VALUES (1);
        INSERT INTO Child VALUES (1, 1, 'a');
        """

    /// A statement, and whether its failure is a foreign key's.
    @Test(arguments: [
        ("INSERT INTO Child VALUES (2, 99, 'b')", true),
        ("DELETE FROM Parent WHERE id = 1", true),
        ("INSERT INTO Child VALUES (3, 1, NULL)", false),
        ("INSERT INTO Guarded VALUES (1)", false),
        ("INSERT INTO Child VALUES (1, 1, 'again')", false),
    ])
    func isToldApartByItsCodes(_ statement: String, _ foreignKey: Bool) throws {
        let db = try Connection(path: "", mode: .memory)
        try db.execute(Self.schema)
        do {
            try db.execute(statement)
            Issue.record("\(statement) ran")
        } catch let error as SQLiteError {
            #expect(error.code == .constraint, "\(error)")
            #expect(error.isForeignKeyViolation == foreignKey, "\(error.extendedCode.rawValue) \(error.message)")
        }
    }
}
