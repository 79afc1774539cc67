import Testing
@testable import StrataMigrate

@Suite struct RunFailureTests {
    @Test(arguments: [
        ("INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (1)"),
        ("-- strata:up\n-- adds a row\nINSERT INTO t VALUES (1)", "INSERT INTO t VALUES (1)"),
        ("\n  /* a block\n comment */ -- and a line\n\tUPDATE t SET a = '-- not a comment'", "UPDATE t SET a = '-- not a comment'"),
        ("/* never closed", "/* never closed"),
        ("-- only a comment", ""),
    ])
    func theStatementIsShownWithoutTheCommentsBeforeIt(_ sql: String, _ shown: String) {
        #expect(RunFailure.withoutLeadingComments(sql) == shown)
    }
}
