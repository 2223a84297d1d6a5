import Gettext
import Gtk

/// `--screenshot FILE.png`: renders the main window, or the compare window with `--compare`, to
/// a PNG file. Alone it waits for the window to be laid out; with `--scenario` the scenario
/// takes it mid-repro (``scheduled(after:clock:onFailure:)``).
@MainActor
struct ScreenshotMode {
    /// Where the picture goes.
    let path: String
    let mainWindow: MainWindow
    /// Whether the compare window is rendered rather than the main one.
    let rendersCompareWindow: Bool

    private var target: Window? {
        rendersCompareWindow ? mainWindow.compareWindow?.window : mainWindow.window
    }

    /// `--screenshot` alone: renders the window once it is mapped and its first frames are
    /// drawn; returns the exit status (0 written, 1 not).
    func takeWhenLaidOut() async -> Int32 {
        let target = self.target ?? mainWindow.window
        _ = await MainLoop.waitUntil(timeout: .seconds(5)) { target.isMapped && target.width > 0 }
        // Let the first frames (and the stack's layout) happen before rendering.
        await MainLoop.sleep(for: .milliseconds(400))
        return await save() ? 0 : 1
    }

    /// Renders the window `delay` from now on `clock`, unless the task is cancelled first;
    /// `onFailure` when it could not be written.
    func scheduled(
        after delay: Duration, clock: any Clock<Duration>, onFailure: @escaping @MainActor () -> Void
    ) -> Task<Void, Never> {
        Task { @MainActor in
            try? await clock.sleep(for: delay)
            if await !save() { onFailure() }
        }
    }

    /// Renders the window to ``path`` once the panel's (and the compare timelines') pending
    /// changes are drawn: applying them queues a redraw, which drops the window's last frame,
    /// so the picture is taken right after the next one is painted. Says on standard error
    /// what it wrote or why it could not; returns whether it wrote the file.
    func save() async -> Bool {
        guard let target else { return true }
        mainWindow.panel.flushPendingChanges()
        mainWindow.compareWindow?.flushPendingChanges()
        target.queueDraw()
        var painted = false
        target.onFirstFramePainted { painted = true }
        _ = await MainLoop.waitUntil(timeout: .seconds(2)) { painted }
        do {
            try target.savePNG(to: path)
            writeStandardError("lifecycle-lab: wrote \(path)\n")
            return true
        } catch {
            writeStandardError("lifecycle-lab: " + tr("cannot take the screenshot: %{error}", ["error": error]) + "\n")
            return false
        }
    }
}
