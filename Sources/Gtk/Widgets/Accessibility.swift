internal import CGtk

/// Accessible roles a widget can be created with (GTK 4.8 makes the role construct-only).
/// Wraps `GtkAccessibleRole`.
public enum AccessibleRole: Sendable {
    case alert, button, checkbox, generic, group, heading, img, label, list, listItem, log
    case main, navigation, presentation, progressBar, region, row, status, tabPanel, timer, toolbar

    var c: GtkAccessibleRole {
        switch self {
        case .alert: GTK_ACCESSIBLE_ROLE_ALERT
        case .button: GTK_ACCESSIBLE_ROLE_BUTTON
        case .checkbox: GTK_ACCESSIBLE_ROLE_CHECKBOX
        case .generic: GTK_ACCESSIBLE_ROLE_GENERIC
        case .group: GTK_ACCESSIBLE_ROLE_GROUP
        case .heading: GTK_ACCESSIBLE_ROLE_HEADING
        case .img: GTK_ACCESSIBLE_ROLE_IMG
        case .label: GTK_ACCESSIBLE_ROLE_LABEL
        case .list: GTK_ACCESSIBLE_ROLE_LIST
        case .listItem: GTK_ACCESSIBLE_ROLE_LIST_ITEM
        case .log: GTK_ACCESSIBLE_ROLE_LOG
        case .main: GTK_ACCESSIBLE_ROLE_MAIN
        case .navigation: GTK_ACCESSIBLE_ROLE_NAVIGATION
        case .presentation: GTK_ACCESSIBLE_ROLE_PRESENTATION
        case .progressBar: GTK_ACCESSIBLE_ROLE_PROGRESS_BAR
        case .region: GTK_ACCESSIBLE_ROLE_REGION
        case .row: GTK_ACCESSIBLE_ROLE_ROW
        case .status: GTK_ACCESSIBLE_ROLE_STATUS
        case .tabPanel: GTK_ACCESSIBLE_ROLE_TAB_PANEL
        case .timer: GTK_ACCESSIBLE_ROLE_TIMER
        case .toolbar: GTK_ACCESSIBLE_ROLE_TOOLBAR
        }
    }
}

/// Boolean accessible states (`gtk_accessible_update_state`).
public enum AccessibleState: Sendable {
    case busy, disabled, hidden, selected, expanded, checked

    var c: GtkAccessibleState {
        switch self {
        case .busy: GTK_ACCESSIBLE_STATE_BUSY
        case .disabled: GTK_ACCESSIBLE_STATE_DISABLED
        case .hidden: GTK_ACCESSIBLE_STATE_HIDDEN
        case .selected: GTK_ACCESSIBLE_STATE_SELECTED
        case .expanded: GTK_ACCESSIBLE_STATE_EXPANDED
        case .checked: GTK_ACCESSIBLE_STATE_CHECKED
        }
    }
}

extension Widget {
    /// Sets the accessible label. Wraps `gtk_accessible_update_property(LABEL)`.
    public func setAccessibleLabel(_ label: String) { cg_accessible_set_label(raw, label) }
    /// Sets the accessible description. Wraps `gtk_accessible_update_property(DESCRIPTION)`.
    public func setAccessibleDescription(_ text: String) { cg_accessible_set_description(raw, text) }
    /// Sets a boolean accessible state. Wraps `gtk_accessible_update_state`.
    public func updateAccessibleState(_ state: AccessibleState, _ value: Bool) {
        cg_accessible_set_state_boolean(raw, state.c, value ? 1 : 0)
    }
    /// Whether the widget was created with `role`. Wraps `gtk_accessible_get_accessible_role`.
    public func hasAccessibleRole(_ role: AccessibleRole) -> Bool {
        gtk_accessible_get_accessible_role(OpaquePointer(raw)) == role.c
    }
}

