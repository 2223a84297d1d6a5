import Gtk
import LifecycleTasks

/// Builds the pages of the window's stack and the task panel beside them.
@MainActor
enum PageFactory {
    /// The pages the window builds at once: the toast page (the header's strategy badge and
    /// Ctrl+1 … Ctrl+6 act on it) and the page shown first. Every other page is built when it
    /// is first shown or asked for (``MainWindow/page(_:)``), so the first frame pays only for
    /// the widgets it draws.
    static func initialPages(options: LaunchOptions) -> [PageName] {
        options.pageName == .toast ? [.toast] : [.toast, options.pageName]
    }

    /// Builds the page called `name`, starting with the strategy the command line named when
    /// it belongs to that page.
    static func makePage(_ name: PageName, environment: LabEnvironment, options: LaunchOptions) -> any LabPage {
        let page: any LabPage
        switch name {
        case .toast:
            var toastStrategy = ToastStrategyID.t1
            if case .toast(let id)? = options.strategyChoice { toastStrategy = id }
            return ToastPage(environment: environment, strategy: toastStrategy)
        case .button: page = ButtonPage(environment: environment)
        case .scene: page = ScenePhasePage(environment: environment)
        case .server: page = ServerPage(environment: environment)
        case .navigation: page = NavigationPage(environment: environment)
        }
        if let choice = options.strategyChoice, page.strategies.contains(choice) {
            page.select(strategy: choice)
        }
        return page
    }

    /// The live task panel beside the pages.
    static func makePanel(environment: LabEnvironment) -> TaskPanel {
        TaskPanel(context: environment.context)
    }
}
