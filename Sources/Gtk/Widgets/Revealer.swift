internal import CGtk

/// Animations of ``Revealer``. Wraps `GtkRevealerTransitionType`.
public enum RevealerTransition: Sendable, CaseIterable, CEnum {
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
        set {
            held = newValue
            gtk_revealer_set_child(opaque, newValue?.widget)
        }
    }
    /// Wraps `gtk_revealer_set_transition_type`.
    public var transition: RevealerTransition {
        get { RevealerTransition(c: gtk_revealer_get_transition_type(opaque), default: .none) }
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
