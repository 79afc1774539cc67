import Foundation
import SQLiteKit
import Testing
@testable import StrataCore
@testable import StrataMigrate

/// `MigrationJob` without the command line: a real file in a folder of its own, migrated, rehearsed, made, kept or
/// refused, and the folder afterwards holding exactly what it should (no temporary file left behind).
@Suite struct MigrationJobTests {
    static let migrations = [
        ("1_tasks.sql", "CREATE TABLE Task (id INTEGER PRIMARY KEY, name TEXT);"),
        ("2_seed.sql", "INSERT INTO Task (name) VALUES ('a'), ('b');"),
        ("3_drop.sql", "DROP TABLE Task;"),
    ]

    /// A folder of its own with `app.sqlite` (migrated to version 1 when `existing`), removed afterwards.
    final class Folder {
        let path = NSTemporaryDirectory() + "strata-job-\(UUID().uuidString)"
        var file: String { path + "/app.sqlite" }

        init(existing: Bool = true) throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            if existing {
                // At version 1 with its history, as a migrator leaves a file.
                _ = try MigrationJob(path: file, files: MigrationJobTests.files(), options: MigrationJobTests.options { ($0.create, $0.target) = (true, 1) }).run()
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// The names in the folder, sorted: what a job left there.
        var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

        var bytes: Data? { FileManager.default.contents(atPath: file) }

        func version() throws -> Int64? { try Connection(path: file, mode: .readOnly).scalar("PRAGMA user_version").int64 }
    }

    static func files(_ migrations: [(String, String)] = migrations) throws -> Result<[MigrationFile], StrataError> {
        .success(try migrations.map { try MigrationFile(fileName: $0.0, bytes: Array($0.1.utf8)) })
    }

    static func options(_ change: (inout MigrationJob.Options) -> Void = { _ in }) -> MigrationJob.Options {
        var options = MigrationJob.Options()
        change(&options)
        return options
    }

    /// The failure `job.run()` throws.
    static func failure(_ job: MigrationJob) -> MigrationJob.Failure? {
        do {
            _ = try job.run()
            return nil
        } catch {
            return error as? MigrationJob.Failure
        }
    }

    @Test func appliesWhatIsPendingUpToTheTarget() throws {
        let folder = try Folder()
        let outcome = try MigrationJob(path: folder.file, files: try Self.files(), options: Self.options { $0.target = 2 }).run()
        #expect(outcome.run.from == 1 && outcome.run.to == 2)
        #expect(outcome.run.applied.map(\.step.file.fileName) == ["2_seed.sql"])
        #expect(outcome.integrity == nil)
        #expect(try folder.version() == 2)
        #expect(folder.entries == ["app.sqlite"])
    }

    @Test func aDryRunMigratesAPrivateCopyAndLeavesTheFileAlone() throws {
        let folder = try Folder()
        let before = folder.bytes
        var asked = false
        var job = MigrationJob(path: folder.file, files: try Self.files(), options: Self.options { $0.dryRun = true })
        job.confirmDestructive = { _, _ in asked = true }
        let outcome = try job.run()
        #expect(outcome.run.to == 3 && outcome.integrity == ["ok"])
        // Only the copy loses anything: destructive steps are not asked about.
        #expect(!asked)
        #expect(folder.bytes == before)
        #expect(folder.entries == ["app.sqlite"])
    }

    @Test func aMissingFileIsMadeOnlyWhenAsked() throws {
        let folder = try Folder(existing: false)
        let refused = Self.failure(try MigrationJob(path: folder.file, files: Self.files(), options: Self.options()))
        #expect(refused?.error.code == .noSuchFile)
        #expect(folder.entries.isEmpty)
        // The folder of migrations is not read before the file is known to be there.
        let unreadable = Result<[MigrationFile], StrataError>.failure(StrataError("cannot read Migrations"))
        #expect(Self.failure(MigrationJob(path: folder.file, files: unreadable, options: Self.options()))?.error.code == .noSuchFile)
        let made = try MigrationJob(path: folder.file, files: try Self.files(), options: Self.options { ($0.create, $0.target) = (true, 2) }).run()
        #expect(made.run.from == 0 && made.run.to == 2)
        #expect(try folder.version() == 2)
        #expect(folder.entries == ["app.sqlite"])
    }

