/// How a scenario run moves through time: how to let time pass, how to let pending work run,
/// and how close an observed time must be to the spec's.
///
/// Headless tests drive a test clock (each advance fires the timers due, in order); the app
/// sleeps on a real, scaled clock.
///
/// ```swift
/// // tests (LifecycleTestSupport's TrackedTestClock and Settle):
/// let pacer = ScenarioPacer(tolerance: .zero,
///     advance: { await clock.advance(by: $0, context: context) },
///     settle: { await Settle.run(context: context, clock: clock) })
/// // the app:
/// let pacer = ScenarioPacer.realTime(clock: ContinuousClock())
/// ```
public struct ScenarioPacer: Sendable {
    /// How far an observed time may be from the spec's and still match.
    public var tolerance: Duration
    private let advanceBy: @MainActor @Sendable (Duration) async -> Void
    private let settleWork: @MainActor @Sendable () async -> Void

    /// Makes a pacer from two operations.
    /// - Parameters:
    ///   - tolerance: how far an observed time may be from the expected one.
    ///   - advance: lets `duration` pass on the context's clock, running whatever falls due.
    ///   - settle: lets work already due run (cancelled actions return, new tasks reach their first sleep).
    public init(
        tolerance: Duration,
        advance: @escaping @MainActor @Sendable (Duration) async -> Void,
        settle: @escaping @MainActor @Sendable () async -> Void
    ) {
        self.tolerance = tolerance
        self.advanceBy = advance
        self.settleWork = settle
    }

    /// A pacer for a real clock: waiting is sleeping on it, settling is a short sleep so the
    /// main loop runs what is due. Use it with the same clock the context was made with.
    /// - Parameters:
    ///   - clock: the context's clock.
    ///   - tolerance: how late or early an event may be; real main loops jitter.
    ///   - settleTime: how long a settle waits for due work.
    public static func realTime(
        clock: any Clock<Duration>, tolerance: Duration = .milliseconds(150), settleTime: Duration = .milliseconds(20)
    ) -> ScenarioPacer {
        ScenarioPacer(
            tolerance: tolerance,
            advance: { duration in try? await clock.sleep(for: duration) },
            settle: {
                for _ in 0..<8 { await Task.yield() }
                try? await clock.sleep(for: settleTime)
            })
    }

    /// Lets `duration` pass.
    @MainActor
    public func advance(by duration: Duration) async { await advanceBy(duration) }

    /// Lets work that is already due run.
    @MainActor
    public func settle() async { await settleWork() }
}

/// Something a person (or the scenario) does during a run. The app's actuator does each with
/// its real widgets and window; ``DirectActuator`` calls the screen models directly.
public enum ScenarioAction: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Press *Show toast*.
    case showToast
    /// Press *Hide toast*.
    case hideToast
    /// Open the page (button, scene-phase and server scenarios).
    case openPage
    /// Close the page while its work runs.
    case closePage
    /// Press *Action!* on the button page.
    case pressAction
    /// Make the button page's `exec()` throw (or stop throwing) from its next run.
    case setExecThrows(Bool)
    /// Minimize the window (scene phase `.background`).
    case minimizeWindow
    /// Restore the minimized window and focus it (`.active`).
    case restoreWindow
    /// Give focus to another window (`.inactive`).
    case unfocusWindow
    /// Focus the window again (`.active`).
    case focusWindow
    /// Pick a server in the I1 picker.
    case pickServer(Server)
    /// A server posts a status (not a user action: the environment).
    case postStatus(String, to: Server)

    /// How the action reads in a verdict's log.
    public var description: String {
        switch self {
        case .showToast: "press Show toast"
        case .hideToast: "press Hide toast"
        case .openPage: "open the page"
        case .closePage: "close the page"
        case .pressAction: "press Action!"
        case .setExecThrows(let value): value ? "make exec() throw" : "make exec() succeed"
        case .minimizeWindow: "minimize the window"
        case .restoreWindow: "restore the window"
        case .unfocusWindow: "focus another window"
        case .focusWindow: "focus the window"
        case .pickServer(let server): "pick server \(server)"
        case .postStatus(let status, let server): "\(server) posts \"\(status)\""
        }
    }
}

/// Performs a scenario's actions. The app implements it by clicking its real buttons and
/// minimizing or focusing its real window; headless runs use ``DirectActuator``.
@MainActor
public protocol ScenarioActuator: AnyObject {
    /// Does `action`; when it returns, the action has been delivered (the driver settles after).
    func perform(_ action: ScenarioAction) async
}

/// Performs scenario actions by calling the screen models and the window scene directly.
///
/// The app can delegate to it for what has no widget (``ScenarioAction/postStatus(_:to:)``,
/// ``ScenarioAction/setExecThrows(_:)``).
///
/// ```swift
/// let actuator = DirectActuator(toast: screen)
/// await actuator.perform(.showToast)   // screen.show()
/// ```
@MainActor
public final class DirectActuator: ScenarioActuator {
    /// The toast screen, for show and hide.
    public var toast: ToastScreen?
    /// The button screen, for open, close, press and throw.
    public var button: ButtonScreen?
    /// The scene-phase screen, for open and close.
    public var scenePhase: ScenePhaseScreen?
    /// The server screen, for open, close, pick and post.
    public var server: ServerScreen?
    /// The window whose phase minimize, restore and focus change.
    public var window: WindowScene?

    /// Makes an actuator for the given screens.
    public init(
        toast: ToastScreen? = nil, button: ButtonScreen? = nil, scenePhase: ScenePhaseScreen? = nil,
        server: ServerScreen? = nil, window: WindowScene? = nil
    ) {
        self.toast = toast
        self.button = button
        self.scenePhase = scenePhase
        self.server = server
        self.window = window
    }

    /// Does `action` on the screen it concerns.
    public func perform(_ action: ScenarioAction) async {
        switch action {
        case .showToast: toast?.show()
        case .hideToast: toast?.hide(cause: .button)
        case .openPage:
            button?.openPage()
            scenePhase?.openPage()
            server?.openPage()
        case .closePage:
            button?.closePage()
            scenePhase?.closePage()
            server?.closePage()
        case .pressAction: button?.press()
        case .setExecThrows(let value): button?.execShouldThrow = value
        case .minimizeWindow: window?.update(phase: .background)
        case .restoreWindow, .focusWindow: window?.update(phase: .active)
        case .unfocusWindow: window?.update(phase: .inactive)
        case .pickServer(let picked): server?.pick(picked)
        case .postStatus(let status, let target): server?.center.post(status, to: target)
        }
    }
}
