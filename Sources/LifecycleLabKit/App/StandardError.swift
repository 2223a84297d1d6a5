#if canImport(Glibc)
    import Glibc
#endif

/// Writes `text` to file descriptor `fd` at once, unbuffered (the C `stdout`/`stderr` globals
/// are not concurrency-safe in Swift 6).
func writeUnbuffered(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) }
}

/// Writes to standard error (file descriptor 2) at once.
func writeStandardError(_ text: String) { writeUnbuffered(text, to: 2) }
