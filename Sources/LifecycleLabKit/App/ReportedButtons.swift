import Gtk

/// The buttons of `page` that the run report (`layout` lines) gives positions for, by the
/// names a driver clicks them by (Tests/soak/soak.sh, `app.phase_latency`).
@MainActor
func reportedButtons(of page: any LabPage) -> [(name: String, widget: Widget)] {
    switch page {
    case let page as ToastPage:
        return [("show-toast", page.showButton), ("hide-toast", page.hideButton)]
    case let page as ButtonPage:
        return [("show-view", page.showButton), ("close-view", page.closeButton)]
            + (page.actionButton.map { [("action", $0)] } ?? [])
    case let page as ScenePhasePage:
        return [
            ("show-view", page.showButton), ("close-view", page.closeButton),
            ("minimize-3s", page.minimizeButton), ("focus-elsewhere", page.focusElsewhereButton),
        ]
    case let page as ServerPage:
        return [("show-view", page.showButton), ("close-view", page.closeButton)]
            + page.postButtons.enumerated().map { ("post-\($0.offset)", $0.element) }
    case let page as NavigationPage:
        return [("go-first", page.goToFirstButton), ("go-second", page.goToSecondButton)]
    default:
        return []
    }
}
