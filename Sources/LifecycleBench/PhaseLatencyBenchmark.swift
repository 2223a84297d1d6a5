import Dispatch
import Gtk
import LifecycleLabKit
import LifecycleTasks
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `app.phase_latency`: from an X event made outside the process (the window manager asked to
/// minimize or restore the app's real window, the focus moved to another client's window and
/// back) to the core's scene-phase change (SPEC §1), p50 and p99, idle and with two CPU-bound
/// processes beside it. Target: p99 ≤ 50 ms under that load.
///
/// The X requests come from one `xdotool -` process started before the clock runs, reading
/// commands from a pipe: the time is taken as the command is written, so a process start is
/// not in the figure. What is in it: xdotool sending the request, the X server, openbox
/// acting on it, the events reaching GDK, and the app's loop turning them into the phase.
///
/// Two figures: `app.phase_latency` sends each request as soon as the phase before it arrived
/// (back to back: the request meets the frame of the change just before, the worst case), and
/// `app.phase_latency.spaced` 250–450 ms after it, as a person switches windows.
@MainActor
enum PhaseLatencyBenchmark {
    /// One transition of the scene, caused from outside.
    private struct Step {
        let name: String
        let command: (_ main: String, _ other: String) -> String
        let phase: ScenePhase
    }

    private static let steps = [
        Step(name: "minimize", command: { main, _ in "windowminimize \(main)" }, phase: .background),
        Step(name: "restore", command: { main, _ in "windowactivate \(main)" }, phase: .active),
        Step(name: "focus elsewhere", command: { _, other in "windowactivate \(other)" }, phase: .inactive),
        Step(name: "focus back", command: { main, _ in "windowactivate \(main)" }, phase: .active),
    ]

    static func run(_ options: BenchOptions) {
        guard options.wants("app.phase_latency") else { return }
        do { try AppBenchmarks.initializeGtkAsTheApp() } catch {
            FileHandleStderr.write("lifecycle-bench: app.phase_latency needs a display: \(error)\n")
            return
        }
        // A run takes about a minute: 2 × 200 changes back to back, 2 × 200 spaced ~350 ms apart.
        BridgeBenchmarks.runLoop(timeout: .seconds(60 + 180 * options.phaseRuns)) { await measure(options) }
    }

    private static func measure(_ options: BenchOptions) async {
        guard let app = AppBenchmarks.launchApp(["--page", "scene", "--strategy", "P2"]),
            let mainWindow = app.mainWindow, let scene = app.environment?.windowScene
        else { return }
        defer { Task { @MainActor in _ = await app.tearDown() } }
        _ = await MainLoop.waitUntil(timeout: .seconds(10)) { mainWindow.window.isMapped && scene.phase == .active }
        // The scene page polling, as a person would leave it.
        (mainWindow.page(.scenePhase) as? ScenePhasePage)?.showButton.click()
        let otherTitle = "phase-latency-other-\(getpid())"
        guard
            let other = spawn(
                ["/usr/bin/env", "xmessage", "-title", otherTitle, "another window"], environment: [], stdout: -1),
            let mainID = windowID(named: "^Lifecycle Lab$"), let otherID = await waitForWindowID(named: otherTitle),
            let xdotool = PersistentXdotool()
        else {
            FileHandleStderr.write("lifecycle-bench: app.phase_latency needs xdotool and xmessage on the display\n")
            return
        }
        defer {
            kill(other, SIGTERM)
            waitpid(other, nil, 0)
        }
        if getenv("PHASE_LATENCY_DEBUG") != nil {
            FileHandleStderr.write("phase_latency: main window \(mainID), other \(otherID), phase \(scene.phase)\n")
        }
        xdotool.send("windowactivate \(mainID)")
        _ = await MainLoop.waitUntil(timeout: .seconds(3)) { scene.phase == .active }

        let rounds = options.quick ? 10 : 50
        guard let spy = XpropSpy(window: mainID) else {
            FileHandleStderr.write("lifecycle-bench: app.phase_latency needs xprop on the display\n")
            return
        }
        defer { spy.stop() }
        // One run's p99 is its second-slowest sample of 200: it moves with whatever else the
        // machine does, so each invocation makes several runs and reports their median and spread.
        // Warm-up, not counted: the first minimize and restore of a process build caches (fonts,
        // the re-shown window's surfaces) that every later change reuses.
        _ = await sample(rounds: 5, spy: spy, scene: scene, xdotool: xdotool, main: mainID, other: otherID)
        var backToBack: [Run] = []
        var spacedRuns: [Run] = []
        for run in 1...options.phaseRuns {
            FileHandleStderr.write("app.phase_latency: run \(run) of \(options.phaseRuns)\n")
            let idle = await sample(
                rounds: rounds, spy: spy, scene: scene, xdotool: xdotool, main: mainID, other: otherID)
            let idleSpaced = await sample(
                rounds: rounds, spy: spy, scene: scene, xdotool: xdotool, main: mainID, other: otherID,
                spaced: true)
            let busy = (0..<2).compactMap { _ in
                spawn(["/bin/sh", "-c", "while :; do :; done"], environment: [], stdout: -1)
            }
            let loaded = await sample(
                rounds: rounds, spy: spy, scene: scene, xdotool: xdotool, main: mainID, other: otherID)
            let loadedSpaced = await sample(
                rounds: rounds, spy: spy, scene: scene, xdotool: xdotool, main: mainID, other: otherID,
                spaced: true)
            for pid in busy {
                kill(pid, SIGKILL)
                waitpid(pid, nil, 0)
            }
            backToBack.append(Run(idle: idle, loaded: loaded))
            spacedRuns.append(Run(idle: idleSpaced, loaded: loadedSpaced))
        }
        xdotool.finish()

        // Where it was measured: the renderer the window draws with, and whether GTK is on the
        // accessibility bus (the harness turns it off with GTK_A11Y=none).
        let tags = [
            ("renderer", mainWindow.window.rendererName ?? "unknown"),
            ("a11y", getenv("GTK_A11Y").map { String(cString: $0) } == "none" ? "off" : "on"),
        ]
        emit(metric(name: "app.phase_latency", runs: backToBack, tags: tags))
        // The same changes spaced as a person makes them: each request 250–450 ms after the
        // phase before it, so it meets the app at rest rather than inside the frame of the
        // change just before (which is what the back-to-back figure above measures).
        emit(metric(name: "app.phase_latency.spaced", runs: spacedRuns, tags: tags))
    }

    /// What ``sample(rounds:spy:scene:xdotool:main:other:spaced:)`` measured.
    private typealias Samples = (latencies: [Double], wmToCore: [Double], wm: [Double], lost: Int)

    /// One run of one figure: its samples idle and beside the two busy loops.
    @MainActor private struct Run {
        let idle: Samples
        let loaded: Samples
        var p99Idle: Double { BridgeBenchmarks.percentile(idle.latencies.sorted(), 0.99) }
        var p99Loaded: Double { BridgeBenchmarks.percentile(loaded.latencies.sorted(), 0.99) }
    }

    /// One figure over several runs: the median of the runs' p99 under load against the median
    /// of their p99 idle, each run's p99 (the spread), and the percentiles of all samples pooled,
    /// with what `xprop` saw and where it was measured (`tags`). Met when every run keeps
    /// p99 ≤ 50 ms under load and ≤ 25 ms idle, and no change is lost.
    private static func metric(name: String, runs: [Run], tags: [(String, String)]) -> Metric {
        let loadedP99s = runs.map(\.p99Loaded)
        let idleP99s = runs.map(\.p99Idle)
        let idleSorted = runs.flatMap(\.idle.latencies).sorted()
        let loadedSorted = runs.flatMap(\.loaded.latencies).sorted()
        let pooled = { (pick: (Run) -> [Double]) in runs.flatMap(pick).sorted() }
        let lostIdle = runs.map(\.idle.lost).reduce(0, +)
        let lostLoaded = runs.map(\.loaded.lost).reduce(0, +)
        let median = { (values: [Double]) in BridgeBenchmarks.percentile(values.sorted(), 0.5) }
        let list = { (values: [Double]) in values.map { String((($0 * 10).rounded() / 10)) }.joined(separator: " ") }
        return Metric(
            name: name, value: median(loadedP99s), unit: "ms", baseline: median(idleP99s),
            baselineName: "median of the runs' p99 idle",
            target: "every run: p99 <= 50 ms under two busy loops, <= 25 ms idle, none lost",
            met: loadedP99s.allSatisfy { $0 <= 50 } && idleP99s.allSatisfy { $0 <= 25 }
                && lostIdle + lostLoaded == 0,
            extra: [
                ("runs", Double(runs.count)),
                ("p99_loaded_min_ms", loadedP99s.min() ?? 0), ("p99_loaded_max_ms", loadedP99s.max() ?? 0),
                ("p99_idle_min_ms", idleP99s.min() ?? 0), ("p99_idle_max_ms", idleP99s.max() ?? 0),
                ("p50_idle_ms", BridgeBenchmarks.percentile(idleSorted, 0.5)),
                ("max_idle_ms", idleSorted.last ?? 0),
                ("p50_loaded_ms", BridgeBenchmarks.percentile(loadedSorted, 0.5)),
                ("max_loaded_ms", loadedSorted.last ?? 0),
                ("samples_idle", Double(idleSorted.count)), ("samples_loaded", Double(loadedSorted.count)),
                ("lost_idle", Double(lostIdle)), ("lost_loaded", Double(lostLoaded)),
                ("p99_wm_seen_idle_ms", BridgeBenchmarks.percentile(pooled(\.idle.wm), 0.99)),
                ("p99_wm_seen_loaded_ms", BridgeBenchmarks.percentile(pooled(\.loaded.wm), 0.99)),
                ("p50_app_after_wm_loaded_ms", BridgeBenchmarks.percentile(pooled(\.loaded.wmToCore), 0.5)),
                ("p99_app_after_wm_idle_ms", BridgeBenchmarks.percentile(pooled(\.idle.wmToCore), 0.99)),
                ("p99_app_after_wm_loaded_ms", BridgeBenchmarks.percentile(pooled(\.loaded.wmToCore), 0.99)),
            ],
            tags: tags + [("p99_loaded_runs_ms", list(loadedP99s)), ("p99_idle_runs_ms", list(idleP99s))])
    }

    /// `rounds` × (minimize, restore, focus elsewhere, focus back): milliseconds from writing
    /// each command to the scene's change to the step's phase; a change that never comes within
    /// 3 s is counted as lost (and the step repeated once, so the next starts from its phase).
    /// Back to back (each request as soon as the phase before it arrived), or `spaced` as a
    /// person makes them (250–450 ms after it, in a fixed cycle).
    private static func sample(
        rounds: Int, spy: XpropSpy, scene: WindowScene, xdotool: PersistentXdotool, main: String, other: String,
        spaced: Bool = false
    ) async -> Samples {
        var wmToCore: [Double] = []
        var wm: [Double] = []
        let changedAt = Box<UInt64>(0)
        let expected = Box<ScenePhase>(.active)
        let token = scene.onChange { _, new in
            if new == expected.value, changedAt.value == 0 { changedAt.value = monotonicNanoseconds() }
        }
        defer { token.cancel() }
        var latencies: [Double] = []
        var lost = 0
        let pauses = [250, 370, 310, 450, 280, 400, 340]
        var requests = 0
        for _ in 0..<rounds {
            for step in steps {
                if spaced {
                    await MainLoop.sleep(for: .milliseconds(pauses[requests % pauses.count]))
                }
                requests += 1
                expected.value = step.phase
                changedAt.value = 0
                let sent = monotonicNanoseconds()
                xdotool.send(step.command(main, other))
                if await MainLoop.waitUntil(timeout: .seconds(3), { changedAt.value != 0 }) {
                    latencies.append(Double(changedAt.value - sent) / 1_000_000)
                    // When a minimal X client (xprop -spy) saw the window manager act: the
                    // reference for how much of the latency is the app's own.
                    if let seen = spy.firstEvent(after: sent) {
                        wm.append(Double(seen - sent) / 1_000_000)
                        wmToCore.append((Double(changedAt.value) - Double(seen)) / 1_000_000)
                    }
                    if getenv("PHASE_LATENCY_DEBUG") != nil {
                        let seen = spy.firstEvent(after: sent).map { Double(Int64($0) - Int64(sent)) / 1_000_000 } ?? -1
                        FileHandleStderr.write(
                            "phase_latency: \(step.name): core \(Double(changedAt.value - sent) / 1_000_000) ms xprop \(seen) ms sent \(sent)\n"
                        )
                    }
                } else {
                    lost += 1
                    xdotool.send(step.command(main, other))
                    _ = await MainLoop.waitUntil(timeout: .seconds(3)) { scene.phase == step.phase }
                }
            }
        }
        return (latencies, wmToCore, wm, lost)
    }

    /// The first X window whose name matches `pattern` (`xdotool search --name`), as a decimal id.
    private static func windowID(named pattern: String) -> String? {
        let found = spawnAndRead(
            ["/usr/bin/env", "xdotool", "search", "--onlyvisible", "--name", pattern], environment: [])
        return found?.output.split(separator: "\n").first.map(String.init)
    }

    private static func waitForWindowID(named title: String) async -> String? {
        var id: String?
        _ = await MainLoop.waitUntil(timeout: .seconds(5)) {
            id = windowID(named: "^\(title)$")
            return id != nil
        }
        return id
    }
}

/// One `xdotool -` process that runs each line written to it as it arrives. xdotool's script
/// mode runs a command that takes a window argument only once it has read the next word (it
/// might be another argument), so each command is followed by `getmouselocation`, which takes
/// none and runs at once (its output goes to /dev/null).
private final class PersistentXdotool {
    private let pid: pid_t
    private var input: Int32

    init?() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        // Only xdotool may hold the write end's other side: a process spawned later (xprop)
        // must not inherit this end, or closing it here would never reach xdotool as EOF.
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("xdotool"), strdup("-"), nil]
        var pid = pid_t()
        let rc = posix_spawnp(&pid, "xdotool", &actions, nil, &argv, environ)
        posix_spawn_file_actions_destroy(&actions)
        argv.forEach { free($0) }
        Glibc.close(fds[0])
        guard rc == 0 else {
            Glibc.close(fds[1])
            return nil
        }
        self.pid = pid
        self.input = fds[1]
    }

    func send(_ command: String) {
        var bytes = Array((command + "\ngetmouselocation\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(input, $0.baseAddress, $0.count) }
    }

    func finish() {
        guard input >= 0 else { return }
        Glibc.close(input)
        input = -1
        waitpid(pid, nil, 0)
    }
}

/// Two `xprop -spy` processes, a minimal X client with nothing else to do: one on the root
/// window's `_NET_ACTIVE_WINDOW`, one on the app window's `WM_STATE` and `_NET_WM_STATE`. Each
/// line they print is a property change the window manager made, stamped here as it is read
/// (on a thread of its own), so "when did an idle client see the window manager act" can be
/// told apart from "when did the app see it".
final class XpropSpy: Sendable {
    private final class Stamps: Sendable {
        let times = Mutex<[UInt64]>([])
    }
    private let pids: [pid_t]
    private let stamps = Stamps()

    init?(window: String) {
        var pids: [pid_t] = []
        for arguments in [["-root", "_NET_ACTIVE_WINDOW"], ["-id", window, "WM_STATE", "_NET_WM_STATE"]] {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0, fcntl(fds[0], F_SETFD, FD_CLOEXEC) == 0,
                let pid = spawn(
                    ["/usr/bin/env", "xprop", "-spy"] + arguments, environment: [], stdout: fds[1],
                    closingInChild: fds[0])
            else { return nil }
            pids.append(pid)
            let input = fds[0]
            DispatchQueue.global().async { [stamps] in
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = read(input, &chunk, chunk.count)
                    if n <= 0 { break }
                    let now = monotonicNanoseconds()
                    let lines = chunk[..<n].count { $0 == UInt8(ascii: "\n") }
                    stamps.times.withLock { $0 += Array(repeating: now, count: lines) }
                }
                Glibc.close(input)
            }
        }
        self.pids = pids
    }

    /// The first property change seen after `time`.
    func firstEvent(after time: UInt64) -> UInt64? {
        stamps.times.withLock { $0.first { $0 > time } }
    }

    func stop() {
        for pid in pids {
            kill(pid, SIGTERM)
            waitpid(pid, nil, 0)
        }
    }
}
