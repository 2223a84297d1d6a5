import Gettext
package import Gtk
import LabModel

/// The window's actions (Compare, Keyboard Shortcuts, About, Quit, the strategy radio), their
/// accelerators, and the primary menu that shows them.
extension MainWindow {
    func installActions() {
        let application = environment.application
        // One radio action for every page: its items are the shown page's strategies, its state
        // that page's strategy (see `refreshStrategyControls`).
        strategyControls.installAction { [weak self] id in self?.select(strategy: id) }

        let compare = SimpleAction(name: "compare")
        compare.onActivate { [weak self] _ in self?.compareToastStrategies() }
        application.addAction(compare)

        let shortcuts = SimpleAction(name: "shortcuts")
        shortcuts.onActivate { [weak self] _ in self?.dialogs.showShortcuts() }
        application.addAction(shortcuts)
        let about = SimpleAction(name: "about")
        about.onActivate { [weak self] _ in self?.dialogs.showAbout() }
        application.addAction(about)
        let quit = SimpleAction(name: "quit")
        quit.onActivate { [weak self] _ in self?.onShutdown("Quit") }
        application.addAction(quit)

        application.setAccelerators(["<Control>q"], for: "app.quit")
        application.setAccelerators(["<Control>question"], for: "app.shortcuts")

        // The menu's popover is made when it is first opened: the first frame shows only the
        // button. The actions and accelerators above work from the start.
        menuButton.setMenu(onFirstOpen: { [unowned self] in self.primaryMenu() })
    }

    /// The primary menu: the Strategy section (the shown page's strategies, radio items), Compare
    /// Toast Strategies…, then Keyboard Shortcuts, About and Quit.
    package func primaryMenu() -> Menu {
        let menu = Menu()
        menu.appendSection(tr("Strategy"), strategyControls.section)
        let compare = Menu()
        compare.append(tr("Compare Toast Strategies…"), action: "app.compare")
        menu.appendSection(nil, compare)
        let general = Menu()
        general.append(tr("Keyboard Shortcuts"), action: "app.shortcuts")
        general.append(tr("About Lifecycle Lab"), action: "app.about")
        general.append(tr("Quit"), action: "app.quit")
        menu.appendSection(nil, general)
        return menu
    }

    /// The menu item or accelerator for strategy `id`: shows its page and switches it.
    private func select(strategy id: AnyStrategyID) { show(page: id.page, strategy: id) }

    /// Keeps the strategy controls on the page shown.
    func refreshStrategyControls() {
        guard let name = stack.visibleChildName, let type = LabPages.type(of: PageID(name)) else { return }
        strategyControls.show(type, current: builtPages[type.id]?.strategyPage?.currentStrategy)
    }
}
