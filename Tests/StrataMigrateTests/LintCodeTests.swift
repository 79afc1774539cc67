import Foundation
import Testing
@testable import StrataMigrate

@Suite struct LintCodeTests {
    @Test func helpListsEveryCodeGroupedBySeverity() {
        #expect(LintCode.helpSummary == "S008 nothing to run going up (error); "
                + "S001 DROP TABLE, S002 DROP COLUMN, S003 DELETE without WHERE (destructive); "
                + "S004 UPDATE without WHERE, S005 ADD COLUMN NOT NULL without DEFAULT, "
                + "S006 a statement that cannot run in a transaction, S007 no way down, and none derived (risky)")
        #expect(Set(LintCode.allCases.map(\.rawValue)).count == LintCode.allCases.count)
    }

    /// The manual's list under `migrate lint` has an item for each code, which says how bad it is.
    @Test(arguments: LintCode.allCases)
    func theManualListsTheCodeWithItsSeverity(_ code: LintCode) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // Every manual page (strata.1, strata-query.7, strata-migrations.5): a topic may live in any of them.
        let manual = root.appendingPathComponent("man")
        let page = try FileManager.default.contentsOfDirectory(atPath: manual.path).sorted()
            .filter { $0.range(of: #"^strata.*\.[1-9]$"#, options: .regularExpression) != nil }
            .map { try String(contentsOf: manual.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
        // Each item runs up to the next .It, or to the end of its list.
        let items = page.components(separatedBy: "\n.It ").dropFirst().map { $0.components(separatedBy: "\n.El").first ?? "" }
        let body = try #require(items.first { $0.hasPrefix(code.rawValue + "\n") }, "the man page has no .It \(code.rawValue)")
        #expect(body.contains(code.severity.rawValue), "the man page's \(code.rawValue) does not say \(code.severity.rawValue)")
    }
}
