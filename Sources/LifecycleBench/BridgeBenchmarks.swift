import Dispatch
import Glibc
import Gtk
import Synchronization

/// Bridge benchmarks: how well the main actor runs inside GTK's GLib loop.
///
/// - `bridge.hop`: one main-actor `Task.yield()` round trip with GTK's loop running (a window
///   open), against the same loop under `dispatchMain()` in the same run. `dispatchMain()`
///   never returns, so each baseline round runs in a child process of this binary
///   (`LIFECYCLE_BENCH_CHILD=dispatch`) that prints its figures and exits; GTK and baseline
///   rounds alternate. `bridge.hop.vs_bare_main_thread` compares with a third child that
///   drains the main queue on the main thread with a bare eventfd `poll` loop (no GLib): the
///   GTK loop's own share of the cost.
/// - `bridge.hop.glib_idle_floor`: a C `g_idle_add` callback re-adding itself: what one GLib
///   loop iteration costs at least (no Swift, no dispatch).
/// - `bridge.idle_cpu`: CPU used over 5 s (1 s with `--quick`) with a window open and no work.
/// - `bridge.wake_latency`: a continuation resumed from another thread → the main-actor code
///   after the `await` running; p50 and p99 against the same under `dispatchMain()`.
@MainActor
enum BridgeBenchmarks {
    static let childEnvironment = "LIFECYCLE_BENCH_CHILD"

    static func run(_ options: BenchOptions) {
        if let child = getenv(childEnvironment).map({ String(cString: $0) }) {
            runAsChild(options, bare: child == "bare")  // never returns
        }
        let names = ["bridge.hop", "bridge.idle_cpu", "bridge.wake_latency"]
        guard names.contains(where: options.wants) else { return }
        do {
            // As the app starts GTK: the window below is the process's first, and the renderer
            // it gets is the one every later window in this run gets.
            try AppBenchmarks.initializeGtkAsTheApp()
        } catch {
            FileHandleStderr.write("lifecycle-bench: bridge benchmarks need a display: \(error)\n")
            exit(1)
        }
        let window = Window(title: "lifecycle-bench")
        window.setDefaultSize(width: 320, height: 200)
        window.child = Label("bridge benchmarks")
        window.present()
        _ = MainLoop.iterate(until: { window.isMapped }, timeout: .seconds(5))

        let wantsHop = options.wants("bridge.hop")
        let wantsWake = options.wants("bridge.wake_latency")
        if wantsHop || wantsWake { hopAndWake(options, hop: wantsHop, wake: wantsWake) }
        if options.wants("bridge.idle_cpu") { idleCPU(options) }
        window.destroy()
    }

    // MARK: bridge.hop and bridge.wake_latency

    /// The machines these run on are shared and noisy, so GTK rounds and `dispatchMain()`
    /// rounds (each in a fresh child process) alternate, and each side reports the median of
    /// its rounds (hop) or the percentiles of all its samples pooled (wake latency).
    static func rounds(_ options: BenchOptions) -> Int { options.quick ? 3 : 11 }
    static func hopIterations(_ options: BenchOptions) -> Int { options.quick ? 5_000 : 30_000 }
    static func wakeSamples(_ options: BenchOptions) -> Int { options.quick ? 100 : 500 }

    /// Nanoseconds per main-actor `Task.yield()` round trip. Note that `Task.yield()` enqueues
    /// the task on the *global* executor, so each round trip is main → a worker thread → main:
    /// it measures how fast the main actor is woken, which is what the bridge does.
    static func measureHop(iterations: Int) async -> Double {
        for _ in 0..<500 { await Task.yield() }
        let start = monotonicNanoseconds()
        for _ in 0..<iterations { await Task.yield() }
        return Double(monotonicNanoseconds() - start) / Double(iterations)
    }

