public import Gtk

/// What this session lets the app see of a window's scene phase, decided at run time from the
/// display's backend and the GTK version (SPEC §1).
///
/// - X11: a minimize is the surface's `MINIMIZED` state (→ `.background`); `.active` is
///   `is-active` (X11 window managers without `_NET_WM_STATE_FOCUSED`, openbox among them,
///   leave GDK's `FOCUSED` state set on every window).
/// - Wayland, GTK < 4.12: xdg-shell has no minimized state, so a minimize cannot be seen
///   (`.background` comes only from hiding the window); `.active` is the `FOCUSED` state
///   (xdg-shell's "activated", the state GTK draws as focused), which a compositor sends with
///   or without a keyboard on the seat, while `is-active` needs a keyboard focus. Where the seat
///   has one, `is-active` is read first: GDK applies a configure's state only at the window's
///   next frame, the keyboard focus as soon as the compositor's event is read.
/// - GNOME's mutter on Wayland (any GTK): a minimized window is taken off every monitor about
///   0.3 s after the minimize (`wl_surface.leave`, GDK's `leave-monitor`): a mapped window shown
///   on no monitor is `.background`. The compositor is told by the protocol it offers GTK
///   (`gtk_shell1`, GNOME's own). mutter 45+ also suspends the window about 3 s later, which
///   GTK ≥ 4.12 reports only if the window commits no frame after it is hidden.
/// - KDE Plasma's KWin on Wayland (any GTK): a minimize sends GTK < 4.12 nothing but the focus
///   leaving, and KWin withholds the minimized window's frame callbacks until it is shown again:
///   a mapped window whose painted frame the compositor has not taken for
///   ``withheldFramesPatience`` is `.background` (`FramePresentationWatch`). KWin 6 also sends
///   the `suspended` state with the minimize, which GTK ≥ 4.12 reports at once (unless a frame
///   of the window still waits for its callback). The compositor is told by `org_kde_plasma_shell`,
///   KWin's own protocol.
/// - Another Wayland compositor (sway, which has no minimize): a minimize cannot be told. With
///   GTK ≥ 4.12 the tracker still follows `GtkWindow:suspended` (→ `.background`) when the
///   compositor sends it, but nothing says a minimize leads to it, so the repro leaves its
///   minimize out there.
/// - On Wayland the app cannot restore or focus its own window (a compositor activates a
///   window only for a token backed by user input): ``canRestoreItself`` is X11's alone.
///
/// ```swift
/// let detection = SceneDetection.current   // after GTK opened its display
/// if !detection.canSeeMinimize { print(detection.summary) }
/// ```
public struct SceneDetection: Sendable, Hashable, CustomStringConvertible {
    /// A GTK version, as `gtk_get_major_version` and friends report it.
    public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// 4 for GTK 4.
        public var major: Int
        /// 8 for GTK 4.8.
        public var minor: Int
        /// 3 for GTK 4.8.3.
        public var micro: Int

        /// A version.
        public init(_ major: Int, _ minor: Int, _ micro: Int = 0) {
            (self.major, self.minor, self.micro) = (major, minor, micro)
        }

        /// "4.8.3".
        public var description: String { "\(major).\(minor).\(micro)" }

