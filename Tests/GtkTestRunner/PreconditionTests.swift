import Dispatch
import Glibc
import Gtk

/// STYLE ("The C boundary", "Errors and bad input"): misuse fails with a message saying what to do; wrong thread and
/// not-initialized get two different messages. Each runs in a child process that crashes.
@MainActor
enum PreconditionTests {
    static let uninitializedFlag = "--precondition-uninitialized"
    static let wrongThreadFlag = "--precondition-wrong-thread"
    static let noDisplayFlag = "--init-without-display"

    static var cases: [GtkTestCase] {
        Harness.smokeModes[uninitializedFlag] = {
            _ = Label("before initialize")
            return 0
        }
        Harness.smokeModes[wrongThreadFlag] = {
            // Under dispatchMain() the main actor runs on a worker thread on Linux: GTK must refuse.
            Task { @MainActor in _ = Label("off the main thread") }
            dispatchMain()
        }
        Harness.smokeModes[noDisplayFlag] = {
            do {
                try GtkRuntime.initialize()
                print("initialized")
                return 0
            } catch {
                print("\(error)")
                return 3
            }
        }
        return [
            GtkTestCase("start-up: gtk_init_check without a display throws a clear error") {
                let (status, output) = try ApplicationTests.runSelf(
                    [noDisplayFlag], unsetting: ["DISPLAY", "WAYLAND_DISPLAY"])
                expectEqual(status, 3, "threw")
                expect(output.hasPrefix("no display: set DISPLAY or WAYLAND_DISPLAY"), "message: \(output)")
            },
            GtkTestCase("preconditions: a widget before GTK is initialized says to initialize") {
                let (status, output) = try ApplicationTests.runSelf([uninitializedFlag], includeStderr: true)
                expect(status != 0, "crashed")
                expect(
                    output.contains("before GTK was initialized; call `try GtkRuntime.initialize()`"),
                    "message: \(output.prefix(300))")
            },
            GtkTestCase("preconditions: a widget off the main thread says to hop to the main thread") {
                let (status, output) = try ApplicationTests.runSelf([wrongThreadFlag], includeStderr: true)
                expect(status != 0, "crashed")
                expect(output.contains("off the main thread"), "message: \(output.prefix(300))")
                expect(!output.contains("before GTK was initialized"), "not the initialization message")
            },
        ]
    }
}
