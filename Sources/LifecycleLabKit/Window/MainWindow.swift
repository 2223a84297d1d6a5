public import Gtk
import GtkLifecycle
public import LabModel
import LifecycleTasks

/// The main window: a header bar with the page switcher and the primary menu (Strategy radio
/// items T1–T6, Keyboard Shortcuts, About, Quit), the page stack, and the live task panel.
@MainActor
public final class MainWindow {
    /// The GTK window.
    public let window: Window
    /// The pages built so far, in switcher order: the toast page and the page opened first
    /// from the start, every other one from when it was first shown (or asked for with
    /// ``page(_:)``). A page not built yet has no widgets and no tasks.
    public var pages: [any LabPage] { LabPages.all.compactMap { builtPages[$0.id] } }
    /// The page stack. Each of its pages is a holder (a one-cell grid) named after the page,
    /// which gets the page's widgets when the page is built.
    public let stack: Stack
    /// The page switcher in the header bar.
    public let switcher: StackSwitcher
    /// The primary menu button.
    public let menuButton: MenuButton
    /// The "Strategy: T1" label in the header bar.
    public let strategyLabel: Label
    /// The live task panel (SPEC §5).
    public let panel: TaskPanel
    private unowned let app: LabApp
    private let environment: LabEnvironment
    private var builtPages: [PageID: any LabPage] = [:]
    private var holders: [PageID: Grid] = [:]
    private var shortcutsWindow: Window?
    private var aboutWindow: Window?

    /// Builds the window and its actions for `app`, and shows it.
    ///
    /// The window is shown as soon as its header bar and the panel are in: the window manager
    /// maps it while the shown page is built and the rest put together. Nothing is painted
    /// before this initializer returns to the main loop, so the first frame has the whole window.
    init(app: LabApp, environment: LabEnvironment) {
        self.app = app
        self.environment = environment
        let window = Window(application: environment.application, title: "Lifecycle Lab")
        window.setDefaultSize(width: 1360, height: 820)
        self.window = window
        environment.window = window
        environment.windowScene = environment.scenes.scene(for: window, name: "main window")

        // The stack gets one empty holder per page; only the pages the first frame needs are
        // built below, the others on their first visit (see `buildPage`). Only the shown page
        // is measured and laid out (a homogeneous stack measures all five on every layout,
        // the first frame included).
        let stack = Stack()
        stack.isHomogeneous = false
        stack.transition = .crossfade
        stack.transitionDuration = 150
        for page in LabPages.all {
            let holder = Grid()
            holders[page.id] = holder
            stack.addTitled(holder, name: page.id.rawValue, title: page.title)
        }
        stack.visibleChildName = app.options.startPage.rawValue
        stack.hexpand = true
        stack.vexpand = true
        self.stack = stack

        // The header bar must be in before the window is shown (GTK re-creates a shown
        // window to give it one).
        let header = HeaderBar()
        let switcher = StackSwitcher(stack: stack)
        header.setTitleWidget(switcher)
        self.switcher = switcher
        let menuButton = MenuButton()
        menuButton.setIconName("open-menu-symbolic")
        menuButton.tooltip = "Main menu"
        menuButton.setAccessibleLabel("Main menu")
        header.packEnd(menuButton)
        self.menuButton = menuButton
        let strategyLabel = Label()
        strategyLabel.addCssClass("strategy-badge")
        strategyLabel.tooltip = "The toast page's strategy (Ctrl+1 … Ctrl+6)"
        header.packStart(strategyLabel)
        self.strategyLabel = strategyLabel
        window.titlebar = header
        StartupTrace.mark("header")
        // The panel follows the log from before the window is shown, so the scene-phase
        // events of showing it reach the panel as changes, applied at a later loop turn.
        panel = TaskPanel(context: environment.context)
        StartupTrace.mark("panel")
        window.present()
        StartupTrace.mark("presented")

        // The toast page (the header's strategy badge and Ctrl+1 … Ctrl+6 act on it) and the page
        // shown first; every other page is built when it is first shown or asked for.
        _ = buildPage(ToastPage.id)
        _ = buildPage(app.options.startPage)
        StartupTrace.mark("pages")

        let paned = Paned(.horizontal)
        let scroller = ScrolledWindow()
        scroller.child = stack
        paned.startChild = scroller
        paned.endChild = panel.root
        paned.position = 820
        window.child = paned

        installActions()
        // A page shown through the switcher is built as it becomes the visible child (its
        // holder is mapped by then, so the page's widgets map, and its nodes appear, as they
        // are added).
        stack.onVisibleChildChanged { [weak self] in
            guard let self, let name = self.stack.visibleChildName else { return }
            _ = self.buildPage(PageID(name))
        }
        window.onCloseRequest { [unowned app] in
            app.shutdown(reason: "window closed")
            return .keepOpen
        }
        updateStrategyLabel()
    }

