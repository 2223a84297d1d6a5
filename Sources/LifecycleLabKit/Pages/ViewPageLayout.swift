import Gettext
public import Gtk
import LabModel

/// The layout the pages with an inner view share (button, scene phase, server): title and hint,
/// a picker with the strategy badge and its explanation, *Show view* / *Close view* / *Run the
/// repro*, the strategy's SwiftUI beside the area the inner view is shown in (a note while it is
/// closed), the page's own results, the screen's log, the last verdict and the Swift that runs.
///
/// ```swift
/// let layout = ViewPageLayout(title: "Button work", hint: "…", pickerCaption: "Strategy:",
///                             pickerItems: ["B1 · …", "B2 · …"], closedNote: "The view is closed.",
///                             results: [resultsLabel])
/// layout.showViewState(isShown: screen.isViewShown)
/// ```
@MainActor
public final class ViewPageLayout {
    /// The page's root widget.
    let root: Box
    /// The strategy (or server) picker.
    let picker: DropDown
    /// *Show view*.
    let showButton = PageKit.button(tr("Show view"))
    /// *Close view*: closes the inner view while its work runs.
    let closeButton = PageKit.button(tr("Close view"))
    /// Runs the page's documented repro in place and shows the verdict.
    let reproButton = PageKit.button(tr("Run the repro"))
    /// Where the inner view's widget goes (a ``WidgetHost``'s container).
    let viewArea = Box(.vertical, spacing: 8)
    /// The last verdict of *Run the repro*.
    let verdictLabel = PageKit.text()
    /// The strategy's SwiftUI and the Swift that runs (``showCode(_:)``).
    let codePanel = CodePanel()
    private let badge = PageKit.badge()
    private let explanation = PageKit.text()
    /// What the seed concludes about the strategy (hidden when it says nothing more).
    let seedNote = PageKit.seedNote()
    private let closedNote: Label
    private let logLabel = PageKit.text()

    /// Builds the layout.
    /// - Parameters:
    ///   - title: the page's bold title.
    ///   - hint: what to try and what to watch.
    ///   - pickerCaption: the label before the picker ("Strategy:", "Server:").
    ///   - pickerItems: the picker's entries.
    ///   - closedNote: what the view area says while the view is closed.
    ///   - controls: rows of the page's own buttons, under *Show view* / *Close view*.
    ///   - results: the page's own result labels, under the view area.
    init(
        title: String, hint: String, pickerCaption: String, pickerItems: [String], closedNote: String,
        controls: [Widget] = [], results: [Widget]
    ) {
        picker = DropDown(items: pickerItems)
        picker.setAccessibleLabel(String(pickerCaption.dropLast()))
        self.closedNote = PageKit.text(closedNote)
        let page = PageKit.root()
        page.append(PageKit.title(title))
        page.append(PageKit.hint(hint))
        page.append(PageKit.row([Label(pickerCaption), picker, badge]))
        explanation.addCssClass("page-hint")
        page.append(explanation)
        page.append(seedNote)
        showButton.addCssClass("suggested-action")
        page.append(PageKit.row([showButton, closeButton, reproButton]))
        for row in controls { page.append(row) }
        self.closedNote.addCssClass("page-hint")
        viewArea.append(self.closedNote)
        viewArea.hexpand = true
        page.append(PageKit.sideBySide([codePanel.swiftUICard, viewArea]))
        for widget in results { page.append(widget) }
        logLabel.addCssClass("event-log")
        page.append(logLabel)
        verdictLabel.isSelectable = true
        page.append(verdictLabel)
        page.append(codePanel.runningCard)
        root = page
    }

    /// Shows the strategy's badge ("B1 · bug", or "I1 · <title>" with `title`), explanation and
    /// seed note, and forgets the last verdict.
    func showStrategy(_ id: AnyStrategyID, title: String? = nil) {
        showStrategy(
            id: id.rawValue, title: title, kind: id.kind, explanation: id.explanation, seedNote: id.seedNote)
    }

    private func showStrategy(
        id: String, title: String?, kind: StrategyKind, explanation: String, seedNote note: String?
    ) {
        PageKit.setBadge(badge, id: id, title: title, kind: kind)
        self.explanation.text = explanation
        PageKit.show(seedNote: note, in: seedNote)
        verdictLabel.text = ""
    }

    /// Shows the strategy's code: its SwiftUI beside the view, the Swift that runs below.
    func showCode(_ code: StrategyCode) {
        codePanel.show(code)
    }

