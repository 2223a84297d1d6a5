/// A side effect a page holds while it is presented: seed 003 raises the screen brightness; the
/// app maps it to `gtk_application_inhibit` (idle inhibitor) or a visible "presenting" state.
@MainActor
public protocol PresentingSideEffect: AnyObject {
    /// Takes the side effect (inhibit idle, raise brightness).
    func acquire()
    /// Gives it back.
    func release()
}

/// A ``PresentingSideEffect`` that only counts, for tests and headless runs.
///
/// ```swift
/// let effect = CountingSideEffect()
/// effect.acquire(); effect.isHeld   // true
/// ```
@MainActor
public final class CountingSideEffect: PresentingSideEffect {
    /// How many acquisitions are not released yet.
    public private(set) var held = 0
    /// Acquisitions so far.
    public private(set) var acquisitions = 0
    /// Releases so far.
    public private(set) var releases = 0
    /// Whether the side effect is held.
    public var isHeld: Bool { held > 0 }

    /// Makes a side effect that is not held.
    public init() {}

    /// Counts an acquisition.
    public func acquire() {
        held += 1
        acquisitions += 1
    }

    /// Counts a release.
    public func release() {
        held -= 1
        releases += 1
    }
}
