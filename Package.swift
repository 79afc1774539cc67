// swift-tools-version:6.0
import PackageDescription

// The layers, bottom up. Each module imports only the ones below it, and the compiler checks it:
//
//   strata ─▶ StrataInterface ─┬─▶ StrataEdit ────┬─▶ StrataQuery ─▶ StrataCore ─┬▶ SQLiteKit ─▶ CSQLite, CInterrupt
//                                                                                ├▶ CoreDataModel ─▶ CZlib, Digests
//                                                                                └▶ RealmFile (which files are realms)
//             (CLI + browser)  ├─▶ StrataMigrate ─┘
//                              ├─▶ StrataRender ──────────────────▶ StrataCore
//                              ├─▶ StrataDemo ────────────────────▶ StrataCore
//                              ├─▶ RealmConvert ──▶ RealmFile (Realm's file format, byte level: no dependencies),
//                              │                    StrataRender, StrataCore
//                              └─▶ CReadline
// The browser's line editor. GNU readline on Linux, libedit on macOS (the system's own); on Linux, libedit instead
// with STRATA_LINE_EDITOR=libedit (Debian's libedit-dev), which is how CI tests the macOS editor's code path.
// Either way the module is CReadline: Sources/CReadline for readline, Sources/CEditLine for libedit.
#if os(macOS)
let lineEditor = Context.environment["STRATA_LINE_EDITOR"] ?? "libedit"
#else
let lineEditor = Context.environment["STRATA_LINE_EDITOR"] ?? "readline"
#endif
let readlineTarget: Target = switch lineEditor {
case "readline":
    .systemLibrary(name: "CReadline", path: "Sources/CReadline", providers: [.apt(["libreadline-dev"]), .brew(["readline"])])
case "libedit":
    .systemLibrary(name: "CReadline", path: "Sources/CEditLine", providers: [.apt(["libedit-dev"])])
default:
    fatalError("STRATA_LINE_EDITOR is '\(lineEditor)': it must be readline or libedit")
}

