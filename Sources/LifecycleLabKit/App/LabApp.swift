import Gettext
public import Gtk
import GtkLifecycle
public import LabModel
public import LifecycleTasks

#if canImport(Glibc)
    import Glibc
#endif

/// The Lifecycle Lab application: parses the command line, starts GTK, builds the window and
/// runs the GLib main loop on the main thread, with the main actor inside it.
///
/// ```swift
/// // Sources/LifecycleLab/main.swift
/// exit(LabApp.main(arguments: CommandLine.arguments))
/// ```
@MainActor
public final class LabApp {
    /// The reverse-DNS application ID (also the `.desktop` file's and icon's name).
    public static let applicationID = "io.github.lifecyclelab.LifecycleLab"
    /// The version shown in About.
    public static let version = "0.1.0"

    /// The validated command line.
    public let options: LaunchOptions
    /// The GTK application.
    public let application: Application
    /// The renderer decided at start-up (see ``RendererChoice``), shown in About; `nil` in a
    /// process that did not start through ``main(arguments:)`` (tests), which leaves GTK's choice.
    package let renderer: RendererChoice?
    /// Shared state of the pages; set at activate.
    public private(set) var environment: LabEnvironment?
    /// The main window; set at activate.
    public private(set) var mainWindow: MainWindow?
    /// What `run()` returns: the scenario's verdict (0 match, 1 mismatch) or 0.
    public private(set) var exitStatus: Int32 = 0
    /// How long shutdown waits for cancelled tasks to return.
    public var shutdownGrace: Duration = .seconds(2)
    private var shuttingDown = false
    private var signalSources: [SourceHandleBox] = []
    private var frameTrace: FrameTrace?
    private var report: RunReport?

    /// Parses `arguments` (bad input: one line, exit 2), starts GTK (no display: a message,
    /// exit 1) and runs the app until its window closes. Call from a synchronous `main`.
    public static func main(arguments: [String]) -> Int32 {
        StartupTrace.mark("main")
        startTranslations()
        let options = LaunchOptions.parseOrExit2(Array(arguments.dropFirst()), version: version)
        StartupTrace.mark("options")
        // GTK's start-up and the application's registration both use the session bus; held
        // from before the one until after the other, it is connected once (see SessionBus).
        let sessionBus = SessionBus.connect()
        StartupTrace.mark("session-bus")
        do {
            try GtkRuntime.initialize()
        } catch {
            writeStandardError(
                "lifecycle-lab: "
                    + tr(
                        "no display: %{error}. Run it in a desktop session, or under Xvfb with scripts/with-display.",
                        ["error": error]) + "\n"
            )
            return 1
        }
        StartupTrace.mark("gtk-init")
        let renderer = RendererChoice.decideAndApply()
        StartupTrace.mark("renderer")
        let app = LabApp(options: options, renderer: renderer)
        StartupTrace.mark("application")
        return withExtendedLifetime(sessionBus) { app.run() }
    }

    /// Sets the locale from the environment and binds the app's text domain to its translations
    /// (installed, or compiled into `.build/locale` for a build; see `Resources.localeFolder`).
    /// ``main(arguments:)`` calls it first; a test runner that builds the window calls it first too.
    public static func startTranslations() {
        Gettext.start(localeFolder: Resources.localeFolder)
    }

    /// Makes the application; nothing is shown until ``run()``.
    /// - Parameters:
    ///   - options: the validated command line.
    ///   - applicationID: the GApplication ID; tests and benchmarks that run several
    ///     app windows in one process give each its own, as each exports itself on the session bus.
    public convenience init(options: LaunchOptions, applicationID: String = LabApp.applicationID) {
        self.init(options: options, renderer: nil, applicationID: applicationID)
    }

    /// Makes the application with the renderer decided at start-up (About shows it).
    package init(options: LaunchOptions, renderer: RendererChoice?, applicationID: String = LabApp.applicationID) {
        self.options = options
        self.renderer = renderer
        self.application = Application(id: applicationID)
        application.onActivate { [unowned self] in self.activate() }
    }

