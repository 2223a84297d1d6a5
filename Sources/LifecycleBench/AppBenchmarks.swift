/// App benchmarks: not written yet.
@MainActor
enum AppBenchmarks {
    static func run(_ options: BenchOptions) {}
}
