// A window whose label counts seconds while the window is active: SwiftUI's
// `.task` with scene phase, on GTK. The label's map and unmap are the node's appear and
// disappear; the window's focus and minimize are its scene phase.
import Gtk
import GtkLifecycle
import LifecycleTasks

#if canImport(Glibc)
    import Glibc
#endif

// snippet.show
do {
    try GtkRuntime.initialize()  // no display: throws, with the reason
} catch {
    print("no display: \(error)")
    exit(1)
}
let app = Application(id: "org.example.Ticker")
app.onActivate {
    // The core's clock, task registry and event log; tasks run their sleeps on the main thread.
    let context = LifecycleContext(taskExecutor: MainLoop.taskExecutor)
    let window = Window(application: app, title: "Ticker")
    let label = Label("0 s")
    window.child = label

    // The label's map and unmap are the node's appear and disappear; the window's focus and
    // minimize its scene phase. The label keeps the node until it or its window goes.
    label.lifecycle("ticker", in: window, scenes: GtkScenes(context: context)) { node in
        // Runs while the label is on screen and its window is active, is cancelled when
        // either ends, and starts again when both hold.
        node.task(while: .active) {
            var seconds = 0
            while !Task.isCancelled {
                label.text = "\(seconds) s"
                try? await context.sleep(for: .seconds(1))
                seconds += 1
            }
        }
    }
    window.present()
}
exit(app.run())
// snippet.end
