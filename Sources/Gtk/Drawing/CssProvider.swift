internal import CGtk

/// A CSS parsing or loading error, naming the file and position. Made from the `GError` and
/// `GtkCssSection` of `GtkCssProvider::parsing-error`.
public struct CssError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file (path) or, for CSS loaded from a string, the name given to ``CssProvider/load(css:name:)``.
    public var file: String
    /// 1-based line, 0 when unknown (e.g. the file could not be read).
    public var line: Int
    /// 1-based column, 0 when unknown.
    public var column: Int
    /// GTK's message (the `GError` message).
    public var message: String

    /// `file:line:column: message`, as compilers print errors (`file: message` without a line).
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}

/// Style sheets. Wraps `GtkCssProvider`.
///
/// ```swift
/// let css = CssProvider()
/// try css.load(path: "resources/style.css")   // throws CssError naming the file and line
/// css.addToDefaultDisplay()
/// ```
/// GTK reports parse errors through `parsing-error` rather than a `GError`; each load collects
/// them and throws the first. The wrapper owns the reference `gtk_css_provider_new` returned.
@MainActor
public final class CssProvider: Object {
    /// Wraps `gtk_css_provider_new`.
    public init() { super.init(UnsafeMutableRawPointer(gtk_css_provider_new()!), .adoptFull) }

    /// Loads CSS text. Wraps `gtk_css_provider_load_from_string` (GTK 4.12+; `…_from_data` before).
    /// - Throws: the first ``CssError``, with `file` set to `name`.
    public func load(css: String, name: String = "<data>") throws(CssError) {
        try collectingErrors(defaultFile: name) {
            cg_css_provider_load_string(c(), css, gssize(css.utf8.count))
        }
    }

    /// Loads a CSS file. Wraps `gtk_css_provider_load_from_path`.
    /// - Throws: the first ``CssError``: unreadable file, or a parse error with its line.
    public func load(path: String) throws(CssError) {
        try collectingErrors(defaultFile: path) { gtk_css_provider_load_from_path(c(), path) }
    }

    /// Applies the provider to every widget of the default display at application priority.
    /// Wraps `gtk_style_context_add_provider_for_display`.
    public func addToDefaultDisplay() {
        guard let display = gdk_display_get_default() else { return }
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(raw),
            guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// Stops applying the provider to the default display's widgets.
    /// Wraps `gtk_style_context_remove_provider_for_display`.
    public func removeFromDefaultDisplay() {
        guard let display = gdk_display_get_default() else { return }
        gtk_style_context_remove_provider_for_display(display, OpaquePointer(raw))
    }

    private func collectingErrors(defaultFile: String, _ load: () -> Void) throws(CssError) {
        var errors: [CssError] = []
        let connection = connectTwoPointers("parsing-error") { section, error in
            var file = defaultFile
            var line = 0
            var column = 0
            if let section {
                let section = OpaquePointer(section)
                if let gfile = gtk_css_section_get_file(section), let path = g_file_get_path(gfile) {
                    file = String(cString: path)
                    g_free(path)
                }
                if let start = gtk_css_section_get_start_location(section) {
                    line = Int(start.pointee.lines) + 1
                    column = Int(start.pointee.line_chars) + 1
                }
            }
            let message =
                error.map { String(cString: $0.assumingMemoryBound(to: GError.self).pointee.message) }
                ?? "unknown error"
            errors.append(CssError(file: file, line: line, column: column, message: message))
        }
        load()
        connection.disconnect()
        if let first = errors.first { throw first }
    }
}
