import Gettext
import Gtk
import LabModel

/// The window's strategy controls, kept to the page shown: the primary menu's Strategy section
/// lists its strategies (radio items of one `app.strategy` action for every page), Ctrl+1 …
/// Ctrl+9 pick them in order, and the radio mark and the header's badge show its strategy (the
/// badge is hidden on a page without one).
@MainActor
final class StrategyControls {
    /// The primary menu's Strategy section.
    let section = Menu()
    /// The section's items now, as SPEC IDs.
    private(set) var items: [String] = []
    private let application: Application
    private let badge: Label
    /// `app.strategy`: one radio action for every page's strategies.
    private var action: SimpleAction?
    /// The page whose strategies the section and Ctrl+1 … Ctrl+9 hold now.
    private var sectionPage: PageID?
    /// The detailed actions Ctrl+1 … Ctrl+9 are bound to now.
    private var accelerators: [String] = []

    /// The badge tooltip's second line.
    static var badgeHint: String {
        tr("The strategy of the page shown (Ctrl+1 … Ctrl+9 pick one; the menu lists them)")
    }

    /// Controls that show the strategy in `badge`.
    init(application: Application, badge: Label) {
        self.application = application
        self.badge = badge
    }

    /// Adds `app.strategy`; a menu item or accelerator for a strategy calls `select` with it.
    func installAction(select: @escaping @MainActor (AnyStrategyID) -> Void) {
        let strategy = SimpleAction(name: "strategy", radioState: "")
        strategy.onStateChanged { value in
            guard let id = try? AnyStrategyID.parse(value, among: LabPages.strategies) else { return }
            select(id)
        }
        application.addAction(strategy)
        action = strategy
    }

    /// The room the badge takes with the widest and the tallest of its texts, over every page's
    /// strategies: what the header keeps for it on every page (a CJK kind is taller than Latin).
    /// Measured in the badge's style (it must be in the window).
    func largestBadgeSize() -> (width: Int, height: Int) {
        let shown = (text: badge.text, visible: badge.isVisible)
        badge.isVisible = true
        var largest = (width: 0, height: 0)
        for id in LabPages.strategies {
            badge.text = Self.badgeText(id)
            largest.width = max(largest.width, badge.measure(.horizontal).natural)
            largest.height = max(largest.height, badge.measure(.vertical).natural)
        }
        badge.text = shown.text
        badge.isVisible = shown.visible
        return largest
    }

    /// What the badge says: the strategy's ID and kind.
    private static func badgeText(_ id: AnyStrategyID) -> String { "\(id.rawValue) · \(id.kind.label)" }

    /// Shows `page`'s strategies, with `current` marked and in the badge.
    func show(_ page: any LabPage.Type, current: AnyStrategyID?) {
        if sectionPage != page.id {
            sectionPage = page.id
            section.removeAll()
            items = page.strategies.map(\.rawValue)
            for id in page.strategies {
                section.append("\(id.rawValue) · \(id.title)", action: "app.strategy::\(id.rawValue)")
            }
            for old in accelerators { application.setAccelerators([], for: old) }
            accelerators = page.strategies.prefix(9).map { "app.strategy::\($0.rawValue)" }
            for (index, action) in accelerators.enumerated() {
                application.setAccelerators(["<Control>\(index + 1)"], for: action)
            }
        }
        action?.state = current?.rawValue ?? ""
        badge.isVisible = current != nil
        if let current {
            // Not every title fits beside the page switcher, at the window's narrowest least of
            // all: the badge says the ID and the kind, whole; the title is in its tooltip and in
            // the name a screen reader reads.
            PageKit.setBadge(
                badge, id: current.rawValue, title: current.title, kind: current.kind,
                text: Self.badgeText(current))
            badge.tooltip =
                tr("Strategy: %{id} · %{title}", ["id": current.rawValue, "title": current.title]) + "\n"
                + Self.badgeHint
        }
    }
}
