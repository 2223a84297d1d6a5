import Gtk
import GtkLifecycle
import LifecycleTasks

/// SPEC §1: map/unmap and scene phases from real widgets in real windows, through the adapter
/// (`GtkScenes`, `WindowScene`, `AppScene`) for the phases.
@MainActor
enum LifecycleEventTests {
    static var cases: [GtkTestCase] {
        [
            GtkTestCase("§1 appear/disappear: hide and show a widget, then its parent") {
                let window = Harness.window("appear")
                let parent = Box(.vertical)
                let child = Label("child")
                parent.append(child)
                window.child = parent
                let log = AppearanceLog()
                log.follow(parent, as: "parent")
                log.follow(child, as: "child")
                window.present()
                try await waitFor("child mapped") { child.isMapped }
                // GTK runs map/unmap's class handler (which maps the children) before user handlers.
                expectEqual(log.take(), ["appear child", "appear parent"], "present")
                child.hide()
                child.show()
                expectEqual(log.take(), ["disappear child", "appear child"], "hide/show child")
                parent.hide()
                expectEqual(log.take(), ["disappear child", "disappear parent"], "hide parent")
                expect(!child.isMapped && child.isVisible, "child unmapped but still set visible")
                parent.show()
                expectEqual(log.take(), ["appear child", "appear parent"], "show parent")
                parent.hide()
                child.hide()
                parent.show()
                expectEqual(
                    log.take(), ["disappear child", "disappear parent", "appear parent"], "hidden child stays unmapped")
            },
            GtkTestCase("§1 disappear: removing a widget unmaps it; adding it back maps it") {
                let window = Harness.window("remove")
                let box = Box(.vertical)
                let label = Label("removable")
                box.append(label)
                window.child = box
                let log = AppearanceLog()
                log.follow(label)
                window.present()
                try await waitFor("label mapped") { label.isMapped }
                box.remove(label)
                expectEqual(log.entries, ["appear", "disappear"], "remove")
                expect(!label.hasParent, "removed label has no parent")
                expect(box.isInside(window) && !label.isInside(window), "isInside follows the root")
                box.append(label)
                try await waitFor("label mapped again") { label.isMapped }
                expectEqual(log.entries, ["appear", "disappear", "appear"], "re-add")
                label.unparent()
                expectEqual(log.entries, ["appear", "disappear", "appear", "disappear"], "unparent")
            },
            GtkTestCase("§1 disappear: destroying the window unmaps its widgets") {
                let window = Window(title: "destroy")
                let label = Label("inside")
                window.child = label
                let log = AppearanceLog()
                log.follow(label)
                window.present()
                try await waitFor("label mapped") { label.isMapped }
                window.destroy()
                expectEqual(log.entries, ["appear", "disappear"])
            },
            GtkTestCase("§1 scene phase: minimize and restore → background and back, no disappear") {
                let scenes = GtkScenes(context: LifecycleContext())
                let window = Harness.window("minimize")
                let label = Label("content")
                window.child = label
                var disappeared = 0
                label.onUnmap { disappeared += 1 }
                let scene = scenes.scene(for: window, name: "minimize")
                expectEqual(scene.phase, .background, "before present")
                var phases: [ScenePhase] = []
                let token = scene.onChange { _, new in phases.append(new) }
                try await presentAndFocus(window)
                expectEqual(scene.phase, .active, "after present")
                phases = []
                try await minimizeAndWait(window)
                try await waitFor("background") { scene.phase == .background }
                try await loopIdle()
                expect(window.isMinimized, "surface state MINIMIZED")
                expect(label.isMapped, "content stays mapped while minimized")
                expectEqual(disappeared, 0, "disappear count on minimize")
                window.unminimize()
                window.present()
                try await waitFor("active again") { scene.phase == .active }
                try await loopIdle()
                // Minimizing goes straight to background (no disappear); restoring maps the
                // window before the window manager gives it the focus.
                expectEqual(phases, [.background, .inactive, .active], "phases")
                expectEqual(disappeared, 0, "disappear count after restore")
                token.cancel()
            },
            GtkTestCase("§1 scene phase: focus to a second window and back → inactive, active") {
                let scenes = GtkScenes(context: LifecycleContext())
                let first = Harness.window("first")
                let second = Harness.window("second")
                let scene = scenes.scene(for: first, name: "first")
                var phases: [ScenePhase] = []
                try await presentAndFocus(first)
                let token = scene.onChange { _, new in phases.append(new) }
                try await moveFocus(from: first, to: second)
                try await waitFor("first inactive") { scene.phase == .inactive }
                try await presentAndFocus(first)
                try await loopIdle()
                expectEqual(phases, [.inactive, .active])
                token.cancel()
            },
            GtkTestCase("§1 scene phase: hiding a window → background (its widgets disappear); showing it → active") {
                let scenes = GtkScenes(context: LifecycleContext())
                let window = Harness.window("hide")
                let label = Label("content")
                window.child = label
                let log = AppearanceLog()
                log.follow(label)
                let scene = scenes.scene(for: window, name: "hide")
                let token = scene.onChange { old, new in log.entries.append("\(old)→\(new)") }
                try await presentAndFocus(window)
                _ = log.take()
                window.hide()
                expectEqual(log.take(), ["disappear", "active→background"], "hide")
                try await presentAndFocus(window)
                // Map and focus may arrive in one batch (background→active) or two
                // (background→inactive→active); either way the content appears first.
                let shown = log.take()
                expectEqual(shown.first, "appear", "show maps the content first")
                expect(shown.last?.hasSuffix("→active") == true, "then the focus returns: \(shown)")
                expect(!shown.contains("disappear"), "no disappear on show")
                expectEqual(scene.phase, .active)
                token.cancel()
            },
            GtkTestCase(
                "§1 app scene phase: active while any window is active, inactive while one is shown unfocused and the rest are background, background when all are minimized"
            ) {
                let scenes = GtkScenes(context: LifecycleContext())
                expectEqual(scenes.app.phase, .background, "no window followed")
                let first = Harness.window("app-first")
                let second = Harness.window("app-second")
                let thief = Harness.window("app-focus-thief")  // not followed: only takes the focus
                let firstScene = scenes.scene(for: first, name: "first")
                let secondScene = scenes.scene(for: second, name: "second")
                expectEqual(scenes.app.phase, .background, "no window shown")
                try await presentAndFocus(first)
                expectEqual(scenes.app.phase, .active, "first shown")
                try await presentAndFocus(second)
                try await waitFor("app active with second focused") { scenes.app.phase == .active }
                try await minimizeAndWait(first)
                try await minimizeAndWait(second)
                try await waitFor("app background") { scenes.app.phase == .background }
                try await restoreAndWait(first)
                try await waitFor("app active again") { scenes.app.phase == .active }
                try await moveFocus(from: first, to: thief)
                try await waitFor("app inactive") { scenes.app.phase == .inactive }
                expectEqual(
                    [firstScene.phase, secondScene.phase], [.inactive, .background], "one inactive, one background")
                second.destroy()
                try await loopIdle()
                // The destroyed window left the app aggregate: its scene is closed, so even an
                // update to .active changes neither the scene nor the app.
                secondScene.update(phase: .active)
                expectEqual(secondScene.phase, .background, "destroyed window's scene")
                expectEqual(scenes.app.phase, .inactive, "app without the destroyed window")
            },
        ]
    }
}

/// SPEC §1's appear (`map`) and disappear (`unmap`) of some widgets, in the order GTK sent them.
@MainActor
final class AppearanceLog {
    /// "appear name" / "disappear name" ("appear" / "disappear" for a widget followed without a
    /// name), and whatever a case adds itself.
    var entries: [String] = []

    /// Logs `widget`'s map and unmap from now on.
    func follow(_ widget: Widget, as name: String? = nil) {
        let suffix = name.map { " \($0)" } ?? ""
        widget.onMap { [self] in entries.append("appear" + suffix) }
        widget.onUnmap { [self] in entries.append("disappear" + suffix) }
    }

    /// The entries so far; the log starts empty again.
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}
