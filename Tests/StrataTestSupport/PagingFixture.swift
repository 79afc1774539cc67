import SQLiteKit

/// The classes the pager's deep-page tests and the REPL's `page` tests page through.
public enum PagingFixture {
    /// Dense rowids (the count-first path), rowids with a huge gap (its span says nothing), the extreme
    /// rowids (a span that overflows 64 bits), a table keyed by the bare rowid after deletions, an INT
    /// (not INTEGER) key holding text and blobs beside numbers, a WITHOUT ROWID text key, a compound key.
    public static let sql = """
        CREATE TABLE Dense (id INTEGER PRIMARY KEY, v INTEGER NOT NULL);
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 1000)
        INSERT INTO Dense SELECT i, i * 7 % 1000 FROM c;
        CREATE TABLE Gappy (id INTEGER PRIMARY KEY, v TEXT);
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 900)
        INSERT INTO Gappy SELECT i * 5 + i % 3, 'v' || i FROM c;
        DELETE FROM Gappy WHERE id % 13 = 0;
        INSERT INTO Gappy VALUES (4000000000000, 'far');
        CREATE TABLE Extreme (id INTEGER PRIMARY KEY, v TEXT);
        INSERT INTO Extreme VALUES (-9223372036854775808, 'min'), (9223372036854775807, 'max');
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 60)
        INSERT INTO Extreme SELECT i - 30, 'n' FROM c;
        CREATE TABLE Bare (v TEXT);
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 500)
        INSERT INTO Bare SELECT 'b' || i FROM c;
        DELETE FROM Bare WHERE rowid % 4 = 1 OR rowid > 480;
        CREATE TABLE Loose (k INT PRIMARY KEY, v TEXT);
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 200)
        INSERT INTO Loose SELECT CASE i % 3 WHEN 0 THEN i WHEN 1 THEN 'k' || i ELSE CAST('b' || i AS BLOB) END, 'x' FROM c;
        CREATE TABLE Code (code TEXT PRIMARY KEY, n INTEGER) WITHOUT ROWID;
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 333)
        INSERT INTO Code SELECT printf('%s-%04d', CASE i % 3 WHEN 0 THEN 'a' WHEN 1 THEN 'B' ELSE 'ä' END, i * 37 % 1000), i FROM c;
        CREATE TABLE Pair (a INTEGER NOT NULL, b TEXT NOT NULL, v INTEGER, PRIMARY KEY (a, b));
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 400)
        INSERT INTO Pair SELECT i % 13, 'b' || i, i FROM c;
        CREATE TABLE Single (id INTEGER PRIMARY KEY);
        INSERT INTO Single VALUES (42);
        CREATE TABLE Empty (id INTEGER PRIMARY KEY);
        CREATE VIEW Thirds AS SELECT id, v FROM Dense WHERE id % 3 = 0;
        """
}
