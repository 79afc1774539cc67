import Foundation
import SQLiteKit
import Testing

/// Issue 29's `.realm` items, through the built binary: a mapped file truncated by another process (item 4),
/// nullable primary keys (item 12), collections of hidden tables (item 13), damage that `check` passed while every
/// read failed (item 17), a link list whose target cannot be resolved (item 18), dangling links (item 19) and the
/// unit of old DateTime columns (item 6).
@Suite struct Defects29RealmTests {
    // MARK: - Item 4: a mapped file truncated under the reader

    /// A preloaded library that plays the other process: it truncates the `.realm` file to 4 KiB right after strata
    /// maps it (`SHRINK_WHEN=mapped`), or when strata creates its temporary output (`SHRINK_WHEN=created`), the moment
    /// at which a compacting app would cut a live file short. Built with the toolchain's C compiler.
    static let shrinkingLibrary = #"""
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <fcntl.h>
    #include <stdarg.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/mman.h>
    #include <unistd.h>
    static char mapped[4096];
    static void shrink(void) {
        if (!mapped[0]) return;
        int w = open(mapped, O_WRONLY);
        if (w >= 0) { ftruncate(w, 4096); close(w); }
        mapped[0] = 0;
    }
    void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
        static void *(*real)(void *, size_t, int, int, int, off_t);
        if (!real) real = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
        void *result = real(addr, length, prot, flags, fd, offset);
        if (fd >= 0 && length > (64u << 20) && result != MAP_FAILED) {
            char link[64];
            snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
            ssize_t n = readlink(link, mapped, sizeof mapped - 1);
            mapped[n > 0 ? n : 0] = 0;
            const char *when = getenv("SHRINK_WHEN");
            if (!when || strcmp(when, "mapped") == 0) shrink();
        }
        return result;
    }
    static int opened(const char *path) {
        if (mapped[0] && path && strstr(path, ".strata-")) shrink();
        return 0;
    }
    int open(const char *path, int flags, ...) {
        static int (*real)(const char *, int, ...);
        if (!real) real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
        va_list list; va_start(list, flags); int mode = va_arg(list, int); va_end(list);
        int fd = real(path, flags, mode);
        opened(path);
        return fd;
    }
    int open64(const char *path, int flags, ...) {
        static int (*real)(const char *, int, ...);
        if (!real) real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open64");
        va_list list; va_start(list, flags); int mode = va_arg(list, int); va_end(list);
        int fd = real(path, flags, mode);
        opened(path);
        return fd;
    }
    """#

    static func buildShrinkingLibrary(in workspace: Workspace) throws -> String {
        let source = workspace.file("shrink.c"), library = workspace.file("shrink.so")
        try shrinkingLibrary.write(toFile: source, atomically: true, encoding: .utf8)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["clang", "-shared", "-fPIC", "-o", library, source, "-ldl"]
        try compiler.run()
        compiler.waitUntilExit()
        try #require(compiler.terminationStatus == 0, "clang could not build the preloaded library")
        return library
    }

    /// Item 4: `convert` (and a read) of a `.realm` over 64 MiB, which strata maps, truncated by another process
    /// while it is read: one line naming the file, exit 1, and neither the temporary file nor its journal left beside
    /// the output (the old binary died with SIGBUS and left both).
    @Test func item4ATruncatedMappedRealmIsAnErrorThatLeavesNothing() throws {
        let workspace = try Workspace()
        let library = try Self.buildShrinkingLibrary(in: workspace)
        for when in ["mapped", "created"] {
            for fixture in ["Files/all-types.realm", "Files/many-objects.realm", "Files/format-09/many-objects.realm"] {
                let realm = workspace.file("big.realm")
                try? FileManager.default.removeItem(atPath: realm)
                _ = try RealmFileCommandTests.copy(fixture, into: workspace, as: "big.realm")
                // Zeros after the file's data: a realm reads the same, and is now large enough to be mapped.
                #expect(truncate(realm, 65 << 20) == 0)
                let out = workspace.file("out.sqlite")
                let convert = try StrataProcess.run(["convert", realm, out],
                                                    environment: ["LD_PRELOAD": library, "SHRINK_WHEN": when])
                #expect(convert.status == 1, "\(fixture) \(when): \(convert.status) \(convert.stderr)")
                #expect(convert.stderr == "strata: \(realm): cannot be read (it became shorter while being read: another process truncated or compacted it)\n",
                        "\(fixture) \(when)")
                let left = try FileManager.default.contentsOfDirectory(atPath: workspace.path).filter { $0 != "shrink.c" && $0 != "shrink.so" }
                #expect(left == ["big.realm"], "\(fixture) \(when): \(left)")
            }
        }
        _ = try RealmFileCommandTests.copy("Files/all-types.realm", into: workspace, as: "read.realm")
        #expect(truncate(workspace.file("read.realm"), 65 << 20) == 0)
        let classes = try StrataProcess.run(["classes", workspace.file("read.realm")],
                                            environment: ["LD_PRELOAD": library, "SHRINK_WHEN": "mapped"])
        #expect(classes.status == 1, "\(classes.stderr)")
        #expect(classes.stderr.contains("it became shorter while being read"), "\(classes.stderr)")
        #expect(classes.stderr.split(separator: "\n").count == 1, "\(classes.stderr)")
    }
}
