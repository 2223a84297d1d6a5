public import Gtk
import GtkLifecycle
import LifecycleTasks

/// The main window: a header bar with the page switcher and the primary menu (Strategy radio
/// items T1–T6, Keyboard Shortcuts, About, Quit), the page stack, and the live task panel.
@MainActor
public final class MainWindow {
    /// The GTK window.
    public let window: Window
    /// The pages, in switcher order.
    public let pages: [any LabPage]
    /// The page stack.
    public let stack = Stack()
    /// The primary menu button.
    public let menuButton = MenuButton()
    /// The "Strategy: T1" label in the header bar.
    public let strategyLabel = Label()
    /// The live task panel (SPEC §5).
    public let panel: TaskPanel
    private unowned let app: LabApp
    private let environment: LabEnvironment
    private var shortcutsWindow: Window?
    private var aboutWindow: Window?

    /// Builds the window and its actions for `app`.
    init(app: LabApp, environment: LabEnvironment) {
        self.app = app
        self.environment = environment
        let window = Window(application: environment.application, title: "Lifecycle Lab")
        window.setDefaultSize(width: 1360, height: 820)
        self.window = window
        environment.window = window
        environment.windowScene = environment.scenes.scene(for: window, name: "main window")

        pages = PageFactory.makePages(environment: environment, options: app.options)
        panel = PageFactory.makePanel(environment: environment)

        // Only the shown page is measured and laid out (a homogeneous stack measures all five
        // on every layout, the first frame included).
        stack.isHomogeneous = false
        stack.transition = .crossfade
        stack.transitionDuration = 150
        for page in pages {
            stack.addTitled(page.root, name: page.name.rawValue, title: page.name.title)
        }
        stack.hexpand = true
        stack.vexpand = true

        let header = HeaderBar()
        header.setTitleWidget(StackSwitcher(stack: stack))
        menuButton.setIconName("open-menu-symbolic")
        menuButton.tooltip = "Main menu"
        menuButton.setAccessibleLabel("Main menu")
        header.packEnd(menuButton)
        strategyLabel.addCssClass("strategy-badge")
        strategyLabel.tooltip = "The toast page's strategy (Ctrl+1 … Ctrl+6)"
        header.packStart(strategyLabel)
        window.titlebar = header

        let paned = Paned(.horizontal)
        let scroller = ScrolledWindow()
        scroller.child = stack
        paned.startChild = scroller
        paned.endChild = panel.root
        paned.position = 820
        window.child = paned

        installActions()
        show(page: app.options.pageName)
        window.onCloseRequest { [unowned app] in
            app.shutdown(reason: "window closed")
            return .keepOpen
        }
        updateStrategyLabel()
    }

    /// The page called `name`, if the window has it.
    public func page(_ name: PageName) -> (any LabPage)? { pages.first { $0.name == name } }

    /// The toast page.
    public var toastPage: ToastPage? { page(.toast) as? ToastPage }

    /// Shows the page called `name`.
    public func show(page name: PageName) {
        guard page(name) != nil else { return }
        stack.visibleChildName = name.rawValue
    }

    /// Cancels every page's tasks (shutdown).
    func resetAllPages() {
        for page in pages { page.reset() }
    }

    /// Closes every window of the app.
    func close() {
        panel.detach()
        shortcutsWindow?.destroy()
        aboutWindow?.destroy()
        window.destroy()
    }

    // MARK: Actions and menu

