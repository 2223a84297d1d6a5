import Glibc
import Gtk
import LifecycleLabKit

/// What a frame is made of, where that decides whether the main loop stalls (SPEC §3: the
/// toast repro's presses must land on time). On a software GL driver without EGL buffer age
/// (Mesa's llvmpipe under X11) GTK's GL renderer redraws the whole window every frame, so a
/// node drawn over the whole window is paid for on every frame, however small the change.
@MainActor
enum RenderCostTests {
    static var cases: [GtkTestCase] {
        [
            GtkTestCase(
                "§3 toast timing: on software GL (llvmpipe) the app asks for cairo; hardware GL keeps GTK's choice"
            ) {
                expectEqual(
                    RendererChoice.decide(glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)"),
                    .cairoOnSoftwareGL(glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)"), "Mesa's llvmpipe")
                expectEqual(
                    RendererChoice.decide(glRenderer: "softpipe"), .cairoOnSoftwareGL(glRenderer: "softpipe"),
                    "Mesa's softpipe")
                expectEqual(
                    RendererChoice.decide(glRenderer: "AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6)"),
                    .gtkDefault(glRenderer: "AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6)"), "a GPU")
                expectEqual(RendererChoice.decide(glRenderer: nil), .gtkDefault(glRenderer: nil), "no GL at all")
                // Xvfb has no GPU: GDK's GL is Mesa's software rasterizer there.
                let gl = try unwrap(GtkRuntime.glRendererString(), "GDK makes a GL context under Xvfb")
                expect(
                    RendererChoice.softwareMarkers.contains { gl.lowercased().contains($0) },
                    "Xvfb's GL is software: \(gl)")
            },
            GtkTestCase(
                "§3 toast timing: the window's frame (solid-csd) is thin strips, not inset shadows over the whole window"
            ) {
                let fixture = try AppFixture(["--time-scale", "1"])
                try await fixture.ready()
                let window = fixture.window.window
                // openbox under Xvfb composites nothing, so GTK frames the window as .solid-csd.
                try require(
                    window.hasCssClass("solid-csd"), "the main window is framed as .solid-csd without a compositor")
                // On GTK 4.18 the snapshot once came back empty just after the first frame
                // (Debian 13): ask until a frame gives nodes.
                var nodes: [RenderNodeInfo] = []
                try await waitFor("the window snapshots to render nodes") {
                    nodes = window.renderNodes()
                    return !nodes.isEmpty
                }
                let area = Double(window.width * window.height)
                let wholeWindowShadows = nodes.filter { $0.kind == .insetShadow && $0.width * $0.height > area / 4 }
                expectEqual(wholeWindowShadows.count, 0, "inset shadows covering a quarter of the window or more")
                // The look is kept: the ring is drawn as colour strips along each side (4 px wide
                // ones for the border colour, 3 px ones over them), reaching along the window.
                let strips = nodes.filter {
                    $0.kind == .color
                        && (($0.width <= 4 && $0.height >= Double(window.height) * 0.9)
                            || ($0.height <= 4 && $0.width >= Double(window.width) * 0.9))
                }
                expect(strips.count >= 8, "the frame's ring as at least 8 side strips, got \(strips.count)")
                await fixture.close()
            },
            GtkTestCase(
                "§1 scene phase: drawn on the CPU, losing the focus is one repaint, not the theme's 200 ms fade",
                sessions: .every
            ) {
                expect(RendererChoice.cairoOnSoftwareGL(glRenderer: "llvmpipe").drawsOnTheCPU, "cairo on llvmpipe")
                expect(RendererChoice.person("cairo").drawsOnTheCPU, "GSK_RENDERER=cairo")
                expect(!RendererChoice.person("ngl").drawsOnTheCPU, "GSK_RENDERER=ngl")
                expect(RendererChoice.gtkDefault(glRenderer: nil).drawsOnTheCPU, "no GL: GTK falls back to cairo")
                expect(!RendererChoice.gtkDefault(glRenderer: "AMD Radeon RX 6600").drawsOnTheCPU, "a GPU")
                expect(StyleSheet.turnsTransitionsOff(drawingOnTheCPU: true), "cairo: off")
                expect(!StyleSheet.turnsTransitionsOff(drawingOnTheCPU: false), "GPU: kept")

                // The app's own window (header bar, buttons, its focused widget), at rest.
                let fixture = try AppFixture(["--time-scale", "1"])
                try await fixture.ready()
                let window = fixture.window.window
                let other = Harness.window("fade-other")
                try await presentAndFocus(window)
                try await moveFocus(from: window, to: other)
                let drawnUnfocused = !window.toplevelState.contains(.focused)
                try await focusBack(to: window, from: other)
                try await loopIdle()
                guard drawnUnfocused else {
                    // GDK on X11 keeps a window FOCUSED unless the window manager sets
                    // _NET_WM_STATE_FOCUSED, which openbox does not: no unfocused look, no fade.
                    note("\(Harness.windowManagerName()) never has GTK draw a window unfocused: no fade to count here")
                    await fixture.close()
                    return
                }
                // The window's frames from 100 to 600 ms after it lost the focus and after it got
                // it back: the theme's fades (200–300 ms) paint there; the change's own repaint
                // comes before.
                @MainActor func framesAfterTheChanges() async throws -> Int {
                    var frames: [ContinuousClock.Instant] = []
                    let monitor = FrameClockMonitor(widget: window) { _ in frames.append(.now) }
                    defer { monitor.stop() }
                    try await moveFocus(from: window, to: other)
                    let lost = ContinuousClock.now
                    await MainLoop.sleep(for: .milliseconds(600))
                    try await focusBack(to: window, from: other)
                    let back = ContinuousClock.now
                    await MainLoop.sleep(for: .milliseconds(600))
                    return frames.count { frame in
                        [lost, back].contains { frame - $0 >= .milliseconds(100) && frame - $0 <= .milliseconds(600) }
                    }
                }
                let faded = try await framesAfterTheChanges()
                let turnOn = try unwrap(StyleSheet.turnTransitionsOff(), "the rule loads")
                defer { turnOn() }
                let plain = try await framesAfterTheChanges()
                note("frames 0.1–0.6 s after a focus change: \(faded) with the theme's fades, \(plain) without")
                expect(faded >= 3, "the theme fades over several frames (got \(faded)); else this proves nothing")
                expect(plain <= 1, "without transitions a focus change is painted at once (got \(plain) frames after)")
                await fixture.close()
            },
            GtkTestCase("wrapper frame clock: FrameClockMonitor reports each frame's phases in order") {
                let window = Harness.window("frames")
                let label = Label("0")
                window.child = label
                var frames: [FramePhases] = []
                let monitor = FrameClockMonitor(widget: window) { frames.append($0) }
                window.present()
                var ticks = 0
                let ticker = MainLoop.timeoutSource(after: .milliseconds(20)) {
                    ticks += 1
                    label.text = "\(ticks)"
                    return ticks < 20
                }
                try await waitFor("three frames painted") { frames.count >= 3 }
                monitor.stop()
                ticker.cancel()
                let count = frames.count
                label.text = "after stop"  // frames keep coming; the monitor must not report them
                try await nextFrame(of: window)
                try await nextFrame(of: window)
                expectEqual(frames.count, count, "no frame reported after stop()")
                for frame in frames {
                    expect(
                        frame.start <= frame.updated && frame.updated <= frame.laidOut && frame.laidOut <= frame.painted
                            && frame.painted <= frame.end, "phases in order: \(frame)")
                }
                let counters = frames.map(\.counter)
                expectEqual(counters, counters.sorted(), "frame counters ascending")
                expectEqual(Set(counters).count, counters.count, "one report per frame")
                expect(window.rendererName?.hasPrefix("Gsk") == true, "renderer named: \(window.rendererName ?? "nil")")
                if let chosen = getenv("GSK_RENDERER").map({ String(cString: $0) }), chosen == "cairo" {
                    expectEqual(window.rendererName, "GskCairoRenderer", "GSK_RENDERER=cairo honoured")
                }
            },
        ]
    }
}
