import Gettext
public import Gtk
import GtkLifecycle
public import LabModel
import LifecycleTasks

/// The main window: a header bar with the page switcher and the primary menu (Strategy radio
/// items T1–T8, Compare Toast Strategies…, Keyboard Shortcuts, About, Quit), the page stack, and
/// the live task panel.
@MainActor
public final class MainWindow {
    /// The window's size when it opens: it fits a 1280×800 screen under GNOME's top bar (a
    /// common virtual machine's), with the toast page's two columns beside the panel.
    public static let defaultSize = (width: 1200, height: 740)
    /// The panel's width at the default size, margins included (its narrowest is
    /// `TaskPanel.minimumWidth` and its margins).
    static let defaultPanelWidth = 480

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
    /// The strategy badge in the header bar: "T1 · bug", its title in the tooltip.
    public let strategyLabel: Label
    /// The live task panel (SPEC §5).
    public let panel: TaskPanel
    /// The page stack's scroller (a page taller or wider than its room scrolls).
    package let pageScroller = ScrolledWindow()
    /// The page beside the panel (or beside the shown page's own side panel).
    private let paned = Paned(.horizontal)
    /// Beside the page: the task panel, or the shown page's own side panel (Check's), in a
    /// stack as wide and tall as the larger, so the window's narrowest and shortest stay the
    /// same whichever page is shown (a window made short beside the Check page's panel would
    /// cut the task panel's).
    private let sideStack = Stack()
    private static let taskPanelName = "tasks"
    let environment: LabEnvironment
    /// `--strategy`: given to its page when that page is built.
    private let startStrategy: AnyStrategyID?
    /// Asks the app to shut down, with the reason ("window closed", "Quit"). The app owns the
    /// window; the window holds only this closure.
    let onShutdown: @MainActor (String) -> Void
    /// Called after any page's strategy changed (by its picker, the menu or a shortcut): the
    /// run report then writes the page's new layout, which a strategy's text can move.
    var onPageStrategyChange: (@MainActor () -> Void)?
    private(set) var builtPages: [PageID: any LabPage] = [:]
    private var holders: [PageID: Grid] = [:]
    /// Keyboard Shortcuts and About.
    let dialogs: MainWindowDialogs
    /// The menu's Strategy section, Ctrl+1 … Ctrl+9 and the header's badge.
    let strategyControls: StrategyControls
    /// The Strategy section's items now, as SPEC IDs.
    package var strategySectionItems: [String] { strategyControls.items }
    /// The compare window, while it is open (``openCompare(left:right:)``).
    public private(set) var compareWindow: CompareWindow?

    /// Builds the window and its actions, and shows it.
    ///
    /// The window is shown as soon as its header bar and the panel are in: the window manager
    /// maps it while the shown page is built and the rest put together. Nothing is painted
    /// before this initializer returns to the main loop, so the first frame has the whole window.
    /// - Parameters:
    ///   - environment: what the pages share.
    ///   - startPage: the page shown first.
    ///   - strategy: the strategy its page starts with, if one was asked for.
    ///   - renderer: the renderer decided at start-up, for About.
    ///   - onShutdown: closes the app (window close, Quit), with the reason.
    init(
        environment: LabEnvironment, startPage: PageID, strategy: AnyStrategyID?, renderer: RendererChoice?,
        onShutdown: @escaping @MainActor (String) -> Void
    ) {
        self.environment = environment
        self.startStrategy = strategy
        self.onShutdown = onShutdown
        let window = Window(application: environment.application, title: tr("Lifecycle Lab"))
        window.setDefaultSize(width: Self.defaultSize.width, height: Self.defaultSize.height)
        self.window = window
        dialogs = MainWindowDialogs(parent: window, renderer: renderer)
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
        stack.visibleChildName = startPage.rawValue
        stack.hexpand = true
        stack.vexpand = true
        self.stack = stack

        // The header bar must be in before the window is shown (GTK re-creates a shown
        // window to give it one).
        let header = HeaderBar()
        let switcher = StackSwitcher(stack: stack)
        header.setTitleWidget(switcher)
        switcher.setAccessibleLabel(tr("Pages"))
        self.switcher = switcher
        let menuButton = MenuButton()
        menuButton.setIconName("open-menu-symbolic")
        menuButton.tooltip = tr("Main menu")
        menuButton.setAccessibleLabel(tr("Main menu"))
        header.packEnd(menuButton)
        self.menuButton = menuButton
        let strategyLabel = Label()
        strategyLabel.addCssClass("strategy-badge")
        strategyLabel.tooltip = StrategyControls.badgeHint
        strategyLabel.halign = .start
        // The badge's place is as wide as its widest text (T5's kind) and as tall as its
        // tallest on every page, the badge hidden or not: the header's narrowest and shortest,
        // the window's, are then the same whichever page and strategy is shown (a wider badge
        // on a window at its narrowest, a taller one on a window at its shortest, made GTK 4.18
        // measure the header or the panel for less than it needs).
        let badgePlace = Box(.horizontal)
        strategyLabel.valign = .center
        badgePlace.append(strategyLabel)
        header.packStart(badgePlace)
        self.strategyLabel = strategyLabel
        strategyControls = StrategyControls(application: environment.application, badge: strategyLabel)
        window.titlebar = header
        let badgeSize = strategyControls.largestBadgeSize()
        badgePlace.setSizeRequest(width: badgeSize.width, height: badgeSize.height)
        StartupTrace.mark("header")
        // The panel follows the log from before the window is shown, so the scene-phase
        // events of showing it reach the panel as changes, applied at a later loop turn.
        panel = TaskPanel(context: environment.context)
        StartupTrace.mark("panel")
        window.present()
        StartupTrace.mark("presented")

        // The page shown first; every other page is built when it is first shown or asked for.
        _ = buildPage(startPage)
        StartupTrace.mark("pages")

        pageScroller.child = stack
        paned.startChild = pageScroller
        sideStack.isHomogeneous = true
        sideStack.transition = .none
        sideStack.addTitled(panel.root, name: Self.taskPanelName, title: tr("Tasks"))
        showSidePanel(of: startPage)
        paned.endChild = sideStack
        paned.setAccessibleLabel(tr("Page and task panel"))
        // Neither side is ever cut: the divider stops at the panel's width (and at the page
        // scroller's, which is small: a narrow page scrolls). A change of the window's width is
        // shared in proportion to the sides' widths at the time.
        paned.shrinksStartChild = false
        paned.shrinksEndChild = false
        paned.position = Self.defaultSize.width - Self.defaultPanelWidth
        window.child = paned

        installActions()
        // A page shown through the switcher is built as it becomes the visible child (its
        // holder is mapped by then, so the page's widgets map, and its nodes appear, as they
        // are added).
        stack.onVisibleChildChanged { [weak self] in
            guard let self, let name = self.stack.visibleChildName else { return }
            _ = self.buildPage(PageID(name))
            self.showSidePanel(of: PageID(name))
            self.refreshStrategyControls()
        }
        window.onCloseRequest { [weak self] in
            self?.onShutdown("window closed")
            return .keepOpen
        }
        refreshStrategyControls()
    }

