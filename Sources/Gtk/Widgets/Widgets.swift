internal import CGtk

/// A row or column of children. Wraps `GtkBox`.
@MainActor
public final class Box: Widget {
    /// Wraps `gtk_box_new` (through `g_object_new`, so a role can be given).
    public init(_ orientation: Orientation = .vertical, spacing: Int = 0, accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_box_get_type(), accessibleRole: accessibleRole)
        gtk_orientable_set_orientation(opaque, orientation.c)
        gtk_box_set_spacing(c(), gint(spacing))
    }
    /// Wraps `gtk_box_append`.
    public func append(_ child: Widget) { gtk_box_append(c(), child.widget) }
    /// Wraps `gtk_box_prepend`.
    public func prepend(_ child: Widget) { gtk_box_prepend(c(), child.widget) }
    /// Wraps `gtk_box_remove`; the child is unmapped (lifecycle *disappear*).
    public func remove(_ child: Widget) { gtk_box_remove(c(), child.widget) }
    /// Wraps `gtk_box_set_homogeneous`.
    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(c()) != 0 }
        set { gtk_box_set_homogeneous(c(), newValue ? 1 : 0) }
    }
}

/// A push button. Wraps `GtkButton`.
@MainActor
public final class Button: Widget {
    /// Wraps `gtk_button_new_with_label`.
    public init(_ label: String, accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_button_get_type(), accessibleRole: accessibleRole)
        self.label = label
    }
    /// Wraps `gtk_button_new_from_icon_name`.
    public init(iconName: String, accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_button_get_type(), accessibleRole: accessibleRole)
        gtk_button_set_icon_name(c(), iconName)
    }
    /// Wraps `gtk_button_get_label` / `gtk_button_set_label`.
    public var label: String {
        get { gtk_button_get_label(c()).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(c(), newValue) }
    }
    /// Wraps `GtkButton::clicked`.
    @discardableResult
    public func onClicked(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("clicked", body) }
    /// Clicks the button programmatically: emits `clicked` now, synchronously, even when the
    /// button is not shown. Wraps `g_signal_emit_by_name(button, "clicked")`.
    ///
    /// ``Widget/activate()`` is the keyboard-user path instead: in GTK 4 it plays the press
    /// animation and emits `clicked` about 250 ms later, and only for a realized button.
    public func click() { cg_emit(raw, "clicked") }
}

/// Text. Wraps `GtkLabel`.
@MainActor
public final class Label: Widget {
    /// Wraps `gtk_label_new`.
    public init(_ text: String = "", accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_label_get_type(), accessibleRole: accessibleRole)
        self.text = text
    }
    /// The plain text (markup is not parsed). Wraps `gtk_label_get_text` / `gtk_label_set_text`.
    public var text: String {
        get { String(cString: gtk_label_get_text(opaque)) }
        set { gtk_label_set_text(opaque, newValue) }
    }
    /// Sets Pango markup. Wraps `gtk_label_set_markup`.
    public func setMarkup(_ markup: String) { gtk_label_set_markup(opaque, markup) }
    /// Wraps `gtk_label_set_wrap`.
    public var wraps: Bool {
        get { gtk_label_get_wrap(opaque) != 0 }
        set { gtk_label_set_wrap(opaque, newValue ? 1 : 0) }
    }
    /// Horizontal alignment of the text, 0 (start) … 1 (end). Wraps `gtk_label_set_xalign`.
    public var xalign: Double {
        get { Double(gtk_label_get_xalign(opaque)) }
        set { gtk_label_set_xalign(opaque, Float(newValue)) }
    }
    /// Wraps `gtk_label_set_selectable`.
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(opaque) != 0 }
        set { gtk_label_set_selectable(opaque, newValue ? 1 : 0) }
    }
    /// Ellipsizes at the end when too narrow. Wraps `gtk_label_set_ellipsize(PANGO_ELLIPSIZE_END)`.
    public var ellipsizesEnd: Bool {
        get { gtk_label_get_ellipsize(opaque) == PANGO_ELLIPSIZE_END }
        set { gtk_label_set_ellipsize(opaque, newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE) }
    }
    /// Width in characters the label asks for. Wraps `gtk_label_set_width_chars`.
    public var widthChars: Int {
        get { Int(gtk_label_get_width_chars(opaque)) }
        set { gtk_label_set_width_chars(opaque, gint(newValue)) }
    }
}

