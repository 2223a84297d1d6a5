#if canImport(Glibc)
    import Glibc
#endif

/// The process's own memory figures, from `/proc/self`, for the run report and the start-up
/// benchmark hook.
enum ProcessMemory {
    /// The resident set size in bytes (`/proc/self/statm`'s second field, in pages); 0 where
    /// that file cannot be read.
    static var residentBytes: Int {
        guard let line = firstLine(of: "/proc/self/statm", where: { _ in true }) else { return 0 }
        let parts = line.split(separator: " ")
        guard parts.count >= 2, let pages = Int(parts[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The peak resident memory so far in KiB (`VmHWM` in `/proc/self/status`), or nil where
    /// that file does not say.
    static var peakResidentKiB: Int? {
        guard let line = firstLine(of: "/proc/self/status", where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.dropFirst("VmHWM:".count).filter(\.isNumber))
    }

    /// Returns freed heap memory to the system (`malloc_trim(0)`), so the resident size that
    /// follows counts what is in use.
    static func trim() { _ = mallocTrim(0) }

    /// The first line of `path` that `matches` (read in pieces of 255 bytes, enough for these
    /// files' lines).
    private static func firstLine(of path: String, where matches: (String) -> Bool) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if matches(text) { return text }
        }
        return nil
    }
}

/// glibc's `malloc_trim` (malloc.h is not in the Glibc module): returns freed memory to the OS.
@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32
