import Testing
@testable import StrataCore

@Suite struct TypeInferenceTests {
    @Test(arguments: [
        // Strata's own names
        ("bool", false, PropertyType.bool), ("string", false, .string), ("data", false, .data),
        ("date", false, .date), ("uuid", false, .uuid), ("decimal", false, .decimal),
        // declared-type families
        ("BOOLEAN", false, .bool), ("BOOL", false, .bool),
        ("INTEGER", false, .int), ("INT", false, .int), ("BIGINT", false, .int), ("UNSIGNED BIG INT", false, .int),
        ("int64", false, .int), ("TINYINT", false, .int),
        ("FLOAT", false, .float), ("REAL", false, .double), ("DOUBLE", false, .double),
        ("DOUBLE PRECISION", false, .double), ("DECIMAL(10,2)", false, .decimal), ("NUMERIC", false, .decimal),
        ("TEXT", false, .string), ("VARCHAR(255)", false, .string), ("NVARCHAR", false, .string),
        ("CHARACTER(20)", false, .string), ("CLOB", false, .string),
        ("DATE", false, .date), ("DATETIME", false, .date), ("TIMESTAMP", false, .date),
        ("BLOB", false, .data), ("UUID", false, .uuid),
        // CHECK (x IN (0, 1)) turns integer and untyped columns into bool, nothing else
        ("", true, .bool), ("INTEGER", true, .bool), ("TEXT", true, .string),
        // no type, or one Strata does not know
        ("", false, .any), ("ANY", false, .any), ("GEOMETRY", false, .any),
    ])
    func infersFromDeclaredType(_ declared: String, _ booleanCheck: Bool, _ expected: PropertyType) {
        #expect(TypeInference.type(declared: declared, hasBooleanCheck: booleanCheck) == expected)
    }

    @Test(arguments: [
        ("CREATE TABLE t (a INTEGER CHECK (a IN (0, 1)), b INT)", Set(["a"])),
        ("CREATE TABLE t (a INT, \"B b\" INT, CHECK (\"B b\" IN (1,0)))", Set(["b b"])),
        ("CREATE TABLE t (a INT CHECK (a IN (0, 2)))", Set<String>()),
        ("CREATE TABLE t (a INT /* CHECK (a IN (0, 1)) */, b INT) -- CHECK (b IN (0,1))", Set<String>()),
        ("CREATE TABLE t (a INT DEFAULT 'CHECK (a IN (0, 1))')", Set<String>()),
    ])
    func findsBooleanChecks(_ sql: String, _ expected: Set<String>) {
        #expect(SQLTokenizer.booleanCheckColumns(in: sql) == expected)
    }

    @Test func readsPartialIndexConditions() {
        #expect(SQLTokenizer.whereClause(of: "CREATE INDEX i ON t(a) WHERE a IS NOT NULL;") == "a IS NOT NULL")
        #expect(SQLTokenizer.whereClause(of: "CREATE INDEX \"where\" ON t(a)") == nil)
    }

    @Test func tokenizesQuotedNames() {
        let tokens = SQLTokenizer.tokens("CREATE TABLE [a b] (\"x\"\"y\" TEXT, `z` INT) -- done")
        #expect(tokens.map(\.text) == ["CREATE", "TABLE", "a b", "(", "x\"y", "TEXT", ",", "z", "INT", ")"])
    }
}
