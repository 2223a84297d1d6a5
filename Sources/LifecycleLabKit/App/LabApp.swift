import Gettext
public import Gtk
import GtkLifecycle
import LabModel
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
    /// exit 1) and runs the app until its window closes; `check …` hands over to the checker
    /// instead (`CheckHandover`). Call from a synchronous `main`.
    public static func main(arguments: [String]) -> Int32 {
        StartupTrace.mark("main")
        startTranslations()
        // `lifecycle-lab check PATH…` is the checker's command: no GTK, no display needed.
        if arguments.count > 1, arguments[1] == CheckHandover.command {
            return CheckHandover.exec(arguments: Array(arguments.dropFirst(2)))
        }
        // A page in the model's catalogue but not in the window's list (or the other way round)
        // is a build of the app that would leave a page out: refuse it (a developer's slip).
        let strays = LabPages.mismatch
        guard strays.isEmpty else {
            writeStandardError(
                "lifecycle-lab: LabCatalog.pages and LabPages.all disagree about: "
                    + strays.map(\.rawValue).joined(separator: ", ") + "\n")
            return 70
        }
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
                        "no display: %{error}. Run it in a desktop session, or under Xvfb with scripts/sessions/with-display.",
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

    /// Builds the environment and the window (the `activate` signal), then starts what the
    /// command line asked for. Tests call it directly after `application.register()`.
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
        StyleSheet.load(drawingOnTheCPU: renderer?.drawsOnTheCPU ?? false)
        StartupTrace.mark("style")
        // Builds the window and shows it (see MainWindow.init).
        let window = MainWindow(
            environment: environment, startPage: options.startPage, strategy: options.strategy, renderer: renderer,
            onShutdown: { [weak self] reason in self?.shutdown(reason: reason) })
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
        let variables = EnvironmentVariables.current
        if let ms = variables.stubbornTaskMilliseconds {
            DiagnosticHooks.startStubbornTask(milliseconds: ms, in: context.registry)
        }
        if variables.exitAfterFirstFrame {
            DiagnosticHooks.exitAfterFirstFrame(of: window.window) { [weak self] in self?.quitNow() }
        }
        startMode(window: window, environment: environment)
    }

    /// `--scenario` or `--screenshot`: runs it, then quits with its exit status.
    private func startMode(window: MainWindow, environment: LabEnvironment) {
        let screenshot = options.screenshot.map {
            ScreenshotMode(path: $0, mainWindow: window, rendersCompareWindow: options.compare != nil)
        }
        if options.scenario != nil {
            let mode = ScenarioMode(
                options: options, mainWindow: window, environment: environment, frameTrace: frameTrace,
                screenshot: screenshot, screenshotFailed: { [weak self] in self?.exitStatus = 1 })
            Task { @MainActor in
                let status = await mode.run()
                self.exitStatus = status
                self.quitNow()
            }
        } else if let screenshot {
            Task { @MainActor in
                let status = await screenshot.takeWhenLaidOut()
                if status != 0 { self.exitStatus = status }
                self.quitNow()
            }
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

    /// The main context's registry and, while the compare window is open, its two sides'.
    private func registries(of environment: LabEnvironment) -> [TaskRegistry] {
        [environment.context.registry] + (mainWindow?.compareWindow?.registries ?? [])
    }

    /// Closes the app: cancels every registered task (the pages' buggy unstructured ones too),
    /// waits up to ``shutdownGrace`` for them to return, reports any that did not, and quits.
    /// Window close, Ctrl+Q, SIGINT and SIGTERM all come here.
    /// - Parameter reason: what asked for it, as the report says it ("SIGINT", "Quit").
    public func shutdown(reason: String) {
        guard !shuttingDown, let environment else {
            if environment == nil { application.quit() }
            return
        }
        shuttingDown = true
        report?.finish(reason: reason)
        report = nil
        let registries = registries(of: environment)
        let shutdownReport = ShutdownReport(registries: registries)
        mainWindow?.resetAllPages()
        for registry in registries { registry.cancelAll() }
        Task { @MainActor in
            let left = await shutdownReport.waitForAllToEnd(grace: self.shutdownGrace)
            shutdownReport.write(
                left: left, reason: reason, grace: self.shutdownGrace,
                withFigures: EnvironmentVariables.current.reportShutdown)
            self.quitNow()
        }
    }

    /// Cancels every task, waits up to `grace` for them, closes the windows without quitting
    /// the loop, and returns the tasks still live. For tests that run several app windows in
    /// one process.
    /// - Parameter grace: how long each registry's tasks get to return.
    public func tearDown(grace: Duration = .seconds(2)) async -> [TaskRecord] {
        guard let environment else { return [] }
        let registries = registries(of: environment)
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
