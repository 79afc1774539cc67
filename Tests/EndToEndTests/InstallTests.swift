import Foundation
import Testing

/// `make install` and `make uninstall` into a staging folder, with the binary the tests built
/// (`BINARY=`: a release build here would take minutes, and a nested SwiftPM would wait on this one's lock).
@Suite struct InstallTests {
    /// The repository: the Makefile's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static func make(_ arguments: [String], stage: Workspace) throws -> Shell.Output {
        try Shell.run("make", ["--no-print-directory", "-C", root] + arguments + ["DESTDIR=\(stage.path)", "PREFIX=/usr"], in: stage.path)
    }

    /// Every regular file and link under a folder, relative to it, sorted.
    static func files(under path: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        var found: [String] = []
        while let entry = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType != .typeDirectory { found.append(entry) }
        }
        return found.sorted()
    }

    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func installsTheBinaryManualAndCompletionsThenUninstallsExactlyThem() throws {
        guard Shell.find("make") != nil else {
            Issue.record("make is not on PATH")
            return
        }
        let stage = try Workspace()
        let generated = stage.file("generated")
        let install = try Self.make(["install", "BINARY=\(StrataProcess.binary)", "COMPLETIONS_DIR=\(generated)"], stage: stage)
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
        #expect(!install.stdout.contains("swift build"), "BINARY= must not build")

        let usr = stage.file("usr")
        let manual = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/man")
            .filter { $0.range(of: #"\.[157]$"#, options: .regularExpression) != nil }
        let pages = manual.map { "share/man/man\($0.suffix(1))/\($0)" }
        let expected = (["bin/strata", "share/bash-completion/completions/strata", "share/zsh/site-functions/_strata",
                         "share/fish/vendor_completions.d/strata.fish"] + pages).sorted()
        #expect(Self.files(under: usr) == expected)
        #expect(pages.contains("share/man/man1/strata.1"))
        #expect(try Self.mode(usr + "/bin/strata") == 0o755)
        for file in expected where file != "bin/strata" { #expect(try Self.mode(usr + "/" + file) == 0o644, "\(file)") }

        // The installed binary runs; the scripts are the ones it prints.
        let installed = try Shell.run(usr + "/bin/strata", ["--version"], in: stage.path)
        #expect(installed.status == 0 && installed.stdout.hasPrefix("strata "))
        #expect(try String(contentsOfFile: usr + "/share/bash-completion/completions/strata", encoding: .utf8)
                == StrataProcess.run(["completion", "bash"]).stdout)
        #expect(try String(contentsOfFile: usr + "/share/zsh/site-functions/_strata", encoding: .utf8)
                == StrataProcess.run(["completion", "zsh"]).stdout)
        #expect(try String(contentsOfFile: usr + "/share/fish/vendor_completions.d/strata.fish", encoding: .utf8)
                == StrataProcess.run(["completion", "fish"]).stdout)

        // The manual page renders.
        if Shell.find("man") != nil {
            let man = try Shell.run("man", ["-l", usr + "/share/man/man1/strata.1"], in: stage.path, environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
            #expect(man.status == 0, "\(man.stderr)")
            #expect(man.stdout.contains("strata"))
        } else {
            Issue.record("man is not on PATH")
        }

        // Sourcing the installed bash completion registers it.
        let bash = try Shell.run("bash", ["--norc", "--noprofile", "-c", #"source "$1" && complete -p strata"#, "bash",
                                          usr + "/share/bash-completion/completions/strata"], in: stage.path)
        #expect(bash.status == 0)
        #expect(bash.stdout == "complete -F _strata strata\n")
        // And bash-completion's loader finds it by the command's name, where it is installed.
        let loader = "/usr/share/bash-completion/bash_completion"
        if FileManager.default.fileExists(atPath: loader) {
            let loaded = try Shell.run("bash", ["--norc", "--noprofile", "-c",
                                                #"source "$1"; export BASH_COMPLETION_USER_DIR="$2"; if declare -F _comp_load >/dev/null; then _comp_load strata; else __load_completion strata; fi && complete -p strata"#,
                                                "bash", loader, usr + "/share/bash-completion"], in: stage.path,
                                       environment: ["XDG_DATA_DIRS": usr + "/share"])
            #expect(loaded.stdout.contains("complete -F _strata strata"), "\(loaded.stdout)\(loaded.stderr)")
        }

        // uninstall removes those files and only those.
        #expect(FileManager.default.createFile(atPath: usr + "/bin/other", contents: Data("keep".utf8)))
        let uninstall = try Self.make(["uninstall"], stage: stage)
        #expect(uninstall.status == 0, "\(uninstall.stdout)\(uninstall.stderr)")
        #expect(Self.files(under: usr) == ["bin/other"])
        // Again: nothing left to remove is no error.
        #expect(try Self.make(["uninstall"], stage: stage).status == 0)
    }

    @Test func aDryRunReadsAsTheStepsItWouldTake() throws {
        guard Shell.find("make") != nil else { return }
        let stage = try Workspace()
        let dry = try Self.make(["-n", "install"], stage: stage)
        #expect(dry.status == 0)
        let lines = dry.stdout.split(separator: "\n").map(String.init)
        // On Linux the runtime is linked in, in a build folder of its own; macOS has it in the system.
        #if os(Linux)
        let (build, binary) = ("swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path .build/static", ".build/static/release/strata")
        #else
        let (build, binary) = ("swift build -c release  --scratch-path .build", ".build/release/strata")
        #endif
        #expect(lines.first == build)
        #expect(lines.contains("install -m 755 \"\(binary)\" \"\(stage.path)/usr/bin/strata\""))
        #expect(lines.contains("install -m 644 \"man/strata.1\" \"\(stage.path)/usr/share/man/man1/strata.1\""))
        #expect(lines.contains("\"\(binary)\" completion zsh > \".build/completions/_strata\""))
        #expect(Self.files(under: stage.path).isEmpty)
        let test = try Shell.run("make", ["--no-print-directory", "-C", Self.root, "-n", "test"], in: stage.path)
        #expect(test.stdout == "swift test\n")
    }
}