/// StrataEdit's import runs once per CSV field: in a release build without Swift's dynamic exclusivity checks, which
/// measured a third of `strata import`'s time (StrataQuery measured no difference). Debug builds, and so `swift test`,
/// keep them, so that a violation still traps in the tests.
let releaseWithoutExclusivityChecks: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "strata", targets: ["strata"]),
        .library(name: "SQLiteKit", targets: ["SQLiteKit"]),
    ],
    targets: [
        // System libraries: Debian's -dev packages on Linux, Homebrew or the SDK on macOS.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        readlineTarget,
        // Inflate for Core Data's model cache: zlib1g-dev on Debian, the SDK's libz on macOS.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // OpenSSL's libcrypto for encrypted .realm files (CommonCrypto on macOS instead): compiled against libssl-dev's
        // headers, opened with dlopen on first use, so that a start of strata does not pay for loading it.
        .target(name: "CCrypto"),
        // AES-256-CBC and HMAC-SHA224 behind one small interface: libcrypto on Linux, CommonCrypto on macOS.
        .target(name: "PageCrypto", dependencies: [.target(name: "CCrypto", condition: .when(platforms: [.linux]))]),
        // The SIGINT handler: C, because a signal handler may do almost nothing Swift can promise.
        .target(name: "CInterrupt", dependencies: ["CSQLite"]),
        // The SIGBUS guard of a mapped .realm file that another process truncates: C, for the same reason.
        .target(name: "CMappedFile"),

        // SHA-256, for checksums, content digests and Core Data's version hashes.
        .target(name: "Digests"),
        // Connections, statements, values, errors, transactions, SQL fragments.
        .target(name: "SQLiteKit", dependencies: ["CSQLite", "CInterrupt"]),
        // Files, platform, values (dates, data), the object model and its introspection.
        // Core Data's model, read from its own files (property lists, keyed archives, Xcode's XML): no SQLite.
        .target(name: "CoreDataModel", dependencies: ["CZlib", "Digests"]),
        // Realm's own file format, read byte by byte (header, nodes, arrays, group): no SQLite; the SIGBUS guard, and
        // PageCrypto for encrypted files.
        .target(name: "RealmFile", dependencies: ["CMappedFile", "PageCrypto"]),
        .target(name: "StrataCore", dependencies: ["SQLiteKit", "CoreDataModel", "Digests", "RealmFile"]),
        // A .realm file's classes written as SQLite tables in Strata's conventions (`strata convert`, and reading).
        .target(name: "RealmConvert", dependencies: ["RealmFile", "StrataRender", "StrataCore", "SQLiteKit"]),
        // The query language: lexer, parser, compiler to SQL, runner; one object with its links.
        .target(name: "StrataQuery", dependencies: ["StrataCore", "SQLiteKit"]),
        // Edits, the change log (undo and redo), value parsing.
        .target(name: "StrataEdit", dependencies: ["StrataQuery", "StrataCore", "SQLiteKit"], swiftSettings: releaseWithoutExclusivityChecks),
        // Migration files, the .strata language, plans, table rebuilds, history, lint.
        .target(name: "StrataMigrate", dependencies: ["StrataQuery", "StrataCore", "SQLiteKit", "Digests"]),
        // Results as table, vertical, json, ndjson, csv and markdown; text width.
        .target(name: "StrataRender", dependencies: ["StrataCore", "SQLiteKit"]),
        // Realm Browser's demo database.
        .target(name: "StrataDemo", dependencies: ["StrataCore", "SQLiteKit"]),
        .target(name: "StrataModel", dependencies: ["StrataCore", "CoreDataModel", "SQLiteKit"]),
        // The command line and the browser: command definitions with their runners, help, completion.
        .target(
            name: "StrataInterface",
            dependencies: ["StrataEdit", "StrataMigrate", "StrataRender", "StrataDemo", "StrataModel", "RealmConvert", "RealmFile", "StrataQuery",
                           "StrataCore", "SQLiteKit", "CReadline"]
        ),
        .executableTarget(name: "strata", dependencies: ["StrataInterface"]),

        // Tests mirror the modules; EndToEndTests run the built binary.
        .testTarget(name: "SQLiteKitTests", dependencies: ["SQLiteKit"]),
        .testTarget(name: "DigestsTests", dependencies: ["Digests"]),
        .testTarget(name: "RealmFileTests", dependencies: ["RealmFile", "PageCrypto"]),
        .testTarget(name: "RealmConvertTests", dependencies: ["RealmConvert", "RealmFile", "StrataCore", "SQLiteKit"]),
        // Fixture files are read from the source tree by path (#filePath), not bundled.
        .testTarget(name: "CoreDataModelTests", dependencies: ["CoreDataModel", "CoreDataStoreFixtures", "Digests", "SQLiteKit"],
                    exclude: ["Fixtures"]),
        // Core Data stores, model caches and Xcode models written in Core Data's own layout, for the tests.
        .target(name: "CoreDataStoreFixtures", dependencies: ["CoreDataModel", "SQLiteKit", "CZlib", "Digests"],
                path: "Tests/CoreDataStoreFixtures", exclude: ["README.md"]),
        // Databases the unit tests of several layers share.
        .target(name: "StrataTestSupport", dependencies: ["StrataCore", "SQLiteKit"], path: "Tests/StrataTestSupport"),
        .testTarget(name: "StrataCoreTests", dependencies: ["StrataCore", "StrataTestSupport", "CoreDataStoreFixtures", "Digests", "SQLiteKit"]),
        .testTarget(name: "StrataQueryTests", dependencies: ["StrataQuery", "StrataTestSupport", "StrataDemo", "StrataCore", "SQLiteKit"]),
        .testTarget(name: "StrataEditTests", dependencies: ["StrataEdit", "StrataQuery", "StrataDemo", "StrataCore", "SQLiteKit"]),
        .testTarget(name: "StrataMigrateTests", dependencies: ["StrataMigrate", "StrataCore", "SQLiteKit"]),
        .testTarget(name: "StrataRenderTests", dependencies: ["StrataRender", "StrataCore", "SQLiteKit"]),
        .testTarget(name: "StrataModelTests", dependencies: ["StrataModel", "StrataTestSupport", "StrataDemo", "CoreDataModel", "CoreDataStoreFixtures", "StrataCore", "SQLiteKit"]),
        .testTarget(name: "StrataDemoTests", dependencies: ["StrataDemo", "StrataTestSupport", "StrataCore", "SQLiteKit"]),
        // Transcripts are read from the source tree by path (#filePath), not bundled.
        .testTarget(
            name: "StrataInterfaceTests",
            dependencies: ["StrataInterface", "StrataTestSupport", "StrataDemo", "StrataRender", "StrataQuery", "StrataCore", "SQLiteKit"],
            exclude: ["REPL/Transcripts"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["SQLiteKit", "CoreDataStoreFixtures", "strata"], exclude: ["Golden"]),
    ]
)
