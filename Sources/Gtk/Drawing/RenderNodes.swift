internal import CGtk

/// The kind of a GSK render node. Wraps `GskRenderNodeType`.
public enum RenderNodeKind: String, Sendable, CaseIterable {
    case container, cairo, color, linearGradient, repeatingLinearGradient, radialGradient
    case repeatingRadialGradient, conicGradient, border, texture, insetShadow, outsetShadow
    case transform, opacity, colorMatrix, `repeat`, clip, roundedClip, shadow, blend, crossFade
    case text, blur, debug, glShader, other

    init(_ type: GskRenderNodeType) {
        switch type {
        case GSK_CONTAINER_NODE: self = .container
        case GSK_CAIRO_NODE: self = .cairo
        case GSK_COLOR_NODE: self = .color
        case GSK_LINEAR_GRADIENT_NODE: self = .linearGradient
        case GSK_REPEATING_LINEAR_GRADIENT_NODE: self = .repeatingLinearGradient
        case GSK_RADIAL_GRADIENT_NODE: self = .radialGradient
        case GSK_REPEATING_RADIAL_GRADIENT_NODE: self = .repeatingRadialGradient
        case GSK_CONIC_GRADIENT_NODE: self = .conicGradient
        case GSK_BORDER_NODE: self = .border
        case GSK_TEXTURE_NODE: self = .texture
        case GSK_INSET_SHADOW_NODE: self = .insetShadow
        case GSK_OUTSET_SHADOW_NODE: self = .outsetShadow
        case GSK_TRANSFORM_NODE: self = .transform
        case GSK_OPACITY_NODE: self = .opacity
        case GSK_COLOR_MATRIX_NODE: self = .colorMatrix
        case GSK_REPEAT_NODE: self = .repeat
        case GSK_CLIP_NODE: self = .clip
        case GSK_ROUNDED_CLIP_NODE: self = .roundedClip
        case GSK_SHADOW_NODE: self = .shadow
        case GSK_BLEND_NODE: self = .blend
        case GSK_CROSS_FADE_NODE: self = .crossFade
        case GSK_TEXT_NODE: self = .text
        case GSK_BLUR_NODE: self = .blur
        case GSK_DEBUG_NODE: self = .debug
        case GSK_GL_SHADER_NODE: self = .glShader
        default: self = .other
        }
    }
}

/// One node of a widget's render-node tree: its kind and its bounds in its own coordinates.
public struct RenderNodeInfo: Sendable, Equatable {
    /// What the node draws or does.
    public var kind: RenderNodeKind
    /// Its bounds (`gsk_render_node_get_bounds`), in the coordinates of its parent's child space.
    public var x: Double, y: Double, width: Double, height: Double
    /// How deep in the tree (the root is 0).
    public var depth: Int
}

extension Widget {
    /// The render nodes the widget draws now, depth first, as GTK would render it: what a frame
    /// is made of (e.g. to check that no costly node kind covers a large area).
    ///
    /// Snapshots a `GtkWidgetPaintable` of the widget at its size, like ``savePNG(to:)``, and
    /// walks the node tree (`gsk_container_node_get_child` and the single-child nodes' getters).
    /// Empty when the widget is not realized or has no size.
    public func renderNodes() -> [RenderNodeInfo] {
        let w = gtk_widget_get_width(widget)
        let h = gtk_widget_get_height(widget)
        guard isRealized, w > 0, h > 0 else { return [] }
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(w), Double(h))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return [] }
        defer { gsk_render_node_unref(node) }
        var nodes: [RenderNodeInfo] = []
        collect(node, depth: 0, into: &nodes)
        return nodes
    }

    private func collect(_ node: OpaquePointer, depth: Int, into nodes: inout [RenderNodeInfo]) {
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        let type = gsk_render_node_get_node_type(node)
        nodes.append(
            RenderNodeInfo(
                kind: RenderNodeKind(type), x: Double(bounds.origin.x), y: Double(bounds.origin.y),
                width: Double(bounds.size.width), height: Double(bounds.size.height), depth: depth))
        var children: [OpaquePointer?] = []
        switch type {
        case GSK_CONTAINER_NODE:
            for index in 0..<gsk_container_node_get_n_children(node) {
                children.append(gsk_container_node_get_child(node, index))
            }
        case GSK_TRANSFORM_NODE: children = [gsk_transform_node_get_child(node)]
        case GSK_OPACITY_NODE: children = [gsk_opacity_node_get_child(node)]
        case GSK_COLOR_MATRIX_NODE: children = [gsk_color_matrix_node_get_child(node)]
        case GSK_REPEAT_NODE: children = [gsk_repeat_node_get_child(node)]
        case GSK_CLIP_NODE: children = [gsk_clip_node_get_child(node)]
        case GSK_ROUNDED_CLIP_NODE: children = [gsk_rounded_clip_node_get_child(node)]
        case GSK_SHADOW_NODE: children = [gsk_shadow_node_get_child(node)]
        case GSK_BLEND_NODE: children = [gsk_blend_node_get_bottom_child(node), gsk_blend_node_get_top_child(node)]
        case GSK_CROSS_FADE_NODE:
            children = [gsk_cross_fade_node_get_start_child(node), gsk_cross_fade_node_get_end_child(node)]
        case GSK_BLUR_NODE: children = [gsk_blur_node_get_child(node)]
        case GSK_DEBUG_NODE: children = [gsk_debug_node_get_child(node)]
        default: break
        }
        for child in children.compactMap({ $0 }) { collect(child, depth: depth + 1, into: &nodes) }
    }

    /// The GSK renderer the widget's surface draws with, e.g. `GskGLRenderer` or
    /// `GskCairoRenderer` (GTK picks it at realize; `GSK_RENDERER` overrides); nil before the
    /// widget is realized. Wraps `gtk_native_get_renderer`.
    public var rendererName: String? {
        guard isRealized, let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native)
        else { return nil }
        return String(cString: cg_type_name_of(UnsafeMutableRawPointer(renderer)))
    }
}

extension GtkRuntime {
    /// The type of the default display's backend, e.g. `GdkX11Display` or `GdkWaylandDisplay`;
    /// nil before GTK opened a display. Wraps `gdk_display_get_default`.
    public static var displayTypeName: String? {
        guard let display = gdk_display_get_default() else { return nil }
        return String(cString: cg_type_name_of(UnsafeMutableRawPointer(display)))
    }
}

extension GtkRuntime {
    /// The `GL_RENDERER` string of the OpenGL driver GDK uses on the default display, e.g.
    /// `"llvmpipe (LLVM 15.0.6, 256 bits)"` for Mesa's software rasterizer; nil without a display
    /// or when GDK cannot make a GL context. Makes and drops a context (a few milliseconds).
    /// Wraps `gdk_display_create_gl_context`, `gdk_gl_context_realize` and `glGetString`.
    public static func glRendererString() -> String? {
        guard let display = gdk_display_get_default(), let text = cg_gl_renderer_string(display) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