/// Children stacked over a main child. Wraps `GtkOverlay`.
@MainActor
public final class Overlay: Widget {
    private var mainChild: Widget?
    /// Wraps `gtk_overlay_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_overlay_get_type(), accessibleRole: accessibleRole)
    }
    /// Wraps `gtk_overlay_set_child`.
    public var child: Widget? {
        get { mainChild }
        set { mainChild = newValue; gtk_overlay_set_child(opaque, newValue?.widget) }
    }
    /// Wraps `gtk_overlay_add_overlay`.
    public func addOverlay(_ widget: Widget) { gtk_overlay_add_overlay(opaque, widget.widget) }
    /// Wraps `gtk_overlay_remove_overlay`.
    public func removeOverlay(_ widget: Widget) { gtk_overlay_remove_overlay(opaque, widget.widget) }
}

/// Animations of ``Revealer``.
public enum RevealerTransition: Sendable {
    case none, crossfade, slideUp, slideDown, slideLeft, slideRight
    var c: GtkRevealerTransitionType {
        switch self {
        case .none: GTK_REVEALER_TRANSITION_TYPE_NONE
        case .crossfade: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE
        case .slideUp: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
        case .slideDown: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
        case .slideLeft: GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT
        case .slideRight: GTK_REVEALER_TRANSITION_TYPE_SLIDE_RIGHT
        }
    }
}

/// Shows or hides its child with an animation. Wraps `GtkRevealer`.
@MainActor
public final class Revealer: Widget {
    private var held: Widget?
    /// Wraps `gtk_revealer_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_revealer_get_type(), accessibleRole: accessibleRole)
    }
    /// Wraps `gtk_revealer_set_child`.
    public var child: Widget? {
        get { held }
        set { held = newValue; gtk_revealer_set_child(opaque, newValue?.widget) }
    }
    /// Wraps `gtk_revealer_set_transition_type`.
    public var transition: RevealerTransition {
        get {
            let c = gtk_revealer_get_transition_type(opaque)
            return [RevealerTransition.none, .crossfade, .slideUp, .slideDown, .slideLeft, .slideRight].first { $0.c == c } ?? .none
        }
        set { gtk_revealer_set_transition_type(opaque, newValue.c) }
    }
    /// Animation length in milliseconds. Wraps `gtk_revealer_set_transition_duration`.
    public var transitionDuration: Int {
        get { Int(gtk_revealer_get_transition_duration(opaque)) }
        set { gtk_revealer_set_transition_duration(opaque, guint(newValue)) }
    }
    /// Wraps `gtk_revealer_set_reveal_child`.
    public var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(opaque) != 0 }
        set { gtk_revealer_set_reveal_child(opaque, newValue ? 1 : 0) }
    }
    /// Whether the reveal animation has finished. Wraps `gtk_revealer_get_child_revealed`.
    public var isChildRevealed: Bool { gtk_revealer_get_child_revealed(opaque) != 0 }
    /// Called when ``isChildRevealed`` changes. Wraps `notify::child-revealed`.
    @discardableResult
    public func onChildRevealed(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("child-revealed", body)
    }
}

/// Animations of ``Stack``.
public enum StackTransition: Sendable {
    case none, crossfade, slideLeftRight, slideUpDown
    var c: GtkStackTransitionType {
        switch self {
        case .none: GTK_STACK_TRANSITION_TYPE_NONE
        case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
        case .slideLeftRight: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
        case .slideUpDown: GTK_STACK_TRANSITION_TYPE_SLIDE_UP_DOWN
        }
    }
}

