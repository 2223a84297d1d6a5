import Gettext

#if canImport(Glibc)
    import Glibc
#endif

/// `lifecycle-lab check …`: the checker is its own executable, `lifecycle-lab-check`, so the
/// app's binary and start-up carry no parser. The app replaces itself with it (`execvp`) before
/// GTK or a display is touched; the checker's options, output and exit status are then its own.
enum CheckHandover {
    /// The command word that hands over: `lifecycle-lab check PATH…`.
    static let command = "check"
    /// The checker's file name, installed beside `lifecycle-lab`.
    static let executableName = "lifecycle-lab-check"

    /// The checker to run: `LIFECYCLE_LAB_CHECK` when set (a path, or a name found in `PATH`),
    /// else `lifecycle-lab-check` in the folder of the running binary (`/proc/self/exe`, however
    /// the app was started). The command line and the Check page both find it here.
    static func checker(_ environment: EnvironmentVariables) -> (path: String, fromEnvironment: Bool) {
        if let named = environment.checker { return (named, true) }
        return ((Resources.executableFolder ?? ".") + "/" + executableName, false)
    }

    /// Replaces this process with the checker given `arguments` (those after `check`). Returns
    /// only if that fails, after one line on standard error, with exit status 2.
    /// - Parameter arguments: the checker's arguments.
    static func exec(arguments: [String]) -> Int32 {
        let path = checker(.current).path
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        // execvp: a bare name in LIFECYCLE_LAB_CHECK is looked up in PATH, as the page does.
        execvp(path, argv)
        let code = errno
        argv.forEach { free($0) }
        let reason =
            code == ENOENT || code == ENOTDIR
            ? tr(
                "the checker %{path} is not installed; install lifecycle-lab-check beside lifecycle-lab, or set LIFECYCLE_LAB_CHECK to its path",
                ["path": path])
            : tr(
                "cannot start the checker %{path}: %{error}",
                ["path": path, "error": String(cString: strerror(code))])
        writeStandardError("lifecycle-lab check: \(reason)\n")
        return 2
    }
}
