import StrataKit

Platform.ignoreBrokenPipe()
let stdout = FileDescriptorSink(descriptor: 1)
let stderr = FileDescriptorSink(descriptor: 2, bufferSize: 0)
let status = CLI(context: .process(stdout: stdout, stderr: stderr)).run(Array(CommandLine.arguments.dropFirst()))
stdout.flush()
Platform.exit(status.rawValue)
