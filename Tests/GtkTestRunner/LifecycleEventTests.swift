import Gtk

/// SPEC §1: map/unmap and window phases from real widgets in a real window (issue 2, tests).
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
                var log: [String] = []
                parent.onMap { log.append("appear parent") }
                parent.onUnmap { log.append("disappear parent") }
                child.onMap { log.append("appear child") }
                child.onUnmap { log.append("disappear child") }
                window.present()
                try await waitFor("child mapped") { child.isMapped }
                // GTK runs map/unmap's class handler (which maps the children) before user handlers.
                expectEqual(log, ["appear child", "appear parent"], "present")
                log = []
                child.hide()
                child.show()
                expectEqual(log, ["disappear child", "appear child"], "hide/show child")
                log = []
                parent.hide()
                expectEqual(log, ["disappear child", "disappear parent"], "hide parent")
                expect(!child.isMapped && child.isVisible, "child unmapped but still set visible")
                log = []
                parent.show()
                expectEqual(log, ["appear child", "appear parent"], "show parent")
                log = []
                parent.hide()
                child.hide()
                parent.show()
                expectEqual(log, ["disappear child", "disappear parent", "appear parent"], "hidden child stays unmapped")
            },
            GtkTestCase("§1 disappear: removing a widget unmaps it; adding it back maps it") {
                let window = Harness.window("remove")
                let box = Box(.vertical)
                let label = Label("removable")
                box.append(label)
                window.child = box
                var log: [String] = []
                label.onMap { log.append("appear") }
                label.onUnmap { log.append("disappear") }
                window.present()
                try await waitFor("label mapped") { label.isMapped }
                box.remove(label)
                expectEqual(log, ["appear", "disappear"], "remove")
                expect(!label.hasParent, "removed label has no parent")
                expect(box.isInside(window) && !label.isInside(window), "isInside follows the root")
                box.append(label)
                try await waitFor("label mapped again") { label.isMapped }
                expectEqual(log, ["appear", "disappear", "appear"], "re-add")
                label.unparent()
                expectEqual(log, ["appear", "disappear", "appear", "disappear"], "unparent")
            },
            GtkTestCase("§1 disappear: destroying the window unmaps its widgets") {
                let window = Window(title: "destroy")
                let label = Label("inside")
                window.child = label
                var log: [String] = []
                label.onMap { log.append("appear") }
                label.onUnmap { log.append("disappear") }
                window.present()
                try await waitFor("label mapped") { label.isMapped }
                window.destroy()
                expectEqual(log, ["appear", "disappear"])
            },
            GtkTestCase("§1 scene phase: minimize and restore → background and back, no disappear") {
                let window = Harness.window("minimize")
                let label = Label("content")
                window.child = label
                var disappeared = 0
                label.onUnmap { disappeared += 1 }
                let tracker = WindowPhaseTracker(window: window)
                expectEqual(tracker.phase, .background, "before present")
                var phases: [WindowPhase] = []
                tracker.onPhaseChange { _, new in phases.append(new) }
                try await presentAndFocus(window)
                expectEqual(tracker.phase, .active, "after present")
                phases = []
                try await minimizeAndWait(window)
                try await waitFor("background") { tracker.phase == .background }
                await settle()
                expect(window.isMinimized, "surface state MINIMIZED")
                expect(label.isMapped, "content stays mapped while minimized")
                expectEqual(disappeared, 0, "disappear count on minimize")
                window.unminimize()
                window.present()
                try await waitFor("active again") { tracker.phase == .active }
                await settle()
                // Minimizing goes straight to background (no disappear); restoring maps the
                // window before the window manager gives it the focus.
                expectEqual(phases, [.background, .inactive, .active], "phases")
                expectEqual(disappeared, 0, "disappear count after restore")
            },
            GtkTestCase("§1 scene phase: focus to a second window and back → inactive, active") {
                let first = Harness.window("first")
                let second = Harness.window("second")
                let tracker = WindowPhaseTracker(window: first)
                var phases: [WindowPhase] = []
                try await presentAndFocus(first)
                tracker.onPhaseChange { _, new in phases.append(new) }
                try await moveFocus(from: first, to: second)
                try await waitFor("first inactive") { tracker.phase == .inactive }
                try await presentAndFocus(first)
                await settle()
                expectEqual(phases, [.inactive, .active])
            },
            GtkTestCase("§1 scene phase: hiding a window → background (its widgets disappear); showing it → active") {
                let window = Harness.window("hide")
                let label = Label("content")
                window.child = label
                var log: [String] = []
                label.onUnmap { log.append("disappear") }
                label.onMap { log.append("appear") }
                let tracker = WindowPhaseTracker(window: window)
                tracker.onPhaseChange { old, new in log.append("\(old)→\(new)") }
                try await presentAndFocus(window)
                log = []
                window.hide()
                expectEqual(log, ["disappear", "active→background"], "hide")
                log = []
                try await presentAndFocus(window)
                // Map and focus may arrive in one batch (background→active) or two
                // (background→inactive→active); either way the content appears first.
                expectEqual(log.first, "appear", "show maps the content first")
                expect(log.last?.hasSuffix("→active") == true, "then the focus returns: \(log)")
                expect(!log.contains("disappear"), "no disappear on show")
                expectEqual(tracker.phase, .active)
            },
            GtkTestCase("§1 app scene phase: active while any window is active, background when all minimized") {
                let first = Harness.window("app-first")
                let second = Harness.window("app-second")
                let app = AppPhaseAggregator()
                app.track(first)
                app.track(second)
                expectEqual(app.phase, .background, "no window shown")
                try await presentAndFocus(first)
                expectEqual(app.phase, .active, "first shown")
                try await presentAndFocus(second)
                try await waitFor("app active with second focused") { app.phase == .active }
                try await minimizeAndWait(first)
                try await minimizeAndWait(second)
                try await waitFor("app background") { app.phase == .background }
                try await restoreAndWait(first)
                try await waitFor("app active again") { app.phase == .active }
                second.destroy()
                await settle()
                expectEqual(app.windows.count, 1, "destroyed window untracked")
                expectEqual(WindowPhase.aggregate([.background, .inactive]), .inactive, "aggregate rule")
                expectEqual(WindowPhase.aggregate([]), .background, "aggregate of none")
            },
        ]
    }
}
