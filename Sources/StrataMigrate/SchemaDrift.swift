/// How a database's schema differs from the one its applied migrations make (see `Migrator.schemaDrift()`).
package struct SchemaDrift: Sendable, Equatable {
    /// A table's column, an index, a view or a trigger that one side has and the other has not:
    /// `+ …` only in the file, `- …` only in the replay.
    package var lines: [String]
    /// Why the schemas were not compared, when the applied migrations cannot build the schema from an
    /// empty database (then `lines` is empty).
    package var unchecked: String?
    /// Tables (and views) the database had before its first migration and that the migrations do not
    /// make, sorted: left out of `lines`, since no replay can have them.
    package var predating: [String] = []
}
