import Gettext
package import Gtk
package import LabModel

/// The code beside a strategy, in two cards a page places itself: the SwiftUI it stands for
/// (``swiftUICard``, narrow, beside the page's live view as in Xcode's canvas) and the Swift
/// that runs here (``runningCard``, wide), taken from the lab model's source when it was built
/// (``StrategyCode``). Monospace, with the lines that decide the outcome on a highlight band.
/// A page calls ``show(_:)`` with its strategy's code at every switch.
///
/// The cards are filled after the first frame they are on screen in, not before: some fifty
/// lines of monospace text cost the first frame of the app (`app.startup`) a few milliseconds
/// of text shaping, for a panel read after the page has appeared. After that a switch fills
/// them at once.
///
/// ```swift
/// let code = CodePanel()
/// row.append(code.swiftUICard)
/// page.append(code.runningCard)
/// code.show(ToastStrategyID.t1.code)
/// ```
@MainActor
package final class CodePanel {
    /// The SwiftUI shape, with its caption.
    let swiftUICard = Box(.vertical, spacing: 4)
    /// The Swift that runs, one block per region of the source, with its caption; it scrolls
    /// both ways and takes the page's spare height.
    let runningCard = Box(.vertical, spacing: 4)
    /// The SwiftUI shape's text.
    let swiftUILabel = Label()
    /// The running code's text.
    let runningLabel = Label()
    /// The running code's scroller (its text is taller than the card).
    package let runningScroller = ScrolledWindow()
    /// The code shown (`nil` until the cards are filled).
    package private(set) var code: StrategyCode?
    /// The code to show once the cards have been on screen for a frame.
    private var requested: StrategyCode?
    private var isReady = false
    /// The markup of the SwiftUI shape and of the running code, as set on the labels.
    package private(set) var markup: (swiftUI: String, running: String) = ("", "")

    init() {
        for card in [swiftUICard, runningCard] {
            card.addCssClass("card")
            card.addCssClass("panel")
        }
        for label in [swiftUILabel, runningLabel] {
            label.xalign = 0
            label.valign = .start
            label.isSelectable = true
            label.addCssClass("code-view")
        }

        swiftUICard.append(
            Self.caption(
                "SwiftUI", detail: tr("as the seed writes it"), accessibleLabel: tr("SwiftUI the strategy stands for")))
        swiftUILabel.setMargins(top: 0, bottom: 10, start: 10, end: 12)
        swiftUICard.append(swiftUILabel)

        runningCard.append(
            Self.caption(
                tr("Runs here"),
                detail: tr("the lab's own Swift, from its source · highlighted: the lines that decide the outcome"),
                accessibleLabel: tr("Swift that runs in the lab")))
        runningLabel.setMargins(top: 0, bottom: 10, start: 10, end: 12)
        runningScroller.child = runningLabel
        runningScroller.vexpand = true
        runningScroller.minContentHeight = 150
        runningCard.append(runningScroller)

        swiftUICard.onMap { [weak self] in
            guard let self, !self.isReady else { return }
            self.swiftUICard.onFirstFramePainted { [weak self] in
                guard let self else { return }
                self.isReady = true
                if let requested = self.requested { self.show(requested) }
            }
        }
    }

    /// A card's caption: a bold word and a dimmed detail.
    private static func caption(_ title: String, detail: String, accessibleLabel: String) -> Label {
        let label = Label()
        label.setMarkup("<b>\(CodeMarkup.escape(title))</b>  <span alpha=\"65%\">\(CodeMarkup.escape(detail))</span>")
        label.xalign = 0
        label.wraps = true
        label.setMargins(top: 8, bottom: 0, start: 10, end: 10)
        label.setAccessibleLabel(accessibleLabel)
        return label
    }

    /// The text the SwiftUI card shows (markup parsed: what a person reads).
    package var swiftUIText: String { swiftUILabel.text }
    /// The text the running-code card shows.
    package var runningText: String { runningLabel.text }
    /// How many lines each card highlights.
    package var highlightedLineCounts: (swiftUI: Int, running: Int) {
        (CodeMarkup.highlightedLines(markup.swiftUI), CodeMarkup.highlightedLines(markup.running))
    }
    /// Whether both cards are on screen.
    package var isMapped: Bool { swiftUICard.isMapped && runningCard.isMapped }

    /// Shows `code` in both cards: now if they have been on screen, else after their first frame.
    func show(_ code: StrategyCode) {
        requested = code
        guard isReady, code != self.code else { return }
        self.code = code
        markup = (
            CodeMarkup.markup([code.swiftUI], captions: false, numbers: false),
            CodeMarkup.markup(code.running, captions: true, numbers: true)
        )
        swiftUILabel.setMarkup(markup.swiftUI)
        runningLabel.setMarkup(markup.running)
        swiftUILabel.setAccessibleLabel(tr("SwiftUI shape of %{strategy}", ["strategy": code.strategy]))
        runningLabel.setAccessibleLabel(tr("Swift that runs for %{strategy}", ["strategy": code.strategy]))
    }
}
