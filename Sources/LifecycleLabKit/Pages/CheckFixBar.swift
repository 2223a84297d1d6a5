import Gettext
package import Gtk
package import LabModel
import LifecycleCheckReport

/// *Show fix* and *Apply fix…* for the finding the Check page's side panel explains, when the
/// checker gives it a fix: the diff against the file as it is now, a confirmation before the
/// write, and *Undo* for the last fix written in this session. A file changed since the check
/// is refused (``FindingFix``), never overwritten.
///
/// After a write or an undo ``onFileChanged`` runs (the page checks again, so the findings
/// match the file); the undo stays offered across that check.
@MainActor
package final class CheckFixBar {
    package let root = Box(.vertical, spacing: 6)
    package let showFixButton = PageKit.button(tr("Show fix"))
    package let applyFixButton = PageKit.button(tr("Apply fix…"))
    /// The fix as a unified diff, shown by *Show fix*.
    package let diffLabel = PageKit.text()
    /// "Write this fix to Toast.swift?", with *Write* and *Cancel*.
    package let confirmLabel = PageKit.text()
    package let writeButton = PageKit.button(tr("Write"))
    package let cancelButton = PageKit.button(tr("Cancel"))
    /// What the last write or undo did, or why it was refused.
    package let statusLabel = PageKit.text()
    package let undoButton = PageKit.button(tr("Undo"))
    /// Runs after the file was written or put back.
    var onFileChanged: (@MainActor () -> Void)?

    private let actions: Box
    private let confirmRow: Box
    private var fix: FindingFix?
    /// The last fix written, until it is undone.
    package private(set) var applied: AppliedFix?

    init() {
        actions = PageKit.row([showFixButton, applyFixButton])
        confirmRow = PageKit.row([writeButton, cancelButton])
        diffLabel.addCssClass("monospace")
        diffLabel.wrapsInsideWords = true
        diffLabel.isSelectable = true
        writeButton.addCssClass("destructive-action")
        showFixButton.tooltip = tr("Show the change the fix makes to the file")
        applyFixButton.tooltip = tr("Write the fix to the file, after you confirm it")
        for widget: Widget in [actions, diffLabel, confirmLabel, confirmRow, statusLabel, undoButton] {
            root.append(widget)
        }
        undoButton.halign = .start
        showFixButton.onClicked { [weak self] in self?.toggleDiff() }
        applyFixButton.onClicked { [weak self] in self?.askToWrite() }
        writeButton.onClicked { [weak self] in self?.write() }
        cancelButton.onClicked { [weak self] in self?.setConfirming(false) }
        undoButton.onClicked { [weak self] in self?.undo() }
        show(nil)
    }

    /// Offers the fix of `finding` (nothing for a finding without one, or none selected).
    func show(_ finding: FindingFix?) {
        fix = finding
        actions.isVisible = finding != nil
        diffLabel.isVisible = false
        showFixButton.label = tr("Show fix")
        setConfirming(false)
        if finding != nil || applied == nil { statusLabel.text = "" }
        statusLabel.isVisible = !statusLabel.text.isEmpty
        undoButton.isVisible = applied != nil
    }

    private func toggleDiff() {
        guard let fix else { return }
        if diffLabel.isVisible {
            diffLabel.isVisible = false
            showFixButton.label = tr("Show fix")
            return
        }
        switch fix.diff() {
        case .success(let diff):
            diffLabel.setMarkup(Self.markup(diff: diff))
            diffLabel.setAccessibleLabel(diff.hasSuffix("\n") ? String(diff.dropLast()) : diff)
        case .failure(let refusal):
            diffLabel.text = Self.explain(refusal)
        }
        diffLabel.isVisible = true
        showFixButton.label = tr("Hide fix")
    }

    private func askToWrite() {
        guard let fix else { return }
        let values: KeyValuePairs<String, any CustomStringConvertible> = [
            "file": fix.displayPath, "description": fix.fixIt.description,
        ]
        // A note's fix cannot know whether the work must finish though the view goes.
        confirmLabel.text =
            fix.fixIt.isSafe
            ? tr("Write this fix to %{file}? %{description}", values)
            : tr(
                "Write this fix to %{file}? %{description} It stops the work when the view goes: write it only if the work need not finish.",
                values)
        setConfirming(true)
    }

    private func setConfirming(_ confirming: Bool) {
        confirmLabel.isVisible = confirming
        confirmRow.isVisible = confirming
        applyFixButton.isSensitive = !confirming
    }

    private func write() {
        setConfirming(false)
        guard let fix else { return }
        switch fix.apply() {
        case .success(let done):
            applied = done
            report(tr("Fixed %{file}. Checking it again…", ["file": done.displayPath]))
            onFileChanged?()
        case .failure(let refusal):
            report(tr("Not written: %{reason}", ["reason": Self.explain(refusal)]))
        }
    }

    private func undo() {
        guard let applied else { return }
        if let refusal = applied.undo() {
            report(tr("Not undone: %{reason}", ["reason": Self.explain(refusal)]))
            return
        }
        self.applied = nil
        report(tr("%{file} is as it was before the fix. Checking it again…", ["file": applied.displayPath]))
        onFileChanged?()
    }

    private func report(_ text: String) {
        statusLabel.text = text
        statusLabel.isVisible = true
        undoButton.isVisible = applied != nil
    }

    /// The diff with its removed lines red and its added lines green (GNOME's palette, legible
    /// in light and dark).
    static func markup(diff: String) -> String {
        diff.split(whereSeparator: \.isNewline).map { line in
            let text = CodeMarkup.escape(String(line))
            switch line.first {
            case "-" where !line.hasPrefix("---"): return "<span foreground=\"#e01b24\">\(text)</span>"
            case "+" where !line.hasPrefix("+++"): return "<span foreground=\"#26a269\">\(text)</span>"
            default: return text
            }
        }.joined(separator: "\n")
    }

    /// A refusal in the person's words.
    static func explain(_ refusal: FixFile.Refusal) -> String {
        switch refusal.reason {
        case FixFile.changedSinceChecked: tr("the file changed since the check; check it again first.")
        case "changed since the fix was written": tr("the file changed since the fix was written.")
        case "read-only": tr("the file is read-only.")
        case "owned by another user": tr("the file belongs to another user.")
        case "has other hard links": tr("the file has other hard links, which would keep the old text.")
        default: refusal.reason
        }
    }
}
