// The C library, for this module and every module that imports it: the one place that names Glibc, Musl or Darwin.
#if canImport(Glibc)
@_exported import Glibc

#elseif canImport(Musl)
@_exported import Musl

#elseif canImport(Darwin)
@_exported import Darwin

#endif

/// Everything that differs between Linux and macOS, in one place.
public enum Platform {
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// A line typed at the terminal on standard input without its echo (a key, a password), after `prompt` on
    /// standard error. The terminal reads byte by byte meanwhile, without echo or signals, so that Ctrl-C and
    /// Ctrl-D cancel at once (nil) and the terminal is always given back as it was. Backspace and Ctrl-U edit.
    /// Nil when standard input is no terminal, ends or is cancelled.
    public static func readSecretLine(prompt: String) -> String? {
        guard isTerminal(0) else { return nil }
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        withUnsafeMutableBytes(of: &quiet.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        write(2, prompt)
        guard tcsetattr(0, TCSAFLUSH, &quiet) == 0 else { return nil }
        defer {
            _ = tcsetattr(0, TCSAFLUSH, &saved)
            write(2, "\n")
        }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let got = read(0, &byte, 1)
            if got < 0, errno == EINTR { continue }
            guard got == 1 else { return nil }
            switch byte {
            case 0x0A, 0x0D: return String(decoding: line, as: UTF8.self)
            case 0x03, 0x04, 0x1B: return nil
            case 0x7F, 0x08: if !line.isEmpty { line.removeLast() }
            case 0x15: line.removeAll()
            // Bounded: a key is 128 characters; a line past 4 KiB is no key.
            default: if line.count < 4096 { line.append(byte) }
            }
        }
    }

