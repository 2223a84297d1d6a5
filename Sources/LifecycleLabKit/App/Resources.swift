#if canImport(Glibc)
    import Glibc
#endif

/// Where the app's data (its style sheet) is found: `$LIFECYCLE_LAB_RESOURCES`, then beside the
/// executable — the package's `resources/` for a build in `.build/<triple>/<config>/`, the
/// installed copy in `<prefix>/share/lifecycle-lab` for `<prefix>/bin/lifecycle-lab` — and last
/// `resources/` in the working directory.
enum Resources {
    static var searchPath: [String] {
        var folders: [String] = []
        if let folder = EnvironmentVariables.current.resources { folders.append(folder) }
        if let bin = executableFolder {
            // .build/<triple>/<config>/lifecycle-lab → the package root's resources/
            folders.append(bin + "/../../../resources")
            folders.append(bin + "/../../resources")
            folders.append(bin + "/../share/lifecycle-lab")
        }
        folders.append("resources")
        return folders
    }

    /// The folder of the running executable: `/proc/self/exe`, which the kernel resolves
    /// whichever way the app was started (a PATH look-up leaves argv[0] without a folder);
    /// argv[0] only where /proc is not mounted.
    static var executableFolder: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe =
            count > 0
            ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments.first ?? ""
        guard let slash = exe.lastIndex(of: "/") else { return nil }
        return String(exe[..<slash])
    }

    /// Where the translations are (`LANG/LC_MESSAGES/lifecycle-lab.mo`): `$LIFECYCLE_LAB_LOCALEDIR`,
    /// then `<prefix>/share/locale` for an installed `<prefix>/bin/lifecycle-lab` (its data folder
    /// `<prefix>/share/lifecycle-lab` is there), then `.build/locale` for a build in
    /// `.build/<triple>/<config>/` (`scripts/run/build-locale` compiles `po/*.po` there); `nil` (the
    /// system's default) when none is found.
    static var localeFolder: String? {
        if let folder = EnvironmentVariables.current.localeFolder { return folder }
        guard let bin = executableFolder else { return nil }
        for (marker, folder) in [
            (bin + "/../share/lifecycle-lab", bin + "/../share/locale"),
            (bin + "/../../locale", bin + "/../../locale"),
        ] where access(marker, R_OK) == 0 {
            return realpath(folder, nil).map { resolved in
                defer { free(resolved) }
                return String(cString: resolved)
            }
        }
        return nil
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
