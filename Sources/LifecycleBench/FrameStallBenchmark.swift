#if canImport(Glibc)
    import Glibc
#endif

/// `app.frame_stall`: the longest main-loop stall while the toast repro runs (SPEC §3), in the
/// users' environment (accessibility bus up, no `GSK_RENDERER`: the app's own renderer choice),
/// then with GL and with cairo asked for by name.
///
/// A stall is a frame that held the loop (the frame clock's `before-paint` to `after-paint`)
/// or a gap in which the loop did not reach a 4 ms timer; the app writes both to the file named
/// by `LIFECYCLE_LAB_FRAME_TRACE` (see the app's `FrameTrace`). A press the repro schedules
/// while the loop is stalled happens when the stall ends, which is how a 100–180 ms first-show
/// frame moved *Hide toast* from t = 0.2 to 0.28–0.39 at `--time-scale 0.2`.
@MainActor
enum FrameStallBenchmark {
    /// One repro's trace, from its first press to its verdict.
    struct Repro {
        /// The longest frame or loop gap, in milliseconds.
        var longest: Double
        /// The longest frame in the 150 ms after the first *Show toast* (the first show).
        var firstShow: Double
        /// Frames painted.
        var frames: Int
        /// Frames or gaps longer than 20 ms.
        var over20: Int
        /// The renderer the app reported.
        var renderer: String?
        /// Whether the verdict matched the spec (exit status 0).
        var matched: Bool
    }

    static func run(_ options: BenchOptions) {
        guard let session = DesktopSession.start() else { return }
        defer { session.stop() }
        for environment in session.environments {
            measure(options, in: environment)
        }
    }

    static func measure(_ options: BenchOptions, in environment: ChildEnvironment) {
        let app = AppBenchmarks.siblingExecutable("lifecycle-lab")
        let strategies = options.quick ? ["T1", "T2"] : ["T1", "T2", "T3", "T4", "T5", "T6"]
        let folder = "/tmp/lifecycle-bench-\(getpid())"
        mkdir(folder, 0o755)
        var repros: [Repro] = []
        for strategy in strategies {
            let path = "\(folder)/frames-\(environment.name)-\(strategy).txt"
            let arguments = [app, "--scenario", "toast", "--strategy", strategy, "--time-scale", "0.2"]
            guard
                let pid = spawn(
                    arguments, environment: environment.set + ["LIFECYCLE_LAB_FRAME_TRACE=\(path)"],
                    unset: environment.unset, stdout: open("/dev/null", O_WRONLY))
            else { continue }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let exited = status & 0x7f == 0
            let code = (status >> 8) & 0xff
            guard var repro = parse(trace: readFile(path)) else {
                FileHandleStderr.write("lifecycle-bench: app.frame_stall: no trace from \(strategy) in \(path)\n")
                continue
            }
            repro.matched = exited && code == 0
            repros.append(repro)
            unlink(path)
        }
        guard !repros.isEmpty else { return }
        let longest = repros.map(\.longest)
        let value = BridgeBenchmarks.median(longest)
        emit(
            Metric(
                name: "app.frame_stall" + environment.metricSuffix, value: value, unit: "ms",
                target: "<= 20 ms", met: value <= 20,
                extra: [
                    ("repros", Double(repros.count)), ("worst_ms", longest.max() ?? .nan),
                    ("first_show_ms", BridgeBenchmarks.median(repros.map(\.firstShow))),
                    ("stalls_over_20ms", Double(repros.map(\.over20).reduce(0, +))),
                    ("frames", Double(repros.map(\.frames).reduce(0, +))),
                    ("verdicts_matched", Double(repros.filter(\.matched).count)), ("load1", loadAverage()),
                ],
                tags: environment.tags(renderer: repros.last?.renderer, display: "GdkX11Display")
                    + [("statistic", "median over T1-T6 of each repro's longest stall")]))
    }

    /// Reads a frame trace (see the app's `FrameTrace`) between `mark scenario-start` and
    /// `mark scenario-end`; nil when it has no scenario.
    static func parse(trace: String) -> Repro? {
        var start: UInt64?
        var end = UInt64.max
        var renderer: String?
        var frames: [(start: UInt64, ms: Double)] = []
        var gaps: [(start: UInt64, ms: Double)] = []
        for line in trace.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2 else { continue }
            switch fields[0] {
            case "renderer": renderer = String(fields[1])
            case "mark" where fields.count >= 3:
                if fields[1] == "scenario-start" { start = UInt64(fields[2]) }
                if fields[1] == "scenario-end" { end = UInt64(fields[2]) ?? end }
            case "frame" where fields.count >= 4:
                guard let at = UInt64(fields[2]), let total = fields.last, total.hasPrefix("total="),
                    let ms = Double(total.dropFirst("total=".count))
                else { continue }
                frames.append((at, ms))
            case "gap" where fields.count >= 3:
                guard let at = UInt64(fields[1]), let ms = Double(fields[2]) else { continue }
                gaps.append((at, ms))
            default: continue
            }
        }
        guard let start else { return nil }
        let inRepro = { (at: UInt64) in at >= start && at < end }
        let stalls = frames.filter { inRepro($0.start) }.map(\.ms) + gaps.filter { inRepro($0.start) }.map(\.ms)
        let firstShow = frames.filter { $0.start >= start && $0.start < start + 150_000_000 }.map(\.ms).max() ?? 0
        return Repro(
            longest: stalls.max() ?? 0, firstShow: firstShow, frames: frames.filter { inRepro($0.start) }.count,
            over20: stalls.filter { $0 > 20 }.count, renderer: renderer, matched: false)
    }

    static func readFile(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
