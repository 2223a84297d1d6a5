import Gettext
public import Gtk
public import LabModel
import LifecycleCheckReport

/// The Check page: a person opens their own SwiftUI code (*Open…*, *Open Folder…*, or a drop of
/// files and folders on the page) and sees the seeds' task mistakes in it, found by
/// `lifecycle-lab-check`, each tied to the lab's live repro of it.
///
/// Every way of opening ends in ``open(paths:)``, which runs the checker as a child process
/// (``CheckRunner``) while a spinner says so; a second open stops the first run. The findings
/// are listed by file in a virtualized list (only the rows in view have widgets, so thousands
/// of findings stay quick), each with its rule, message, place, the code around it with its
/// line marked, why it is a bug and how to fix it, and its SPEC row. *Show it live* switches
/// the window to the finding's page and strategy (as `--page` and `--strategy` do); where the
/// repro is the toast's, *Compare with the fix* opens the compare window with the bug beside
/// its fix.
///
/// The page has no strategy and no scripted repro of its own (like the navigation page).
@MainActor
public final class CheckPage: LabPage {
    public nonisolated static let descriptor = PageDescriptor.check

    /// The names of the page's states in ``states``.
    public enum StateName: String, Sendable, CaseIterable {
        /// Nothing opened: the icon, the invitation and the open buttons.
        case empty
        /// The checker runs.
        case running
        /// Findings (or files that could not be checked), listed.
        case results
        /// No finding in the files checked.
        case clean
        /// No report: what is wrong and what to do.
        case failed
    }

    public let root: Widget
    /// The side panel in the task panel's place: the check summed up, the selected finding.
    public var sidePanel: Widget? { side.root }
    public var reportWidgets: [(name: String, widget: Widget)] {
        switch session.state {
        case .idle: [("open-file", emptyOpenButton), ("open-folder", emptyOpenFolderButton)]
        case .running: [("open-file", openButton), ("open-folder", openFolderButton), ("stop", stopButton)]
        default: [("open-file", openButton), ("open-folder", openFolderButton), ("check-again", checkAgainButton)]
        }
    }

    /// What *Show it live* does with a finding's page and strategy (``attach(to:)``).
    public var onShowLive: (@MainActor (PageID, AnyStrategyID?) -> Void)?
    /// What *Compare with the fix* does with a toast finding's bug and fix (``attach(to:)``).
    public var onCompare: (@MainActor (ToastStrategyID, ToastStrategyID) -> Void)?

    /// Which run counts and what the page shows.
    public private(set) var session = CheckSession()
    /// The report as listed, once a check gave one.
    public internal(set) var listing: CheckListing?

    /// *Open…* in the page's toolbar: a Swift file.
    public let openButton = PageKit.button(tr("Open…"))
    /// *Open Folder…* in the page's toolbar.
    public let openFolderButton = PageKit.button(tr("Open Folder…"))
    /// Runs the checker again on what was opened last.
    public let checkAgainButton = PageKit.button(tr("Check again"))
    /// Stops a check under way.
    public let stopButton = PageKit.button(tr("Stop"))
    /// *Open…* in the empty state.
    public let emptyOpenButton = PageKit.button(tr("Open…"))
    /// *Open Folder…* in the empty state.
    public let emptyOpenFolderButton = PageKit.button(tr("Open Folder…"))
    /// The empty state's title.
    public let emptyTitleLabel = Label(tr("Check your SwiftUI code"), accessibleRole: .heading)
    /// The empty state's invitation.
    public let emptyDescriptionLabel = PageKit.text(tr("Open a Swift file or folder, or drop it here"))
    /// The states, one shown at a time (``StateName``).
    public let states = Stack()
    /// "3 findings in 2 files".
    public let summaryLabel = PageKit.text()
    /// The files the checker could not check, and why.
    public let errorsLabel = PageKit.text()
    /// What is being checked.
    public let runningLabel = PageKit.text()
    /// The folder the paths are shown from.
    public let placeLabel = PageKit.text()
    /// "No findings in 12 files".
    public let cleanLabel = PageKit.text()
    /// The failure's title.
    public let failureTitleLabel = PageKit.text()
    /// What went wrong and what to do.
    public let failureLabel = PageKit.text()
    /// Files dropped on the page are opened.
    public let dropTarget: FileDropTarget
    /// The findings by file (made once the page exists: its rows call back into it).
    package private(set) var list: ListView<Box>!
    let toolbar: Box
    let spinner = Spinner()
    let fileChooser = FileChooser(kind: .swiftFile, title: tr("Open a Swift File"), acceptLabel: tr("Open"))
    let folderChooser = FileChooser(kind: .folder, title: tr("Open a Folder"), acceptLabel: tr("Open"))
    private let runner = CheckRunner()
    let environment: LabEnvironment
    private var rowParts = RowPartsTable<CheckRowParts>(leastPrune: 256)
    /// What the side panel shows (``sidePanel``).
    package let side = CheckSidePanel()

