import Gtk
import LifecycleTasks

/// Builds the pages of the window's stack and the task panel beside them.
@MainActor
enum PageFactory {
    /// The pages, in switcher order, each starting with the strategy the command line named
    /// when it belongs to that page.
    static func makePages(environment: LabEnvironment, options: LaunchOptions) -> [any LabPage] {
        var toastStrategy = ToastStrategyID.t1
        if case .toast(let id)? = options.strategyChoice { toastStrategy = id }
        let pages: [any LabPage] = [
            ToastPage(environment: environment, strategy: toastStrategy),
            ButtonPage(environment: environment),
            ScenePhasePage(environment: environment),
            ServerPage(environment: environment),
            NavigationPage(environment: environment),
        ]
        if let choice = options.strategyChoice {
            for page in pages.dropFirst() where page.strategies.contains(choice) {
                page.select(strategy: choice)
            }
        }
        return pages
    }

    /// The live task panel beside the pages.
    static func makePanel(environment: LabEnvironment) -> TaskPanel {
        TaskPanel(context: environment.context)
    }
}