    @Test func aNewFileWhoseMigrationFailsIsNotMade() throws {
        let folder = try Folder(existing: false)
        let broken = try Self.files([("1_a.sql", "CREATE TABLE A (x);"), ("2_b.sql", "INSERT INTO Nowhere VALUES (1);")])
        let failure = Self.failure(MigrationJob(path: folder.file, files: broken, options: Self.options { $0.create = true }))
        #expect(failure?.error.message.contains("Nowhere") == true)
        #expect(failure?.kept == nil)
        #expect(folder.entries.isEmpty)
    }

    /// With `stepwise`, what was committed before the failure stays, reported as kept; a new file is kept with it.
    @Test(arguments: [false, true]) func aStepwiseFailureKeepsWhatWasCommitted(_ creating: Bool) throws {
        let folder = try Folder(existing: !creating)
        let migrations = Array(Self.migrations.prefix(2)) + [("3_bad.sql", "INSERT INTO Nowhere VALUES (1);")]
        let failure = Self.failure(MigrationJob(path: folder.file, files: try Self.files(migrations),
                                                options: Self.options { ($0.stepwise, $0.create) = (true, creating) }))
        #expect(failure?.kept?.to == 2)
        #expect(failure?.from == (creating ? 0 : 1))
        #expect(try folder.version() == 2)
        #expect(folder.entries == ["app.sqlite"])
    }

    @Test func destructiveStepsAreAskedAboutAndARefusalChangesNothing() throws {
        let folder = try Folder()
        let before = folder.bytes
        var told: DestructiveSummary?
        var job = MigrationJob(path: folder.file, files: try Self.files(), options: Self.options())
        job.confirmDestructive = { summary, steps in
            told = summary
            #expect(steps.map(\.file.fileName) == ["2_seed.sql", "3_drop.sql"])
            throw StrataError("refused", code: .destructiveRefused)
        }
        #expect(Self.failure(job)?.error.code == .destructiveRefused)
        #expect(told?.summary.hasPrefix("3_drop.sql:1: ") == true)
        #expect(told?.site.version == 3 && told?.site.direction == .up)
        #expect(folder.bytes == before)
        // Without a question (--yes), they run.
        job.confirmDestructive = nil
        #expect(try job.run().run.to == 3)
    }

    @Test func theBackupHoldsTheFileAsItWasBefore() throws {
        let folder = try Folder()
        let backup = folder.path + "/before.sqlite"
        _ = try MigrationJob(path: folder.file, files: try Self.files(), options: Self.options { ($0.backup, $0.target) = (backup, 2) }).run()
        #expect(try Connection(path: backup, mode: .readOnly).scalar("PRAGMA user_version").int64 == 1)
        #expect(try folder.version() == 2)
        // An existing backup is replaced only with forceBackup, and refused before anything runs.
        let refused = Self.failure(try MigrationJob(path: folder.file, files: Self.files(), options: Self.options { $0.backup = backup }))
        #expect(refused != nil)
        #expect(try folder.version() == 2)
        _ = try MigrationJob(path: folder.file, files: try Self.files(), options: Self.options { ($0.backup, $0.forceBackup) = (backup, true) }).run()
        #expect(try Connection(path: backup, mode: .readOnly).scalar("PRAGMA user_version").int64 == 2)
        #expect(folder.entries == ["app.sqlite", "before.sqlite"])
    }

    @Test func theWatcherIsAskedOnceTheQuestionIsAnswered() throws {
        let folder = try Folder()
        var events: [String] = []
        var job = MigrationJob(path: folder.file, files: try Self.files(), options: Self.options())
        job.confirmDestructive = { _, _ in events.append("asked") }
        job.watch = {
            events.append("watching")
            return InterruptWatcher()
        }
        _ = try job.run()
        #expect(events == ["asked", "watching"])
    }
}