    /// Selects `index` in the picker unless it is selected already (no change signal then).
    func select(pickerIndex index: Int) {
        if picker.selectedIndex != index { picker.selectedIndex = index }
    }

    /// Whether the inner view is shown: the closed note, and which of Show and Close can be pressed.
    func showViewState(isShown: Bool) {
        closedNote.isVisible = !isShown
        showButton.isSensitive = !isShown
        closeButton.isSensitive = isShown
    }

    /// The screen's newest log lines.
    func showLog(_ lines: [LogLine]) {
        logLabel.text = lines.suffix(6).map { "t=\(LabFormat.seconds($0.time))  \($0.text)" }.joined(separator: "\n")
    }

    /// *Run the repro*: runs `page`'s repro with the picker and the button insensitive meanwhile.
    func runRepro(of page: any StrategyPage, environment: LabEnvironment, running text: String) async {
        await PageKit.runReproInPlace(
            page, environment: environment, busy: [reproButton, picker],
            verdictLabel: verdictLabel, running: text)
    }
}

/// A page built on ``ViewPageLayout`` (button, scene phase, server): the layout gives it its root,
/// its view buttons, its code panel and their report names.
@MainActor
public protocol ViewLayoutPage: StrategyPage {
    /// The shared layout the page fills in.
    var layout: ViewPageLayout { get }
}

extension ViewLayoutPage {
    /// The page's root widget.
    public var root: Widget { layout.root }
    /// *Show view*: shows the inner view.
    public var showButton: Button { layout.showButton }
    /// *Close view*: closes the inner view while its work runs.
    public var closeButton: Button { layout.closeButton }
    /// *Run the repro*: runs the page's documented repro in place and shows the verdict.
    public var reproButton: Button { layout.reproButton }
    /// What the seed concludes about the chosen strategy.
    public var seedNoteLabel: Label { layout.seedNote }
    /// The strategy's SwiftUI and the Swift that runs.
    package var codePanel: CodePanel { layout.codePanel }
    /// *Show view* and *Close view* by their report names, for ``LabPage/reportWidgets``.
    var viewReportWidgets: [(name: String, widget: Widget)] {
        [("show-view", showButton), ("close-view", closeButton)]
    }

    /// Wires *Show view* and *Close view* to `show` and `close`, and *Run the repro* to the
    /// page's repro, with `running` in the verdict line while it runs.
    func wireViewButtons(
        environment: LabEnvironment, running: String, show: @escaping @MainActor (Self) -> Void,
        close: @escaping @MainActor (Self) -> Void
    ) {
        layout.showButton.onClicked { [weak self] in if let self { show(self) } }
        layout.closeButton.onClicked { [weak self] in if let self { close(self) } }
        layout.reproButton.onClicked { [weak self] in
            guard let self else { return }
            Task { @MainActor in await self.layout.runRepro(of: self, environment: environment, running: running) }
        }
    }

    /// Makes the picker choose among the page's strategies (``LabPage/select(strategy:)``).
    func wireStrategyPicker() {
        layout.picker.onSelectionChanged { [weak self] in
            guard let self else { return }
            let index = self.layout.picker.selectedIndex
            guard Self.strategies.indices.contains(index) else { return }
            let id = Self.strategies[index]
            if id != self.currentStrategy { self.select(strategy: id) }
        }
    }

    /// Shows `id` on the layout: picked in the picker (when it lists strategies), its badge
    /// ("B1 · bug", or "I1 · <title>" with `showsTitle`), explanation, seed note and code.
    func showOnLayout(_ id: AnyStrategyID, showsTitle: Bool = false) {
        if let index = Self.strategies.firstIndex(of: id), Self.strategies.count > 1 {
            layout.select(pickerIndex: index)
        }
        layout.showStrategy(id, title: showsTitle ? id.title : nil)
        layout.showCode(id.code)
    }

    /// The picker's entries for a page whose picker chooses its strategy: "B1 · Button + Task (bug)".
    static var strategyPickerItems: [String] { strategies.map { "\($0.rawValue) · \($0.title)" } }
}

/// Runs an action once when the main loop is next idle, however often it was asked for meanwhile
/// (a burst of registry changes redraws a page once).
@MainActor
final class IdleRefresh {
    private var queued = false
    private let action: @MainActor () -> Void

    /// Makes a refresher for `action`; it must not keep its owner alive (capture it weakly).
    init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    /// Runs the action at the next idle, once.
    func request() {
        guard !queued else { return }
        queued = true
        MainLoop.idle { [weak self] in
            self?.queued = false
            self?.action()
        }
    }
}
