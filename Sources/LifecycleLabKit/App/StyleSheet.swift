import Gettext
import Gtk

/// The app's style sheet, resources/style.css.
@MainActor
package enum StyleSheet {
    /// Loads it for the default display, and where ``turnsTransitionsOff(drawingOnTheCPU:)``
    /// says so the rule that turns the theme's CSS transitions off. A missing or broken file is
    /// reported with its name, and the app goes on unstyled.
    static func load(drawingOnTheCPU: Bool) {
        if turnsTransitionsOff(drawingOnTheCPU: drawingOnTheCPU) {
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

    /// Whether the app turns the theme's transitions off: whenever it draws on the CPU, whatever
    /// GTK's version. Measured with `lifecycle-bench app.phase_latency` (docs/benchmarks.md):
    /// with GTK 4.18 under GNOME's mutter 48 it halved the scene-phase latency beside a busy
    /// machine. With GTK 4.8 the fades had been kept, after one day's runs under mutter 43 had
    /// the idle figure slower without them; on 2026-11-27 the same machine gave the opposite, and
    /// under KDE's KWin 5.27 each frame of the fade held the loop 60–70 ms, so the keyboard focus
    /// coming back meanwhile reached the app 70–140 ms after the compositor gave it.
    package static func turnsTransitionsOff(drawingOnTheCPU: Bool) -> Bool {
        drawingOnTheCPU
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
