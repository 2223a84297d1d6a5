import Gettext
import Gtk
public import LabModel

#if canImport(Glibc)
    import Glibc
#endif

/// `--scenario NAME`: runs that page's documented repro in the real window with the chosen
/// strategy and prints the verdict as JSON; with `--compare`, runs it on both sides of the
/// compare window at once and prints both verdicts as one object.
@MainActor
struct ScenarioMode {
    let options: LaunchOptions
    let mainWindow: MainWindow
    let environment: LabEnvironment
    let frameTrace: FrameTrace?
    /// With `--screenshot`: the picture taken mid-repro.
    let screenshot: ScreenshotMode?
    /// Called when the mid-repro picture could not be written.
    let screenshotFailed: @MainActor () -> Void

    /// Runs the repro; returns the exit status: the verdict's (0 match, 1 mismatch, 3 not
    /// judged), or 2 when the page has no scenario.
    func run() async -> Int32 {
        if options.compare != nil, let compare = mainWindow.compareWindow {
            return await runComparison(compare)
        }
        let window = mainWindow.window
        // Scene-phase scenarios need the window focused first.
        _ = await MainLoop.waitUntil(timeout: .seconds(3)) { window.isActive }
        let page = options.scenario ?? ToastPage.id
        mainWindow.show(page: page)
        guard let labPage = mainWindow.page(page)?.strategyPage else { return noScenario(page) }
        if let strategy = options.strategy { labPage.select(strategy: strategy) }
        let driver = ScenarioDriver(
            context: environment.context,
            pacer: LabApp.realTimePacer(clock: environment.context.clock, timing: environment.timing))
        // With --screenshot too, the picture is taken mid-repro, when the page shows its point.
        let delay = type(of: labPage).descriptor.screenshotMoment(environment.timing)
        let shot = screenshot?.scheduled(
            after: delay, clock: environment.context.clock, onFailure: screenshotFailed)
        defer { shot?.cancel() }
        frameTrace?.mark("scenario-start")
        let verdict = await labPage.runScenario(driver: driver)
        frameTrace?.mark("scenario-end")
        guard let verdict else { return noScenario(page) }
        print(verdict.json())
        fflush(nil)
        return verdict.exitStatus
    }

    /// `--scenario toast --compare L,R`: exits 0 only if both sides match the spec, 3 if one
    /// could not be judged.
    private func runComparison(_ compare: CompareWindow) async -> Int32 {
        _ = await MainLoop.waitUntil(timeout: .seconds(3)) { compare.window.isMapped && compare.window.width > 0 }
        // Mid-repro, as for one toast strategy.
        let shot = screenshot?.scheduled(
            after: PageDescriptor.toast.screenshotMoment(environment.timing), clock: environment.context.clock,
            onFailure: screenshotFailed)
        defer { shot?.cancel() }
        let comparison = await compare.runScenario()
        print(comparison.json())
        fflush(nil)
        return comparison.exitStatus
    }

    private func noScenario(_ page: PageID) -> Int32 {
        writeStandardError("lifecycle-lab: " + tr("the %{page} page has no scenario", ["page": page]) + "\n")
        return 2
    }
}

extension LabApp {
    /// A pacer on the real clock whose allowances scale with D: a timer on a busy main loop
    /// wakes a few (under load tens, on a loaded 2-core machine up to about 200) milliseconds
    /// late, never early. Early by D/10 or late by D/4 still keeps T1's and T2's second hides
    /// (D/2 apart) apart at any scale. A late run needs no allowance: the scenarios judge
    /// against the real times of their actions.
    /// - Parameters:
    ///   - clock: the real clock the repro's presses are timed on.
    ///   - timing: the spec's durations (D) the allowances scale with.
    public static func realTimePacer(clock: any Clock<Duration>, timing: LabTiming) -> ScenarioPacer {
        let tolerance = max(timing.toastDuration / 10, .milliseconds(20))
        var pacer = ScenarioPacer.realTime(clock: clock, tolerance: tolerance)
        pacer.lateness = max(timing.toastDuration / 4, tolerance)
        return pacer
    }
}
