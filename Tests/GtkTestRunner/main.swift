import Gtk
import Glibc
try GtkRuntime.initialize()
func cpu() -> Double { var r = rusage(); getrusage(RUSAGE_SELF.rawValue, &r); return Double(r.ru_utime.tv_sec + r.ru_stime.tv_sec) + Double(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e6 }
try MainLoop.run {
    try await Task.sleep(for: .milliseconds(50))
    print("slept; main:", GtkRuntime.isMainThread)
    await MainActor.run { print("run ok") }
    let c0 = cpu()
    try await Task.sleep(for: .seconds(2))
    print("cpu over 2s:", cpu() - c0)
}
print("done")
