internal import CGtk

/// One label as it is laid out and drawn now, from ``Widget/shownLabels(locating:)``: what a person can
/// read of it, and whether any of it is cut.
public struct ShownLabel: Sendable {
    /// Its text, markup parsed.
    public var text: String
    /// Its style classes (`gtk_widget_get_css_classes`), to tell a badge from body text.
    public var cssClasses: [String]
    /// Whether Pango replaced part of its text with "…" to fit its width.
    /// Wraps `pango_layout_is_ellipsized` on `gtk_label_get_layout`.
    public var isEllipsized: Bool
    /// Its box relative to the top-left corner of what the widget the walk started at draws
    /// (its bounds; the pixel (0, 0) of its ``Widget/renderedPixels()``).
    public var bounds: (x: Double, y: Double, width: Double, height: Double)
    /// The nearest ancestor (up to the walk's start) whose allocation the label leaves along an
    /// axis no scrolled window between them scrolls: its type name and box (in the walk's
    /// start's coordinates); `nil` when the label lies inside all of them. Content a scrolled
    /// window scrolls may lie outside it, and outside its ancestors, along that axis.
    public var leftAncestor: (typeName: String, bounds: (x: Double, y: Double, width: Double, height: Double))?
    /// The part of it not hidden by a scrolled window around it (or by the walk's start), in the
    /// same coordinates as ``bounds``, or `nil` when none of it is in view.
    public var visible: (x: Double, y: Double, width: Double, height: Double)?
    /// Where the character asked for is drawn (``Widget/shownLabels(locating:)``), in the same
    /// coordinates as ``bounds``: its cell across and its line's height, as
    /// ``Label/boxes(of:)`` gives them.
    public var boxes: [(x: Double, y: Double, width: Double, height: Double)] = []
}

extension Widget {
    /// Every label inside this widget that is on screen (mapped), in tree order, as it is laid
    /// out now: GTK's own labels (a drop-down's, a switcher's) as well as the app's.
    /// - Parameter character: a character to find in every label's text (``ShownLabel/boxes``).
    public func shownLabels(locating character: Character? = nil) -> [ShownLabel] {
        var labels: [ShownLabel] = []
        let top = widget
        let origin = Self.bounds(of: top, in: top)?.origin ?? graphene_point_t(x: 0, y: 0)
        let dx = Double(origin.x)
        let dy = Double(origin.y)
        func visit(_ pointer: UnsafeMutablePointer<GtkWidget>) {
            guard gtk_widget_get_mapped(pointer) != 0 else { return }
            if Self.isA(pointer, gtk_label_get_type()), var shown = Self.shownLabel(pointer, top: top) {
                shown.bounds.x -= dx
                shown.bounds.y -= dy
                shown.leftAncestor?.bounds.x -= dx
                shown.leftAncestor?.bounds.y -= dy
                shown.visible = shown.visible.map { ($0.x - dx, $0.y - dy, $0.width, $0.height) }
                if let character {
                    // A label's own coordinates start at its content box, inside its CSS border
                    // and padding (a seed note's rule): through GTK's point transform.
                    shown.boxes = Label.boxes(of: character, in: OpaquePointer(pointer)).compactMap { box in
                        var corner = graphene_point_t(x: Float(box.x), y: Float(box.y))
                        var there = graphene_point_t()
                        guard gtk_widget_compute_point(pointer, top, &corner, &there) != 0 else { return nil }
                        return (Double(there.x) - dx, Double(there.y) - dy, box.width, box.height)
                    }
                }
                labels.append(shown)
            }
            var child = gtk_widget_get_first_child(pointer)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(widget)
        return labels
    }

    private static func isA(_ pointer: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GTypeInstance.self), type)
            != 0
    }

    private static func shownLabel(
        _ pointer: UnsafeMutablePointer<GtkWidget>, top: UnsafeMutablePointer<GtkWidget>
    ) -> ShownLabel? {
        guard let rect = bounds(of: pointer, in: top) else { return nil }
        let label = OpaquePointer(pointer)
        var classes: [String] = []
        if let list = gtk_widget_get_css_classes(pointer) {
            var index = 0
            while let name = list[index] {
                classes.append(String(cString: name))
                index += 1
            }
            g_strfreev(list)
        }
        return ShownLabel(
            text: String(cString: gtk_label_get_text(label)), cssClasses: classes,
            isEllipsized: pango_layout_is_ellipsized(gtk_label_get_layout(label)) != 0,
            bounds: (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height)),
            leftAncestor: leftAncestor(of: pointer, rect: rect, top: top),
            visible: visiblePart(of: pointer, rect: rect, top: top))
    }

    /// `rect` cut to every scrolled window around `pointer` and to `top`.
    private static func visiblePart(
        of pointer: UnsafeMutablePointer<GtkWidget>, rect: graphene_rect_t, top: UnsafeMutablePointer<GtkWidget>
    ) -> (x: Double, y: Double, width: Double, height: Double)? {
        var visible = rect
        var ancestor = gtk_widget_get_parent(pointer)
        while let current = ancestor {
            if current == top || isA(current, gtk_scrolled_window_get_type()), var box = bounds(of: current, in: top) {
                var cut = graphene_rect_t()
                guard graphene_rect_intersection(&visible, &box, &cut) else { return nil }
                visible = cut
            }
            if current == top { break }
            ancestor = gtk_widget_get_parent(current)
        }
        return (
            Double(visible.origin.x), Double(visible.origin.y), Double(visible.size.width), Double(visible.size.height)
        )
    }

    private static func bounds(
        of pointer: UnsafeMutablePointer<GtkWidget>, in top: UnsafeMutablePointer<GtkWidget>
    ) -> graphene_rect_t? {
        var rect = graphene_rect_t()
        return gtk_widget_compute_bounds(pointer, top, &rect) != 0 ? rect : nil
    }

    /// The first ancestor, up to `top`, whose box `rect` leaves along an axis that ancestor
    /// does not scroll (half a pixel of rounding allowed).
    private static func leftAncestor(
        of pointer: UnsafeMutablePointer<GtkWidget>, rect: graphene_rect_t, top: UnsafeMutablePointer<GtkWidget>
    ) -> (typeName: String, bounds: (x: Double, y: Double, width: Double, height: Double))? {
        var ancestor = gtk_widget_get_parent(pointer)
        // Once inside a view that scrolls an axis, the label may leave it, and every ancestor
        // around it, along that axis.
        var scrollsX = false
        var scrollsY = false
        while let current = ancestor {
            let axes = scrollAxes(of: current)
            scrollsX = scrollsX || axes.0
            scrollsY = scrollsY || axes.1
            if let box = bounds(of: current, in: top) {
                let slack: Float = 0.5
                let outX =
                    rect.origin.x < box.origin.x - slack
                    || rect.origin.x + rect.size.width > box.origin.x + box.size.width + slack
                let outY =
                    rect.origin.y < box.origin.y - slack
                    || rect.origin.y + rect.size.height > box.origin.y + box.size.height + slack
                if (outX && !scrollsX) || (outY && !scrollsY) {
                    return (
                        String(cString: cg_type_name_of(UnsafeMutableRawPointer(current))),
                        (
                            Double(box.origin.x), Double(box.origin.y), Double(box.size.width),
                            Double(box.size.height)
                        )
                    )
                }
            }
            if current == top { break }
            ancestor = gtk_widget_get_parent(current)
        }
        return nil
    }

    /// The axes a widget scrolls its content along: a scrolled window's (where its policy is not
    /// `NEVER`), and those of the scrollable view inside one (a viewport, a list view).
    private static func scrollAxes(of pointer: UnsafeMutablePointer<GtkWidget>) -> (Bool, Bool) {
        var window: UnsafeMutablePointer<GtkWidget>? = pointer
        if !isA(pointer, gtk_scrolled_window_get_type()) {
            guard isA(pointer, gtk_scrollable_get_type()), let parent = gtk_widget_get_parent(pointer),
                isA(parent, gtk_scrolled_window_get_type())
            else { return (false, false) }
            window = parent
        }
        guard let window else { return (false, false) }
        var horizontal = GTK_POLICY_NEVER
        var vertical = GTK_POLICY_NEVER
        gtk_scrolled_window_get_policy(OpaquePointer(window), &horizontal, &vertical)
        return (horizontal != GTK_POLICY_NEVER, vertical != GTK_POLICY_NEVER)
    }
}

