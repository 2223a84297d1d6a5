import Gettext
import Gtk
import LabModel
import LifecycleCheckReport

/// The Check page's states (``CheckPage/StateName``): how each is built, and how the page shows
/// the session's state in them.
extension CheckPage {
    func render() {
        spinner.isSpinning = false
        toolbar.isVisible = session.state != .idle
        checkAgainButton.isSensitive = !session.paths.isEmpty
        switch session.state {
        case .idle:
            listing = nil
            list.setRows([])
            side.show(status: CheckSidePanel.invitation)
            show(.empty)
        case .running(let paths):
            spinner.isSpinning = true
            checkAgainButton.isSensitive = false
            place(paths)
            runningLabel.text = tr("Checking %{what}…", ["what": Self.describe(paths)])
            side.show(status: runningLabel.text)
            show(.running)
        case .done(let report, let paths):
            let base = place(paths)
            let listing = CheckListing(report: report, base: base)
            self.listing = listing
            summaryLabel.text = listing.summary
            errorsLabel.text = Self.errorsText(report.errors, base: base)
            cleanLabel.text = listing.summary
            list.setRows(listing.rowIDs)
            side.show(listing: listing)
            // The first finding is explained from the start, so the panel is never blank.
            if !report.findings.isEmpty { select(finding: 0) }
            show(report.findings.isEmpty && report.errors.isEmpty ? .clean : .results)
        case .failed(let failure, let paths):
            place(paths)
            listing = nil
            list.setRows([])
            failureTitleLabel.text = failure.title
            failureLabel.text = failure.explanation
            side.show(status: failure.title)
            show(.failed)
        }
    }

    /// The side panel follows the selected row.
    func showSelected() {
        guard let listing, let index = selectedFinding else { return }
        side.show(finding: index, of: listing)
    }

    /// A file's button in the side panel: its heading brought into view, its first finding
    /// selected.
    func showFile(_ group: Int) {
        guard let listing, let position = listing.rows.firstIndex(of: .file(group)) else { return }
        list.scrollTo(index: position)
        if let first = listing.groups[group].findings.first { select(finding: first) }
    }

    func show(_ state: StateName) {
        if states.visibleChildName != state.rawValue { states.visibleChildName = state.rawValue }
    }

    /// Shows where the paths are and returns the folder they are shown from.
    @discardableResult
    func place(_ paths: [String]) -> String {
        let base = CheckListing.base(of: paths, isFolder: FileProbe.isFolder)
        placeLabel.text = base
        return base
    }

    /// "MyApp", "ToastView.swift", "3 items".
    static func describe(_ paths: [String]) -> String {
        guard paths.count == 1, let path = paths.first else {
            return trn("%{count} item", "%{count} items", paths.count)
        }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    static func errorsText(_ errors: [InputError], base: String) -> String {
        guard !errors.isEmpty else { return "" }
        let shown = errors.prefix(20).map { "\(CheckListing.relative($0.path, to: base)): \($0.message)" }
        var lines = [trn("%{count} file could not be checked:", "%{count} files could not be checked:", errors.count)]
        lines += shown
        if errors.count > shown.count {
            lines.append(tr("and %{count} more", ["count": errors.count - shown.count]))
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Building the states

    func emptyState() -> Widget {
        emptyOpenButton.addCssClass("suggested-action")
        emptyOpenButton.addCssClass("pill")
        emptyOpenFolderButton.addCssClass("pill")
        let buttons = PageKit.row([emptyOpenButton, emptyOpenFolderButton], spacing: 12)
        buttons.halign = .center
        return statusState(
            icon: "document-open-symbolic", heading: emptyTitleLabel, body: emptyDescriptionLabel, extra: buttons)
    }

    func runningState() -> Widget {
        spinner.setSizeRequest(width: 32, height: 32)
        spinner.halign = .center
        spinner.setAccessibleLabel(tr("Checking"))
        runningLabel.xalign = 0.5
        let box = Box(.vertical, spacing: 12)
        box.valign = .center
        box.halign = .center
        box.setMargins(24)
        box.append(spinner)
        box.append(runningLabel)
        stopButton.halign = .center
        box.append(stopButton)
        return box
    }

    func resultsState() -> Widget {
        let box = Box(.vertical, spacing: 8)
        summaryLabel.addCssClass("heading")
        errorsLabel.addCssClass("check-errors")
        errorsLabel.wrapsInsideWords = true
        box.append(summaryLabel)
        box.append(errorsLabel)
        list.addCssClass("check-list")
        list.setAccessibleLabel(tr("Findings"))
        box.append(PageKit.verticalScroller(list, minHeight: 240))
        return box
    }

    /// A centred status: a large dimmed icon, a title and a body (GNOME's status page).
    func statusState(icon: String, heading: Label, body: Label, extra: Widget? = nil) -> Widget {
        let box = Box(.vertical, spacing: 12)
        box.valign = .center
        box.halign = .center
        box.setMargins(24)
        let image = Image(iconName: icon, accessibleRole: .presentation)
        image.pixelSize = 96
        image.addCssClass("check-status-icon")
        box.append(image)
        heading.addCssClass("title-2")
        heading.wraps = true
        heading.xalign = 0.5
        box.append(heading)
        body.xalign = 0.5
        body.setSizeRequest(width: 320, height: -1)
        box.append(body)
        if let extra { box.append(extra) }
        return box
    }

    /// *Open…* and *Open Folder…*: the chooser over the window, then ``open(paths:)``.
    func choose(folder: Bool) {
        let chooser = folder ? folderChooser : fileChooser
        guard !chooser.isShown else { return }
        Task { @MainActor in
            guard let path = await chooser.choose(over: self.environment.window) else { return }
            self.open(paths: [path])
        }
    }
}
