#if canImport(Glibc)
import Glibc
#endif

/// Flushes every C stream (`fflush(NULL)`), which avoids touching the global `stdout`.
func fflushStdout() { fflush(nil) }

enum FileHandleStderr {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