        /// Orders by major, then minor, then micro.
        public static func < (a: Version, b: Version) -> Bool {
            (a.major, a.minor, a.micro) < (b.major, b.minor, b.micro)
        }
    }

    /// The Wayland compositor, told by the protocol of its own it offers GTK.
    public enum Compositor: Sendable, Hashable, CustomStringConvertible {
        /// GNOME's mutter (`gtk_shell1`).
        case gnome
        /// KDE Plasma's KWin (`org_kde_plasma_shell`).
        case kde
        /// Another compositor (sway), or none (X11).
        case other

        /// "GNOME", "KDE" or "other".
        public var description: String {
            switch self {
            case .gnome: "GNOME"
            case .kde: "KDE"
            case .other: "other"
            }
        }
    }

    /// How a minimize reaches the scene.
    public enum MinimizeSignal: Sendable, Hashable {
        /// The surface's `GDK_TOPLEVEL_STATE_MINIMIZED` (X11).
        case minimizedState
        /// The surface left every monitor (GNOME's mutter on Wayland takes a minimized window
        /// off them), and `suspended` too where GTK has it.
        case leftEveryMonitor
        /// The compositor stopped taking the window's frames (KDE's KWin withholds a hidden
        /// window's frame callbacks), and `suspended` too where GTK has it (KWin 6 sends it
        /// with the minimize).
        case framesWithheld
        /// Nothing: the app cannot tell its window was minimized.
        case none
    }

    /// What `.active` follows.
    public enum ActiveSource: Sendable, Hashable, CustomStringConvertible {
        /// `gtk_window_is_active`: the window has the keyboard focus.
        case isActive
        /// `GDK_TOPLEVEL_STATE_FOCUSED`: the compositor shows the window as the focused one;
        /// the keyboard focus (`is-active`) first, where the seat has a keyboard and it changed
        /// after the state (Wayland).
        case focusedState

        /// "is-active" or "the keyboard focus, else the FOCUSED state".
        public var description: String {
            switch self {
            case .isActive: "is-active"
            case .focusedState: "the keyboard focus, else the FOCUSED state"
            }
        }
    }

    /// The windowing system of the display the windows are on.
    public let backend: DisplayBackend
    /// The GTK the process runs against.
    public let gtkVersion: Version
    /// How a minimize reaches the scene.
    public let minimizeSignal: MinimizeSignal
    /// What `.active` follows.
    public let activeSource: ActiveSource

    /// The first GTK with `GtkWindow:suspended` (`GDK_TOPLEVEL_STATE_SUSPENDED`).
    public static let suspendedSince = Version(4, 12)

    /// The Wayland compositor (`.other` on X11).
    public let compositor: Compositor

    /// How long a painted frame may wait for the compositor before the window counts as hidden
    /// under KWin (``MinimizeSignal/framesWithheld``). A shown window's frame waited at most
    /// 0.13 s beside two busy loops on a loaded 2-core machine (docs/platforms.md); a minimize
    /// is seen this much later.
    public static let withheldFramesPatience: Duration = .milliseconds(500)

    /// Whether the compositor takes a minimized window off every monitor (GNOME's mutter).
    public var compositorHidesMinimized: Bool { compositor == .gnome }

    /// Derives what a session on `backend` with GTK `gtkVersion` can detect (see the type's
    /// comment for the rules).
    /// - Parameters:
    ///   - backend: the windowing system of the display.
    ///   - gtkVersion: the GTK the process runs against.
    ///   - compositor: on Wayland, the compositor (GNOME's mutter takes a minimized window off
    ///     every monitor, KDE's KWin withholds its frame callbacks); ignored on X11.
    public init(backend: DisplayBackend, gtkVersion: Version, compositor: Compositor = .other) {
        self.backend = backend
        self.gtkVersion = gtkVersion
        self.compositor = backend == .wayland ? compositor : .other
        switch backend {
        case .wayland:
            minimizeSignal =
                switch compositor {
                case .gnome: .leftEveryMonitor
                case .kde: .framesWithheld
                case .other: .none
                }
            activeSource = .focusedState
        case .x11, .other:
            minimizeSignal = .minimizedState
            activeSource = .isActive
        }
    }

    /// What the default display and the running GTK allow. GTK must have opened its display.
    @MainActor
    public static var current: SceneDetection {
        guard let backend = Display.backend else {
            preconditionFailure(
                "SceneDetection.current needs GTK's display: call it after `GtkRuntime.initialize()` or the "
                    + "application's start-up")
        }
        let version = GtkRuntime.version
        let compositor: Compositor =
            if Display.waylandCompositorOffers("gtk_shell1") {
                .gnome
            } else if Display.waylandCompositorOffers("org_kde_plasma_shell") {
                .kde
            } else {
                .other
            }
        return SceneDetection(
            backend: backend, gtkVersion: Version(version.major, version.minor, version.micro), compositor: compositor)
    }

    /// Whether a minimized window's scene goes `.background`.
    public var canSeeMinimize: Bool { minimizeSignal != .none }

    /// Whether the app can bring its own minimized window back and give it the focus (X11); a
    /// Wayland compositor does that only for a person (the dash, Alt+Tab).
    public var canRestoreItself: Bool { backend != .wayland }

    /// Whether a mapped window shown on no monitor is `.background`.
    public var followsMonitors: Bool { minimizeSignal == .leftEveryMonitor }

    /// Whether a mapped window whose frames the compositor stopped taking is `.background`.
    public var followsWithheldFrames: Bool { minimizeSignal == .framesWithheld }

    /// Whether the scene follows `GtkWindow:suspended`.
    public var followsSuspended: Bool { gtkVersion >= Self.suspendedSince }

    /// One line for a person: what this session can detect and why.
    public var summary: String {
        let session = "\(backend), GTK \(gtkVersion.major).\(gtkVersion.minor)"
        let active = "active follows \(activeSource)"
        switch minimizeSignal {
        case .minimizedState:
            return "\(session): a minimize is seen (MINIMIZED state → background); \(active)."
        case .leftEveryMonitor:
            return "\(session): a minimize is seen when GNOME takes the window off every monitor (about 0.3 s); "
                + "the app cannot restore it itself; \(active)."
        case .framesWithheld:
            let suspended = followsSuspended ? " (at once where KWin suspends the window)" : ""
            return "\(session): a minimize is seen when KWin stops taking the window's frames (about 0.5 s)"
                + "\(suspended); the app cannot restore it itself; \(active)."
        case .none:
            let suspended = followsSuspended ? ", or the compositor suspending the window" : ""
            return "\(session): the app cannot tell it was minimized (xdg-shell has no such state), only hiding"
                + "\(suspended) gives background; \(active)."
        }
    }

    /// Backend, GTK version, what a minimize gives and what `.active` follows.
    public var description: String {
        "SceneDetection(\(backend), \(compositor), GTK \(gtkVersion), minimize: \(minimizeSignal), active: \(activeSource))"
    }
}
