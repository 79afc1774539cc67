import SQLiteKit
import StrataCore

/// Builds in-memory databases from SQL and reads their schema.
public enum Fixtures {
    public static func schema(_ sql: String) throws -> Schema {
        try read(sql).schema
    }

    public static func read(_ sql: String) throws -> (schema: Schema, warnings: [SchemaWarning]) {
        let db = try Connection(path: "", mode: .memory)
        try db.execute(sql)
        var reader = SchemaReader(connection: db)
        let schema = try reader.read()
        return (schema, reader.warnings)
    }

    /// The app-like schema most tests look at.
    public static let tasks = """
        CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE Task (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL DEFAULT 'untitled',
            isCompleted INTEGER NOT NULL CHECK (isCompleted IN (0, 1)),
            list INTEGER REFERENCES TaskList(id) ON DELETE CASCADE,
            owner INTEGER NOT NULL REFERENCES TaskList,
            parent INTEGER REFERENCES Task(id)
        );
        CREATE TABLE Tag (name TEXT PRIMARY KEY) WITHOUT ROWID;
        CREATE TABLE Task_tags (
            owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            target TEXT NOT NULL REFERENCES Tag(name) ON DELETE CASCADE,
            PRIMARY KEY (owner, position)
        ) WITHOUT ROWID;
        CREATE INDEX Task_name ON Task(name);
        """
}

extension Schema {
    /// The class or a test failure.
    public func require(_ name: String) throws -> ClassInfo {
        guard let info = `class`(named: name) else { throw FixtureError.missing(name) }
        return info
    }
}

extension ClassInfo {
    public func require(_ name: String) throws -> Property {
        guard let property = property(named: name) else { throw FixtureError.missing("\(self.name).\(name)") }
        return property
    }
}

public enum FixtureError: Error { case missing(String) }
