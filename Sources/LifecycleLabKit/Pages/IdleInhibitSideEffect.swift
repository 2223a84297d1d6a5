import Gettext
public import Gtk
public import LabModel

/// Seed 003's side effect on the desktop: `gtk_application_inhibit(IDLE)` while the page presents.
///
/// Without a session manager (Xvfb) GTK returns no cookie; the side effect is then held only as
/// visible state, so the page shows "held" or "not held" either way.
///
/// ```swift
/// let effect = IdleInhibitSideEffect(application: app, window: window)
/// effect.acquire()   // isHeld; cookie != nil when the session accepted
/// effect.release()
/// ```
@MainActor
public final class IdleInhibitSideEffect: PresentingSideEffect {
    /// Whether the side effect is held now.
    public private(set) var isHeld = false
    /// The inhibitor's cookie while held, `nil` when the session refused or nothing is held.
    public private(set) var cookie: UInt32?
    /// Acquisitions so far.
    public private(set) var acquisitions = 0
    /// Releases so far.
    public private(set) var releases = 0
    /// Called after every acquire and release.
    public var onChange: (@MainActor () -> Void)?
    private let application: Application
    private weak var window: Window?

    /// Makes a side effect that is not held, for `window` of `application`.
    public init(application: Application, window: Window?) {
        self.application = application
        self.window = window
    }

    /// Inhibits idle (or, without a session manager, only records that it is held).
    public func acquire() {
        guard !isHeld else { return }
        cookie = application.inhibitIdle(window: window, reason: tr("Lifecycle Lab is presenting (seed 003)"))
        isHeld = true
        acquisitions += 1
        onChange?()
    }

    /// Removes the inhibitor.
    public func release() {
        guard isHeld else { return }
        if let cookie { application.uninhibit(cookie) }
        cookie = nil
        isHeld = false
        releases += 1
        onChange?()
    }

    /// "held — idle inhibited (cookie 3)", "held — no session manager, shown here only", "not held".
    public var stateText: String {
        guard isHeld else { return tr("not held") }
        if let cookie { return tr("held — idle inhibited (cookie %{cookie})", ["cookie": cookie]) }
        return tr("held — no session manager to inhibit idle, shown here only")
    }
}
