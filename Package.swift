// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "strata", targets: ["strata"]),
        .library(name: "StrataKit", targets: ["StrataKit"]),
        .library(name: "SQLiteKit", targets: ["SQLiteKit"]),
    ],
    targets: [
        // System libraries: Debian's -dev packages on Linux, Homebrew or the SDK on macOS.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"]), .brew(["readline"])]
        ),
        // The SIGINT handler: C, because a signal handler may do almost nothing Swift can promise.
        .target(name: "CInterrupt", dependencies: ["CSQLite"]),
        .target(name: "SQLiteKit", dependencies: ["CSQLite", "CInterrupt"]),
        .target(name: "StrataKit", dependencies: ["SQLiteKit", "CReadline"]),
        .executableTarget(name: "strata", dependencies: ["StrataKit"]),
        .testTarget(name: "SQLiteKitTests", dependencies: ["SQLiteKit"]),
        // Transcripts are read from the source tree by path (#filePath), not bundled.
        .testTarget(name: "StrataKitTests", dependencies: ["StrataKit", "SQLiteKit"], exclude: ["REPL/Transcripts"]),
        .testTarget(name: "EndToEndTests", dependencies: ["SQLiteKit", "strata"]),
    ]
)
