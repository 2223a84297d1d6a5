internal import CGtk

/// Picks one of a list of strings. Wraps `GtkDropDown` over a `GtkStringList`.
@MainActor
public final class DropDown: Widget {
    /// The choices, in order (the strings of its `GtkStringList`).
    public let items: [String]
    /// Wraps `gtk_drop_down_new_from_strings`.
    public init(items: [String]) {
        self.items = items
        let pointer = withCStringArray(items) { gtk_drop_down_new_from_strings($0) }!
        super.init(sinking: UnsafeMutableRawPointer(pointer))
    }
    /// Index of the selected item. Wraps `gtk_drop_down_get_selected` / `set_selected`.
    public var selectedIndex: Int {
        get { Int(gtk_drop_down_get_selected(opaque)) }
        set { gtk_drop_down_set_selected(opaque, guint(newValue)) }
    }
    /// The selected string: ``items`` at `gtk_drop_down_get_selected`.
    public var selectedItem: String? { items.indices.contains(selectedIndex) ? items[selectedIndex] : nil }
    /// Wraps `notify::selected`.
    @discardableResult
    public func onSelectionChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("selected", body)
    }
}