    static func hopAndWake(_ options: BenchOptions, hop: Bool, wake: Bool) {
        let iterations = hopIterations(options)
        let samples = wakeSamples(options)
        var gtkHops: [Double] = []
        var dispatchHops: [Double] = []
        var gtkWakes: [Double] = []
        var dispatchWakes: [Double] = []
        var bareHops: [Double] = []
        var bareWakes: [Double] = []
        var baselineOnMainThread = -1.0
        for _ in 0..<rounds(options) {
            let child = childFigures(options, mode: "dispatch")
            if let value = child["hop_ns"] { dispatchHops.append(value) }
            if let value = child["main_thread"] { baselineOnMainThread = value }
            dispatchWakes += child.filter { $0.key.hasPrefix("wake_us") }.map(\.value)
            let bare = childFigures(options, mode: "bare")
            if let value = bare["hop_ns"] { bareHops.append(value) }
            bareWakes += bare.filter { $0.key.hasPrefix("wake_us") }.map(\.value)
            let result = Box<(Double, [Double])>((0, []))
            runLoop {
                let hopNs = hop ? await measureHop(iterations: iterations) : 0
                let wakes = wake ? await measureWake(samples: samples) : []
                result.value = (hopNs, wakes)
            }
            gtkHops.append(result.value.0)
            gtkWakes += result.value.1
        }
        if hop {
            var metric = Metric(
                name: "bridge.hop", value: median(gtkHops), unit: "ns/hop",
                baseline: dispatchHops.isEmpty ? nil : median(dispatchHops),
                baselineName: "dispatchMain", target: "ratio <= 1.1")
            metric.met = metric.ratio.map { $0 <= 1.1 }
            // The headline is the median of rounds; the least-disturbed round of each side
            // (min) is shown too, since on a loaded host the GTK side, which must wake one
            // particular thread, suffers more from contention than dispatch's worker pool.
            let minRatio = (gtkHops.min() ?? 0) / max(dispatchHops.min() ?? 1, 1)
            metric.extra = [
                ("iterations", Double(iterations)), ("rounds", Double(gtkHops.count)),
                ("min", gtkHops.min() ?? 0), ("baseline_min", dispatchHops.min() ?? 0),
                ("ratio_of_min", minRatio),
                ("baseline_on_main_thread", baselineOnMainThread), ("loadavg", loadAverage()),
            ]
            emit(metric)
            var bare = Metric(
                name: "bridge.hop.vs_bare_main_thread", value: median(gtkHops), unit: "ns/hop",
                baseline: bareHops.isEmpty ? nil : median(bareHops),
                baselineName: "bare eventfd loop on the main thread (no GLib)")
            bare.extra = [
                ("rounds", Double(bareHops.count)), ("min", gtkHops.min() ?? 0),
                ("baseline_min", bareHops.min() ?? 0),
                ("ratio_of_min", (gtkHops.min() ?? 0) / max(bareHops.min() ?? 1, 1)),
            ]
            emit(bare)
            let floor = idleFloor(iterations: iterations)
            emit(
                Metric(
                    name: "bridge.hop.glib_idle_floor", value: floor, unit: "ns/hop",
                    extra: [("iterations", Double(iterations))]))
        }
        if wake {
            gtkWakes.sort()
            dispatchWakes.sort()
            let baselineP50 = dispatchWakes.isEmpty ? nil : percentile(dispatchWakes, 0.50)
            let baselineP99 = dispatchWakes.isEmpty ? nil : percentile(dispatchWakes, 0.99)
            emit(
                Metric(
                    name: "bridge.wake_latency.p50", value: percentile(gtkWakes, 0.50), unit: "µs",
                    baseline: baselineP50, baselineName: "dispatchMain",
                    extra: [("samples", Double(gtkWakes.count))]))
            let p99 = percentile(gtkWakes, 0.99)
            bareWakes.sort()
            emit(
                Metric(
                    name: "bridge.wake_latency.p99", value: p99, unit: "µs", baseline: baselineP99,
                    baselineName: "dispatchMain", target: "<= 200", met: p99 <= 200,
                    extra: [
                        ("samples", Double(gtkWakes.count)), ("max", gtkWakes.last ?? 0),
                        ("bare_main_thread_p50", bareWakes.isEmpty ? -1 : percentile(bareWakes, 0.5)),
                        ("bare_main_thread_p99", bareWakes.isEmpty ? -1 : percentile(bareWakes, 0.99)),
                        ("loadavg", loadAverage()),
                    ]))
        }
    }

