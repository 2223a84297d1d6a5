import Glibc
import Gtk
import GtkLifecycle
import LifecycleLabKit
import LifecycleTasks

/// SPEC §1's per-session rules: what a session can detect (``SceneDetection``), decided from the
/// display's backend and the GTK version at run time, and which source `.active` follows there.
@MainActor
enum SessionTests {
    static var cases: [GtkTestCase] { [derivation, activeSource, kwinWindowActions] }

    static var derivation: GtkTestCase {
        GtkTestCase(
            "§1 detection: X11 sees a minimize and follows is-active; Wayland but GNOME and KDE cannot see one and follows FOCUSED (with GTK ≥ 4.12 it also follows suspended); GNOME on Wayland sees the window leave its monitors, KDE sees its frames withheld, at any GTK; only X11 lets the app restore itself",
            sessions: .every
        ) {
            let gtk48 = SceneDetection.Version(4, 8, 3)
            let gtk412 = SceneDetection.Version(4, 12, 0)
            let x11 = SceneDetection(backend: .x11, gtkVersion: gtk48)
            expectEqual(x11.minimizeSignal, .minimizedState, "X11 4.8 minimize")
            expectEqual(x11.activeSource, .isActive, "X11 4.8 active")
            expect(x11.canSeeMinimize && !x11.followsSuspended, "X11 4.8 sees a minimize, no suspended")
            let wayland = SceneDetection(backend: .wayland, gtkVersion: gtk48)
            expectEqual(wayland.minimizeSignal, .none, "Wayland 4.8 minimize")
            expectEqual(wayland.activeSource, .focusedState, "Wayland 4.8 active")
            expect(!wayland.canSeeMinimize, "Wayland 4.8 cannot see a minimize")
            expect(wayland.summary.contains("cannot tell"), "the line says so: \(wayland.summary)")
            let wayland412 = SceneDetection(backend: .wayland, gtkVersion: gtk412)
            expectEqual(wayland412.minimizeSignal, .none, "Wayland 4.12 (sway) minimize")
            expect(!wayland412.canSeeMinimize && wayland412.followsSuspended, "Wayland 4.12 follows suspended only")
            expect(wayland412.summary.contains("suspending"), "the line says so: \(wayland412.summary)")
            expectEqual(
                SceneDetection(backend: .x11, gtkVersion: gtk412).minimizeSignal, .minimizedState, "X11 4.12 minimize")
            expect(x11.canRestoreItself && !wayland412.canRestoreItself, "only X11 lets the app restore itself")
            for version in [gtk48, gtk412] {
                let gnome = SceneDetection(backend: .wayland, gtkVersion: version, compositor: .gnome)
                expectEqual(gnome.minimizeSignal, .leftEveryMonitor, "GNOME on Wayland, GTK \(version): minimize")
                expect(gnome.canSeeMinimize && gnome.followsMonitors && !gnome.canRestoreItself, "GNOME \(version)")
                expect(!gnome.followsWithheldFrames, "GNOME \(version) does not watch frames")
                expect(gnome.summary.contains("off every monitor"), "the line says so: \(gnome.summary)")
                let kde = SceneDetection(backend: .wayland, gtkVersion: version, compositor: .kde)
                expectEqual(kde.minimizeSignal, .framesWithheld, "KDE on Wayland, GTK \(version): minimize")
                expect(
                    kde.canSeeMinimize && kde.followsWithheldFrames && !kde.followsMonitors && !kde.canRestoreItself,
                    "KDE \(version)")
                expect(kde.summary.contains("stops taking the window's frames"), "the line says so: \(kde.summary)")
                expectEqual(
                    kde.summary.contains("suspends"), version >= SceneDetection.suspendedSince,
                    "KWin's suspended state named where GTK reports it: \(kde.summary)")
            }
            let gnomeOnX11 = SceneDetection(backend: .x11, gtkVersion: gtk48, compositor: .gnome)
            expectEqual(
                gnomeOnX11.minimizeSignal, .minimizedState, "on X11 the MINIMIZED state, whoever manages windows")
            expectEqual(gnomeOnX11.compositor, .other, "no Wayland compositor on X11")
            expect(SceneDetection.Version(4, 8, 3) < SceneDetection.Version(4, 12), "versions order")
            expectEqual(DisplayBackend(displayTypeName: "GdkBroadwayDisplay"), .other("GdkBroadwayDisplay"))

            // The running session: the backend is the one GDK_BACKEND asked for, at this GTK.
            let current = SceneDetection.current
            let asked = getenv("GDK_BACKEND").map { String(cString: $0) }
            switch asked {
            case "x11": expectEqual(current.backend, .x11, "backend under GDK_BACKEND=x11")
            case "wayland": expectEqual(current.backend, .wayland, "backend under GDK_BACKEND=wayland")
            default: expect(current.backend != .other(""), "a backend")
            }
            let version = GtkRuntime.version
            expectEqual(
                current.gtkVersion, SceneDetection.Version(version.major, version.minor, version.micro), "GTK version")
            print("info: this session: \(current) — \(current.summary)")
            // GNOME's and KDE's compositors are told by their own protocols; with-mutter runs
            // mutter, with-kwin KWin, with-wayland sway.
            if current.backend == .wayland {
                let expected: SceneDetection.Compositor =
                    getenv("MUTTER_INPUT_SOCKET") != nil ? .gnome : getenv("KWIN_INPUT_SOCKET") != nil ? .kde : .other
                expectEqual(
                    current.compositor, expected,
                    "gtk_shell1 (mutter), org_kde_plasma_shell (KWin) or neither (sway) offered")
            }
        }
    }

