public import LifecycleTasks

/// Runs the spec's documented repros against any strategy and says whether the outcome matches
/// the strategy's row.
///
/// The same driver runs headless (``ImmediateHost``, a direct actuator, a test clock) and in the
/// real window (the app's hosts, an actuator that clicks real buttons, a real scaled clock):
/// only the screen's host, the actuator and the pacer change.
///
/// Each page's folder adds its repro as a `run(…)` method in an extension: the toast's
/// (SPEC §3) is ``run(toast:actuator:cleanUp:)``; the button, scene-phase and server repros are
/// ``run(button:actuator:cleanUp:)``, ``run(scenePhase:actuator:cleanUp:)`` and
/// ``run(server:actuator:cleanUp:)``.
///
/// ```swift
/// let context = LifecycleContext(clock: ContinuousClock())
/// let screen = ToastScreen(strategy: .t1, context: context, timing: timing, host: overlayHost)
/// let driver = ScenarioDriver(context: context, pacer: .realTime(clock: context.clock))
/// let verdict = await driver.run(toast: screen, actuator: windowActuator)
/// print(verdict.json())
/// exit(verdict.matchesSpec ? 0 : 1)
/// ```
@MainActor
public final class ScenarioDriver {
    /// The context every screen of the run uses.
    public let context: LifecycleContext
    /// How the run moves through time.
    public let pacer: ScenarioPacer

    /// Makes a driver for screens built on `context`.
    public init(context: LifecycleContext, pacer: ScenarioPacer) {
        self.context = context
        self.pacer = pacer
    }
}
