import Foundation
import Testing
@testable import StrataCore

/// Huge values go out without copies: base64 straight from the value's bytes, and a piece as big as the sink's
/// buffer written as it is, after what was buffered before it.
@Suite struct LargeOutputTests {
    /// Foundation's base64 is the oracle, for every remainder of three.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7, 100, 65_537])
    func base64AppendedMatchesFoundation(_ count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        var output: [UInt8] = Array("prefix:".utf8)
        bytes.withUnsafeBytes { Base64.append($0, to: &output) }
        #expect(String(decoding: output, as: UTF8.self) == "prefix:" + Data(bytes).base64EncodedString())
        #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
    }

    @Test func aBigPieceGoesOutInOrderAfterWhatWasBuffered() throws {
        var pipe: [Int32] = [0, 0]
        #expect(Foundation.pipe(&pipe) == 0)
        let reader = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: true)
        let expected = "small, " + String(repeating: "x", count: 200_000) + ", then small"
        nonisolated(unsafe) var received = Data()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            received = reader.readDataToEndOfFile()
            done.signal()
        }
        do {
            let sink = FileDescriptorSink(descriptor: pipe[1], bufferSize: 1 << 16)
            sink.write("small, ")
            sink.write(bytes: Array(String(repeating: "x", count: 200_000).utf8))
            sink.write(bytes: Array(", then small".utf8))
            sink.flush()
            #expect(!sink.isBroken)
        }
        close(pipe[1])
        done.wait()
        #expect(String(decoding: received, as: UTF8.self) == expected)
    }
}
