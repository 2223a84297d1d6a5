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
