internal import CGtk

// The C callbacks GLib calls: each recovers the Swift closure from `user_data` (a
// ``ClosureBox``) and runs it on the main actor, where GLib dispatches the default context.

typealias VoidBody = @MainActor () -> Void
typealias BoolBody = @MainActor () -> Bool
typealias PointerBody = @MainActor (UnsafeMutableRawPointer?) -> Void
typealias TwoPointerBody = @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

/// (instance, user_data) → void
let voidTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    let box = ClosureBox<VoidBody>.from(data)
    MainActor.assumeIsolated { box.body?() }
}
/// (instance, user_data) → gboolean
let boolTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
    let box = ClosureBox<BoolBody>.from(data)
    return MainActor.assumeIsolated { (box.body?() ?? false) ? 1 : 0 }
}
/// (instance, arg, user_data) → void
let pointerTrampoline:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        _, arg, data in
        let box = ClosureBox<PointerBody>.from(data)
        // Safe: `assumeIsolated` runs the closure synchronously on this (the main) thread, so the
        // raw pointer never crosses a thread; the annotation only satisfies the Sendable check.
        nonisolated(unsafe) let arg = arg
        MainActor.assumeIsolated { box.body?(arg) }
    }
/// (instance, arg1, arg2, user_data) → void
let twoPointerTrampoline:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
    ) -> Void = { _, a, b, data in
        let box = ClosureBox<TwoPointerBody>.from(data)
        // Safe: used synchronously on this thread inside `assumeIsolated` (see pointerTrampoline).
        nonisolated(unsafe) let a = a
        nonisolated(unsafe) let b = b
        MainActor.assumeIsolated { box.body?(a, b) }
    }
/// (instance, pspec, user_data) → void
let notifyTrampoline:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        _, _, data in
        let box = ClosureBox<VoidBody>.from(data)
        MainActor.assumeIsolated { box.body?() }
    }
/// GSourceFunc: user_data → gboolean (G_SOURCE_CONTINUE / G_SOURCE_REMOVE)
let sourceTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
    let box = ClosureBox<BoolBody>.from(data)
    return MainActor.assumeIsolated { (box.body?() ?? false) ? 1 : 0 }
}

/// A `@convention(c)` function as the untyped `GCallback` pointer `g_signal_connect_data` takes.
func cFunction<F>(_ f: F) -> UnsafeMutableRawPointer {
    unsafeBitCast(f, to: UnsafeMutableRawPointer.self)
}
