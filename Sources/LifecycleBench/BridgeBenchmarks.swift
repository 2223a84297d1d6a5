/// Bridge benchmarks: not written yet.
@MainActor
enum BridgeBenchmarks {
    static func run(_ options: BenchOptions) {}
}
