/// Core benchmarks: not written yet.
@MainActor
enum CoreBenchmarks {
    static func run(_ options: BenchOptions) {}
}