/// One widget as an assistive technology is shown it, from ``Widget/accessibleNodes()``.
public struct AccessibleNode: Sendable {
    /// The widget's GTK type name ("GtkLabel"): what AT-SPI says for a widget without a label.
    public var typeName: String
    /// Its accessible label, or `nil` when it has none (AT-SPI then says ``typeName``).
    public var label: String?
    /// Its accessible description, or `nil`.
    public var description: String?
    /// How many widgets lie between it and the widget the walk started at (0: that widget).
    public var depth: Int
    /// A number that tells widgets apart for as long as they live (``Window/focusIdentity``).
    public var identity: UInt
    /// Whether it is on screen (it and its ancestors shown). Wraps `gtk_widget_get_mapped`.
    public var isMapped: Bool
    /// Whether it reacts to input. Wraps `gtk_widget_is_sensitive`.
    public var isSensitive: Bool
    /// Its top-left corner relative to the widget the walk started at, when laid out.
    public var origin: (x: Double, y: Double)?
}

extension Widget {
    /// The accessible label the widget has now: the one ``setAccessibleLabel(_:)`` set, or the
    /// one GTK keeps (a label's text); `nil` when it has none. GTK 4.8 has no getter: this reads
    /// it with GTK's test API (`gtk_test_accessible_check_property`), which reads the widget's
    /// accessible context whatever its backend (`GTK_A11Y=test` gives one without a bus; with
    /// `GTK_A11Y=none` there is none, and this is `nil`).
    public var accessibleLabel: String? { Self.accessibleText(raw, GTK_ACCESSIBLE_PROPERTY_LABEL) }

    /// Whether GTK keeps accessible state: with `GTK_A11Y=none` (the test harness's sessions)
    /// a widget has no accessible context, and the getters read `nil` and `false`.
    private static var keepsAccessibleState: Bool {
        g_getenv("GTK_A11Y").map { String(cString: $0) } != "none"
    }

    private static func accessibleText(_ pointer: UnsafeMutableRawPointer, _ property: GtkAccessibleProperty) -> String?
    {
        guard keepsAccessibleState, let text = cg_accessible_property_text(pointer, property) else { return nil }
        defer { g_free(text) }
        let value = String(cString: text)
        return value == "undefined" || value.isEmpty ? nil : value
    }

    private static func isHidden(_ pointer: UnsafeMutableRawPointer) -> Bool {
        guard keepsAccessibleState, let text = cg_accessible_state_text(pointer, GTK_ACCESSIBLE_STATE_HIDDEN) else {
            return false
        }
        defer { g_free(text) }
        return String(cString: text) == "true"
    }

    /// This widget and the widgets inside it that an assistive technology is shown, in tree
    /// order: a widget that is not visible, hidden from the accessible tree or of role
    /// `presentation` is left out with everything inside it (as GTK's AT-SPI bridge does).
    public func accessibleNodes() -> [AccessibleNode] {
        var nodes: [AccessibleNode] = []
        let top = widget
        func visit(_ pointer: UnsafeMutablePointer<GtkWidget>, depth: Int) {
            guard gtk_widget_get_visible(pointer) != 0 else { return }
            let role = gtk_accessible_get_accessible_role(OpaquePointer(pointer))
            guard role != GTK_ACCESSIBLE_ROLE_PRESENTATION, role != GTK_ACCESSIBLE_ROLE_NONE else { return }
            let raw = UnsafeMutableRawPointer(pointer)
            guard !Self.isHidden(raw) else { return }
            var rect = graphene_rect_t()
            let laidOut = gtk_widget_compute_bounds(pointer, top, &rect) != 0
            nodes.append(
                AccessibleNode(
                    typeName: String(cString: cg_type_name_of(raw)),
                    label: Self.accessibleText(raw, GTK_ACCESSIBLE_PROPERTY_LABEL),
                    description: Self.accessibleText(raw, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION), depth: depth,
                    identity: UInt(bitPattern: raw), isMapped: gtk_widget_get_mapped(pointer) != 0,
                    isSensitive: gtk_widget_is_sensitive(pointer) != 0,
                    origin: laidOut ? (Double(rect.origin.x), Double(rect.origin.y)) : nil))
            var child = gtk_widget_get_first_child(pointer)
            while let current = child {
                visit(current, depth: depth + 1)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(widget, depth: 0)
        return nodes
    }
}

extension Widget {
    /// The number ``AccessibleNode/identity`` and ``Window/focusIdentity`` give this widget.
    public var identity: UInt { UInt(bitPattern: raw) }
}