    private func installActions() {
        let application = environment.application
        let initial = toastPage.flatMap { page -> String? in
            if case .toast(let id)? = page.currentStrategy { return id.rawValue }
            return nil
        } ?? ToastStrategyID.t1.rawValue
        let strategy = SimpleAction(name: "strategy", radioState: initial)
        strategy.onStateChanged { [weak self] value in
            guard let self, let id = try? ToastStrategyID.parse(value) else { return }
            self.toastPage?.select(strategy: .toast(id))
            self.show(page: .toast)
            self.updateStrategyLabel()
        }
        application.addAction(strategy)

        let shortcuts = SimpleAction(name: "shortcuts")
        shortcuts.onActivate { [weak self] _ in self?.showShortcuts() }
        application.addAction(shortcuts)
        let about = SimpleAction(name: "about")
        about.onActivate { [weak self] _ in self?.showAbout() }
        application.addAction(about)
        let quit = SimpleAction(name: "quit")
        quit.onActivate { [unowned app] _ in app.shutdown(reason: "Quit") }
        application.addAction(quit)

        for (index, id) in ToastStrategyID.allCases.enumerated() {
            application.setAccelerators(["<Control>\(index + 1)"], for: "app.strategy::\(id.rawValue)")
        }
        application.setAccelerators(["<Control>q"], for: "app.quit")
        application.setAccelerators(["<Control>question"], for: "app.shortcuts")

        let menu = Menu()
        let strategies = Menu()
        for id in ToastStrategyID.allCases {
            strategies.append("\(id.rawValue) · \(id.title)", action: "app.strategy::\(id.rawValue)")
        }
        menu.appendSection("Toast strategy", strategies)
        let general = Menu()
        general.append("Keyboard Shortcuts", action: "app.shortcuts")
        general.append("About Lifecycle Lab", action: "app.about")
        general.append("Quit", action: "app.quit")
        menu.appendSection(nil, general)
        menuButton.menu = menu
    }

    private func updateStrategyLabel() {
        guard case .toast(let id)? = toastPage?.currentStrategy else { return }
        strategyLabel.text = "Strategy: \(id.rawValue) · \(id.title)"
        for cls in ["bug", "fix", "trap"] { strategyLabel.removeCssClass(cls) }
        strategyLabel.addCssClass(id == .t3 ? "trap" : (id.isBuggy ? "bug" : "fix"))
    }

    private func showShortcuts() {
        if let shortcutsWindow {
            shortcutsWindow.present()
            return
        }
        let dialog = Window(title: "Keyboard Shortcuts")
        dialog.setTransient(for: window)
        dialog.hidesOnClose = true
        let box = Box(.vertical, spacing: 6)
        box.setMargins(18)
        var rows = ToastStrategyID.allCases.enumerated().map { index, id in
            ("Ctrl+\(index + 1)", "Toast strategy \(id.rawValue): \(id.title)")
        }
        rows.append(("Ctrl+?", "Keyboard shortcuts"))
        rows.append(("Ctrl+Q", "Quit (cancels every running task first)"))
        for (keys, what) in rows {
            let row = Box(.horizontal, spacing: 18)
            let key = Label(keys)
            key.widthChars = 8
            key.xalign = 0
            key.addCssClass("dim-label")
            let text = Label(what)
            text.xalign = 0
            row.append(key)
            row.append(text)
            box.append(row)
        }
        dialog.child = box
        shortcutsWindow = dialog
        dialog.present()
    }

    private func showAbout() {
        if let aboutWindow {
            aboutWindow.present()
            return
        }
        let dialog = Window(title: "About Lifecycle Lab")
        dialog.setTransient(for: window)
        dialog.hidesOnClose = true
        let box = Box(.vertical, spacing: 8)
        box.setMargins(24)
        let name = Label()
        name.setMarkup("<big><b>Lifecycle Lab</b></big>")
        let version = Label("Version \(LabApp.version)")
        let text = Label(
            "See how view-lifecycle-bound async tasks start, get cancelled and leak: SwiftUI's onAppear, "
                + "onDisappear, .task, .task(id:) and scene phase, fed by real GTK widgets.")
        text.wraps = true
        text.widthChars = 40
        let gtk = GtkRuntime.version
        let details = Label("GTK \(gtk.major).\(gtk.minor).\(gtk.micro) · app ID \(LabApp.applicationID)")
        details.addCssClass("dim-label")
        for label in [name, version, text, details] { box.append(label) }
        dialog.child = box
        aboutWindow = dialog
        dialog.present()
    }
}