    /// Runs the GLib main loop until the window closes; returns the exit status.
    public func run() -> Int32 {
        let status = application.run()
        return status != 0 ? status : exitStatus
    }

    /// Builds the environment and the window (the `activate` signal). Tests call it directly
    /// after `application.register()`.
    public func activate() {
        guard mainWindow == nil else {
            mainWindow?.window.present()
            return
        }
        StartupTrace.mark("activate")
        let timing = (try? LabTiming(timeScale: options.timeScale)) ?? .standard
        let context = LifecycleContext(clock: LabClock(), taskExecutor: MainLoop.taskExecutor)
        let environment = LabEnvironment(application: application, context: context, timing: timing)
        environment.outsideWindowActions = options.windowActionsBy
        self.environment = environment
        loadStyle()
        StartupTrace.mark("style")
        // Builds the window and shows it (see MainWindow.init).
        let window = MainWindow(
            environment: environment, startPage: options.startPage, strategy: options.strategy,
            renderer: renderer, onShutdown: { [weak self] reason in self?.shutdown(reason: reason) })
        StartupTrace.mark("window-built")
        mainWindow = window
        frameTrace = FrameTrace.fromEnvironment()
        frameTrace?.start(window: window.window)
        if let pair = options.compare { window.openCompare(left: pair.left, right: pair.right) }
        installShutdownSignals()
        if let path = options.report, let report = RunReport(path: path) {
            report.install(window: window, environment: environment)
            self.report = report
        }
        startStubbornTaskIfAsked()
        if EnvironmentVariables.current.exitAfterFirstFrame {
            // Benchmark hook (`app.startup`): print when the first frame was painted, then quit.
            // The window is shown but not painted yet: that happens once this returns to the loop.
            // Beside the time: the peak resident memory so far (VmHWM) and what drew the frame.
            window.window.onFirstFramePainted { [weak self, weak window] in
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                print("first-frame \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))")
                print("first-frame-peak-kib \(ProcessMemory.peakResidentKiB ?? 0)")
                print("renderer \(window?.window.rendererName ?? "none")")
                print("display \(GtkRuntime.displayTypeName ?? "none")")
                fflush(nil)
                self?.quitNow()
            }
        }
        if options.scenario != nil {
            Task { @MainActor in await self.runScenario() }
        } else if let path = options.screenshot {
            Task { @MainActor in await self.takeScreenshot(to: path) }
        }
    }

    // MARK: Style

