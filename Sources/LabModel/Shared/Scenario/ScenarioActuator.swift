public import LifecycleTasks

/// Performs a page's scenario actions. Each screen is its page's direct actuator, which calls
/// the screen model (headless runs use it); the app wraps it and performs with a real widget
/// every action a widget performs (a click on the page's button, its real window minimized or
/// focused), leaving the rest to the screen.
///
/// Each page declares its own action type (``ToastAction``, ``ButtonAction`` …); its
/// `description` is how the action reads in a verdict's log.
@MainActor
public protocol ScenarioActuator<Action>: AnyObject {
    /// What a person (or the scenario) can do on this page.
    associatedtype Action: Sendable & CustomStringConvertible
    /// Does `action`; when it returns, the action has been delivered (the driver settles after).
    func perform(_ action: Action) async
}

/// What a scenario does to the main window (SPEC §1's scene phases).
public enum WindowAction: Sendable, Hashable, CustomStringConvertible {
    /// Minimize the window (scene phase `.background`).
    case minimize
    /// Restore the minimized window and focus it (`.active`).
    case restore
    /// Give focus to another window (`.inactive`).
    case focusElsewhere
    /// Focus the window again (`.active`).
    case focus

    /// The scene phase the action leads to (SPEC §1).
    public var resultingPhase: ScenePhase {
        switch self {
        case .minimize: .background
        case .restore, .focus: .active
        case .focusElsewhere: .inactive
        }
    }

    /// How the action reads in a verdict's log.
    public var description: String {
        switch self {
        case .minimize: "minimize the window"
        case .restore: "restore the window"
        case .focusElsewhere: "focus another window"
        case .focus: "focus the window"
        }
    }
}

/// What a scenario does to a page's inner view: `if isPresented { SomeView() }` turned on and off.
public enum ViewAction: Sendable, Hashable, CustomStringConvertible {
    /// Show the view (its node appears).
    case show
    /// Close the view while its work runs (its node disappears, its state goes).
    case close

    /// How the action reads in a verdict's log.
    public var description: String {
        switch self {
        case .show: "show the view"
        case .close: "close the view"
        }
    }
}
