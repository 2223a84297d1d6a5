internal import CGtk

/// Lets files and folders be dropped on a widget (from a file manager, say). Wraps
/// `GtkDropTarget` for `GDK_TYPE_FILE_LIST` with the copy action; GTK shows the drop
/// highlight (`:drop(active)`) while a drag hovers the widget.
///
/// ```swift
/// let target = FileDropTarget(on: page)
/// target.onDrop { paths in open(paths); return true }
/// ```
@MainActor
public final class FileDropTarget: Object {
    /// Adds a drop target to `widget`, which keeps it. Wraps `gtk_drop_target_new` and
    /// `gtk_widget_add_controller`.
    /// - Parameter widget: the widget files are dropped on.
    public init(on widget: Widget) {
        let target = gtk_drop_target_new(cg_file_list_type(), GDK_ACTION_COPY)!
        super.init(UnsafeMutableRawPointer(target), .adoptFull)
        g_object_ref(raw)  // the widget's reference; ours stays with this wrapper
        gtk_widget_add_controller(widget.widget, OpaquePointer(raw))
    }

    /// Calls `body` with the local paths of the dropped files and folders (a file with no local
    /// path is left out); it returns whether it took them. Wraps `GtkDropTarget::drop`.
    /// - Parameter body: takes the paths; returns whether the drop was accepted.
    @discardableResult
    public func onDrop(_ body: @escaping @MainActor ([String]) -> Bool) -> SignalConnection {
        let handler: DropBody = { value in
            guard let array = cg_file_list_paths(value) else { return body([]) }
            defer { g_strfreev(array) }
            var paths: [String] = []
            var index = 0
            while let path = array[index] {
                paths.append(String(cString: path))
                index += 1
            }
            return body(paths)
        }
        return connectSignal(raw, "drop", ClosureBox<DropBody>(handler), cFunction(dropTrampoline))
    }

    /// Emits `drop` with these files, as GTK does when they are dropped on the widget at
    /// (`x`, `y`): the handlers get a real `GdkFileList` value. For tests and for a drop that
    /// arrives another way. Wraps `g_signal_emit_by_name(target, "drop", …)`.
    /// - Parameters:
    ///   - paths: the dropped files and folders.
    ///   - x: where, in the widget.
    ///   - y: where, in the widget.
    /// - Returns: whether a handler took the drop.
    @discardableResult
    public func emitDrop(paths: [String], x: Double = 1, y: Double = 1) -> Bool {
        withCStringArray(paths) { array in cg_drop_target_emit_files(OpaquePointer(raw), array, x, y) != 0 }
    }
}

private typealias DropBody = @MainActor (UnsafePointer<GValue>?) -> Bool

/// (target, const GValue *value, double x, double y, user_data) → gboolean
private let dropTrampoline:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<GValue>?, Double, Double, UnsafeMutableRawPointer?) ->
        gboolean = { _, value, _, _, data in
            let box = ClosureBox<DropBody>.from(data)
            // Safe: used synchronously on this (the main) thread inside `assumeIsolated`.
            nonisolated(unsafe) let value = value
            return MainActor.assumeIsolated { (box.body?(value) ?? false) ? 1 : 0 }
        }
