internal import CGtk

/// The system's chooser for one file or one folder, shown over a window and awaited. Wraps
/// `GtkFileDialog` (GTK 4.10 and later) or `GtkFileChooserNative` (GTK 4.8, which has no
/// `GtkFileDialog`; GTK 4.10 deprecates it), chosen by the GTK the app was built against.
///
/// ```swift
/// let chooser = FileChooser(kind: .folder, title: "Open Folder", acceptLabel: "Open")
/// if let path = await chooser.choose(over: window) { open(path) }
/// ```
/// One chooser shows at most one dialog at a time; ``cancel()`` closes it without an answer.
@MainActor
public final class FileChooser {
    /// What the chooser picks.
    public enum Kind: Sendable {
        /// One Swift file (`*.swift`).
        case swiftFile
        /// One folder.
        case folder
    }

    /// What it picks.
    public let kind: Kind
    /// The dialog's title.
    public var title: String
    /// The accept button's label ("Open").
    public var acceptLabel: String
    /// The name of the file type filter ("Swift files"), for ``Kind/swiftFile``.
    public var filterName: String
    private var choice: UnsafeMutablePointer<CgFileChoice>?

    /// A chooser; nothing is shown until ``choose(over:)``.
    /// - Parameters:
    ///   - kind: a Swift file or a folder.
    ///   - title: the dialog's title.
    ///   - acceptLabel: the accept button's label.
    ///   - filterName: the name of the file type filter, for a file.
    public init(kind: Kind, title: String, acceptLabel: String, filterName: String = "Swift") {
        self.kind = kind
        self.title = title
        self.acceptLabel = acceptLabel
        self.filterName = filterName
    }

    /// Whether its dialog is shown now.
    public var isShown: Bool { choice != nil }

    /// Shows the dialog over `parent` (modal) and waits, without blocking the main loop, for
    /// the person's answer. Wraps `gtk_file_dialog_open` / `gtk_file_dialog_select_folder` or
    /// `gtk_native_dialog_show`.
    /// - Parameter parent: the window the dialog belongs to.
    /// - Returns: the chosen path, or `nil` when dismissed or cancelled (also when a dialog of
    ///   this chooser is shown already).
    public func choose(over parent: Window?) async -> String? {
        guard choice == nil else { return nil }
        return await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            let box = ClosureBox<ChosenBody> { [weak self] path in
                self?.choice = nil
                continuation.resume(returning: path)
            }
            choice = cg_file_choice_open(
                parent?.window, title, acceptLabel, filterName, kind == .folder ? 1 : 0, chosenCallback,
                box.retainForGLib())
        }
    }

    /// Closes the dialog without an answer (``choose(over:)`` returns `nil`). Wraps
    /// `g_cancellable_cancel` or `gtk_native_dialog_hide`.
    public func cancel() {
        guard let choice else { return }
        cg_file_choice_cancel(choice)
    }
}

private typealias ChosenBody = @MainActor (String?) -> Void

/// The shim's `cg_chosen_fn`: the chosen path (freed here) or NULL; releases the box.
private let chosenCallback: @convention(c) (UnsafeMutablePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = {
    path, data in
    let text = path.map { String(cString: $0) }
    g_free(path)
    let box = ClosureBox<ChosenBody>.from(data)
    MainActor.assumeIsolated { box.body?(text) }
    GLibClosureBox.releaseFromGLib(data)
}
