import Foundation
import StrataCore

/// Graphviz's `dot`, run to draw a diagram: found on PATH, fed on stdin, its picture read from stdout.
enum Graphviz {
    /// The picture `dot -T<format>` draws of `source`.
    /// - Throws: `StrataError` saying how to install Graphviz when `dot` is not on PATH, or what it said when it failed.
    static func render(_ source: String, format: String) throws -> String {
        guard let dot = executable("dot") else {
            throw StrataError("--format \(format) needs Graphviz's dot, which is not on PATH: install graphviz (apt install graphviz, "
                              + "brew install graphviz), or write --format dot and draw it elsewhere")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-T" + format]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw StrataError("cannot run \(dot): \(error.localizedDescription)") }
        // The picture is read while the source is written, so that neither pipe fills and stops the other side.
        let group = DispatchGroup()
        nonisolated(unsafe) var picture = Data()
        nonisolated(unsafe) var message = Data()
        group.enter()
        DispatchQueue.global().async { picture = output.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { message = errors.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        input.fileHandleForWriting.write(Data(source.utf8))
        try? input.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw StrataError("dot could not draw the diagram: \(TerminalText.escaped(said))")
        }
        return String(decoding: picture, as: UTF8.self)
    }

    /// The first `name` on PATH that can be run.
    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
