import Gettext
package import Gtk
package import LabModel
package import LifecycleCheckReport

/// One row widget of the Check page's list and its parts: a part's heading (warnings, notes), a
/// file's heading, or a finding (its
/// severity, rule and place; its message; the code around it with its line marked; why it is a
/// bug and the fix; its SPEC row; *Show it live* and, for a toast repro, *Compare with the
/// fix*). GTK recycles row widgets as the list scrolls; ``fill(_:listing:position:)`` shows
/// another row in the same widgets.
@MainActor
package final class CheckRowParts: RowParts {
    /// The row widget (GTK owns it; gone once GTK drops it).
    private(set) weak var box: Box?
    /// The row shown, and its position in the list.
    package private(set) var row: CheckListing.Row?
    package private(set) var position = 0
    /// A part's heading: "Warnings", "Notes", and what each means.
    package let partLabel = PageKit.text()
    /// A file's heading: its path and how many findings it has.
    package let fileLabel = PageKit.text()
    /// A finding's parts.
    package let findingBox = Box(.vertical, spacing: 6)
    package let severityLabel = PageKit.text()
    package let ruleLabel = PageKit.text()
    package let locationLabel = PageKit.text()
    package let messageLabel = PageKit.text()
    package let excerptLabel = PageKit.text()
    package let whyLabel = PageKit.text()
    package let fixLabel = PageKit.text()
    package let specLabel = PageKit.text()
    package let showLiveButton = PageKit.button(tr("Show it live"))
    package let compareButton = PageKit.button(tr("Compare with the fix"))

    init(box: Box) {
        self.box = box
        partLabel.addCssClass("heading")
        partLabel.setMargins(top: 16, bottom: 2, start: 2, end: 2)
        box.append(partLabel)
        fileLabel.addCssClass("check-file")
        fileLabel.wrapsInsideWords = true
        fileLabel.setMargins(top: 14, bottom: 4, start: 2, end: 2)
        box.append(fileLabel)

        findingBox.addCssClass("check-finding")
        findingBox.setMargins(top: 3, bottom: 3, start: 0, end: 0)
        severityLabel.addCssClass("check-severity")
        severityLabel.wraps = false
        severityLabel.valign = .center
        ruleLabel.addCssClass("check-rule")
        ruleLabel.wraps = false
        ruleLabel.valign = .center
        locationLabel.addCssClass("dim-label")
        locationLabel.wraps = false
        locationLabel.valign = .center
        let heading = PageKit.row([severityLabel, ruleLabel, locationLabel])
        findingBox.append(heading)
        messageLabel.addCssClass("check-message")
        findingBox.append(messageLabel)
        excerptLabel.addCssClass("code-view")
        excerptLabel.addCssClass("code-sample")
        excerptLabel.wrapsInsideWords = true
        findingBox.append(excerptLabel)
        for label in [whyLabel, fixLabel] { findingBox.append(label) }
        specLabel.addCssClass("dim-label")
        findingBox.append(specLabel)
        showLiveButton.addCssClass("suggested-action")
        let buttons = PageKit.row([showLiveButton, compareButton])
        buttons.halign = .start
        findingBox.append(buttons)
        box.append(findingBox)
    }

    /// Shows `row` of `listing`, at `position` in the list.
    func fill(_ row: CheckListing.Row, listing: CheckListing, position: Int) {
        self.row = row
        self.position = position
        partLabel.isVisible = false
        fileLabel.isVisible = true
        switch row {
        case .part(let part):
            partLabel.isVisible = true
            fileLabel.isVisible = false
            findingBox.isVisible = false
            let count = listing.count(of: part)
            switch part {
            case .warnings:
                partLabel.text =
                    trn("%{count} warning", "%{count} warnings", count) + " · "
                    + tr("defects: a check fails on them")
            case .notes:
                partLabel.text =
                    trn("%{count} note", "%{count} notes", count) + " · "
                    + tr("hints: a check passes with them")
            }
        case .file(let index):
            let group = listing.groups[index]
            findingBox.isVisible = false
            fileLabel.setMarkup(
                "<b>\(CodeMarkup.escape(group.displayPath))</b>  <span alpha=\"60%\">"
                    + CodeMarkup.escape(trn("%{count} finding", "%{count} findings", group.findings.count))
                    + "</span>")
            fileLabel.setAccessibleLabel(
                tr(
                    "%{path}, %{findings}",
                    [
                        "path": group.displayPath,
                        "findings": trn("%{count} finding", "%{count} findings", group.findings.count),
                    ]))
        case .finding(let index):
            // Hidden, not only empty: a screen reader would meet a label without a name.
            fileLabel.text = ""
            fileLabel.isVisible = false
            findingBox.isVisible = true
            show(listing.report.findings[index])
        }
    }

    /// Shows a finding's why and fix in two labels, each read once by a screen reader (the
    /// row and the Check side panel).
    static func show(why finding: Finding, in whyLabel: Label, fix fixLabel: Label) {
        whyLabel.setMarkup("<b>" + CodeMarkup.escape(tr("Why:")) + "</b> " + CodeMarkup.escape(finding.why))
        whyLabel.setAccessibleLabel(tr("Why: %{text}", ["text": finding.why]))
        fixLabel.setMarkup("<b>" + CodeMarkup.escape(tr("Fix:")) + "</b> " + CodeMarkup.escape(finding.fix))
        fixLabel.setAccessibleLabel(tr("Fix: %{text}", ["text": finding.fix]))
    }

    /// A finding's SPEC rows and the lab's page, strategy and fix that show it live.
    static func specText(_ finding: Finding) -> String {
        guard let live = finding.live else { return tr("The lab has no page that shows this one.") }
        return tr(
            "SPEC %{rows} · seen live on the %{page} page as %{strategy}, fixed by %{fix}",
            [
                "rows": finding.spec.joined(separator: ", "), "page": live.pageDescriptor?.title ?? live.page,
                "strategy": live.strategy, "fix": live.fix,
            ])
    }

    private func show(_ finding: Finding) {
        for severity in Severity.allCases { severityLabel.removeCssClass(severity.rawValue) }
        // An error, where the configuration makes a rule one, looks as a warning does.
        severityLabel.addCssClass(finding.severity.fails ? Severity.warning.rawValue : Severity.note.rawValue)
        severityLabel.text =
            switch finding.severity {
            case .error: tr("error")
            case .warning: tr("warning")
            case .note: tr("note")
            }
        ruleLabel.text = finding.rule.rawValue
        locationLabel.text = tr("line %{line}, column %{column}", ["line": finding.line, "column": finding.column])
        messageLabel.setMarkup("<b>\(CodeMarkup.escape(finding.message))</b>")
        messageLabel.setAccessibleLabel(finding.message)
        excerptLabel.setMarkup(Self.excerptMarkup(finding.excerpt, marking: finding.line))
        // Read as the marked line alone: the whole excerpt, gutter and all, is noise when spoken.
        let marked = finding.excerpt.numberedLines.first { $0.number == finding.line }.map { String($0.text) } ?? ""
        excerptLabel.setAccessibleLabel(
            tr("Code at line %{line}: %{text}", ["line": finding.line, "text": String(marked.drop { $0 == " " })]))
        Self.show(why: finding, in: whyLabel, fix: fixLabel)
        specLabel.text = Self.specText(finding)
        guard let live = finding.live else {
            showLiveButton.isVisible = false
            compareButton.isVisible = false
            return
        }
        showLiveButton.isVisible = true
        let page = live.pageDescriptor
        showLiveButton.isSensitive = page != nil
        showLiveButton.setAccessibleLabel(
            tr(
                "Show %{strategy} live on the %{page} page",
                ["strategy": live.strategy, "page": page?.title ?? live.page]))
        showLiveButton.tooltip =
            page == nil
            ? tr("This version of the lab has no page called %{page}", ["page": live.page])
            : tr(
                "Switches to the %{page} page with %{strategy}, the repro of this mistake",
                [
                    "page": page?.title ?? live.page, "strategy": live.strategy,
                ])
        compareButton.isVisible = live.toastComparison != nil
        compareButton.setAccessibleLabel(
            tr("Compare %{strategy} with its fix %{fix}", ["strategy": live.strategy, "fix": live.fix]))
        compareButton.tooltip = tr(
            "Opens the compare window: %{strategy} beside %{fix}, the same presses on both",
            [
                "strategy": live.strategy, "fix": live.fix,
            ])
    }

    /// The excerpt as Pango markup: a gutter of line numbers, the finding's line marked with ▸
    /// on the code panel's highlight band.
    package static func excerptMarkup(_ excerpt: Excerpt, marking line: Int) -> String {
        let lines = excerpt.numberedLines
        let digits = String(lines.last?.number ?? 0).count
        return lines.map { number, text in
            let numeral = String(number)
            let gutter = String(repeating: " ", count: max(0, digits - numeral.count)) + numeral
            guard number == line else {
                return
                    "<span alpha=\"55%\">\(CodeMarkup.escape(gutter + "   "))</span>\(CodeMarkup.escape(String(text)))"
            }
            return "<span background=\"\(CodeMarkup.keyBackground)\" bgalpha=\"\(CodeMarkup.keyAlpha)\">"
                + CodeMarkup.escape(gutter + " ▸ " + text) + "</span>"
        }.joined(separator: "\n")
    }
}
