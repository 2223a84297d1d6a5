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
var binding: WidgetLifecycle?
app.onActivate {
    // The core's clock, task registry and event log; tasks run their sleeps on the main thread.
    let context = LifecycleContext(taskExecutor: MainLoop.taskExecutor)
    let scenes = GtkScenes(context: context)
    let window = Window(application: app, title: "Ticker")
    let label = Label("0 s")
    window.child = label

    // `.task(while: .active)`: runs while the label is on screen and its window is active,
    // is cancelled when either ends, and starts again when both hold.
    let node = LifecycleNode(name: "ticker", scene: scenes.scene(for: window, name: "main"), context: context)
        .task(while: .active) {
            var seconds = 0
            while !Task.isCancelled {
                label.text = "\(seconds) s"
                try? await context.sleep(for: .seconds(1))
                seconds += 1
            }
        }
    binding = WidgetLifecycle(node: node, widget: label)  // map → appear, unmap → disappear
    window.present()
}
exit(app.run())
// snippet.end
