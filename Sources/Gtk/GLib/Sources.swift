internal import CGtk

extension MainLoop {
    /// Calls `body` once from the loop when nothing of higher priority is pending.
    /// Wraps `g_idle_add_full`.
    @discardableResult
    public static func idle(_ body: @escaping @MainActor () -> Void) -> SourceHandle {
        idleSource {
            body()
            return false
        }
    }

    /// `G_PRIORITY_HIGH_IDLE` (100): an idle source of this priority runs once every event
    /// already read has been handled, and before GTK's frame (`GDK_PRIORITY_REDRAW`, 120).
    public static let highIdlePriority = Int32(G_PRIORITY_HIGH_IDLE)

    /// Calls `body` from the loop while idle until it returns `false`. Wraps `g_idle_add_full`.
    public static func idleSource(priority: Int32 = 200, _ body: @escaping @MainActor () -> Bool) -> SourceHandle {
        let box = ClosureBox<BoolBody>(body)
        let id = g_idle_add_full(priority, sourceTrampoline, box.retainForGLib(), destroyNotify)
        return SourceHandle(id: id, box: box)
    }

    /// Calls `body` after `interval`, and again every `interval` while it returns `true`.
    /// Wraps `g_timeout_add_full` (millisecond resolution, rounded up).
    public static func timeoutSource(after interval: Duration, _ body: @escaping @MainActor () -> Bool) -> SourceHandle
    {
        let box = ClosureBox<BoolBody>(body)
        let (seconds, attoseconds) = interval.components
        let ms = max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        let id = g_timeout_add_full(
            G_PRIORITY_DEFAULT, guint(clamping: ms), sourceTrampoline,
            box.retainForGLib(), destroyNotify)
        return SourceHandle(id: id, box: box)
    }
}

/// An idle or timeout source added to the default main context: the source id
/// `g_idle_add_full` or `g_timeout_add_full` returned. Not copyable.
///
/// Dropping it without ``cancel()`` leaves the source running until its closure says stop.
public struct SourceHandle: ~Copyable {
    let id: UInt32
    let box: GLibClosureBox

    /// Whether the source is still attached (false once its `GDestroyNotify` ran: it stopped
    /// or was cancelled).
    @MainActor public var isActive: Bool { !box.isReleasedByGLib }

    /// Removes the source and releases its closure. Wraps `g_source_remove`; a no-op when the
    /// source already stopped.
    @MainActor public consuming func cancel() {
        if !box.isReleasedByGLib { g_source_remove(guint(id)) }
    }
}
