import Gettext
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
        let command = "\(program) \(action)"
        let spawned = posix_spawnp(&pid, program, nil, nil, &argv, environ)
        guard spawned == 0 else {
            let reason = String(cString: strerror(spawned))
            say(tr("could not start %{command}: %{reason}", ["command": command, "reason": reason]))
            return false
        }
        var status: Int32 = 0
        var reaped: pid_t = 0
        // 0 while it runs; its pid once reaped; -1 on an error other than an interrupted call.
        let ended = await MainLoop.waitUntil(timeout: timeout) {
            repeat { reaped = waitpid(pid, &status, WNOHANG) } while reaped == -1 && errno == EINTR
            return reaped != 0
        }
        guard ended, reaped == pid else {
            if !ended {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
            }
            say(tr("%{command} did not finish", ["command": command]))
            return false
        }
        // WTERMSIG and WEXITSTATUS, which Swift does not import (macros).
        let signal = status & 0x7f
        let code = (status >> 8) & 0xff
        guard signal == 0, code == 0 else {
            let how =
                signal != 0
                ? tr("killed by signal %{signal}", ["signal": signal]) : tr("exit %{code}", ["code": code])
            say(tr("%{command} failed: %{how}", ["command": command, "how": how]))
            return false
        }
        return true
    }

    private static func say(_ message: String) { writeStandardError("lifecycle-lab: \(message)\n") }
}
