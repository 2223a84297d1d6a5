internal import CGtk
import Synchronization

/// A Swift closure handed to GLib (signal handler, idle or timeout source, draw func, list
/// factory callback).
///
/// GLib receives the box with one retain (`Unmanaged.passRetained`) and gives it back through
/// a real destroy notify (`GClosureNotify` for signals, `GDestroyNotify` for sources and draw
/// funcs), which releases it and drops the closure, so whatever the closure captured is
/// released the moment GLib is done with it: on disconnect, on source removal, or when the
/// object that owns the handler is disposed.
///
/// Boxes are created, called and released on the main thread only (GLib dispatches the
/// default main context there); the `@unchecked Sendable` lets trampolines hand them to
/// `MainActor.assumeIsolated`. The counter itself is atomic.
///
/// ``liveCount`` counts the boxes GLib holds right now; tests and leak checks compare it
/// before and after a scenario. ``liveCount(since:)`` counts only the boxes GLib took after a
/// ``mark()``, so what an earlier scenario left behind, and GLib gives back at some later
/// moment, does not sway a comparison.
public class GLibClosureBox: @unchecked Sendable {
    private static let live = Atomic<Int>(0)
    /// The boxes GLib holds, by the generation they were handed over in (one per ``mark()``).
    private static let liveByGeneration = Mutex<[Int]>([0])

    /// How many Swift closures GLib holds right now: handed to `g_signal_connect_data`,
    /// `g_idle_add_full` and the like, and not yet given back through their destroy notify.
    public static var liveCount: Int { live.load(ordering: .relaxed) }

    /// A point in the boxes' history, from ``mark()``.
    public struct Generation: Sendable, Equatable {
        let index: Int
    }

    /// Begins a generation: ``liveCount(since:)`` with the returned value counts the boxes
    /// handed to GLib from now on.
    public static func mark() -> Generation {
        liveByGeneration.withLock { counts in
            counts.append(0)
            return Generation(index: counts.count - 1)
        }
    }

    /// How many of the closures GLib holds right now were handed to it after `generation`'s
    /// ``mark()``.
    public static func liveCount(since generation: Generation) -> Int {
        liveByGeneration.withLock { counts in counts[generation.index...].reduce(0, +) }
    }

    /// Set once GLib's destroy notify ran: the closure is gone and the handler is disconnected.
    final var isReleasedByGLib = false
    /// The generation this box was handed to GLib in.
    private final var generation = 0

    init() {}

    /// Returns a +1 pointer for GLib's `user_data`; balanced by ``releaseFromGLib(_:)``.
    final func retainForGLib() -> UnsafeMutableRawPointer {
        Self.live.add(1, ordering: .relaxed)
        generation = Self.liveByGeneration.withLock { counts in
            counts[counts.count - 1] += 1
            return counts.count - 1
        }
        return Unmanaged.passRetained(self).toOpaque()
    }

    /// The destroy notify's body: balances ``retainForGLib()`` and drops the closure.
    static func releaseFromGLib(_ data: UnsafeMutableRawPointer?) {
        guard let data else { return }
        let box = Unmanaged<GLibClosureBox>.fromOpaque(data).takeRetainedValue()
        box.isReleasedByGLib = true
        box.dropBody()
        live.subtract(1, ordering: .relaxed)
        liveByGeneration.withLock { counts in counts[box.generation] -= 1 }
    }

    func dropBody() {}
}

/// A box for one closure of type `Body`.
///
/// `@unchecked Sendable` for the same reason as ``GLibClosureBox``: `body` is set at creation,
/// called and dropped on the main thread only (GLib dispatches and destroy-notifies there).
final class ClosureBox<Body>: GLibClosureBox, @unchecked Sendable {
    var body: Body?
    init(_ body: Body) { self.body = body }
    override func dropBody() { body = nil }

    static func from(_ data: UnsafeMutableRawPointer?) -> ClosureBox<Body> {
        Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
    }
}

/// `GClosureNotify`: releases the box when GLib destroys a signal handler's closure.
let closureNotify: GClosureNotify = { data, _ in GLibClosureBox.releaseFromGLib(data) }
/// `GDestroyNotify`: releases the box when GLib destroys a source or a draw func.
let destroyNotify: GDestroyNotify = { data in GLibClosureBox.releaseFromGLib(data) }
