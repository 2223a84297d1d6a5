import Gtk
import LifecycleTasks

#if canImport(Glibc)
    import Glibc
#endif

/// Hooks for the benchmarks and the command-line tests, each switched on by an environment
/// variable (``EnvironmentVariables``); none is used by a person.
@MainActor
enum DiagnosticHooks {
    /// `LIFECYCLE_LAB_EXIT_AFTER_FIRST_FRAME` (`app.startup`, Tests/cli/renderer.sh): once
    /// `window`'s first frame is painted, prints its monotonic time, the peak resident memory so
    /// far (VmHWM), what drew the frame and the display type, then calls `quit`.
    static func exitAfterFirstFrame(of window: Window, quit: @escaping @MainActor () -> Void) {
        // The window is shown but not painted yet: that happens once start-up returns to the loop.
        window.onFirstFramePainted { [weak window] in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            print("first-frame \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))")
            print("first-frame-peak-kib \(ProcessMemory.peakResidentKiB ?? 0)")
            print("renderer \(window?.rendererName ?? "none")")
            print("display \(GtkRuntime.displayTypeName ?? "none")")
            fflush(nil)
            quit()
        }
    }

    /// `LIFECYCLE_LAB_TEST_STUBBORN_TASK_MS=N` (Tests/cli/shutdown.sh): registers one task that
    /// ignores cancellation and returns N ms after it started, so the shutdown bound and its
    /// report can be seen on the real process. No page has such a task (every strategy's work
    /// honours cancellation, even the buggy ones).
    static func startStubbornTask(milliseconds ms: Int, in registry: TaskRegistry) {
        registry.unstructuredTask(name: "stubborn (test hook)", label: "test", owner: nil) {
            // Awaiting another unstructured task's value: cancelling this one does not reach it.
            await Task { try? await Task.sleep(for: .milliseconds(ms)) }.value
        }
    }
}
