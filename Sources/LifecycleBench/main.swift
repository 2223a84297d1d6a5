#if canImport(Glibc)
import Glibc
#endif

// Synchronous main on purpose: the bridge benchmarks run GTK's loop on this thread.
// usage: lifecycle-bench [--quick] [NAME-PREFIX ...]
var options = BenchOptions()
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--quick": options.quick = true
    case "--help", "-h":
        print("usage: lifecycle-bench [--quick] [NAME-PREFIX ...]  (e.g. bridge. core.churn app.)")
        exit(0)
    default:
        if argument.hasPrefix("-") {
            FileHandleStderr.write("lifecycle-bench: unknown option \(argument); valid: --quick, --help\n")
            exit(2)
        }
        options.only.append(argument)
    }
}
MainActor.assumeIsolated {
    BridgeBenchmarks.run(options)
    CoreBenchmarks.run(options)
    AppBenchmarks.run(options)
}
