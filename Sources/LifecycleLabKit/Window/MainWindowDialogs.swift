import Gettext
import Gtk
import LabModel

/// The main window's two small windows, Keyboard Shortcuts and About, each built on first use
/// and hidden (not destroyed) when closed.
@MainActor
final class MainWindowDialogs {
    private unowned let parent: Window
    private let renderer: RendererChoice?
    private var shortcutsWindow: Window?
    private var aboutWindow: Window?

    /// Dialogs over `parent`; About names `renderer`.
    init(parent: Window, renderer: RendererChoice?) {
        self.parent = parent
        self.renderer = renderer
    }

    /// Destroys the dialogs (shutdown).
    func close() {
        shortcutsWindow?.destroy()
        aboutWindow?.destroy()
    }

    /// Keyboard Shortcuts: Ctrl+1 … 9 for each page's strategies, Ctrl+? and Ctrl+Q.
    func showShortcuts() {
        presentDialog(\.shortcutsWindow, title: tr("Keyboard Shortcuts"), spacing: 6, margins: 18) { box in
            var rows = [("Ctrl+1 … 9", tr("Strategy 1 … 9 of the page shown, as the menu lists them:"))]
            for page in LabPages.withScenario {
                let ids = page.strategies.map(\.rawValue)
                rows.append(
                    (
                        "",
                        "\(page.title): "
                            + ids.enumerated().map { "Ctrl+\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
                    ))
            }
            rows.append(("Ctrl+?", tr("Keyboard shortcuts")))
            rows.append(("Ctrl+Q", tr("Quit (cancels every running task first)")))
            for (keys, what) in rows {
                let key = Label(keys)
                key.widthChars = 8
                key.xalign = 0
                key.addCssClass("dim-label")
                let text = Label(what)
                text.xalign = 0
                box.append(PageKit.row([key, text], spacing: 18))
            }
        }
    }

    /// About: name, version, what the app is for, GTK's version, the app ID and the renderer.
    func showAbout() {
        presentDialog(\.aboutWindow, title: tr("About Lifecycle Lab"), spacing: 8, margins: 24) { box in
            let name = Label()
            name.setMarkup("<big><b>Lifecycle Lab</b></big>")
            let version = Label(tr("Version %{version}", ["version": LabApp.version]))
            let text = Label(
                tr(
                    "See how view-lifecycle-bound async tasks start, get cancelled and leak: SwiftUI's onAppear, onDisappear, .task, .task(id:) and scene phase, fed by real GTK widgets."
                ))
            text.wraps = true
            text.widthChars = 40
            let gtk = GtkRuntime.version
            var facts = [
                "GTK \(gtk.major).\(gtk.minor).\(gtk.micro)", tr("app ID %{id}", ["id": LabApp.applicationID]),
            ]
            if let renderer { facts.append(renderer.summary) }
            let details = Label(facts.joined(separator: " · "))
            details.wraps = true
            details.widthChars = 40
            details.addCssClass("dim-label")
            for label in [name, version, text, details] { box.append(label) }
        }
    }

    /// Presents the dialog kept at `slot`, building it on first use: a window over the main one
    /// that hides on close, holding a vertical box that `fill` gives its content.
    private func presentDialog(
        _ slot: ReferenceWritableKeyPath<MainWindowDialogs, Window?>, title: String, spacing: Int, margins: Int,
        fill: (Box) -> Void
    ) {
        if let dialog = self[keyPath: slot] {
            dialog.present()
            return
        }
        let dialog = Window(title: title)
        dialog.setTransient(for: parent)
        dialog.hidesOnClose = true
        let box = Box(.vertical, spacing: spacing)
        box.setMargins(margins)
        fill(box)
        dialog.child = box
        self[keyPath: slot] = dialog
        dialog.present()
    }
}