    /// Builds the page in its empty state.
    public init(environment: LabEnvironment) {
        self.environment = environment
        let page = PageKit.root()
        page.addCssClass("check-page")
        page.append(PageKit.title(tr("Check your code")))
        page.append(
            PageKit.hint(
                tr(
                    "Open your own SwiftUI code to find the seeds' task mistakes in it: a task nobody cancels, a try? that swallows the cancel, a bag that keeps the view alive. Each finding says why it is a bug and how to fix it, and Show it live opens the lab's repro of it."
                )))

        fileChooser.filterName = tr("Swift files")
        openButton.tooltip = tr("Check one Swift file")
        openFolderButton.tooltip = tr("Check every Swift file in a folder and its subfolders")
        checkAgainButton.tooltip = tr("Run the checker again on the same files, after you changed them")
        // The folder on a line of its own under the buttons, whole: a long path wraps.
        placeLabel.wrapsInsideWords = true
        placeLabel.addCssClass("dim-label")
        toolbar = Box(.vertical, spacing: 6)
        toolbar.append(PageKit.row([openButton, openFolderButton, checkAgainButton]))
        toolbar.append(placeLabel)
        page.append(toolbar)

        dropTarget = FileDropTarget(on: page)
        root = page
        list = makeList()

        states.transition = .none
        states.vexpand = true
        states.addTitled(emptyState(), name: StateName.empty.rawValue, title: tr("Nothing opened"))
        states.addTitled(runningState(), name: StateName.running.rawValue, title: tr("Checking"))
        states.addTitled(resultsState(), name: StateName.results.rawValue, title: tr("Findings"))
        states.addTitled(
            statusState(
                icon: "emblem-ok-symbolic", heading: Label(tr("No mistakes found"), accessibleRole: .heading),
                body: cleanLabel),
            name: StateName.clean.rawValue, title: tr("No findings"))
        failureLabel.isSelectable = true
        states.addTitled(
            statusState(icon: "dialog-error-symbolic", heading: failureTitleLabel, body: failureLabel),
            name: StateName.failed.rawValue, title: tr("The check failed"))
        page.append(states)

        for button in [openButton, emptyOpenButton] {
            button.onClicked { [weak self] in self?.choose(folder: false) }
        }
        for button in [openFolderButton, emptyOpenFolderButton] {
            button.onClicked { [weak self] in self?.choose(folder: true) }
        }
        checkAgainButton.onClicked { [weak self] in self?.checkAgain() }
        stopButton.onClicked { [weak self] in self?.stop() }
        list.onSelectionChanged { [weak self] in self?.showSelected() }
        side.onFile = { [weak self] group in self?.showFile(group) }
        side.fixBar.onFileChanged = { [weak self] in self?.checkAgain() }
        dropTarget.onDrop { [weak self] paths in
            guard let self, !paths.isEmpty else { return false }
            self.open(paths: paths)
            return true
        }
        render()
    }

    /// The state shown now.
    public var shownState: StateName? { states.visibleChildName.flatMap(StateName.init(rawValue:)) }

    /// Checks `paths` (files and folders): what *Open…*, *Open Folder…* and a drop on the page
    /// all do. A check under way is stopped first; nothing happens for no paths.
    /// - Parameter paths: absolute paths, as a file chooser or a drop gives them.
    public func open(paths: [String]) {
        guard !paths.isEmpty else { return }
        let number = session.start(paths: paths)
        // Started here, not in the task below: a stop or reset before the task runs must find
        // the process to kill.
        let started = runner.start(paths: paths)
        render()
        Task { @MainActor in
            let result = await self.runner.report(of: started)
            guard self.session.finish(number, with: result) else { return }
            self.render()
        }
    }

