import SQLiteKit

/// Strata's convention for lists (ARCHITECTURE.md §2): a table `<Class>_<property>` holding
/// `(owner, position, target)`, in one place for everything that writes lists.
public enum ListTable {
    public static func name(owner: String, property: String) -> String { owner + "_" + property }

    /// The CREATE TABLE statement of a list of `target` objects owned by `owner`, with the declared types of
    /// the two classes' keys (INTEGER unless said), named `table` when not `<owner>_<property>`.
    public static func createSQL(owner: String, property: String, target: String, ownerKey: String = "id", targetKey: String = "id",
                                 ownerKeyType: String = "INTEGER", targetKeyType: String = "INTEGER", table: String? = nil) -> String
    {
        let statement: SQL = """
            CREATE TABLE \(identifier: table ?? name(owner: owner, property: property)) (
                owner \(SQL(verbatim: ownerKeyType)) NOT NULL REFERENCES \(identifier: owner)(\(identifier: ownerKey)) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                target \(SQL(verbatim: targetKeyType)) NOT NULL REFERENCES \(identifier: target)(\(identifier: targetKey)) ON DELETE CASCADE,
                PRIMARY KEY (owner, position)
            ) WITHOUT ROWID;
            """
        return statement.text
    }
}
