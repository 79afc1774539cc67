#if canImport(Glibc)
import Glibc

#elseif canImport(Musl)
import Musl

#elseif canImport(Darwin)
import Darwin

#endif

/// Everything that differs between Linux and macOS, in one place.
public enum Platform {
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The width of the terminal on a descriptor, or nil when it is not a terminal.
    public static func terminalWidth(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Processors available to run threads.
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The height of the terminal on a descriptor, or nil when it is not a terminal.
    public static func terminalHeight(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `~/x` as `$HOME/x`; any other path as it is.
    public static func expandingHome(_ path: String) -> String {
        guard path.hasPrefix("~/"), let home = environment("HOME") else { return path }
        return home + path.dropFirst()
    }

    /// Seconds on a clock that never goes backwards.
    public static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public enum FileKind { case missing, regular, directory, other }

    public static func fileKind(_ path: String) -> FileKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// A whole file's bytes; nil when it cannot be read.
    public static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<got])
        }
    }

    /// A whole file read straight into a string's storage, so that a large file is in memory once (as
    /// `String(decoding: readFile(path))` is twice at its peak); nil when it cannot be read.
    ///
    /// `inspect` sees the bytes before the string is made, and may throw to refuse them: the string repairs
    /// bytes that are not UTF-8 into U+FFFD, so a caller that must not run a repaired text checks them there.
    public static func readText(_ path: String, inspect: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        var failure: Int32?
        var grew = false
        // One byte more than the size: a full buffer means the file grew while it was read.
        let text = try String(unsafeUninitializedCapacity: Int(info.st_size) + 1) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0
            while count < buffer.count {
                let got = read(descriptor, base + count, buffer.count - count)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno; return 0 }
                if got == 0 { break }
                count += got
            }
            if count == buffer.count { grew = true; return 0 }
            try inspect(UnsafeBufferPointer(start: base, count: count))
            return count
        }
        if let failure {
            errno = failure
            return nil
        }
        guard grew else { return text }
        guard let bytes = readFile(path) else { return nil }
        try bytes.withUnsafeBufferPointer { try inspect($0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Creates a folder (not its parents); the error text on failure.
    public static func makeDirectory(_ path: String) -> String? {
        mkdir(path, 0o755) == 0 ? nil : errorText()
    }

    /// The names in a folder, `.` and `..` left out; nil when it cannot be read.
    public static func directoryEntries(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The size of a file in bytes; nil when it cannot be read.
    public static func fileSize(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }

    public static func sleep(milliseconds: Int) { usleep(useconds_t(milliseconds * 1000)) }

    /// The current directory joined with a relative path.
    public static func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let pointer = getcwd(nil, 0) else { return path }
        defer { free(pointer) }
        let directory = String(cString: pointer)
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// Reads up to `count` bytes from the start of a file.
    public static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
        guard got >= 0 else { return nil }
        return Array(bytes.prefix(got))
    }

    /// The folder part of a path: `.` for a bare file name.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    public static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    public static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// Removes a file; false when it could not (a missing file included).
    @discardableResult
    public static func removeFile(_ path: String) -> Bool { unlink(path) == 0 }

    /// Moves a file over another atomically (rename(2)); the error text on failure.
    public static func moveFile(_ source: String, to destination: String) -> String? {
        rename(source, destination) == 0 ? nil : errorText()
    }

    /// Flushes a file's data to the disk, so that a rename after it cannot expose an empty file.
    public static func syncFile(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Creates a new file for writing, failing if anything is at `path`; the descriptor, or the error text.
    public static func createFile(_ path: String) -> Result<Int32, StrataError> {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        return descriptor >= 0 ? .success(descriptor) : .failure(StrataError(errorText()))
    }

    /// Flushes a descriptor's data to the disk and closes it; false when either failed.
    public static func syncAndClose(_ descriptor: Int32) -> Bool {
        let synced = fsync(descriptor) == 0
        return close(descriptor) == 0 && synced
    }

    public static var processID: Int32 { getpid() }

    /// 64 bits from the system's random source, for seeds nobody chose.
    public static func randomSeed() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// Milliseconds since 1970 from the system clock.
    public static func nowMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// The text of the current `errno`, lower case as Strata's messages are.
    public static func errorText() -> String {
        String(cString: strerror(errno)).lowercased()
    }

    /// Writes all of a string to a descriptor; false when the reader went away (EPIPE) or another error.
    @discardableResult
    public static func write(_ descriptor: Int32, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { write(descriptor, UnsafeRawBufferPointer($0)) }
    }

    /// Writes all bytes to a descriptor; false when the reader went away (EPIPE) or another error.
    @discardableResult
    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = Glue.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Makes a write to a closed pipe fail with EPIPE instead of killing the process.
    public static func ignoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }

    public static func exit(_ status: Int32) -> Never {
        Glue.exit(status)
    }
}

/// The C functions whose names the `Platform` members shadow.
private enum Glue {
    #if canImport(Glibc)
    static let write = Glibc.write
    static let exit = Glibc.exit
    #elseif canImport(Musl)
    static let write = Musl.write
    static let exit = Musl.exit
    #elseif canImport(Darwin)
    static let write = Darwin.write
    static let exit = Darwin.exit
    #endif
}
