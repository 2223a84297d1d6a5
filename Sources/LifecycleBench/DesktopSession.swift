#if canImport(Glibc)
    import Glibc
#endif

/// Where a benchmark's child programs run, so each figure says which world it was measured in.
///
/// The app's users run it in a desktop session: a D-Bus session bus, the AT-SPI accessibility
/// bus up (GNOME starts it at login; GTK 4 then exports every widget to it), and GTK's default
/// renderer (GL; Mesa's llvmpipe without a GPU). The test harness turns both off
/// (`GTK_A11Y=none`, `GSK_RENDERER=cairo`). The bench makes the desktop world itself, with a
/// session bus of its own, whatever it was started under (as `scripts/sessions/with-display --desktop`
/// does for a command).
struct ChildEnvironment {
    /// Short name in the JSON lines: `desktop` (no `GSK_RENDERER`), `desktop-gl` or `desktop-cairo`.
    var name: String
    /// Entries added to the bench's own environment.
    var set: [String]
    /// Variables removed from it.
    var unset: [String]
    /// Whether the accessibility bus answered on the session bus the children use.
    var accessibilityBus: Bool
    /// Appended to a figure's name: empty without `GSK_RENDERER`, else `.gl` or `.cairo`.
    var metricSuffix: String

    /// The fields a figure carries: environment, accessibility bus, display, load.
    func tags(renderer: String?, display: String?) -> [(String, String)] {
        [
            ("env", name), ("renderer", renderer ?? "unknown"), ("a11y_bus", accessibilityBus ? "up" : "none"),
            ("display", display ?? "unknown"),
        ]
    }
}

/// A D-Bus session bus started for the benchmark run, with the AT-SPI bus activated on it.
/// Stopped (the daemon, and with it the accessibility bus launcher) by ``stop()``.
final class DesktopSession {
    let address: String
    let daemon: pid_t
    let accessibilityBus: Bool

    private init(address: String, daemon: pid_t, accessibilityBus: Bool) {
        self.address = address
        self.daemon = daemon
        self.accessibilityBus = accessibilityBus
    }

    /// Starts `dbus-daemon --session` and asks it for the accessibility bus (`org.a11y.Bus`
    /// `GetAddress`, which activates at-spi2-core's launcher as a login session does). Nil, with
    /// a message, when no session bus can be started.
    static func start() -> DesktopSession? {
        guard
            let run = spawnAndRead(
                ["dbus-daemon", "--session", "--fork", "--nopidfile", "--print-address=1", "--print-pid=1"],
                environment: [], executable: "/usr/bin/dbus-daemon")
        else {
            FileHandleStderr.write("lifecycle-bench: cannot start dbus-daemon (is the dbus package installed?)\n")
            return nil
        }
        let lines = run.output.split(separator: "\n").map(String.init)
        guard lines.count >= 2, let pid = pid_t(lines[1]), !lines[0].isEmpty else {
            FileHandleStderr.write("lifecycle-bench: dbus-daemon did not print its address and pid\n")
            return nil
        }
        let address = lines[0]
        let reply = spawnAndRead(
            [
                "dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                "org.a11y.Bus.GetAddress",
            ], environment: ["DBUS_SESSION_BUS_ADDRESS=\(address)"], executable: "/usr/bin/dbus-send")
        let accessibility = reply?.output.contains("string \"") == true
        if !accessibility {
            FileHandleStderr.write(
                "lifecycle-bench: the accessibility bus did not start (at-spi2-core); desktop figures run without it\n")
        }
        return DesktopSession(address: address, daemon: pid, accessibilityBus: accessibility)
    }

    /// The three worlds a figure is measured in: what a person gets (no `GSK_RENDERER`: GTK's
    /// default, GL, for the C window; the app's own choice, cairo on software GL), then GL and
    /// cairo asked for by name, so both renderers stay measured whatever the app picks.
    var environments: [ChildEnvironment] {
        [environment(), environment(renderer: "gl"), environment(renderer: "cairo")]
    }

    /// The desktop world with GTK's default renderer, or with `renderer` (`GSK_RENDERER`).
    func environment(renderer: String? = nil) -> ChildEnvironment {
        var set = ["DBUS_SESSION_BUS_ADDRESS=\(address)"]
        var unset = ["GTK_A11Y", "NO_AT_BRIDGE", "GSETTINGS_BACKEND", "GSK_RENDERER"]
        if let renderer {
            set.append("GSK_RENDERER=\(renderer)")
            unset.removeLast()
        }
        return ChildEnvironment(
            name: renderer.map { "desktop-\($0)" } ?? "desktop", set: set, unset: unset,
            accessibilityBus: accessibilityBus, metricSuffix: renderer.map { ".\($0)" } ?? "")
    }

    /// Stops the session bus (the accessibility bus launcher leaves with it).
    func stop() {
        kill(daemon, SIGTERM)
    }
}