/// Pages of which one is visible. Wraps `GtkStack`.
@MainActor
public final class Stack: Widget {
    private var pages: [String: Widget] = [:]
    /// Wraps `gtk_stack_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_stack_get_type(), accessibleRole: accessibleRole)
    }
    /// Adds a page with a name and a title (shown by a ``StackSwitcher``). Wraps `gtk_stack_add_titled`.
    public func addTitled(_ child: Widget, name: String, title: String) {
        pages[name] = child
        gtk_stack_add_titled(opaque, child.widget, name, title)
    }
    /// Wraps `gtk_stack_remove`.
    public func remove(named name: String) {
        guard let child = pages.removeValue(forKey: name) else { return }
        gtk_stack_remove(opaque, child.widget)
    }
    /// The page widget added under `name`.
    public func page(named name: String) -> Widget? { pages[name] }
    /// Wraps `gtk_stack_get_visible_child_name` / `gtk_stack_set_visible_child_name`.
    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
        set {
            guard let newValue else { return }
            precondition(pages[newValue] != nil, "Gtk.Stack: no page named \"\(newValue)\"; pages: \(pages.keys.sorted())")
            gtk_stack_set_visible_child_name(opaque, newValue)
        }
    }
    /// Called when the visible page changes (also through a switcher). Wraps `notify::visible-child`.
    @discardableResult
    public func onVisibleChildChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("visible-child", body)
    }
    /// Wraps `gtk_stack_set_transition_type`.
    public var transition: StackTransition {
        get {
            let c = gtk_stack_get_transition_type(opaque)
            return [StackTransition.none, .crossfade, .slideLeftRight, .slideUpDown].first { $0.c == c } ?? .none
        }
        set { gtk_stack_set_transition_type(opaque, newValue.c) }
    }
    /// Milliseconds. Wraps `gtk_stack_set_transition_duration`.
    public var transitionDuration: Int {
        get { Int(gtk_stack_get_transition_duration(opaque)) }
        set { gtk_stack_set_transition_duration(opaque, guint(newValue)) }
    }
    /// Whether every page gets the size of the largest (the default), which makes the stack
    /// measure every page, shown or not. Wraps `gtk_stack_set_hhomogeneous` and
    /// `gtk_stack_set_vhomogeneous`.
    public var isHomogeneous: Bool {
        get { gtk_stack_get_hhomogeneous(opaque) != 0 && gtk_stack_get_vhomogeneous(opaque) != 0 }
        set {
            gtk_stack_set_hhomogeneous(opaque, newValue ? 1 : 0)
            gtk_stack_set_vhomogeneous(opaque, newValue ? 1 : 0)
        }
    }
}

/// Tabs for the pages of a ``Stack``. Wraps `GtkStackSwitcher`.
@MainActor
public final class StackSwitcher: Widget {
    /// Wraps `gtk_stack_switcher_new` + `gtk_stack_switcher_set_stack`.
    public init(stack: Stack, accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_stack_switcher_get_type(), accessibleRole: accessibleRole)
        gtk_stack_switcher_set_stack(opaque, stack.opaque)
    }
}

/// A title bar with widgets at its ends. Wraps `GtkHeaderBar`.
@MainActor
public final class HeaderBar: Widget {
    /// Wraps `gtk_header_bar_new`.
    public init() { super.init(type: gtk_header_bar_get_type(), accessibleRole: nil) }
    /// Wraps `gtk_header_bar_pack_start`.
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(opaque, child.widget) }
    /// Wraps `gtk_header_bar_pack_end`.
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(opaque, child.widget) }
    /// Wraps `gtk_header_bar_set_title_widget`.
    public func setTitleWidget(_ child: Widget?) { gtk_header_bar_set_title_widget(opaque, child?.widget) }
    /// Wraps `gtk_header_bar_set_show_title_buttons`.
    public var showsTitleButtons: Bool {
        get { gtk_header_bar_get_show_title_buttons(opaque) != 0 }
        set { gtk_header_bar_set_show_title_buttons(opaque, newValue ? 1 : 0) }
    }
}

