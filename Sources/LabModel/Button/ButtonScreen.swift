public import LifecycleTasks

extension TaskKind {
    /// Seed 001's exec, started by a press.
    static let exec: TaskKind = "exec"
}

extension TaskName {
    static let exec = TaskName("exec", kind: .exec)
}

/// The error `exec()` throws when the button page is set to fail.
public struct ExecFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which exec failed (1, 2, … on its screen).
    public let run: Int
    /// "exec #N failed".
    public var description: String { "exec #\(run) failed" }
}

/// The inner view of one showing of the button page: its node and ``ButtonViewState``.
public typealias ButtonView = PresentedView<ButtonViewState>

/// Seed 001's page: an inner view with an *Action!* button whose `exec()` takes L, honours
/// cancellation and can be set to throw. The view can be shown and closed while work runs; each
/// showing makes a fresh ``ButtonView`` whose state goes with it.
///
/// The screen outlives its views and counts what really happened to every exec, so the app can
/// show it next to what the strategy reported (``surfacedErrors``):
///
/// ```swift
/// let screen = ButtonScreen(strategy: .b1, context: context, host: ImmediateHost<ButtonView>())
/// screen.showView()
/// screen.press(); screen.press()    // B1: two execs at once
/// screen.closeView()                // B1: both keep running; the view's state stays alive
/// screen.execsRunning               // 2
/// ```
@MainActor
public final class ButtonScreen: ViewScreen {
    /// Strategy, context, timing, scene, journal and the view shell.
    public let core: ScreenCore<ButtonStrategyID, ButtonViewState>

    /// When `true`, every exec that starts from now on throws ``ExecFailure`` after L instead of returning.
    public var execShouldThrow = false

    /// Execs started so far.
    public private(set) var execsStarted = 0
    /// Execs running now.
    public private(set) var execsRunning = 0
    /// The most execs ever running at once, by their start and end times. A run cancelled as the
    /// next one starts (B2, B3) overlaps it only for as long as its cancellation takes to land:
    /// zero on a test clock, microseconds on a real one. The scenario driver counts tasks not
    /// asked to stop instead.
    public var maxConcurrentExecs: Int {
        execSpans.map { span in
            execSpans.count { $0.start <= span.start && ($0.end.map { $0 > span.start } ?? true) }
        }.max() ?? 0
    }
    /// Execs that ran to the end and returned.
    public private(set) var execsCompleted = 0
    /// Execs that stopped because their task was cancelled.
    public private(set) var execsCancelled = 0
    /// Execs that threw ``ExecFailure``.
    public private(set) var execsFailed = 0
    /// The errors the strategy reported to the user (B1 reports none: they vanish).
    public private(set) var surfacedErrors: [String] = []
    /// Live view states: 1 while the view is shown; more while tasks keep closed views' states (B1).
    public var liveViewStates: Int { stateCensus.value }

    let stateCensus = LiveCounter()
    private var execSpans: [(start: Duration, end: Duration?)] = []

    /// Makes the screen with its view closed.
    /// - Parameters:
    ///   - strategy: how a press starts `exec()`.
    ///   - context: clock, registry and log.
    ///   - timing: the spec's durations (L).
    ///   - host: shows and removes the view (``ImmediateHost`` without a display).
    ///   - scene: the window, if any.
    public init(
        strategy: ButtonStrategyID, context: LifecycleContext, timing: LabTiming = .standard,
        host: some ViewHost<ButtonView>, scene: WindowScene? = nil
    ) {
        core = ScreenCore(
            strategy: strategy, context: context, timing: timing, scene: scene, viewName: "button view", host: host)
    }

    /// The *Action!* button (does nothing while the view is closed).
    public func press() {
        guard let state = view?.state else { return }
        state.press()
        journal.changed()
    }

    func surface(_ error: any Error) {
        surfacedErrors.appendBounded(String(describing: error))
        journal.log(ButtonLine.shownToUser("\(error)"))
    }

    /// The work (seed 001's `exec()`): L on the clock, honouring cancellation.
    func runExec() async throws {
        execsStarted += 1
        let run = execsStarted
        let shouldThrow = execShouldThrow
        execsRunning += 1
        let span = execSpans.count
        execSpans.append((context.now, nil))
        journal.log(ButtonLine.execStart(run))
        journal.changed()
        defer {
            execsRunning -= 1
            execSpans[span].end = context.now
            journal.changed()
        }
        do {
            try await context.sleep(for: timing.workDuration)
        } catch {
            execsCancelled += 1
            journal.log(ButtonLine.execCancelled(run))
            throw error
        }
        if shouldThrow {
            execsFailed += 1
            journal.log(ButtonLine.execThrew(run))
            throw ExecFailure(run: run)
        }
        execsCompleted += 1
        journal.log(ButtonLine.execDone(run))
    }

    public func makeState(for node: LifecycleNode) -> ButtonViewState {
        ButtonViewState(screen: self, node: node)
    }

    public func install(on view: ButtonView) {
        switch strategy {
        case .b1:
            break  // B1 installs nothing: the button makes its Task on the spot.
        case .b2:
            // Seed 001, 方法1: `.onDisappear { currentTask?.cancel() }`.
            // lab-code: B2 part 2
            view.node.onDisappear { [weak state = view.state] in
                state?.currentTask?.cancel()  // lab-code-key
            }
        // lab-code-end
        case .b3:
            // Seed 001, 方法2: `.task(id: triggers) { guard triggers != nil else { return } … }`.
            // lab-code: B3 part 2
            guard let state = view.state else { return }
            state.triggerTask = view.node.task(id: state.trigger, name: .exec, label: "B3") {  // lab-code-key
                [weak state] trigger in
                guard trigger != nil else { return }  // lab-code-key
                guard let state else { return }
                do {
                    try await state.exec()
                } catch {
                    state.report(error)
                }
            }
        // lab-code-end
        }
    }
}

/// A line the button page's screen logs (seed 001). A judge matches these cases, never their text.
public enum ButtonLine: ScreenLine {
    /// Exec number `n` started.
    case execStart(Int)
    /// Exec number `n` was cancelled.
    case execCancelled(Int)
    /// Exec number `n` threw.
    case execThrew(Int)
    /// Exec number `n` ran to its end.
    case execDone(Int)
    /// B2's view state cancelled its running exec.
    case viewCancelledExec
    /// An error was shown to the user.
    case shownToUser(String)

    /// The line as it reads in the log.
    public var text: String {
        switch self {
        case .execStart(let n): "exec #\(n) start"
        case .execCancelled(let n): "exec #\(n) cancelled"
        case .execThrew(let n): "exec #\(n) threw"
        case .execDone(let n): "exec #\(n) done"
        case .viewCancelledExec: "exec cancelled"
        case .shownToUser(let error): "shown to the user: \(error)"
        }
    }

    /// Whether this is an exec's start ("exec #n start").
    public var isExecStart: Bool {
        if case .execStart = self { true } else { false }
    }
}
