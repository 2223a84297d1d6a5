internal import CGtk

/// A virtualized list of rows drawn by Swift. Wraps `GtkListView` over a `GtkStringList` of
/// row IDs with a `GtkSignalListItemFactory`.
///
/// The model holds only row IDs (strings); GTK creates row widgets for the visible rows only
/// (`setup`) and asks Swift to fill one with a row's content whenever it shows that row
/// (`bind`), so 10 000 rows cost 10 000 short strings, not 10 000 widgets.
///
/// ```swift
/// let list = ListView(
///     setup: { Label() },                                  // ListView<Label>
///     bind: { label, id, _ in label.text = panel.rowText(id) })
/// list.setRows(["1", "2", "3"])
/// list.reloadRow(id: "2")        // the row's content changed: bind runs again
/// ```
/// The closures are held by the factory (released by destroy notifies when the list view is
/// finalized); do not capture the `ListView` itself strongly in them.
@MainActor
public final class ListView<Row: Widget>: Widget {
    private let rows: RowStore<Row>
    private let model: OpaquePointer  // GtkStringList, owned by the selection model
    /// The `GtkSingleSelection` when rows can be selected, else `nil` (a `GtkNoSelection`).
    private let singleSelection: OpaquePointer?

    /// Wraps `gtk_list_view_new(gtk_no_selection_new(gtk_string_list_new()), factory)`, or
    /// with `selectsOne`, over `gtk_single_selection_new` (nothing selected until a click, a key
    /// or ``selectedPosition`` selects a row; a click on a selected row keeps it).
    /// - Parameters:
    ///   - selectsOne: whether one row at a time can be selected.
    ///   - setup: makes an empty row widget (called for as many rows as are visible).
    ///   - bind: fills a row widget for the row with `id` at `position`.
    public init(
        selectsOne: Bool = false,
        setup: @escaping @MainActor () -> Row,
        bind: @escaping @MainActor (_ row: Row, _ id: String, _ position: Int) -> Void
    ) {
        GtkRuntime.requireInitialized("ListView.init")
        let rows = RowStore<Row>()
        self.rows = rows
        let strings = gtk_string_list_new(nil)!
        model = strings
        // Both `new` functions take ownership of their arguments; keep our own reference to
        // the string list first (released in deinit).
        g_object_ref(UnsafeMutableRawPointer(strings))
        let selection: OpaquePointer
        if selectsOne {
            let single = gtk_single_selection_new(strings)!
            gtk_single_selection_set_autoselect(single, 0)
            gtk_single_selection_set_can_unselect(single, 0)
            selection = single
            singleSelection = single
        } else {
            selection = gtk_no_selection_new(strings)!
            singleSelection = nil
        }
        let factory = gtk_signal_list_item_factory_new()!
        let factoryObject = UnsafeMutableRawPointer(factory)
        let view = gtk_list_view_new(selection, factory)!
        super.init(sinking: UnsafeMutableRawPointer(view))

        // Factory handlers live as long as the factory; the factory's disposal releases them.
        _ = connectSignal(
            factoryObject, "setup",
            ClosureBox<TwoPointerBody> { item, _ in
                guard let item else { return }
                let widget = setup()
                gtk_list_item_set_child(OpaquePointer(item), widget.widget)
                rows.widgets[item] = widget
            }, cFunction(twoPointerTrampolineFactory))
        _ = connectSignal(
            factoryObject, "bind",
            ClosureBox<TwoPointerBody> { item, _ in
                guard let item, let widget = rows.widgets[item] else { return }
                let listItem = OpaquePointer(item)
                let position = Int(gtk_list_item_get_position(listItem))
                guard let object = gtk_list_item_get_item(listItem) else { return }
                let id = String(cString: gtk_string_object_get_string(OpaquePointer(object)))
                bind(widget, id, position)
            }, cFunction(twoPointerTrampolineFactory))
        _ = connectSignal(
            factoryObject, "teardown",
            ClosureBox<TwoPointerBody> { item, _ in
                guard let item else { return }
                rows.widgets[item] = nil
            }, cFunction(twoPointerTrampolineFactory))
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(model))
    }

    /// The row IDs, in order (kept in Swift beside the `GtkStringList` model, which holds the same).
    public var rowIDs: [String] { rows.ids }
    /// Number of rows (kept in Swift beside the `GtkStringList`; equals its
    /// `g_list_model_get_n_items`).
    public var count: Int { rows.ids.count }
    /// Number of row widgets GTK created (visible rows plus a margin): shows virtualization.
    /// Counts the factory's `setup` calls not yet matched by `teardown`.
    public var rowWidgetCount: Int { rows.widgets.count }

    /// The selected row's position, or `nil` when none is (or rows cannot be selected).
    /// Wraps `gtk_single_selection_get_selected` / `gtk_single_selection_set_selected`.
    public var selectedPosition: Int? {
        get {
            guard let singleSelection else { return nil }
            let position = gtk_single_selection_get_selected(singleSelection)
            return position == guint.max ? nil : Int(position)
        }
        set {
            guard let singleSelection else { return }
            gtk_single_selection_set_selected(singleSelection, newValue.map { guint($0) } ?? guint.max)
        }
    }

    /// Calls `body` when another row is selected, or none. Wraps
    /// `notify::selected` of the `GtkSingleSelection`; nothing happens for a list made without
    /// ``init(selectsOne:setup:bind:)``'s `selectsOne`.
    @discardableResult
    public func onSelectionChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection? {
        guard let singleSelection else { return nil }
        return connectNotify(UnsafeMutableRawPointer(singleSelection), "selected", body)
    }

    /// Replaces all rows. Wraps `gtk_string_list_splice`.
    public func setRows(_ ids: [String]) {
        splice(at: 0, removing: rows.ids.count, inserting: ids)
    }
    /// Appends a row. Wraps `gtk_string_list_append`.
    public func append(_ id: String) { splice(at: rows.ids.count, removing: 0, inserting: [id]) }
    /// Inserts a row at `index`. Wraps `gtk_string_list_splice`.
    public func insert(_ id: String, at index: Int) { splice(at: index, removing: 0, inserting: [id]) }
    /// Removes the row at `index`. Wraps `gtk_string_list_splice`.
    public func remove(at index: Int) { splice(at: index, removing: 1, inserting: []) }
    /// Removes the row with `id`, if present. Wraps `gtk_string_list_splice`.
    public func remove(id: String) {
        if let index = rows.ids.firstIndex(of: id) { remove(at: index) }
    }
    /// Makes GTK bind the row at `index` again (its content changed): the model emits
    /// `items-changed(index, 1, 1)`. Wraps `gtk_string_list_splice`.
    public func reloadRow(at index: Int) { splice(at: index, removing: 1, inserting: [rows.ids[index]]) }
    /// Rebinds the row with `id`, if present (`items-changed`, as ``reloadRow(at:)``).
    public func reloadRow(id: String) {
        if let index = rows.ids.firstIndex(of: id) { reloadRow(at: index) }
    }
    /// Rebinds every row (only visible rows cost anything). Wraps `gtk_string_list_splice`.
    public func reloadAll() { setRows(rows.ids) }
    /// Scrolls as little as needed to show the row at `index`. Activates GtkListBase's
    /// `list.scroll-to-item` action (`gtk_widget_activate_action_variant`).
    public func scrollTo(index: Int) {
        precondition(index >= 0 && index < count, "Gtk.ListView.scrollTo: row \(index) out of range 0..<\(count)")
        _ = gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
    }

    private func splice(at index: Int, removing count: Int, inserting ids: [String]) {
        precondition(
            index >= 0 && index + count <= rows.ids.count,
            "Gtk.ListView: rows \(index)..<\(index + count) out of range 0..<\(rows.ids.count)")
        rows.ids.replaceSubrange(index..<(index + count), with: ids)
        withCStringArray(ids) { gtk_string_list_splice(model, guint(index), guint(count), $0) }
    }
}

@MainActor
private final class RowStore<Row: Widget> {
    var ids: [String] = []
    var widgets: [UnsafeMutableRawPointer: Row] = [:]
}

/// (factory, list_item, user_data) → void, passing the list item as the first pointer.
private let twoPointerTrampolineFactory:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        _, item, data in
        let box = ClosureBox<TwoPointerBody>.from(data)
        // Safe: used synchronously on this (the main) thread inside `assumeIsolated`; the pointer
        // never crosses a thread.
        nonisolated(unsafe) let item = item
        MainActor.assumeIsolated { box.body?(item, nil) }
    }
