import Gettext
import Gtk

#if canImport(Glibc)
    import Glibc
#endif

/// Which GSK renderer the app asks GTK for, decided once at start-up, after GTK opened its
/// display and before the first window is realized (GTK reads `GSK_RENDERER` when it makes its
/// first renderer).
///
/// On Mesa's software GL (llvmpipe: a virtual machine, a remote desktop or a CI runner without a
/// GPU) GTK's GL renderer redraws the whole window on the CPU every frame, so there the app asks
/// for cairo; on a real GPU it leaves GTK's choice. `GSK_RENDERER` set by the person always wins.
/// The measurements behind it: docs/renderer.md.
package enum RendererChoice: Equatable {
    /// `GSK_RENDERER` was set: GTK uses that.
    case person(String)
    /// GL is hardware (or GDK has no GL): GTK chooses.
    case gtkDefault(glRenderer: String?)
    /// GL is Mesa's software rasterizer: the app asked for cairo.
    case cairoOnSoftwareGL(glRenderer: String)

    /// What `GL_RENDERER` says for Mesa's software rasterizers.
    package static let softwareMarkers = ["llvmpipe", "softpipe", "swrast", "software rasterizer"]

    /// Decides, and sets `GSK_RENDERER=cairo` for the software case. Call after GTK opened its
    /// display and before any window is realized.
    @MainActor
    package static func decideAndApply() -> RendererChoice {
        if let set = EnvironmentVariables.current.gskRenderer { return .person(set) }
        let gl = GtkRuntime.glRendererString()
        let choice = decide(glRenderer: gl)
        if case .cairoOnSoftwareGL = choice { setenv("GSK_RENDERER", "cairo", 1) }
        return choice
    }

    /// The decision for a `GL_RENDERER` string (nil: no GL).
    package static func decide(glRenderer: String?) -> RendererChoice {
        guard let gl = glRenderer else { return .gtkDefault(glRenderer: nil) }
        let lower = gl.lowercased()
        return softwareMarkers.contains { lower.contains($0) }
            ? .cairoOnSoftwareGL(glRenderer: gl) : .gtkDefault(glRenderer: gl)
    }

    /// Whether GTK draws the window on the CPU: with cairo (the app's choice on software GL, or
    /// the person's), or with no GL at all, where GTK falls back to cairo.
    package var drawsOnTheCPU: Bool {
        switch self {
        case .person(let name): name.lowercased() == "cairo"
        case .gtkDefault(let gl): gl == nil
        case .cairoOnSoftwareGL: true
        }
    }

    /// One line for About, in the person's language.
    package var summary: String {
        switch self {
        case .person(let name): tr("renderer %{name} (GSK_RENDERER)", ["name": name])
        case .gtkDefault(let gl?): tr("GTK's default renderer (GL: %{gl})", ["gl": gl])
        case .gtkDefault(nil): tr("GTK's default renderer (no GL)")
        case .cairoOnSoftwareGL(let gl): tr("cairo renderer: GL is software (%{gl})", ["gl": gl])
        }
    }
}
