#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A person's text file, read whole and checked to be UTF-8, for the checker and for the app's
/// Check page, which has no parser but applies a finding's fix (``FixFile``).
public enum TextFile {
    /// The file's text, or why it cannot be checked: unreadable, or not UTF-8.
    public static func read(_ path: String) -> Result<String, InputError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(InputError(path: path, message: reason(errno))) }
        defer { close(fd) }
        var info = stat()
        var bytes: [UInt8] = []
        if fstat(fd, &info) == 0, info.st_size > 0 { bytes.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                break
            } else if errno != EINTR {
                return .failure(InputError(path: path, message: "cannot read: " + describe(errno)))
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(InputError(path: path, message: "not UTF-8 text"))
        }
        return .success(text)
    }

    /// The message for a failed `stat` or `open`.
    package static func reason(_ code: Int32) -> String {
        code == ENOENT || code == ENOTDIR ? "no such file or folder" : "cannot read: " + describe(code)
    }

    /// The system's words for error `code`.
    package static func describe(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// FNV-1a over `text`'s UTF-8 bytes: enough to tell a file changed between a check and a
    /// write (not a defence against someone who wants a collision).
    public static func digest(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

/// Writing a file the person asked for, whole or not at all: a temporary file beside it, then a
/// rename over it, with the mode of the file it replaces.
public enum AtomicFile {
    /// Writes `text` to `path`; on failure, the reason, and `path` as it was.
    public static func write(_ text: String, to path: String) -> String? {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]).nonEmpty ?? "/" : "."
        var template = Array((folder + "/.lifecycle-check-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return "cannot write in \(folder): \(describe(errno))" }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var existing = stat()
        let mode = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644 & ~currentUmask()
        var failure: String?
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count, failure == nil {
            let count = bytes.withUnsafeMutableBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count > 0 {
                offset += count
            } else if !(count < 0 && errno == EINTR) {
                failure = "cannot write \(temporary): \(describe(errno))"
            }
        }
        if failure == nil, fchmod(fd, mode) != 0 || fsync(fd) != 0 {
            failure = "cannot write \(path): \(describe(errno))"
        }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = "cannot replace \(path): \(describe(errno))" }
        if failure != nil { unlink(temporary) }
        bytes.removeAll()
        return failure
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    public static func describe(_ code: Int32) -> String { TextFile.describe(code) }
}

/// `write(2)`, on Linux and on macOS.
@inline(__always)
public func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
    #else
        Darwin.write(fd, buffer, count)
    #endif
}

/// `read(2)`, on Linux and on macOS.
@inline(__always)
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
    #else
        Darwin.read(fd, buffer, count)
    #endif
}
