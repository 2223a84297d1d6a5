import Gettext
import Gtk

/// The app's style sheet, resources/style.css.
@MainActor
package enum StyleSheet {
    /// Loads it for the default display, and where ``turnsTransitionsOff(drawingOnTheCPU:gtkMinor:)``
    /// says so the rule that turns the theme's CSS transitions off. A missing or broken file is
    /// reported with its name, and the app goes on unstyled.
    static func load(drawingOnTheCPU: Bool) {
        if turnsTransitionsOff(drawingOnTheCPU: drawingOnTheCPU, gtkMinor: GtkRuntime.version.minor) {
            turnTransitionsOff()
        }
        guard let path = Resources.path(of: "style.css") else {
            writeStandardError(
                "lifecycle-lab: "
                    + tr(
                        "warning: style sheet style.css not found (looked in %{folders}); going on without it",
                        ["folders": Resources.searchPath.joined(separator: ", ")]) + "\n"
            )
            return
        }
        let provider = CssProvider()
        do {
            try provider.load(path: path)
            provider.addToDefaultDisplay()
        } catch {
            warnGoingOnWithout(error)
        }
    }

    /// Whether the app turns the theme's transitions off: when it draws on the CPU with GTK 4.12
    /// or later. Measured under GNOME's mutter (docs/benchmarks.md): with GTK 4.18 (Debian 13)
    /// it halves the scene-phase latency beside a busy machine; with GTK 4.8 (Debian 12) it
    /// gains nothing there and makes an idle one slower. GTK 4.8 applies a focus change only at
    /// the window's next frame, and with its frame clock at rest that frame came about 28 ms
    /// after mutter acted (about 10 ms on 4.18); a running fade had kept the clock ticking.
    /// Only 4.8 and 4.18 were measured; the line at 4.12 between them is assumed.
    package static func turnsTransitionsOff(drawingOnTheCPU: Bool, gtkMinor: Int) -> Bool {
        drawingOnTheCPU && gtkMinor >= 12
    }

    /// The theme fades every widget for 200 ms when the window gains or loses the focus (and the
    /// window's shadow with them, under a compositor). Drawn on the CPU, each frame of that fade
    /// repaints the whole window, and re-blurs the shadow's corners, which GTK's cairo renderer
    /// caches only for a shadow it has drawn before: up to 30 ms of CPU a frame, a dozen frames
    /// a change. A scene-phase change arriving meanwhile waits behind them (docs/benchmarks.md,
    /// "Scene-phase latency"). Without the fade a focus change is one frame.
    /// - Returns: what turns them on again (the rule leaves the default display), or nil if GTK
    ///   refused the rule.
    @discardableResult
    package static func turnTransitionsOff() -> (@MainActor () -> Void)? {
        let provider = CssProvider()
        do {
            try provider.load(css: "* { transition: none; }", name: "drawing-on-the-cpu.css")
        } catch {
            warnGoingOnWithout(error)
            return nil
        }
        provider.addToDefaultDisplay()
        return { provider.removeFromDefaultDisplay() }
    }

    /// Says which style sheet GTK refused, and that the app goes on without it.
    private static func warnGoingOnWithout(_ error: CssError) {
        writeStandardError(
            "lifecycle-lab: " + tr("warning: style sheet %{error}; going on without it", ["error": error]) + "\n")
    }
}
