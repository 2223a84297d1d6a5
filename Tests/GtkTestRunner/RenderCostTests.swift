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
