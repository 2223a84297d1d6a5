internal import CGtk

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
        set {
            model = newValue
            gtk_menu_button_set_menu_model(opaque, newValue?.menuModel)
        }
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
