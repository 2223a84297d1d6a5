import LabJSON
import LabModel

/// One benchmark figure, printed as one JSON line.
///
/// `baseline` is the same work done the reference way in the same run (these machines are
/// noisy, so only ratios against a same-run baseline mean anything); `ratio` is
/// `value / baseline`. `target` says what the project promises and `met` whether this run kept it.
struct Metric {
    var name: String
    var value: Double
    var unit: String
    var baseline: Double? = nil
    var baselineName: String? = nil
    var target: String? = nil
    var met: Bool? = nil
    var extra: [(String, Double)] = []
    /// Text fields, e.g. the environment a figure was measured in (renderer, buses, display).
    var tags: [(String, String)] = []

    var ratio: Double? {
        guard let baseline, baseline != 0 else { return nil }
        return value / baseline
    }

    var jsonLine: String {
        var fields: [String] = []
        fields.append("\"name\":\(Self.quote(name))")
        fields.append("\"value\":\(Self.number(value))")
        fields.append("\"unit\":\(Self.quote(unit))")
        fields.append("\"baseline\":\(baseline.map(Self.number) ?? "null")")
        if let baselineName { fields.append("\"baseline_name\":\(Self.quote(baselineName))") }
        fields.append("\"ratio\":\(ratio.map(Self.number) ?? "null")")
        for (key, value) in extra { fields.append("\(Self.quote(key)):\(Self.number(value))") }
        for (key, value) in tags { fields.append("\(Self.quote(key)):\(Self.quote(value))") }
        if let target { fields.append("\"target\":\(Self.quote(target))") }
        if let met { fields.append("\"met\":\(met)") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return String(format3(value))
    }

    private static func format3(_ value: Double) -> String {
        // Four significant decimals is plenty for noisy timings and keeps lines short.
        let scaled = (value * 10_000).rounded() / 10_000
        return "\(scaled)"
    }

    private static func quote(_ text: String) -> String { JSONValue.quoted(text) }
}

/// What the command line asked of the benchmark run.
struct BenchOptions {
    /// Only benchmarks whose name starts with one of these run; empty means all.
    var only: [String] = []
    /// Fewer iterations, for a smoke run in CI.
    var quick = false
    /// Launches per program for `app.startup` (`--rounds N`); nil: 11, or 3 with `--quick`.
    var rounds: Int?
    /// Runs per invocation of the phase-latency figures (`--runs N`); nil: 3, or 1 with `--quick`.
    var runs: Int?

    /// How many runs the phase-latency figures make; their median and spread are reported.
    var phaseRuns: Int { runs ?? (quick ? 1 : 3) }

    func wants(_ name: String) -> Bool {
        only.isEmpty || only.contains { name.hasPrefix($0) }
    }
}

/// Prints a metric as one JSON line and flushes, so a crash later keeps what was measured.
func emit(_ metric: Metric) {
    print(metric.jsonLine)
    fflushStdout()
}
