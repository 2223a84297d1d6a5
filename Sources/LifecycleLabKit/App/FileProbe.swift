#if canImport(Glibc)
    import Glibc
#endif

/// The file-system checks behind the command line's file options, so a path that cannot work
/// is reported before GTK starts.
enum FileProbe {
    /// Whether `program` (a path, or a name looked up in `searchPath`, `PATH`'s form) is an
    /// executable file.
    static func isExecutable(_ program: String, searchPath: String) -> Bool {
        if program.contains("/") { return isExecutableFile(program) }
        return !program.isEmpty && searchPath.split(separator: ":").contains { isExecutableFile("\($0)/\(program)") }
    }

    /// Whether `path` can be created or appended to; it exists afterwards.
    static func canAppend(to path: String) -> Bool {
        let fd = open(path, O_CREAT | O_WRONLY | O_APPEND, 0o644)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    /// The folder `path` is in: `.` for a bare name, `/` for a file at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether `path` is an existing folder.
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether a file can be created in `folder`. Probes by creating (and removing) one:
    /// `access(W_OK)` says yes to root even where nothing can be created (a read-only mount, /proc).
    static func canCreateFiles(in folder: String) -> Bool {
        let probe = folder + "/.lifecycle-lab-probe-\(getpid())"
        let fd = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard fd >= 0 else { return false }
        close(fd)
        unlink(probe)
        return true
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }
}
