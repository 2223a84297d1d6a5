internal import CGtk

/// A menu model: items that name actions, grouped in sections. Wraps `GMenu`.
///
/// ```swift
/// let themes = Menu()
/// themes.append("Light", action: "app.theme::light")
/// themes.append("Dark", action: "app.theme::dark")
/// let menu = Menu()
/// menu.appendSection(nil, themes)
/// menu.append("Quit", action: "app.quit")
/// menuButton.menu = menu
/// ```
/// The wrapper owns the reference `g_menu_new` returned.
@MainActor
public final class Menu: Object {
    private var sections: [Menu] = []
    /// Wraps `g_menu_new`.
    public init() { super.init(UnsafeMutableRawPointer(g_menu_new()!), .adoptFullGio) }

    var menuModel: UnsafeMutablePointer<GMenuModel> { c() }

    /// Appends an item; `action` is a detailed action name such as `"app.quit"` or
    /// `"app.theme::dark"` (a string-parameter action with its target). Wraps `g_menu_append`.
    public func append(_ label: String, action: String) { g_menu_append(opaque, label, action) }
    /// Appends a section (a group between separators). Wraps `g_menu_append_section`.
    public func appendSection(_ label: String?, _ section: Menu) {
        sections.append(section)
        g_menu_append_section(opaque, label, section.menuModel)
    }
    /// Appends a submenu. Wraps `g_menu_append_submenu`.
    public func appendSubmenu(_ label: String, _ submenu: Menu) {
        sections.append(submenu)
        g_menu_append_submenu(opaque, label, submenu.menuModel)
    }
    /// Removes every item (a menu open now updates at once). Wraps `g_menu_remove_all`.
    public func removeAll() {
        g_menu_remove_all(opaque)
        sections.removeAll()
    }
    /// Number of items (sections count as one). Wraps `g_menu_model_get_n_items`.
    public var count: Int { Int(g_menu_model_get_n_items(menuModel)) }
}
