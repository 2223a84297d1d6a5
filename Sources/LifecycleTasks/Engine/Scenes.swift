/// The activity of a window or of the whole app, as SwiftUI's `ScenePhase` (SPEC §1).
public enum ScenePhase: String, Sendable, Hashable, CaseIterable, Codable {
    /// The window has focus and is not minimized.
    case active
    /// The window is shown but focus is elsewhere.
    case inactive
    /// The window is minimized or hidden.
    case background
}

/// The app-wide scene phase (M5): the aggregate of its windows' phases (SPEC §1).
///
/// `.active` if any window is active, else `.inactive` if any window is not in the background,
/// else `.background` (also when there is no window).
///
/// ```swift
/// let app = AppScene(context: context)
/// let main = WindowScene(name: "main", app: app, context: context)
/// let token = app.onChange { old, new in print("app", old, "→", new) }
/// main.update(phase: .background)     // app: active → background
/// ```
@MainActor
public final class AppScene {
    /// The aggregate phase.
    public private(set) var phase: ScenePhase = .background
    /// The name the event log uses for the app scene.
    public let name = "app"

    private let context: LifecycleContext
    private var windows: [ObjectIdentifier: ScenePhase] = [:]
    private let observers = ObserverList<(ScenePhase, ScenePhase)>()

    /// Creates an app scene with no window (so its phase is `.background`).
    public init(context: LifecycleContext) {
        self.context = context
    }

    /// Calls `action` with the old and new phase whenever the aggregate changes. Keep the token.
    public func onChange(_ action: @escaping @MainActor (_ old: ScenePhase, _ new: ScenePhase) -> Void)
        -> ObservationToken
    {
        observers.add { action($0.0, $0.1) }
    }

    func set(window: WindowScene, phase: ScenePhase?) {
        windows[ObjectIdentifier(window)] = phase
        recompute()
    }

    private func recompute() {
        let phases = windows.values
        let new: ScenePhase
        if phases.contains(.active) {
            new = .active
        } else if phases.contains(.inactive) {
            new = .inactive
        } else {
            new = .background
        }
        guard new != phase else { return }
        let old = phase
        phase = new
        context.log.append(.scenePhase(scene: name, old: old, new: new))
        observers.notify((old, new))
    }
}

/// One window's scene phase (M5), fed by the host (the GTK adapter, or a test fake).
///
/// ```swift
/// let window = WindowScene(name: "main", app: app, context: context)
/// let token = window.onChange { old, new in print(old, "→", new) }
/// window.update(phase: .inactive)      // logs and calls the observers
/// window.update(phase: .inactive)      // equal: nothing happens
/// ```
@MainActor
public final class WindowScene {
    /// The window's name, as the event log shows it.
    public let name: String
    /// The window's current phase.
    public private(set) var phase: ScenePhase

    private weak var app: AppScene?
    private let context: LifecycleContext
    private let observers = ObserverList<(ScenePhase, ScenePhase)>()
    private var isClosed = false

    /// Creates a window scene and, if `app` is given, joins the app's aggregate.
    public init(name: String, app: AppScene?, context: LifecycleContext, phase: ScenePhase = .active) {
        self.name = name
        self.app = app
        self.context = context
        self.phase = phase
        app?.set(window: self, phase: phase)
    }

    /// Host side: the window's phase is now `phase`. Does nothing when it is unchanged (or the
    /// scene was closed); otherwise logs a scene-phase event, updates the app aggregate and
    /// calls the observers (nodes' M5/M6/M7 among them).
    public func update(phase new: ScenePhase) {
        guard !isClosed, new != phase else { return }
        let old = phase
        phase = new
        context.log.append(.scenePhase(scene: name, old: old, new: new))
        app?.set(window: self, phase: new)
        observers.notify((old, new))
    }

    /// Calls `action` with the old and new phase at every change. Keep the token.
    public func onChange(_ action: @escaping @MainActor (_ old: ScenePhase, _ new: ScenePhase) -> Void)
        -> ObservationToken
    {
        observers.add { action($0.0, $0.1) }
    }

    /// The window is gone: it leaves the app aggregate and ignores further updates.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        app?.set(window: self, phase: nil)
    }
}
