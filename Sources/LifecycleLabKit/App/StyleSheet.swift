import Gettext
import Gtk

/// The app's style sheet, resources/style.css.
@MainActor
enum StyleSheet {
    /// Loads it for the default display. A missing or broken file is reported with its name, and
    /// the app goes on unstyled.
    static func load() {
        guard let path = Resources.path(of: "style.css") else {
            writeStandardError(
                "lifecycle-lab: "
                    + tr(
                        "warning: style sheet style.css not found (looked in %{folders}); going on without it",
                        ["folders": Resources.searchPath.joined(separator: ", ")]) + "\n"
            )
            return
        }
        let provider = CssProvider()
        do {
            try provider.load(path: path)
            provider.addToDefaultDisplay()
        } catch {
            writeStandardError(
                "lifecycle-lab: " + tr("warning: style sheet %{error}; going on without it", ["error": error]) + "\n")
        }
    }
}
