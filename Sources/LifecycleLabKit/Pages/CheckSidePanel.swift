import Gettext
package import Gtk
import LabModel
import LifecycleCheckReport

/// What the Check page shows in the window's side panel, where the other pages have the task
/// panel (the Check page starts no task): what was checked, the files with findings and how
/// many each has, the findings per rule, and the selected finding's explanation.
///
/// The page fills it (``show(listing:)``, ``show(finding:of:)``, ``show(status:)``); a file's
/// button asks the page to bring that file's findings into view (``onFile``).
///
/// ```swift
/// let side = CheckSidePanel()
/// side.onFile = { group in page.scrollTo(file: group) }
/// side.show(listing: listing)
/// side.show(finding: 0, of: listing)
/// ```
@MainActor
package final class CheckSidePanel {
    /// The panel's widget: a scrolled column as wide as the task panel.
    package let root = ScrolledWindow()
    /// What was checked: "4 files checked: 3 warnings, 1 note", or the page's state.
    package let summaryLabel = PageKit.text()
    /// The files with findings, one button each.
    package private(set) var fileButtons: [Button] = []
    /// How many files more than the buttons shown have findings.
    package let moreFilesLabel = PageKit.text()
    /// The findings per rule, one line each: severity, rule, count.
    package private(set) var ruleLabels: [(severity: Label, rule: Label, count: Label)] = []
    /// The selected finding's rule and place.
    package let findingPlaceLabel = PageKit.text()
    /// Its message.
    package let findingMessageLabel = PageKit.text()
    /// Why it is a bug.
    package let findingWhyLabel = PageKit.text()
    /// What to write instead.
    package let findingFixLabel = PageKit.text()
    /// Its SPEC rows and where the lab shows it.
    package let findingSpecLabel = PageKit.text()
    /// *Show fix*, *Apply fix…* and *Undo*, for a finding the checker can fix.
    package let fixBar = CheckFixBar()
    /// Asks the page to show file group `index`'s findings.
    var onFile: (@MainActor (Int) -> Void)?

    /// At most this many file buttons: a folder of thousands of files lists the first ones and
    /// says how many more there are (the findings list has them all).
    static let fileLimit = 50

    private let box = Box(.vertical, spacing: 8)
    private let filesHeading = CheckSidePanel.heading(tr("Files"))
    private let filesBox = Box(.vertical, spacing: 2)
    private let fileButtonsBox = Box(.vertical, spacing: 2)
    private let rulesHeading = CheckSidePanel.heading(tr("Rules"))
    private let rulesGrid = Grid()
    private let findingHeading = CheckSidePanel.heading(tr("Selected finding"))

    init() {
        root.addCssClass("panel")
        root.setVerticalOnly()
        root.setSizeRequest(width: TaskPanel.minimumWidth, height: -1)
        root.setAccessibleLabel(tr("Check summary"))
        box.setMargins(top: 6, bottom: 12, start: 10, end: 10)
        box.append(Self.heading(tr("Checked")))
        box.append(summaryLabel)
        box.append(filesHeading)
        box.append(filesBox)
        filesBox.append(fileButtonsBox)
        filesBox.append(moreFilesLabel)
        moreFilesLabel.addCssClass("dim-label")
        box.append(rulesHeading)
        rulesGrid.columnSpacing = 8
        rulesGrid.rowSpacing = 4
        box.append(rulesGrid)
        box.append(findingHeading)
        findingPlaceLabel.addCssClass("check-rule")
        findingPlaceLabel.wrapsInsideWords = true
        for label in [findingPlaceLabel, findingMessageLabel, findingWhyLabel, findingFixLabel, findingSpecLabel] {
            box.append(label)
        }
        box.append(fixBar.root)
        findingSpecLabel.addCssClass("dim-label")
        root.child = box
        show(status: Self.invitation)
    }

    /// What the panel says before anything is opened.
    static var invitation: String { tr("Open a Swift file or folder: what it finds is summed up here.") }

    private static func heading(_ text: String) -> Label {
        let label = Label(text, accessibleRole: .heading)
        label.xalign = 0
        label.addCssClass("heading")
        label.setMargins(top: 6, bottom: 0, start: 0, end: 0)
        return label
    }

    /// Shows only `status` (nothing opened yet, a check running, a failure): no files, rules or
    /// finding.
    func show(status: String) {
        summaryLabel.text = status
        setListingShown(false)
    }

    /// Shows what `listing` found: the summary, the files and the counts per rule.
    func show(listing: CheckListing) {
        let report = listing.report
        let warnings = report.warnings.count
        let notes = report.findings.count - warnings
        summaryLabel.text =
            report.findings.isEmpty
            ? listing.summary
            : tr(
                "%{files} checked: %{warnings}, %{notes}",
                [
                    "files": trn("%{count} file", "%{count} files", report.files),
                    "warnings": trn("%{count} warning", "%{count} warnings", warnings),
                    "notes": trn("%{count} note", "%{count} notes", notes),
                ])
        setListingShown(!report.findings.isEmpty)
        showFiles(listing)
        showRules(report)
        clearFinding()
    }

    /// Shows finding `index` of `listing`: its rule and place, message, why, fix and SPEC rows.
    func show(finding index: Int, of listing: CheckListing) {
        guard listing.report.findings.indices.contains(index) else { return clearFinding() }
        let finding = listing.report.findings[index]
        findingHeading.isVisible = true
        findingPlaceLabel.text = "\(finding.rule) · \(listing.displayPath(of: index)):\(finding.line)"
        findingMessageLabel.setMarkup("<b>\(CodeMarkup.escape(finding.message))</b>")
        findingMessageLabel.setAccessibleLabel(finding.message)
        CheckRowParts.show(why: finding, in: findingWhyLabel, fix: findingFixLabel)
        findingSpecLabel.text = CheckRowParts.specText(finding)
        fixBar.show(FindingFix(finding: finding, displayPath: listing.displayPath(of: index)))
    }

    private func clearFinding() {
        findingHeading.isVisible = false
        for label in [findingPlaceLabel, findingMessageLabel, findingWhyLabel, findingFixLabel, findingSpecLabel] {
            label.text = ""
        }
        fixBar.show(nil)
    }

    private func setListingShown(_ shown: Bool) {
        filesHeading.isVisible = shown
        filesBox.isVisible = shown
        rulesHeading.isVisible = shown
        rulesGrid.isVisible = shown
        if !shown { clearFinding() }
    }

    private func showFiles(_ listing: CheckListing) {
        for button in fileButtons { fileButtonsBox.remove(button) }
        // A file with warnings and notes has a group in each part: one button, its first group.
        var files: [(path: String, group: Int, count: Int)] = []
        var indexOfPath: [String: Int] = [:]
        for (index, group) in listing.groups.enumerated() {
            if let known = indexOfPath[group.displayPath] {
                files[known].count += group.findings.count
            } else {
                indexOfPath[group.displayPath] = files.count
                files.append((group.displayPath, index, group.findings.count))
            }
        }
        fileButtons = files.prefix(Self.fileLimit).map { file in
            let count = trn("%{count} finding", "%{count} findings", file.count)
            let button = Button("\(file.path) · \(count)")
            button.addCssClass("flat")
            button.addCssClass("check-side-file")
            button.setLabelWraps()
            button.setAccessibleLabel(tr("%{path}, %{findings}", ["path": file.path, "findings": count]))
            button.tooltip = tr("Shows this file's findings")
            let group = file.group
            button.onClicked { [weak self] in self?.onFile?(group) }
            return button
        }
        for button in fileButtons { fileButtonsBox.append(button) }
        let more = files.count - fileButtons.count
        moreFilesLabel.text = more > 0 ? trn("and %{count} more file", "and %{count} more files", more) : ""
    }

    private func showRules(_ report: CheckReport) {
        for (severity, rule, count) in ruleLabels {
            for label in [severity, rule, count] { rulesGrid.remove(label) }
        }
        var order: [RuleID] = []
        var counts: [RuleID: (severity: Severity, count: Int)] = [:]
        for finding in report.findings {
            if counts[finding.rule] == nil { order.append(finding.rule) }
            counts[finding.rule, default: (finding.severity, 0)].count += 1
        }
        // Warnings first, then the rules with most findings.
        order.sort {
            let (a, b) = (counts[$0]!, counts[$1]!)
            if a.severity.fails != b.severity.fails { return a.severity.fails }
            return a.count != b.count ? a.count > b.count : $0.rawValue < $1.rawValue
        }
        ruleLabels = order.enumerated().map { row, rule in
            let entry = counts[rule]!
            let severity = Label(entry.severity.fails ? tr("warning") : tr("note"))
            severity.addCssClass("check-severity")
            severity.addCssClass(entry.severity.fails ? "warning" : "note")
            severity.valign = .center
            let name = Label(rule.rawValue)
            name.addCssClass("check-rule")
            name.xalign = 0
            name.hexpand = true
            name.wraps = true
            name.wrapsInsideWords = true
            let count = Label(String(entry.count))
            count.addCssClass("counter")
            count.xalign = 1
            rulesGrid.attach(severity, column: 0, row: row)
            rulesGrid.attach(name, column: 1, row: row)
            rulesGrid.attach(count, column: 2, row: row)
            return (severity, name, count)
        }
    }
}
