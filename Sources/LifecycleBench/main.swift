#if canImport(Glibc)
    import Glibc
#endif

// Synchronous main on purpose: the bridge benchmarks run GTK's loop on this thread.
// usage: lifecycle-bench [--quick] [--rounds N] [--runs N] [NAME-PREFIX ...]
var options = BenchOptions()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick": options.quick = true
    case "--rounds":
        guard let text = arguments.popFirst(), let rounds = Int(text), (1...1000).contains(rounds) else {
            FileHandleStderr.write("lifecycle-bench: --rounds needs a whole number from 1 to 1000\n")
            exit(2)
        }
        options.rounds = rounds
    case "--runs":
        guard let text = arguments.popFirst(), let runs = Int(text), (1...100).contains(runs) else {
            FileHandleStderr.write("lifecycle-bench: --runs needs a whole number from 1 to 100\n")
            exit(2)
        }
        options.runs = runs
    case "--help", "-h":
        print(
            """
            usage: lifecycle-bench [--quick] [--rounds N] [--runs N] [NAME-PREFIX ...]  (e.g. bridge. core.churn app. check.)
              --quick      fewer iterations (a smoke run)
              --rounds N   launches per program for app.startup (default 11, 3 with --quick)
              --runs N     runs of app.phase_latency, reported as their median and spread
                           (default 3, 1 with --quick)
            """)
        exit(0)
    default:
        if argument.hasPrefix("-") {
            FileHandleStderr.write(
                "lifecycle-bench: unknown option \(argument); valid: --quick, --rounds N, --runs N, --help\n")
            exit(2)
        }
        options.only.append(argument)
    }
}
MainActor.assumeIsolated {
    BridgeBenchmarks.run(options)
    CoreBenchmarks.run(options)
    AppBenchmarks.run(options)
    PhaseLatencyBenchmark.run(options)
    CheckBenchmark.run(options)
}
