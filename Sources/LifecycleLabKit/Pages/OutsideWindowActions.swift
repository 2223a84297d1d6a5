import Gtk

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the program given with `--window-actions-by` for a window action (`PROGRAM minimize`,
/// `PROGRAM restore`), so the compositor does it as it does for a person: on GNOME a Wayland
/// app may minimize itself but cannot bring its window back (mutter activates a window only for
/// a token backed by user input), while its own Alt+Tab can.
@MainActor
package enum OutsideWindowActions {
    /// Starts `program action` and waits, without blocking the main loop, until it exits (at most
    /// `timeout`). Returns whether it exited 0; says why on standard error when not.
    package static func run(_ program: String, _ action: String, timeout: Duration = .seconds(5)) async -> Bool {
        var pid = pid_t()
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup(action), nil]
        defer { for argument in argv { free(argument) } }
        let spawned = posix_spawnp(&pid, program, nil, nil, &argv, environ)
        guard spawned == 0 else {
            writeStandardError(
                "lifecycle-lab: could not start \(program) \(action): \(String(cString: strerror(spawned)))\n")
            return false
        }
        var status: Int32 = 0
        let exited = await MainLoop.waitUntil(timeout: timeout) { waitpid(pid, &status, WNOHANG) == pid }
        guard exited else {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            writeStandardError("lifecycle-lab: \(program) \(action) did not finish within \(timeout)\n")
            return false
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import (macros).
        let code = (status >> 8) & 0xff
        guard status & 0x7f == 0, code == 0 else {
            writeStandardError("lifecycle-lab: \(program) \(action) failed (status \(status))\n")
            return false
        }
        return true
    }
}