    /// The page called `id`, built now if it was not yet.
    public func page(_ id: PageID) -> (any LabPage)? { buildPage(id) }

    /// Whether the page called `id` has been built (it is built on its first visit).
    public func isBuilt(_ id: PageID) -> Bool { builtPages[id] != nil }

    /// The toast page.
    public var toastPage: ToastPage? { page(.toast) as? ToastPage }

    /// Shows the page called `id`, building it first if it was not yet.
    public func show(page id: PageID) {
        guard buildPage(id) != nil else { return }
        stack.visibleChildName = id.rawValue
    }

    /// Cancels every built page's tasks (shutdown). A page not built yet has none.
    func resetAllPages() {
        for page in pages { page.reset() }
    }

    /// The page called `id`; on the first call, builds it (with the strategy the command line
    /// named, when it is one of the page's) and puts its widgets in its holder.
    private func buildPage(_ id: PageID) -> (any LabPage)? {
        if let page = builtPages[id] { return page }
        guard let holder = holders[id], let type = LabPages.type(of: id) else { return nil }
        let page = type.init(environment: environment)
        if let choice = app.options.strategyChoice, choice.page == id { page.select(strategy: choice) }
        builtPages[id] = page
        // The holder gives its only child all its room, as the stack would. A grid rather than
        // a box: the scroller's viewport asks the page for its width at a given height, which a
        // box passes on to every wrapping label (each then searches for a width by laying its
        // text out again and again); a grid of height-for-width children answers from their
        // widths alone.
        page.root.hexpand = true
        page.root.vexpand = true
        holder.attach(page.root, column: 0, row: 0)
        return page
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
        let initial = toastPage?.screen.strategy.rawValue ?? ToastStrategyID.t1.rawValue
        let strategy = SimpleAction(name: "strategy", radioState: initial)
        strategy.onStateChanged { [weak self] value in
            guard let self, let id = try? ToastStrategyID.parse(value) else { return }
            self.toastPage?.select(strategy: AnyStrategyID(id))
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

        // The menu's popover is made when it is first opened: the first frame shows only the
        // button. The actions and accelerators above work from the start.
        menuButton.setMenu(onFirstOpen: Self.primaryMenu)
    }

    /// The primary menu: the Strategy radio items (T1–T6), then Keyboard Shortcuts, About and Quit.
    static func primaryMenu() -> Menu {
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
        return menu
    }

    private func updateStrategyLabel() {
        guard let id = toastPage?.screen.strategy else { return }
        PageKit.setBadge(strategyLabel, text: "Strategy: \(id.rawValue) · \(id.title)", kind: id.kind)
    }

    private func showShortcuts() {
        presentDialog(\.shortcutsWindow, title: "Keyboard Shortcuts", spacing: 6, margins: 18) { box in
            var rows = ToastStrategyID.allCases.enumerated().map { index, id in
                ("Ctrl+\(index + 1)", "Toast strategy \(id.rawValue): \(id.title)")
            }
            rows.append(("Ctrl+?", "Keyboard shortcuts"))
            rows.append(("Ctrl+Q", "Quit (cancels every running task first)"))
            for (keys, what) in rows {
                let key = Label(keys)
                key.widthChars = 8
                key.xalign = 0
                key.addCssClass("dim-label")
                let text = Label(what)
                text.xalign = 0
                box.append(PageKit.row([key, text], spacing: 18))
            }
        }
    }

    private func showAbout() {
        presentDialog(\.aboutWindow, title: "About Lifecycle Lab", spacing: 8, margins: 24) { box in
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
        }
    }

    /// Presents the dialog kept at `slot`, building it on first use: a window over the main one
    /// that hides on close, holding a vertical box that `fill` gives its content.
    private func presentDialog(
        _ slot: ReferenceWritableKeyPath<MainWindow, Window?>, title: String, spacing: Int, margins: Int,
        fill: (Box) -> Void
    ) {
        if let dialog = self[keyPath: slot] {
            dialog.present()
            return
        }
        let dialog = Window(title: title)
        dialog.setTransient(for: window)
        dialog.hidesOnClose = true
        let box = Box(.vertical, spacing: spacing)
        box.setMargins(margins)
        fill(box)
        dialog.child = box
        self[keyPath: slot] = dialog
        dialog.present()
    }
}
