import Testing
@testable import StrataCore

@Suite struct SchemaWarningTests {
    @Test(arguments: [
        (SchemaWarning.unreadableTable("Broken", reason: "no such table: main.T"), "Broken: no such table: main.T"),
        (.unreadableLinkColumn(table: "ZNOTE", column: "ZFOLDER", target: "ZFOLDER", reason: "database is locked"),
         "ZNOTE.ZFOLDER cannot be read (database is locked): it is not taken for a link to ZFOLDER"),
        (.unreadableMetadata(reason: "the store has no metadata (Z_METADATA is empty)"),
         "the store has no metadata (Z_METADATA is empty): --model's version is chosen by the tables alone"),
        (.unreadableModelCache(reason: "not deflate"),
         "the store's model cache cannot be read (not deflate): names and relationships are inferred from the tables"),
        (.modelDisagrees("entity Ghost: the store has no table ZGHOST"),
         "model and store disagree: entity Ghost: the store has no table ZGHOST"),
        (.missingWAL(path: "/tmp/a b/Store.sqlite"),
         "/tmp/a b/Store.sqlite is in WAL mode and has no Store.sqlite-wal beside it: what was committed but not yet "
            + "checkpointed is in that file, so objects may be missing (copy the -wal with the database)"),
    ] as [(SchemaWarning, String)])
    func messageIsTheLineShown(_ warning: SchemaWarning, _ message: String) {
        #expect(warning.message == message)
        #expect("\(warning)" == message)
    }

    /// Only a table that cannot be read names one, whatever the other kinds' text starts with.
    @Test(arguments: [
        (SchemaWarning.unreadableTable("Broken", reason: "no such table: main.T"), "Broken"),
        (.unreadableLinkColumn(table: "ZNOTE", column: "ZFOLDER", target: "ZFOLDER", reason: "x"), nil),
        (.unreadableMetadata(reason: "Broken: looks like a table's warning"), nil),
        (.modelDisagrees("Broken: the store has no column"), nil),
        (.missingWAL(path: "Broken: "), nil),
    ] as [(SchemaWarning, String?)])
    func onlyAnUnreadableTableNamesATable(_ warning: SchemaWarning, _ table: String?) {
        #expect(warning.unreadableTable == table)
    }
}