/// A button that pops up a menu. Wraps `GtkMenuButton`.
@MainActor
public final class MenuButton: Widget {
    private var model: Menu?
    /// Wraps `gtk_menu_button_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_menu_button_get_type(), accessibleRole: accessibleRole)
    }
    /// Wraps `gtk_menu_button_set_menu_model`.
    public var menu: Menu? {
        get { model }
        set { model = newValue; gtk_menu_button_set_menu_model(opaque, newValue?.menuModel) }
    }
    /// Builds the menu when it is first opened (a click, the keyboard or ``popup()``) instead
    /// of now: `make` runs once, and its menu becomes ``menu``. Until then ``menu`` is `nil`,
    /// and the button is sensitive all the same. Wraps `gtk_menu_button_set_create_popup_func`.
    public func setMenu(onFirstOpen make: @escaping @MainActor () -> Menu) {
        let box = ClosureBox<VoidBody>({ [weak self] in
            guard let self, self.model == nil else { return }
            self.menu = make()
        })
        gtk_menu_button_set_create_popup_func(opaque, createPopupTrampoline, box.retainForGLib(), destroyNotify)
    }
    /// Wraps `gtk_menu_button_set_icon_name`.
    public func setIconName(_ name: String) { gtk_menu_button_set_icon_name(opaque, name) }
    /// Wraps `gtk_menu_button_set_label`.
    public func setLabel(_ label: String) { gtk_menu_button_set_label(opaque, label) }
    /// Opens the menu. Wraps `gtk_menu_button_popup`.
    public func popup() { gtk_menu_button_popup(opaque) }
    /// Closes the menu. Wraps `gtk_menu_button_popdown`.
    public func popdown() { gtk_menu_button_popdown(opaque) }
}

/// `GtkMenuButtonCreatePopupFunc`: (menu button, user_data) → void.
private let createPopupTrampoline: GtkMenuButtonCreatePopupFunc = { _, data in
    let box = ClosureBox<VoidBody>.from(data)
    MainActor.assumeIsolated { box.body?() }
}

/// Wraps `GtkProgressBar`.
@MainActor
public final class ProgressBar: Widget {
    /// Wraps `gtk_progress_bar_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_progress_bar_get_type(), accessibleRole: accessibleRole)
    }
    /// 0 … 1. Wraps `gtk_progress_bar_set_fraction`.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(opaque) }
        set { gtk_progress_bar_set_fraction(opaque, newValue) }
    }
    /// Wraps `gtk_progress_bar_set_text`.
    public var text: String? {
        get { gtk_progress_bar_get_text(opaque).map { String(cString: $0) } }
        set { gtk_progress_bar_set_text(opaque, newValue) }
    }
    /// Wraps `gtk_progress_bar_set_show_text`.
    public var showsText: Bool {
        get { gtk_progress_bar_get_show_text(opaque) != 0 }
        set { gtk_progress_bar_set_show_text(opaque, newValue ? 1 : 0) }
    }
    /// Wraps `gtk_progress_bar_pulse`.
    public func pulse() { gtk_progress_bar_pulse(opaque) }
}

/// Wraps `GtkScrolledWindow`.
@MainActor
public final class ScrolledWindow: Widget {
    private var held: Widget?
    /// Wraps `gtk_scrolled_window_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_scrolled_window_get_type(), accessibleRole: accessibleRole)
    }
    /// Wraps `gtk_scrolled_window_set_child`.
    public var child: Widget? {
        get { held }
        set { held = newValue; gtk_scrolled_window_set_child(opaque, newValue?.widget) }
    }
    /// Wraps `gtk_scrolled_window_set_min_content_height`.
    public var minContentHeight: Int {
        get { Int(gtk_scrolled_window_get_min_content_height(opaque)) }
        set { gtk_scrolled_window_set_min_content_height(opaque, gint(newValue)) }
    }
    /// Never scroll horizontally; scroll vertically when needed. Wraps `gtk_scrolled_window_set_policy`.
    public func setVerticalOnly() { gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC) }
}

/// Wraps `GtkSeparator`.
@MainActor
public final class Separator: Widget {
    /// Wraps `gtk_separator_new`.
    public init(_ orientation: Orientation = .horizontal) {
        super.init(type: gtk_separator_get_type(), accessibleRole: nil)
        gtk_orientable_set_orientation(opaque, orientation.c)
    }
}

