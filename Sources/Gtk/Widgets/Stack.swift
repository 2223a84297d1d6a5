internal import CGtk

/// Animations of ``Stack``. Wraps `GtkStackTransitionType`.
public enum StackTransition: Sendable, CaseIterable, CEnum {
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
    /// The page widget added under `name` with ``addTitled(_:name:title:)`` (the Swift wrapper,
    /// not `gtk_stack_get_child_by_name`'s pointer).
    public func page(named name: String) -> Widget? { pages[name] }
    /// The title the page added under `name` shows in a ``StackSwitcher``; `nil` for no such page.
    /// Wraps `gtk_stack_page_get_title` of `gtk_stack_get_page`.
    public func title(ofPageNamed name: String) -> String? {
        guard let child = pages[name], let page = gtk_stack_get_page(opaque, child.widget) else { return nil }
        return gtk_stack_page_get_title(page).map { String(cString: $0) }
    }
    /// Wraps `gtk_stack_get_visible_child_name` / `gtk_stack_set_visible_child_name`.
    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
        set {
            guard let newValue else { return }
            precondition(
                pages[newValue] != nil, "Gtk.Stack: no page named \"\(newValue)\"; pages: \(pages.keys.sorted())")
            gtk_stack_set_visible_child_name(opaque, newValue)
        }
    }
    /// Called when the visible page changes (also through a switcher). Wraps `notify::visible-child`.
    @discardableResult
    public func onVisibleChildChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("visible-child", body)
    }
    /// Whether the stack is animating from one page to another (both are then drawn). Wraps
    /// `gtk_stack_get_transition_running`.
    public var isTransitionRunning: Bool { gtk_stack_get_transition_running(opaque) != 0 }
    /// Wraps `gtk_stack_set_transition_type`.
    public var transition: StackTransition {
        get { StackTransition(c: gtk_stack_get_transition_type(opaque), default: .none) }
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
