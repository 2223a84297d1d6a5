public import LifecycleCheckReport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the Swift files the command line names and reads them; every problem is an
/// ``InputError``, never a crash.
public enum SourceFiles {
    /// A file to check: the path as given or found (reported as is), and its real path (the
    /// same file under any spelling, for configuration, exclusion and the baseline).
    public struct File: Equatable, Sendable {
        public var path: String
        public var realPath: String
        /// Whether the command line named it (not found by walking a folder).
        public var named: Bool
    }

    /// The files to check, sorted by their UTF-8 bytes, each file once whatever its spelling
    /// (`x.swift`, `./x.swift`, `/abs/x.swift`), and the paths that could not be used.
    public static func collect(_ paths: [String]) -> (files: [File], errors: [InputError]) {
        var files: [File] = []
        var errors: [InputError] = []
        for path in paths {
            guard !path.isEmpty else {
                errors.append(InputError(path: path, message: "no such file or folder"))
                continue
            }
            var info = stat()
            guard stat(path, &info) == 0 else {
                errors.append(InputError(path: path, message: TextFile.reason(errno)))
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                let before = (files.count, errors.count)
                walk(path, into: &files, errors: &errors)
                if files.count == before.0 && errors.count == before.1 {
                    errors.append(InputError(path: path, message: "no .swift files in this folder"))
                }
            case S_IFREG:
                if path.hasSuffix(".swift") {
                    files.append(File(path: path, realPath: realPath(path), named: true))
                } else {
                    errors.append(
                        InputError(path: path, message: "not a Swift file (the name does not end in .swift)"))
                }
            default:
                errors.append(InputError(path: path, message: "not a file or folder"))
            }
        }
        var seen = Set<String>()
        files = files.filter { seen.insert($0.realPath).inserted }
        files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return (files, errors)
    }

    /// The absolute path with links and `.`/`..` resolved; `path` itself if that fails.
    public static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder a real path is in: `/a` for `/a/b`, `/` for `/a`.
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The `.swift` files under `folder`, recursively, skipping hidden folders (`.build`,
    /// `.git`…). A symbolic link to a file is followed; one to a folder is not (it could loop).
    private static func walk(_ folder: String, into files: inout [File], errors: inout [InputError]) {
        guard let directory = opendir(folder) else {
            errors.append(InputError(path: folder, message: "cannot read folder: " + TextFile.describe(errno)))
            return
        }
        defer { closedir(directory) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            let path = prefix + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                var info = stat()
                let isLink = type == UInt8(DT_LNK)
                guard stat(path, &info) == 0 else { continue }  // a dangling link: not a file to check
                switch info.st_mode & S_IFMT {
                case S_IFDIR: type = isLink ? UInt8(DT_LNK) : UInt8(DT_DIR)
                case S_IFREG: type = UInt8(DT_REG)
                default: type = UInt8(DT_UNKNOWN)
                }
            }
            if type == UInt8(DT_DIR) {
                if !name.hasPrefix(".") { folders.append(path) }
            } else if type == UInt8(DT_REG), name.hasSuffix(".swift") {
                files.append(File(path: path, realPath: realPath(path), named: false))
            }
        }
        for child in folders { walk(child, into: &files, errors: &errors) }
    }

    /// The file's text, or why it cannot be checked: unreadable, or not UTF-8.
    public static func read(_ path: String) -> Result<String, InputError> { TextFile.read(path) }
}