    /// Loads resources/style.css. A missing or broken file is reported with its name, and the
    /// app goes on unstyled.
    private func loadStyle() {
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
            writeStandardError(
                "lifecycle-lab: " + tr("warning: style sheet %{error}; going on without it", ["error": error]) + "\n")
        }
    }

    // MARK: Scenario and screenshot modes

    /// A pacer on the real clock whose allowances scale with D: a timer on a busy main loop
    /// wakes a few (under load tens, on a loaded 2-core machine up to about 200) milliseconds
    /// late, never early. Early by D/10 or late by D/4 still keeps T1's and T2's second hides
    /// (D/2 apart) apart at any scale. A late run needs no allowance: the scenarios judge
    /// against the real times of their actions.
    public static func realTimePacer(clock: any Clock<Duration>, timing: LabTiming) -> ScenarioPacer {
        let tolerance = max(timing.toastDuration / 10, .milliseconds(20))
        var pacer = ScenarioPacer.realTime(clock: clock, tolerance: tolerance)
        pacer.lateness = max(timing.toastDuration / 4, tolerance)
        return pacer
    }

    private func runScenario() async {
        guard let window = mainWindow, let environment else { return }
        if options.compare != nil, let compare = window.compareWindow {
            await runComparison(compare, environment: environment)
            return
        }
        // Scene-phase scenarios need the window focused first.
        _ = await MainLoop.waitUntil(timeout: .seconds(3)) { window.window.isActive }
        let page = options.scenario ?? ToastPage.id
        window.show(page: page)
        guard let labPage = window.page(page) else {
            writeStandardError("lifecycle-lab: " + tr("the %{page} page has no scenario", ["page": page]) + "\n")
            exitStatus = 2
            quitNow()
            return
        }
        if let strategy = options.strategy { labPage.select(strategy: strategy) }
        let driver = ScenarioDriver(
            context: environment.context,
            pacer: Self.realTimePacer(clock: environment.context.clock, timing: environment.timing))
        // With --screenshot too, the picture is taken mid-repro: for the toast at 0.9 D, after
        // the second show and just before a stale T1/T6 timer would hide it.
        var shot: Task<Void, Never>?
        if let path = options.screenshot {
            let delay = page == .toast ? environment.timing.toastDuration * 0.9 : environment.timing.toastDuration
            shot = Task { @MainActor in
                try? await environment.context.clock.sleep(for: delay)
                await self.saveScreenshot(to: path)
            }
        }
        defer { shot?.cancel() }
        frameTrace?.mark("scenario-start")
        let verdict = await labPage.runScenario(driver: driver)
        frameTrace?.mark("scenario-end")
        if let verdict {
            print(verdict.json())
            fflush(nil)
            exitStatus = verdict.exitStatus
        } else {
            writeStandardError("lifecycle-lab: " + tr("the %{page} page has no scenario", ["page": page]) + "\n")
            exitStatus = 2
        }
        quitNow()
    }

    /// `--scenario toast --compare L,R`: the repro on both sides of the compare window at once;
    /// prints both verdicts as one JSON object; exits 0 only if both match the spec, 3 if one could not be judged.
    private func runComparison(_ compare: CompareWindow, environment: LabEnvironment) async {
        _ = await MainLoop.waitUntil(timeout: .seconds(3)) { compare.window.isMapped && compare.window.width > 0 }
        var shot: Task<Void, Never>?
        if let path = options.screenshot {
            // Mid-repro, as for one strategy: at 0.9 D, after the second show.
            let delay = environment.timing.toastDuration * 0.9
            shot = Task { @MainActor in
                try? await environment.context.clock.sleep(for: delay)
                await self.saveScreenshot(to: path)
            }
        }
        defer { shot?.cancel() }
        let comparison = await compare.runScenario()
        print(comparison.json())
        fflush(nil)
        exitStatus = comparison.exitStatus
        quitNow()
    }

    private func takeScreenshot(to path: String) async {
        guard let window = mainWindow else { return }
        let target = screenshotWindow ?? window.window
        _ = await MainLoop.waitUntil(timeout: .seconds(5)) { target.isMapped && target.width > 0 }
        // Let the first frames (and the stack's layout) happen before rendering.
        await MainLoop.sleep(for: .milliseconds(400))
        await saveScreenshot(to: path)
        quitNow()
    }

    /// What `--screenshot` renders: the compare window with `--compare`, else the main window.
    private var screenshotWindow: Window? {
        options.compare != nil ? mainWindow?.compareWindow?.window : mainWindow?.window
    }

    /// Renders the screenshot window to `path` once the panel's (and the compare timelines')
    /// pending changes are drawn: applying them queues a redraw, which drops the window's last
    /// frame, so the picture is taken right after the next one is painted.
    private func saveScreenshot(to path: String) async {
        guard let window = mainWindow, let target = screenshotWindow else { return }
        window.panel.flushPendingChanges()
        window.compareWindow?.flushPendingChanges()
        target.queueDraw()
        var painted = false
        target.onFirstFramePainted { painted = true }
        _ = await MainLoop.waitUntil(timeout: .seconds(2)) { painted }
        do {
            try target.savePNG(to: path)
            writeStandardError("lifecycle-lab: wrote \(path)\n")
        } catch {
            writeStandardError("lifecycle-lab: " + tr("cannot take the screenshot: %{error}", ["error": error]) + "\n")
            exitStatus = 1
        }
    }

    // MARK: Shutdown

    private func installShutdownSignals() {
        for signal in [SIGINT, SIGTERM] {
            signalSources.append(
                SourceHandleBox(
                    MainLoop.onUnixSignal(signal) { [weak self] in
                        self?.shutdown(reason: signal == SIGINT ? "SIGINT" : "SIGTERM")
                        return true
                    }))
        }
    }

    /// Closes the app: cancels every registered task (the pages' buggy unstructured ones too),
    /// waits up to ``shutdownGrace`` for them to return, reports any that did not, and quits.
    /// Window close, Ctrl+Q, SIGINT and SIGTERM all come here.
    public func shutdown(reason: String) {
        guard !shuttingDown, let environment else {
            if environment == nil { application.quit() }
            return
        }
        shuttingDown = true
        report?.finish(reason: reason)
        report = nil
        // The main context's and, while the compare window is open, its two sides'.
        let registries = [environment.context.registry] + (mainWindow?.compareWindow?.registries ?? [])
        let started = ContinuousClock.now
        let liveAtStart = registries.map(\.counters.live).reduce(0, +)
        let cancelledBefore = registries.map(\.counters.cancelled).reduce(0, +)
        mainWindow?.resetAllPages()
        for registry in registries { registry.cancelAll() }
        Task { @MainActor in
            var left: [TaskRecord] = []
            for registry in registries {
                let remaining = self.shutdownGrace - (ContinuousClock.now - started)
                left += await registry.waitForAllToEnd(timeout: max(remaining, .zero))
            }
            let elapsed = ContinuousClock.now - started
            if !left.isEmpty {
                let names = left.map { "#\($0.id) \($0.name) (\($0.origin), \($0.ownerName))" }.joined(separator: ", ")
                writeStandardError(
                    "lifecycle-lab: \(left.count) task(s) did not stop within \(self.shutdownGrace) after \(reason): \(names)\n"
                )
            }
            if EnvironmentVariables.current.reportShutdown {
                let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
                // For Tests/cli/shutdown.sh: also how many tasks were live when shutdown
                // began and how many of them ended cancelled, so "every task cancelled" is checkable.
                let cancelled = registries.map(\.counters.cancelled).reduce(0, +) - cancelledBefore
                writeStandardError(
                    "lifecycle-lab: shutdown after \(reason): \(left.count) task(s) left, \(Int(ms.rounded())) ms; "
                        + "\(liveAtStart) live at the start, \(cancelled) ended cancelled\n")
            }
            self.quitNow()
        }
    }

    /// Test hook (Tests/cli/shutdown.sh): with `LIFECYCLE_LAB_TEST_STUBBORN_TASK_MS=N`
    /// set, registers one task that ignores cancellation and returns N ms after it started, so
    /// the shutdown bound and its report can be seen on the real process. No page has such a
    /// task (every strategy's work honours cancellation, even the buggy ones).
    private func startStubbornTaskIfAsked() {
        guard let ms = EnvironmentVariables.current.stubbornTaskMilliseconds,
            let registry = environment?.context.registry
        else { return }
        registry.unstructuredTask(name: "stubborn (test hook)", origin: "test", owner: nil) {
            // Awaiting another unstructured task's value: cancelling this one does not reach it.
            await Task { try? await Task.sleep(for: .milliseconds(ms)) }.value
        }
    }

    /// Cancels every task, waits up to `grace` for them, closes the windows without quitting
    /// the loop, and returns the tasks still live. For tests that run several app windows in
    /// one process.
    public func tearDown(grace: Duration = .seconds(2)) async -> [TaskRecord] {
        guard let environment else { return [] }
        let registries = [environment.context.registry] + (mainWindow?.compareWindow?.registries ?? [])
        mainWindow?.resetAllPages()
        for registry in registries { registry.cancelAll() }
        var left: [TaskRecord] = []
        for registry in registries { left += await registry.waitForAllToEnd(timeout: grace) }
        signalSources.forEach { $0.cancel() }
        signalSources.removeAll()
        environment.closeElsewhere()
        mainWindow?.close()
        return left
    }

    private func quitNow() {
        frameTrace?.stop()
        frameTrace = nil
        signalSources.forEach { $0.cancel() }
        signalSources.removeAll()
        environment?.closeElsewhere()
        mainWindow?.close()
        application.quit()
    }

}
