internal import CGtk

/// Layout orientation (`GtkOrientation`).
public enum Orientation: Sendable {
    case horizontal, vertical
    var c: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// Alignment in the space a widget is given (`GtkAlign`).
public enum Align: Sendable, CaseIterable, CEnum {
    case fill, start, end, center, baseline
    var c: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        case .baseline: cg_align_baseline()
        }
    }
}