    /// Nanoseconds per `g_idle_add` round trip of a C callback that re-adds itself.
    static func idleFloor(iterations: Int) -> Double {
        MainLoop.measureCIdleRoundTrip(iterations: iterations)
    }

    // MARK: bridge.idle_cpu

    static func idleCPU(_ options: BenchOptions) {
        let seconds = options.quick ? 1 : 5
        // Let the window's start-up work (fonts, the accessibility bus, first frames) finish
        // first, as app.idle_cpu does; run alone, the benchmark otherwise measures it (0.13 %).
        runLoop { await MainLoop.sleep(for: .milliseconds(1500)) }
        let start = cpuSeconds()
        let wall = monotonicNanoseconds()
        runLoop { await MainLoop.sleep(for: .seconds(seconds)) }
        let used = cpuSeconds() - start
        let elapsed = Double(monotonicNanoseconds() - wall) / 1e9
        let percent = used / elapsed * 100
        emit(
            Metric(
                name: "bridge.idle_cpu", value: percent, unit: "% of one core", target: "< 1",
                met: percent < 1, extra: [("seconds", elapsed), ("cpu_seconds", used)]))
    }

    // MARK: bridge.wake_latency

    /// Microseconds from `resume` on a global-queue thread to the main actor running after the
    /// `await`, sorted. The other thread first sleeps 200 µs so the main thread is asleep in
    /// its loop when the resume comes (the case that matters).
    static func measureWake(samples: Int) async -> [Double] {
        let stamp = Atomic<UInt64>(0)
        var latencies: [Double] = []
        latencies.reserveCapacity(samples)
        for _ in 0..<samples {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    usleep(200)
                    stamp.store(monotonicNanoseconds(), ordering: .releasing)
                    continuation.resume()
                }
            }
            let now = monotonicNanoseconds()
            latencies.append(Double(now - stamp.load(ordering: .acquiring)) / 1_000)
        }
        return latencies.sorted()
    }

    // MARK: dispatchMain baseline (child process)

    /// Runs this binary again with `LIFECYCLE_BENCH_CHILD=mode` and reads `key=value` lines.
    static func childFigures(_ options: BenchOptions, mode: String) -> [String: Double] {
        var arguments = [CommandLine.arguments[0]]
        if options.quick { arguments.append("--quick") }
        arguments.append("bridge.")
        guard
            let output = spawnAndRead(
                arguments, environment: ["\(childEnvironment)=\(mode)"],
                executable: "/proc/self/exe")?.output
        else {
            FileHandleStderr.write("lifecycle-bench: the \(mode) baseline child failed\n")
            return [:]
        }
        var values: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        return values
    }

    /// In the child: the same measurements with the main queue drained by `dispatchMain()`,
    /// or (`bare`) by a bare eventfd loop on the main thread without GLib.
    static func runAsChild(_ options: BenchOptions, bare: Bool) -> Never {
        let hopIterations = hopIterations(options)
        let samples = wakeSamples(options)
        Task { @MainActor in
            let hop = await measureHop(iterations: hopIterations)
            let wake = await measureWake(samples: samples)
            print("hop_ns=\(hop)")
            print("main_thread=\(GtkRuntime.isMainThread ? 1 : 0)")
            for (index, sample) in wake.enumerated() { print("wake_us_\(index)=\(sample)") }
            fflushStdout()
            exit(0)
        }
        if bare { MainLoop.runBareDispatchLoop() }
        dispatchMain()
    }

    // MARK: helpers

    static func runLoop(timeout: Duration = .seconds(300), _ body: @escaping @MainActor () async -> Void) {
        do {
            try MainLoop.run(timeout: timeout) { await body() }
        } catch {
            FileHandleStderr.write("lifecycle-bench: \(error)\n")
            exit(1)
        }
    }

    static func median(_ values: [Double]) -> Double { percentile(values.sorted(), 0.5) }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
    }
}

@MainActor
final class Box<T> {
    var value: T
    init(_ value: T) { self.value = value }
}

func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// The 1-minute load average: these figures are only comparable at similar load.
func loadAverage() -> Double {
    var loads = [Double](repeating: 0, count: 3)
    return getloadavg(&loads, 3) > 0 ? loads[0] : -1
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
}