    /// The page called `id`, built now if it was not yet.
    public func page(_ id: PageID) -> (any LabPage)? { buildPage(id) }

    /// Whether the page called `id` has been built (it is built on its first visit).
    public func isBuilt(_ id: PageID) -> Bool { builtPages[id] != nil }

    /// The toast page.
    public var toastPage: ToastPage? { page(ToastPage.self) }

    /// The page of type `type`, built now if it was not yet.
    public func page<Page: LabPage>(_ type: Page.Type) -> Page? { buildPage(Page.id) as? Page }

    /// Shows the page called `id`, building it first if it was not yet.
    public func show(page id: PageID) {
        guard buildPage(id) != nil else { return }
        stack.visibleChildName = id.rawValue
    }

    /// Shows the page called `id` with `strategy` picked, as `--page` and `--strategy` open
    /// the window (the menu's Strategy items and the Check page's *Show it live* come here).
    /// - Parameters:
    ///   - id: the page.
    ///   - strategy: one of its strategies, or `nil` to keep its own.
    public func show(page id: PageID, strategy: AnyStrategyID?) {
        show(page: id)
        guard let strategy, strategy.page == id else { return }
        page(id)?.strategyPage?.select(strategy: strategy)
    }

    /// Cancels every built page's tasks, and the compare window's (shutdown). A page not built
    /// yet has none.
    func resetAllPages() {
        for page in pages { page.reset() }
        compareWindow?.reset()
    }

    /// Compare Toast Strategies… (menu and the toast page's button): the compare window with
    /// the toast page's strategy beside its counterpart.
    func compareToastStrategies() {
        let current = toastPage?.screen.strategy ?? .t1
        openCompare(left: current, right: CompareWindow.partner(of: current))
    }

    /// Opens the compare window with `left` and `right` side by side (or shows the open one with
    /// them), and returns it.
    @discardableResult
    public func openCompare(left: ToastStrategyID, right: ToastStrategyID) -> CompareWindow {
        if let compareWindow {
            // A pick during a run would start both sides afresh under the running repro.
            if !compareWindow.isRunning, compareWindow.strategies != [left, right] {
                compareWindow.select(left: left, right: right)
            }
            compareWindow.window.present()
            return compareWindow
        }
        let compare = CompareWindow(environment: environment, left: left, right: right)
        compare.window.onDestroy { [weak self, weak compare] in
            if self?.compareWindow === compare { self?.compareWindow = nil }
        }
        compareWindow = compare
        compare.window.present()
        return compare
    }

    /// Shows the side panel of page `id` beside the pages: its own (the Check page, which
    /// starts no task), else the task panel.
    private func showSidePanel(of id: PageID) {
        let name = builtPages[id]?.sidePanel != nil ? id.rawValue : Self.taskPanelName
        if sideStack.visibleChildName != name { sideStack.visibleChildName = name }
    }

    /// The page called `id`; on the first call, builds it (with the strategy the command line
    /// named, when it is one of the page's) and puts its widgets in its holder.
    private func buildPage(_ id: PageID) -> (any LabPage)? {
        if let page = builtPages[id] { return page }
        guard let holder = holders[id], let type = LabPages.type(of: id) else { return nil }
        let page = type.init(environment: environment)
        if let strategies = page.strategyPage {
            if let choice = startStrategy, choice.page == id { strategies.select(strategy: choice) }
            strategies.onStrategyChange = { [weak self] in
                self?.refreshStrategyControls()
                self?.onPageStrategyChange?()
            }
        }
        page.attach(to: self)
        builtPages[id] = page
        if let side = page.sidePanel, sideStack.page(named: id.rawValue) == nil {
            sideStack.addTitled(side, name: id.rawValue, title: "")
        }
        // The holder gives its only child all its room, as the stack would; a grid, not a box,
        // so no wrapping label is asked for its width (see ``Grid``).
        page.root.hexpand = true
        page.root.vexpand = true
        holder.attach(page.root, column: 0, row: 0)
        return page
    }

    /// Closes every window of the app.
    func close() {
        panel.detach()
        compareWindow?.close()
        dialogs.close()
        window.destroy()
    }
}
