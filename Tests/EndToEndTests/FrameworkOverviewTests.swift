import Foundation
import Testing

/// The browser's first line names the framework that wrote the file (Room, GRDB, Core Data) with what
/// identifies the store, and keeps the framework's tables out of the class list.
@Suite struct FrameworkOverviewTests {
    @Test(.enabled(if: TerminalTests.tmux != nil), arguments: [
        ("""
         CREATE TABLE room_master_table (id INTEGER PRIMARY KEY, identity_hash TEXT);
         INSERT INTO room_master_table VALUES (42, '3f2a9c0b7e1d4c55a6b8e9f0a1b2c3d4');
         CREATE TABLE android_metadata (locale TEXT); INSERT INTO android_metadata VALUES ('en_US');
         CREATE TABLE Word (word TEXT PRIMARY KEY);
         """, "Room database, identity hash 3f2a9c0b7e1d4c55a6b8e9f0a1b2c3d4", "Word"),
        ("""
         CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
         INSERT INTO grdb_migrations VALUES ('v1'), ('v2');
         CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT);
         """, "GRDB database, 2 migrations applied (last: v2)", "player"),
    ])
    func theFirstLineNamesTheFramework(_ sql: String, _ summary: String, _ onlyClass: String) throws {
        let workspace = try Workspace()
        let db = try workspace.database("app.sqlite", sql)
        let terminal = try TerminalTests.Terminal(workspace)
        let name = try terminal.start([db])
        let screen = try terminal.screen(name)
        // The facts line, broken between facts where the terminal is too narrow for it.
        let facts = screen.prefix { !$0.isEmpty }
        #expect(facts.last?.hasSuffix(summary) == true, "\(screen)")
        #expect(facts.allSatisfy { $0.count <= 100 })
        let classLines = screen.drop { !$0.hasPrefix("CLASS") }.dropFirst().prefix { !$0.isEmpty }
        #expect(classLines.map { $0.split(separator: " ").first.map(String.init) ?? "" } == [onlyClass], "\(screen)")
        #expect(try terminal.leave(name) == 0)
    }
}