    /// *Check again*: the same files and folders, after they changed (a fix written, too).
    public func checkAgain() { open(paths: session.paths) }

    /// Stops the check under way; the page goes back to its empty state.
    public func stop() {
        guard session.stop() else { return }
        runner.stop()
        render()
    }

    /// The process ID of the checker running now, if any (tests).
    public var runningCheckerIdentifier: String? { runner.runningIdentifier }

    /// Whether a file chooser of the page is shown.
    public var isChoosing: Bool { fileChooser.isShown || folderChooser.isShown }

    /// *Show it live* shows the finding's page in `window`; *Compare with the fix* opens its
    /// compare window.
    public func attach(to window: MainWindow) {
        onShowLive = { [weak window] page, strategy in window?.show(page: page, strategy: strategy) }
        onCompare = { [weak window] bug, fix in window?.openCompare(left: bug, right: fix) }
    }

    /// Stops a check under way and closes a file chooser; the report shown stays.
    public func reset() {
        fileChooser.cancel()
        folderChooser.cancel()
        stop()
    }

    /// *Show it live* for finding `index`: the window shows its page with its strategy.
    /// - Parameter index: the finding's index in the report.
    public func showLive(finding index: Int) {
        guard let finding = listing?.report.findings[safe: index], let live = finding.live,
            let page = live.pageDescriptor
        else {
            return
        }
        onShowLive?(page.id, live.strategyID)
    }

    /// *Compare with the fix* for finding `index`: the compare window, its bug beside its fix.
    /// - Parameter index: the finding's index in the report.
    public func compareWithFix(finding index: Int) {
        guard let pair = listing?.report.findings[safe: index]?.live?.toastComparison else { return }
        onCompare?(pair.bug, pair.fix)
    }

    /// The row widgets GTK has bound now, with what they show (tests).
    package var boundRows: [CheckRowParts] {
        rowParts.alive.filter { $0.row != nil }.sorted { $0.position < $1.position }
    }

    /// The finding the side panel explains: the selected row's, or its file's first finding
    /// when a file's heading is selected.
    package var selectedFinding: Int? {
        guard let listing, let position = list.selectedPosition, listing.rows.indices.contains(position) else {
            return nil
        }
        switch listing.rows[position] {
        case .finding(let index): return index
        case .file(let group): return listing.groups[group].findings.first
        case .part: return nil
        }
    }

    /// Selects finding `index`'s row, and the side panel explains it.
    /// - Parameter index: the finding's index in the report.
    package func select(finding index: Int) {
        guard let position = listing?.rows.firstIndex(of: .finding(index)) else { return }
        list.selectedPosition = position
    }

    /// The bound row showing finding `index`, if it is in view (tests).
    package func boundRow(finding index: Int) -> CheckRowParts? {
        boundRows.first { $0.row == .finding(index) }
    }

    // MARK: Rows

    /// The list: each row widget gets its parts once and is refilled as GTK recycles it.
    private func makeList() -> ListView<Box> {
        ListView<Box>(
            selectsOne: true,
            setup: { [weak self] in
                let box = Box(.vertical, spacing: 0)
                guard let self else { return box }
                let parts = CheckRowParts(box: box)
                parts.showLiveButton.onClicked { [weak self, unowned parts] in
                    if case .finding(let index) = parts.row { self?.showLive(finding: index) }
                }
                parts.compareButton.onClicked { [weak self, unowned parts] in
                    if case .finding(let index) = parts.row { self?.compareWithFix(finding: index) }
                }
                self.rowParts.register(parts, for: box)
                return box
            },
            bind: { [weak self] box, id, position in
                guard let self, let parts = self.rowParts.parts(of: box),
                    let listing = self.listing, let row = listing.row(id: id)
                else { return }
                parts.fill(row, listing: listing, position: position)
            })
    }
}

extension Array {
    /// The element at `index`, or `nil` when it is out of range.
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
