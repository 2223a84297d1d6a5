import Gtk
import LabJSON
import LabModel
import LifecycleLabKit

#if canImport(Glibc)
    import Glibc
#endif

/// `--report FILE` in the real app: the `layout` lines a driver outside the process (the soak)
/// clicks by must say where GTK put each button now, not where it was.
@MainActor
enum RunReportTests {
    static var cases: [GtkTestCase] {
        [
            GtkTestCase(
                "report: after each strategy change the newest layout line has the buttons where GTK put them (a strategy's text moves them)"
            ) {
                let path = "/tmp/lifecycle-lab-report-\(getpid()).jsonl"
                unlink(path)
                defer { unlink(path) }
                let fixture = try AppFixture(["--report", path, "--page", "scene"])
                try await fixture.ready()
                let window = fixture.window
                let page = try unwrap(window.page(ScenePhasePage.self), "scene page")
                try await waitFor("a first layout line") { layoutLines(path).count > 0 }
                // Through every strategy and back to the first, as Ctrl+N does: each one's text
                // above the buttons has its own height, so some changes move them.
                var moves = 0
                var last = page.closeButton.bounds(in: window.window)
                for id in ScenePhaseStrategyID.allCases.dropFirst() + [ScenePhaseStrategyID.allCases[0]] {
                    let before = layoutLines(path).count
                    page.select(strategy: AnyStrategyID(id))
                    try await waitFor("a layout line after choosing \(id.rawValue)") {
                        layoutLines(path).count > before
                    }
                    try await loopIdle()
                    let now = try unwrap(page.closeButton.bounds(in: window.window), "Close view's box")
                    if let last, last.y != now.y { moves += 1 }
                    last = now
                    let written = try unwrap(
                        layoutLines(path).last?["widgets"]?["close-view"], "close-view in the newest layout")
                    expectEqual(
                        written, .array([now.x, now.y, now.width, now.height].map { .integer(Int($0.rounded())) }),
                        "close-view's box in the newest layout after \(id.rawValue)")
                }
                expect(
                    moves > 0,
                    "choosing the strategies in turn moved Close view at least once (else this case proves nothing)")
                await fixture.close()
            }
        ]
    }

    /// The report's `layout` lines so far, read as JSON.
    private static func layoutLines(_ path: String) -> [JSONValue] {
        guard let text = try? String(contentsOfFile: path) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard line.contains(#""event":"layout""#) else { return nil }
            return try? JSONValue.read(String(line))
        }
    }
}