/// Two children with a draggable divider. Wraps `GtkPaned`.
@MainActor
public final class Paned: Widget {
    private var start: Widget?, end: Widget?
    /// Wraps `gtk_paned_new`.
    public init(_ orientation: Orientation = .horizontal) {
        super.init(type: gtk_paned_get_type(), accessibleRole: nil)
        gtk_orientable_set_orientation(opaque, orientation.c)
    }
    /// Wraps `gtk_paned_set_start_child`.
    public var startChild: Widget? {
        get { start }
        set { start = newValue; gtk_paned_set_start_child(opaque, newValue?.widget) }
    }
    /// Wraps `gtk_paned_set_end_child`.
    public var endChild: Widget? {
        get { end }
        set { end = newValue; gtk_paned_set_end_child(opaque, newValue?.widget) }
    }
    /// Divider position in pixels. Wraps `gtk_paned_set_position`.
    public var position: Int {
        get { Int(gtk_paned_get_position(opaque)) }
        set { gtk_paned_set_position(opaque, gint(newValue)) }
    }
}

/// Picks one of a list of strings. Wraps `GtkDropDown` over a `GtkStringList`.
@MainActor
public final class DropDown: Widget {
    /// The choices, in order.
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
    /// The selected string.
    public var selectedItem: String? { items.indices.contains(selectedIndex) ? items[selectedIndex] : nil }
    /// Wraps `notify::selected`.
    @discardableResult
    public func onSelectionChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("selected", body)
    }
}

/// A check box. Wraps `GtkCheckButton`.
@MainActor
public final class CheckButton: Widget {
    /// Wraps `gtk_check_button_new_with_label`.
    public init(_ label: String) {
        super.init(type: gtk_check_button_get_type(), accessibleRole: nil)
        gtk_check_button_set_label(c(), label)
    }
    /// Wraps `gtk_check_button_get_active` / `set_active`.
    public var isActive: Bool {
        get { gtk_check_button_get_active(c()) != 0 }
        set { gtk_check_button_set_active(c(), newValue ? 1 : 0) }
    }
    /// Wraps `GtkCheckButton::toggled`.
    @discardableResult
    public func onToggled(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("toggled", body) }
}

/// An on/off switch. Wraps `GtkSwitch`.
@MainActor
public final class Switch: Widget {
    /// Wraps `gtk_switch_new`.
    public init(accessibleRole: AccessibleRole? = nil) {
        super.init(type: gtk_switch_get_type(), accessibleRole: accessibleRole)
    }
    /// Wraps `gtk_switch_get_active` / `set_active`.
    public var isActive: Bool {
        get { gtk_switch_get_active(opaque) != 0 }
        set { gtk_switch_set_active(opaque, newValue ? 1 : 0) }
    }
    /// Wraps `notify::active`.
    @discardableResult
    public func onActiveChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection { onNotify("active", body) }
}

/// A number entry with +/− buttons. Wraps `GtkSpinButton`.
@MainActor
public final class SpinButton: Widget {
    /// Wraps `gtk_spin_button_new_with_range`.
    public init(min: Double, max: Double, step: Double) {
        let pointer = gtk_spin_button_new_with_range(min, max, step)!
        super.init(sinking: UnsafeMutableRawPointer(pointer))
    }
    /// Wraps `gtk_spin_button_get_value` / `set_value`.
    public var value: Double {
        get { gtk_spin_button_get_value(opaque) }
        set { gtk_spin_button_set_value(opaque, newValue) }
    }
    /// Wraps `GtkSpinButton::value-changed`.
    @discardableResult
    public func onValueChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection { connect("value-changed", body) }
}

/// Calls `body` with a NULL-terminated `const char *[]` of `strings`.
func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let duplicated = strings.map { UnsafePointer(strdup($0)) }
    defer { duplicated.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    return (duplicated + [nil]).withUnsafeBufferPointer { body($0.baseAddress!) }
}