    /// The width of the terminal on a descriptor, or nil when it is not a terminal.
    public static func terminalWidth(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Processors available to run threads: `STRATA_THREADS` when it is a number from 1 up (1 does all work on one
    /// thread, as for a machine shared with other jobs), else the processors online.
    public static var processorCount: Int {
        if let given = getenv("STRATA_THREADS").map({ String(cString: $0) }), let threads = Int(given), threads > 0 {
            return min(threads, 64)
        }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

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

    /// What is at `path` itself, with a symbolic link not followed (lstat(2)): a link, dangling or not, is
    /// `.symbolicLink`. For files Strata creates, which must never be written through a link.
    public enum EntryKind { case missing, regular, directory, symbolicLink, other }

    public static func entryKind(_ path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// True when both paths reach one file (the same device and inode, symbolic links followed): `./a.db`, a
    /// hard link or a link to it are `a.db`. False when either is missing.
    public static func isSameFile(_ first: String, _ second: String) -> Bool {
        var one = stat(), two = stat()
        guard stat(first, &one) == 0, stat(second, &two) == 0 else { return false }
        return one.st_dev == two.st_dev && one.st_ino == two.st_ino
    }

    /// What a symbolic link at `path` points at, when `path` is one whose target does not exist (readlink(2));
    /// nil for anything else.
    public static func danglingLinkTarget(_ path: String) -> String? {
        guard entryKind(path) == .symbolicLink, fileKind(path) == .missing else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

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

    /// Why `readRegularFile` read nothing.
    public enum ReadRefusal: Error, Equatable {
        case missing
        case directory
        /// A FIFO, device or socket: reading it could block or never end.
        case notRegular
        /// Larger than the limit; its size, or nil when it grew past the limit while being read.
        case tooLarge(Int64?)
        /// The error text.
        case failed(String)
    }

    /// A regular file opened to read, and its size: opened without blocking (a FIFO would wait for a writer), then
    /// checked with fstat on that descriptor, so that what is read is what was checked, whatever replaces the path
    /// meanwhile. A symlink to a regular file is opened. The caller closes the descriptor.
    public static func openRegularFile(_ path: String) -> Result<(descriptor: Int32, size: Int64), ReadRefusal> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(errno == ENOENT ? .missing : .failed(errorText())) }
        var info = stat()
        let refusal: ReadRefusal
        if fstat(descriptor, &info) != 0 {
            refusal = .failed(errorText())
        } else {
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .success((descriptor, Int64(info.st_size)))
            case S_IFDIR: refusal = .directory
            default: refusal = .notRegular
            }
        }
        close(descriptor)
        return .failure(refusal)
    }

    /// A regular file's bytes, at most `limit` of them. The file is opened without blocking (a FIFO would
    /// wait for a writer), checked with fstat on that descriptor to be a regular file of at most `limit`
    /// bytes, and reading stops past `limit` should it grow meanwhile. A symlink to a regular file is read.
    public static func readRegularFile(_ path: String, limit: Int64) -> Result<[UInt8], ReadRefusal> {
        let descriptor: Int32, size: Int64
        switch openRegularFile(path) {
        case .success(let opened): (descriptor, size) = opened
        case .failure(let refusal): return .failure(refusal)
        }
        defer { close(descriptor) }
        guard size <= limit else { return .failure(.tooLarge(size)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return .failure(.failed(errorText())) }
            if got == 0 { return .success(bytes) }
            guard Int64(bytes.count + got) <= limit else { return .failure(.tooLarge(nil)) }
            bytes.append(contentsOf: chunk[..<got])
        }
    }

    // MARK: - Private temporary files

    /// Creates a folder only this user can enter, with a name no one else can have chosen (mkdtemp), in
    /// `$TMPDIR` or `/tmp`; the error text on failure.
    public static func makePrivateDirectory() -> Result<String, StrataError> {
        var base = environment("TMPDIR") ?? "/tmp"
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/strata-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { return .failure(StrataError("cannot make a private folder in \(base): \(errorText())")) }
        return .success(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Copies a file's bytes to a new file (created exclusively, never through a symlink, readable by
    /// this user only); the error text on failure.
    public static func copyFileExclusively(_ source: String, to destination: String) -> String? {
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard input >= 0 else { return errorText() }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else { return errorText() }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else {
                let reason = errorText()
                close(output)
                return reason
            }
            if got == 0 { break }
            guard chunk.withUnsafeBytes({ write(output, UnsafeRawBufferPointer(rebasing: $0[..<got])) }) else {
                let reason = errorText()
                close(output)
                return reason
            }
        }
        return close(output) == 0 ? nil : errorText()
    }

    /// Removes `paths` (files, then empty folders, in the order given) when the process ends: at exit,
    /// and on SIGINT, SIGTERM and SIGHUP, which then end it as they would have. Register before creating
    /// them, so that a signal in between leaves nothing.
    public static func removeWhenExiting(_ paths: [String]) {
        ExitCleanup.register(paths)
    }

    /// Removes files and empty folders registered by `removeWhenExiting` now (they stay registered: a
    /// second removal does nothing).
    public static func removeNow(_ paths: [String]) {
        for path in paths where unlink(path) != 0 { rmdir(path) }
    }

    /// A whole file read straight into a string's storage, so that a large file is in memory once (as
    /// `String(decoding: readFile(path))` is twice at its peak); nil when it cannot be read.
    ///
    /// `inspect` sees the bytes before the string is made, and may throw to refuse them: the string repairs
    /// bytes that are not UTF-8 into U+FFFD, so a caller that must not run a repaired text checks them there.
    /// Only a regular file is read: a FIFO or device is nil at once, never waited on.
    public static func readText(_ path: String, inspect: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
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
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
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

    /// Creates a new file for writing, failing if anything is at `path`, a symbolic link included (never
    /// followed: `O_CREAT | O_EXCL | O_NOFOLLOW`); the descriptor, or the error text.
    /// - Parameter permissions: before the umask; `0o600` for a private copy of someone's data.
    public static func createFile(_ path: String, permissions: UInt16 = 0o644) -> Result<Int32, StrataError> {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
        return descriptor >= 0 ? .success(descriptor) : .failure(StrataError(errorText()))
    }

    /// Gives a file a second name where nothing is, never replacing what is there (link(2), which fails on
    /// anything at `destination`, a dangling symbolic link included), then removes the first name; where
    /// the file system has no hard links, a rename to a name found free just before. The error text on failure.
    public static func moveFileWithoutReplacing(_ source: String, to destination: String) -> String? {
        if link(source, destination) == 0 {
            unlink(source)
            return nil
        }
        guard errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == EXDEV || errno == EMLINK else { return errorText() }
        guard entryKind(destination) == .missing else { return String(cString: strerror(EEXIST)).lowercased() }
        return moveFile(source, to: destination)
    }

    /// Copies a file's bytes into a new file that nothing was at (created as `createFile` does); the error
    /// text on failure, when the new file is removed again.
    public static func copyFile(_ source: String, toNewFile destination: String, permissions: UInt16 = 0o600) -> String? {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return "\(source): \(errorText())" }
        defer { close(input) }
        let output: Int32
        switch createFile(destination, permissions: permissions) {
        case .success(let descriptor): output = descriptor
        case .failure(let error): return "\(destination): \(error.message)"
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var failure: String?
        while failure == nil {
            let got = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { failure = "\(source): \(errorText())"; break }
            if got == 0 { break }
            if !chunk.withUnsafeBytes({ write(output, UnsafeRawBufferPointer(rebasing: $0[..<got])) }) {
                failure = "\(destination): \(errorText())"
            }
        }
        if !syncAndClose(output), failure == nil { failure = "\(destination): \(errorText())" }
        if failure != nil { unlink(destination) }
        return failure
    }

    /// The folder for temporary files: `TMPDIR`, else `/tmp`.
    public static var temporaryDirectory: String {
        guard let directory = environment("TMPDIR"), !directory.isEmpty else { return "/tmp" }
        return directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
    }

    /// Flushes a descriptor's data to the disk and closes it; false when either failed.
    public static func syncAndClose(_ descriptor: Int32) -> Bool {
        let synced = fsync(descriptor) == 0
        return close(descriptor) == 0 && synced
    }

    public static var processID: Int32 { getpid() }

    /// True while a process with this id exists (one of another user's counts as existing).
    public static func processExists(_ id: Int32) -> Bool {
        id > 0 && (kill(id, 0) == 0 || errno == EPERM)
    }

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
    /// True when the last failed call failed because the reader of a pipe went away (EPIPE).
    public static func lastErrorIsBrokenPipe() -> Bool { errno == EPIPE }

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

/// What `Platform.removeWhenExiting` removes, kept where a signal handler can reach it without allocating:
/// C strings in a fixed table, filled once each and never freed.
private enum ExitCleanup {
    static let capacity = 64
    nonisolated(unsafe) static let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    nonisolated(unsafe) static var count = 0
    nonisolated(unsafe) static var installed = false

    static func register(_ paths: [String]) {
        if !installed {
            installed = true
            table.initialize(repeating: nil, count: capacity)
            atexit { ExitCleanup.run() }
            // A parent may have started us with these blocked (test runners do): they must reach the handler.
            var blocked = sigset_t()
            sigemptyset(&blocked)
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                signal(signalNumber, ExitCleanup.handler)
                sigaddset(&blocked, signalNumber)
            }
            pthread_sigmask(SIG_UNBLOCK, &blocked, nil)
        }
        for path in paths where count < capacity {
            table[count] = strdup(path)
            count += 1
        }
    }

    /// Async-signal-safe: unlink and rmdir on what the table holds.
    static func run() {
        for index in 0..<count {
            guard let path = table[index] else { continue }
            if unlink(path) != 0 { rmdir(path) }
        }
    }

    static let handler: @convention(c) (Int32) -> Void = { signalNumber in
        ExitCleanup.run()
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
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
