#if canImport(Glibc)
import Glibc
#endif

/// Where the app's resources (style sheet, icon) are found: `$LIFECYCLE_LAB_RESOURCES`, then
/// `resources/` in the working directory, then beside the executable's package.
enum Resources {
    static var searchPath: [String] {
        var folders: [String] = []
        if let env = getenv("LIFECYCLE_LAB_RESOURCES") { folders.append(String(cString: env)) }
        folders.append("resources")
        let exe = CommandLine.arguments.first ?? ""
        if let slash = exe.lastIndex(of: "/") {
            // .build/<triple>/<config>/lifecycle-lab → the package root's resources/
            let bin = String(exe[..<slash])
            folders.append(bin + "/../../../resources")
            folders.append(bin + "/../../resources")
            folders.append(bin + "/../share/lifecycle-lab")
        }
        return folders
    }

    /// The first readable `file` on the search path, as an absolute path with symbolic links
    /// resolved: GIO reads `a/release/../../../resources` lexically (`a/resources`), which is
    /// not where the kernel finds it when `release` is a link (SwiftPM's `.build/release` is).
    static func path(of file: String) -> String? {
        for folder in searchPath {
            let path = folder + "/" + file
            guard access(path, R_OK) == 0 else { continue }
            guard let resolved = realpath(path, nil) else { return path }
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return nil
    }
}