extension Label {
    /// Where each `character` of the text is drawn, in the label's own coordinates (from the
    /// top-left of its content box, inside its CSS border and padding): the character's cell
    /// across and its whole line's height (so a glyph's ink, an i's dot
    /// included, lies inside). Wraps `gtk_label_get_layout_offsets` and
    /// `pango_layout_index_to_pos`.
    public func boxes(of character: Character) -> [(x: Double, y: Double, width: Double, height: Double)] {
        Self.boxes(of: character, in: opaque)
    }

    static func boxes(
        of character: Character, in label: OpaquePointer
    ) -> [(x: Double, y: Double, width: Double, height: Double)] {
        let layout = gtk_label_get_layout(label)
        var offsetX: gint = 0
        var offsetY: gint = 0
        gtk_label_get_layout_offsets(label, &offsetX, &offsetY)
        guard let text = pango_layout_get_text(layout) else { return [] }
        let utf8 = Array(String(cString: text).utf8)
        let wanted = Array(String(character).utf8)
        var boxes: [(x: Double, y: Double, width: Double, height: Double)] = []
        var index = 0
        while index + wanted.count <= utf8.count {
            if Array(utf8[index..<index + wanted.count]) == wanted {
                var rect = PangoRectangle()
                pango_layout_index_to_pos(layout, gint(index), &rect)
                let scale = Double(PANGO_SCALE)
                boxes.append(
                    (
                        Double(offsetX) + Double(rect.x) / scale, Double(offsetY) + Double(rect.y) / scale,
                        Double(rect.width) / scale, Double(rect.height) / scale
                    ))
                index += wanted.count
            } else {
                index += 1
            }
        }
        return boxes
    }

    /// Whether Pango replaced part of the text with "…" to fit the label's width. Wraps
    /// `pango_layout_is_ellipsized`.
    public var isEllipsized: Bool { pango_layout_is_ellipsized(gtk_label_get_layout(opaque)) != 0 }
}