    /// Moves the focus three times to a second window and back, and records when `is-active`
    /// and the surface's FOCUSED state change: the scene must follow the session's source, and
    /// the timings are printed (they are the measurement behind the choice).
    static var activeSource: GtkTestCase {
        GtkTestCase(
            "§1 detection: .active follows the session's source (X11 is-active, Wayland FOCUSED) across focus moves; is-active and FOCUSED measured side by side",
            sessions: .every,
            timeout: .seconds(20)
        ) {
            let scenes = GtkScenes(context: LifecycleContext())
            let source = scenes.detection.activeSource
            let first = Harness.window("active-source first")
            let second = Harness.window("active-source second")
            let scene = scenes.scene(for: first, name: "first")
            var changes: [(ms: Double, what: String)] = []
            let start = ContinuousClock.now
            let stamp = { (ContinuousClock.now - start) / .milliseconds(1) }
            first.onActiveChanged { changes.append((stamp(), "is-active \(first.isActive)")) }
            let stateConnections = SignalConnectionBag()
            first.onRealize {
                guard
                    let connection = first.onToplevelStateChanged({
                        let focused = first.toplevelState.contains(.focused)
                        if changes.last(where: { $0.what.hasPrefix("FOCUSED") })?.what != "FOCUSED \(focused)" {
                            changes.append((stamp(), "FOCUSED \(focused)"))
                        }
                    })
                else { return }
                stateConnections.insert(connection)
            }
            let token = scene.onChange { _, new in changes.append((stamp(), "scene \(new)")) }
            try await presentAndFocus(first)
            try await waitFor("scene active") { scene.phase == .active }
            var agreed = 0
            var focusedAlwaysSet = true
            for round in 1...3 {
                changes = []
                try await moveFocus(from: first, to: second)
                try await waitFor("round \(round): scene inactive") { scene.phase == .inactive }
                // Both signals off, or 100 ms for the one that does not follow (openbox keeps FOCUSED).
                _ = await MainLoop.waitUntil(timeout: .milliseconds(100)) {
                    !first.isActive && !first.toplevelState.contains(.focused)
                }
                let away = (active: first.isActive, focused: first.toplevelState.contains(.focused))
                try await focusBack(to: first, from: second)
                try await waitFor("round \(round): scene active") { scene.phase == .active }
                _ = await MainLoop.waitUntil(timeout: .milliseconds(100)) {
                    first.isActive && first.toplevelState.contains(.focused)
                }
                let back = (active: first.isActive, focused: first.toplevelState.contains(.focused))
                if !away.active && !away.focused && back.active && back.focused { agreed += 1 }
                if !away.focused { focusedAlwaysSet = false }
                print(
                    "info: \(scenes.detection.backend) round \(round): "
                        + changes.map { "\(Int($0.ms)) ms \($0.what)" }.joined(separator: ", "))
            }
            token.cancel()
            stateConnections.disconnectAll()
            print(
                "info: \(scenes.detection.backend): active follows \(source); is-active and FOCUSED agreed in "
                    + "\(agreed)/3 rounds; FOCUSED stayed set while unfocused: \(focusedAlwaysSet)")
            switch scenes.detection.backend {
            case .wayland:
                // With a keyboard on the seat both follow the focus; FOCUSED also does without one.
                expectEqual(agreed, 3, "is-active and FOCUSED agree on Wayland with a keyboard")
            case .x11, .other:
                // openbox has no _NET_WM_STATE_FOCUSED: GDK leaves FOCUSED set, so only is-active can tell.
                expectEqual(source, .isActive, "X11 follows is-active")
            }
        }
    }
    /// What KDE's KWin sends GTK for a minimize, a restore and a focus change, with the times
    /// (printed: docs/platforms.md quotes them), and that the scene follows it: a minimize is the
    /// focus leaving at once and no output left, then the frames withheld (with GTK ≥ 4.12 KWin 6
    /// also suspends the window in the same configure); a window shown behind another one, its
    /// frames still taken, stays `.inactive`. Elsewhere there is nothing of KWin's to measure.
    static var kwinWindowActions: GtkTestCase {
        GtkTestCase(
            "§1 detection under KWin: a minimize takes the focus and withholds the frames (no output left; suspended too with GTK ≥ 4.12), a restore gives both back, a window covered by another stays inactive",
            sessions: .every,
            timeout: .seconds(40)
        ) {
            let scenes = GtkScenes(context: LifecycleContext())
            guard scenes.detection.compositor == .kde, let outside = SessionWindows.outside else {
                print("info: not KDE's KWin (\(scenes.detection)): nothing of KWin's to measure here")
                return
            }
            let window = Harness.window("kwin-actions")
            // A header bar, as the app's windows have: it repaints when the focus leaves.
            window.titlebar = HeaderBar()
            window.child = Label("KWin")
            // Larger than the output: KWin's placement puts it over the whole first window.
            let cover = Harness.window("kwin-actions-cover", width: 1600, height: 1000)
            let scene = scenes.scene(for: window, name: "kwin")
            var events: [(ms: Double, what: String)] = []
            var start = ContinuousClock.now
            let log = { (what: String) in events.append(((ContinuousClock.now - start) / .milliseconds(1), what)) }
            var focused: Bool?
            let connections = SignalConnectionBag()
            let connect = {
                if let connection = window.onToplevelStateChanged({
                    let now = window.toplevelState.contains(.focused)
                    if now != focused { log("FOCUSED \(now)") }
                    focused = now
                }) {
                    connections.insert(connection)
                }
                if let connection = window.onSurfaceEnteredMonitor({ _ in log("enter-monitor") }) {
                    connections.insert(connection)
                }
                if let connection = window.onSurfaceLeftMonitor({ _ in log("leave-monitor") }) {
                    connections.insert(connection)
                }
            }
            connections.insert(window.onRealize { connect() })
            if let connection = window.onSuspendedChanged({ log("suspended \(window.isSuspended)") }) {
                connections.insert(connection)
            }
            let token = scene.onChange { _, new in log("scene \(new)") }
            defer {
                token.cancel()
                connections.disconnectAll()
            }
            let said = { (what: String) in
                "info: KWin, GTK \(scenes.detection.gtkVersion), \(what) (ms after the request): "
                    + events.map { "\(Int($0.ms.rounded())) \($0.what)" }.joined(separator: ", ")
            }
            try await presentAndFocus(window)
            try await waitFor("active") { scene.phase == .active }

            events = []
            start = .now
            try require(await OutsideWindowActions.run(outside, "minimize"), "\(outside) minimize")
            try await waitFor("background after the minimize", timeout: .seconds(3)) { scene.phase == .background }
            // Whatever else KWin sends comes in the next second.
            await MainLoop.sleep(for: .seconds(1))
            print(said("minimize"))
            expect(!window.toplevelState.contains(.focused), "the focus left")
            expect(!events.contains { $0.what == "leave-monitor" }, "KWin takes no output from the window")
            if window.reportsSuspended {
                expect(window.isSuspended, "KWin 6 suspends a minimized window (GTK ≥ 4.12 reports it)")
            }
            expectEqual(scene.phase, .background, "still background a second later")
            let scenesOf = { events.filter { $0.what.hasPrefix("scene ") }.map(\.what) }
            expect(
                [["scene inactive", "scene background"], ["scene background"]].contains(scenesOf()),
                "the minimize: the focus leaves, then background (or both at once): \(scenesOf())")

            events = []
            start = .now
            try require(await OutsideWindowActions.run(outside, "restore"), "\(outside) restore")
            try await waitFor("active after the restore", timeout: .seconds(3)) { scene.phase == .active }
            await MainLoop.sleep(for: .seconds(1))
            print(said("restore"))
            expect(!window.isSuspended, "not suspended once restored")
            expect(!events.contains { $0.what == "enter-monitor" }, "no output to enter again")
            expectEqual(scene.phase, .active, "still active a second later")
            expectEqual(scenesOf(), ["scene active"], "the restore: one change, straight to active")

            events = []
            start = .now
            try await moveFocus(from: window, to: cover)
            try await waitFor("inactive behind the other window") { scene.phase == .inactive }
            // Its frame in the unfocused look is answered: not withheld, however long one waits.
            await MainLoop.sleep(for: SceneDetection.withheldFramesPatience * 3)
            print(said("focus to a window covering it"))
            expectEqual(scene.phase, .inactive, "covered but shown: inactive, never background")
            expect(!events.contains { $0.what == "scene background" }, "no moment of background")
            try await focusBack(to: window, from: cover)
            try await waitFor("active again") { scene.phase == .active }
        }
    }
}
