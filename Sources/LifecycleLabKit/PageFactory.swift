import Gtk
import LifecycleTasks

/// Builds the pages of the window's stack and the task panel beside them.
@MainActor
enum PageFactory {
    /// The pages, in switcher order.
    static func makePages(environment: LabEnvironment, options: LaunchOptions) -> [any LabPage] {
        var toastStrategy = ToastStrategyID.t1
        if case .toast(let id)? = options.strategyChoice { toastStrategy = id }
        return [ToastPage(environment: environment, strategy: toastStrategy)]
    }

    /// The live task panel's root widget.
    static func makePanel(environment: LabEnvironment) -> (root: Widget, keepAlive: AnyObject?) {
        (Label("Task panel"), nil)
    }
}
