import Gtk
import LifecycleLabKit
import LifecycleTasks

#if canImport(Glibc)
    import Glibc
#endif

/// The app's figures: cancel latency, start-up against a minimal C GTK window, one
/// panel update at 10k live tasks, 10k show/hide cycles, and idle CPU. Needs a display (run
/// under `scripts/sessions/with-display`).
@MainActor
enum AppBenchmarks {
    static func run(_ options: BenchOptions) {
        let names = [
            "app.cancel_latency", "app.startup", "app.first_frame_memory", "app.frame_stall", "app.panel_10k",
            "app.cycles_10k", "app.idle_cpu",
        ]
        guard names.contains(where: options.wants) else { return }
        if options.wants("app.startup") || options.wants("app.first_frame_memory") { startup(options) }
        if options.wants("app.frame_stall") { FrameStallBenchmark.run(options) }
        if options.wants("app.idle_cpu") { idleCPU(options) }
        let inProcess = ["app.cancel_latency", "app.panel_10k", "app.cycles_10k"].filter(options.wants)
        guard !inProcess.isEmpty else { return }
        do { try initializeGtkAsTheApp() } catch {
            FileHandleStderr.write("lifecycle-bench: app benchmarks need a display: \(error)\n")
            return
        }
        BridgeBenchmarks.runLoop {
            if options.wants("app.cancel_latency") { await cancelLatency(options) }
            if options.wants("app.panel_10k") { await panel10k(options) }
            if options.wants("app.cycles_10k") { await cycles10k(options) }
        }
    }

    // MARK: In-process: the real app window

    private static var launched = 0

    /// Starts GTK in this process as the app's own `main` does: opens the display, then makes
    /// the app's renderer choice (``RendererChoice``: cairo where GL is Mesa's software
    /// rasterizer, unless `GSK_RENDERER` is set) before the process realizes its first window —
    /// GTK reads `GSK_RENDERER` once, for its first renderer. Without it an in-process figure
    /// in a desktop session would be GTK's GL renderer on llvmpipe, which the app never draws
    /// with there.
    static func initializeGtkAsTheApp() throws {
        try GtkRuntime.initialize()
        if renderer == nil { renderer = RendererChoice.decideAndApply() }
    }

    /// The renderer decided by ``initializeGtkAsTheApp()``, given to every app window launched.
    private static var renderer: RendererChoice?

    /// Launches the app's window in this process (as the GTK tests do).
    static func launchApp(_ arguments: [String]) -> LabApp? {
        guard let options = try? LaunchOptions.parse(arguments) else { return nil }
        launched += 1
        let app = LabApp(
            options: options, renderer: renderer, applicationID: "\(LabApp.applicationID).Bench\(launched)")
        do { try app.application.register() } catch {
            FileHandleStderr.write("lifecycle-bench: cannot register the app: \(error)\n")
            return nil
        }
        app.activate()
        return app
    }

    /// From the toast's unmap (inside *Hide toast*) to T2's action catching the cancellation.
    static func cancelLatency(_ options: BenchOptions) async {
        guard let app = launchApp(["--strategy", "T2", "--time-scale", "10"]),
            let page = app.mainWindow?.toastPage, let context = app.environment?.context
        else { return }
        _ = await MainLoop.waitUntil(timeout: .seconds(5)) { app.mainWindow?.window.isMapped == true }
        let caught = Box<UInt64>(0)
        let token = context.log.observe { event in
            if case .message("task cancel") = event.kind { caught.value = monotonicNanoseconds() }
        }
        var samples: [Double] = []
        let count = options.quick ? 100 : 1_000
        for _ in 0..<count {
            page.showButton.click()
            // Let the .task start and reach its sleep.
            _ = await MainLoop.waitUntil(timeout: .seconds(2)) { page.screen.logLines.last?.text == "sleep start" }
            guard let toast = page.host.shownWidgets.first else { break }
            let unmapped = Box<UInt64>(0)
            let connection = toast.onUnmap { unmapped.value = monotonicNanoseconds() }
            caught.value = 0
            page.hideButton.click()
            connection.disconnect()
            _ = await MainLoop.waitUntil(timeout: .seconds(2)) { caught.value != 0 }
            if caught.value > unmapped.value, unmapped.value != 0 {
                samples.append(Double(caught.value - unmapped.value) / 1_000)
            }
        }
        token.cancel()
        let sorted = samples.sorted()
        let p50 = BridgeBenchmarks.percentile(sorted, 0.5)
        let p99 = BridgeBenchmarks.percentile(sorted, 0.99)
        emit(
            Metric(
                name: "app.cancel_latency", value: p99, unit: "us", target: "p99 <= 1000 us", met: p99 <= 1000,
                extra: [("p50_us", p50), ("p99_us", p99), ("samples", Double(samples.count))]))
        _ = await app.tearDown()
    }

    /// One change applied to a panel that holds 10k live tasks.
    static func panel10k(_ options: BenchOptions) async {
        let context = LifecycleContext(clock: ContinuousClock())
        let panel = TaskPanel(context: context)
        let window = Window(title: "panel_10k")
        window.setDefaultSize(width: 480, height: 800)
        window.child = panel.root
        window.present()
        _ = await MainLoop.waitUntil(timeout: .seconds(5)) { window.isMapped }
        let count = 10_000
        var tasks: [Task<Void, any Error>] = []
        for index in 0..<count {
            tasks.append(
                context.registry.unstructuredTask(name: "sleeper \(index)", label: "bench", owner: nil) {
                    try await Task.sleep(for: .seconds(3600))
                })
        }
        panel.flushPendingChanges()
        _ = await MainLoop.waitUntil(timeout: .seconds(10)) { panel.rowCount >= count }
        var samples: [Double] = []
        let rounds = options.quick ? 20 : 100
        for index in 0..<rounds {
            // One update: a task is cancelled (its row changes), applied to the panel.
            tasks[index].cancel()
            await Task.yield()
            let start = monotonicNanoseconds()
            panel.flushPendingChanges()
            samples.append(Double(monotonicNanoseconds() - start) / 1_000_000)
            await MainLoop.sleep(for: .milliseconds(2))
        }
        // The baseline: the same flush with nothing pending (what a no-op update costs).
        var idle: [Double] = []
        for _ in 0..<rounds {
            let start = monotonicNanoseconds()
            panel.flushPendingChanges()
            idle.append(Double(monotonicNanoseconds() - start) / 1_000_000)
        }
        let p50 = BridgeBenchmarks.median(samples)
        let worst = samples.max() ?? .nan
        emit(
            Metric(
                name: "app.panel_10k", value: p50, unit: "ms", baseline: BridgeBenchmarks.median(idle),
                baselineName: "flush with nothing pending", target: "<= 16 ms", met: worst <= 16,
                extra: [("rows", Double(panel.rowCount)), ("max_ms", worst)]))
        tasks.forEach { $0.cancel() }
        _ = await context.registry.waitForAllToEnd(timeout: .seconds(5))
        panel.detach()
        window.destroy()
    }

    /// 10k show/hide cycles with T2: no task left, resident memory flat.
    ///
    /// D is 0.3 s here (time scale 0.1) and the memory is read once every timer's deadline has
    /// passed: on Linux a cancelled `Task.sleep` returns at once but the runtime keeps its
    /// dispatch timer (about 1.6 KB) until the original deadline, so with D = 30 s the 10k
    /// cancelled timers would still be held when the cycles end — the runtime's, not a leak.
    /// The figure is the resident growth after `malloc_trim(0)` (memory freed but kept by the
    /// allocator is not held by the app); the raw growth is printed beside it.
    static func cycles10k(_ options: BenchOptions) async {
        guard let app = launchApp(["--strategy", "T2", "--time-scale", "0.1"]),
            let page = app.mainWindow?.toastPage, let registry = app.environment?.context.registry
        else { return }
        _ = await MainLoop.waitUntil(timeout: .seconds(5)) { app.mainWindow?.window.isMapped == true }
        let cycles = options.quick ? 1_000 : 10_000
        func cycle(_ n: Int) async {
            for index in 0..<n {
                page.showButton.click()
                await Task.yield()
                page.hideButton.click()
                if index % 100 == 99 {
                    _ = await MainLoop.waitUntil(timeout: .seconds(2)) { registry.counters.live == 0 }
                }
            }
        }
        await cycle(2_000)  // warm-up: caches, history and logs reach their bounds
        _ = await MainLoop.waitUntil(timeout: .seconds(5)) { registry.counters.live == 0 }
        // The panel keeps ended rows for 3 s: measure both ends with none in their grace.
        await MainLoop.sleep(for: .milliseconds(3_500))
        _ = mallocTrim(0)
        let before = residentBytes()
        let closuresBefore = GLibClosureBox.liveCount
        let startedBefore = registry.counters.started
        let start = monotonicNanoseconds()
        await cycle(cycles)
        _ = await MainLoop.waitUntil(timeout: .seconds(5)) { registry.counters.live == 0 }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        // Let every cancelled timer's original deadline (D = 0.3 s) and the panel's 3 s grace pass.
        await MainLoop.sleep(for: .milliseconds(3_500))
        let rawGrowth = Double(residentBytes() - before) / 1_048_576
        _ = mallocTrim(0)
        let growth = Double(residentBytes() - before) / 1_048_576
        let left = registry.counters.live
        emit(
            Metric(
                name: "app.cycles_10k", value: growth, unit: "MiB", target: "tasks left 0, growth <= 2 MiB",
                met: left == 0 && growth <= 2,
                extra: [
                    ("cycles", Double(cycles)), ("raw_growth_mib", rawGrowth),
                    ("tasks_started", Double(registry.counters.started - startedBefore)),
                    ("closures_left", Double(GLibClosureBox.liveCount - closuresBefore)),
                    ("tasks_left", Double(left)), ("seconds", seconds),
                ]))
        _ = await app.tearDown()
    }

    // MARK: Child processes: start-up and idle CPU

    /// Launch to first frame painted, and the peak resident memory by then: the app against a
    /// minimal C GTK 4 window with one label, alternately, in a desktop session (the bench's own
    /// session bus with the accessibility bus up): as a person gets it (no `GSK_RENDERER`), then
    /// with GL and with cairo asked for by name.
    static func startup(_ options: BenchOptions) {
        guard let baseline = buildCBaseline(), let session = DesktopSession.start() else { return }
        defer { session.stop() }
        for environment in session.environments {
            startup(options, baseline: baseline, in: environment)
        }
    }

    /// `app.startup` and `app.first_frame_memory` in one environment (`.gl` or `.cairo` appended
    /// to the names when the renderer is asked for by name).
    static func startup(_ options: BenchOptions, baseline: String, in environment: ChildEnvironment) {
        let app = siblingExecutable("lifecycle-lab")
        let rounds = options.rounds ?? (options.quick ? 3 : 11)
        var appRuns: [FirstFrame] = []
        var cRuns: [FirstFrame] = []
        for _ in 0..<rounds {
            if let run = timeToFirstFrame([baseline], in: environment) { cRuns.append(run) }
            if let run = timeToFirstFrame([app, "--page", "toast"], in: environment) { appRuns.append(run) }
        }
        guard !appRuns.isEmpty, !cRuns.isEmpty else {
            FileHandleStderr.write("lifecycle-bench: app.startup (\(environment.name)): no first frame measured\n")
            return
        }
        let suffix = environment.metricSuffix
        let tags = environment.tags(renderer: appRuns.last?.renderer, display: appRuns.last?.display)
        let value = BridgeBenchmarks.median(appRuns.map(\.wall))
        let base = BridgeBenchmarks.median(cRuns.map(\.wall))
        // Diagnostics beside the figure: the CPU each process used from launch to its exit right
        // after the first frame (all its threads and the children it waited for, user + system;
        // less swayed by other work on the machine than the wall time the target is about).
        let cpu = BridgeBenchmarks.median(appRuns.map(\.cpu))
        let baseCPU = BridgeBenchmarks.median(cRuns.map(\.cpu))
        emit(
            Metric(
                name: "app.startup" + suffix, value: value, unit: "ms", baseline: base,
                baselineName: "minimal C GTK 4 window with one label, same environment", target: "ratio <= 1.2",
                met: value / base <= 1.2,
                extra: [
                    ("rounds", Double(rounds)), ("load1", loadAverage()),
                    ("cpu_ms", cpu), ("baseline_cpu_ms", baseCPU), ("cpu_ratio", cpu / baseCPU),
                ],
                tags: tags + [("baseline_renderer", cRuns.last?.renderer ?? "unknown")]))
        let memory = BridgeBenchmarks.median(appRuns.map(\.peakMiB))
        let baseMemory = BridgeBenchmarks.median(cRuns.map(\.peakMiB))
        emit(
            Metric(
                name: "app.first_frame_memory" + suffix, value: memory, unit: "MiB", baseline: baseMemory,
                baselineName: "minimal C GTK 4 window with one label, same environment",
                target: "ratio <= 1.15", met: memory / baseMemory <= 1.15,
                extra: [("rounds", Double(rounds)), ("load1", loadAverage())],
                tags: tags + [("measure", "VmHWM at the first frame")]))
    }

    /// CPU used by the app, open on the toast page with nothing running, over 5 s.
    static func idleCPU(_ options: BenchOptions) {
        let seconds = options.quick ? 2.0 : 5.0
        guard let baseline = buildCBaseline() else { return }
        let app = siblingExecutable("lifecycle-lab")
        guard let appCPU = idleCPUOf([app, "--page", "toast"], seconds: seconds),
            let cCPU = idleCPUOf([baseline, "--stay"], seconds: seconds)
        else { return }
        let percent = appCPU / seconds * 100
        let basePercent = cCPU / seconds * 100
        emit(
            Metric(
                name: "app.idle_cpu", value: percent, unit: "% of a core", baseline: basePercent,
                baselineName: "minimal C GTK 4 window", target: "< 1 %", met: percent < 1,
                extra: [("seconds", seconds), ("cpu_s", appCPU)]))
    }

    static func siblingExecutable(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : name
        guard let slash = exe.lastIndex(of: "/") else { return name }
        return String(exe[..<slash]) + "/" + name
    }

    /// Compiles the minimal C window once per run (with the same GTK, flags from pkg-config).
    static func buildCBaseline() -> String? {
        let dir = "/tmp/lifecycle-bench-\(getpid())"
        let binary = dir + "/minimal-gtk"
        if access(binary, X_OK) == 0 { return binary }
        mkdir(dir, 0o755)
        let source = """
            #include <gtk/gtk.h>
            #include <stdio.h>
            #include <string.h>
            #include <time.h>
            static gboolean stay = FALSE;
            static GtkWidget *window;
            static long peak_kib(void) {
              FILE *f = fopen("/proc/self/status", "r"); char line[256]; long kib = 0;
              while (f && fgets(line, sizeof line, f)) if (strncmp(line, "VmHWM:", 6) == 0) kib = atol(line + 6);
              if (f) fclose(f);
              return kib;
            }
            static void painted(GdkFrameClock *clock, gpointer app) {
              struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
              if (!stay) { printf("first-frame %lld\\n", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
                printf("first-frame-peak-kib %ld\\n", peak_kib());
                printf("renderer %s\\n", G_OBJECT_TYPE_NAME(gtk_native_get_renderer(GTK_NATIVE(window))));
                printf("display %s\\n", G_OBJECT_TYPE_NAME(gdk_display_get_default())); fflush(stdout);
                g_signal_handlers_disconnect_by_func(clock, painted, app); g_application_quit(G_APPLICATION(app)); }
            }
            static void realized(GtkWidget *w, gpointer app) {
              g_signal_connect(gtk_widget_get_frame_clock(w), "after-paint", G_CALLBACK(painted), app);
            }
            static void activate(GtkApplication *app, gpointer data) {
              GtkWidget *w = window = gtk_application_window_new(app);
              gtk_window_set_default_size(GTK_WINDOW(w),
                                          \(MainWindow.defaultSize.width), \(MainWindow.defaultSize.height));
              gtk_window_set_child(GTK_WINDOW(w), gtk_label_new("Hello"));
              g_signal_connect(w, "realize", G_CALLBACK(realized), app);
              gtk_window_present(GTK_WINDOW(w));
            }
            int main(int argc, char **argv) {
              if (argc > 1 && strcmp(argv[1], "--stay") == 0) stay = TRUE;
              GtkApplication *app = gtk_application_new("io.github.lifecyclelab.MinimalBaseline", G_APPLICATION_NON_UNIQUE);
              g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
              char *args[] = { argv[0], NULL };
              return g_application_run(G_APPLICATION(app), 1, args);
            }
            """
        let path = dir + "/minimal-gtk.c"
        guard let file = fopen(path, "w") else { return nil }
        fputs(source, file)
        fclose(file)
        let status = system("cc -O2 -o \(binary) \(path) $(pkg-config --cflags --libs gtk4) 2>\(dir)/cc.log")
        guard status == 0 else {
            FileHandleStderr.write("lifecycle-bench: cannot compile the C baseline (see \(dir)/cc.log)\n")
            return nil
        }
        return binary
    }

    /// One launch to the first frame: milliseconds from spawning to the "first-frame <ns>" line
    /// (`wall`), the CPU milliseconds the process used until it exited (`cpu`), its peak resident
    /// memory at the first frame, and the renderer and display it reported.
    struct FirstFrame {
        var wall: Double
        var cpu: Double
        var peakMiB: Double
        var renderer: String?
        var display: String?
    }

    /// Launches `arguments` in `environment` until its first frame (see ``FirstFrame``).
    static func timeToFirstFrame(_ arguments: [String], in environment: ChildEnvironment) -> FirstFrame? {
        let start = monotonicNanoseconds()
        guard
            let run = spawnAndRead(
                arguments, environment: environment.set + ["LIFECYCLE_LAB_EXIT_AFTER_FIRST_FRAME=1"],
                unset: environment.unset)
        else { return nil }
        var fields: [String: String] = [:]
        for line in run.output.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            fields[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        guard let painted = fields["first-frame"].flatMap({ UInt64($0) }), painted > start else { return nil }
        return FirstFrame(
            wall: Double(painted - start) / 1_000_000, cpu: run.cpuMilliseconds,
            peakMiB: (fields["first-frame-peak-kib"].flatMap { Double($0) } ?? .nan) / 1024,
            renderer: fields["renderer"], display: fields["display"])
    }

    /// CPU seconds `arguments` uses between 1.5 s after launch and `seconds` later; then SIGTERM.
    static func idleCPUOf(_ arguments: [String], seconds: Double) -> Double? {
        guard let pid = spawn(arguments, environment: [], stdout: open("/dev/null", O_WRONLY)) else { return nil }
        defer {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        usleep(1_500_000)
        guard let before = processCPU(pid) else { return nil }
        usleep(UInt32(seconds * 1_000_000))
        guard let after = processCPU(pid) else { return nil }
        return after - before
    }

    /// CPU seconds `pid` has run, in nanoseconds' resolution (`/proc/PID/schedstat`), falling
    /// back to clock ticks from `/proc/PID/stat`.
    static func processCPU(_ pid: pid_t) -> Double? {
        if let file = fopen("/proc/\(pid)/schedstat", "r") {
            defer { fclose(file) }
            var buffer = [CChar](repeating: 0, count: 256)
            if fgets(&buffer, Int32(buffer.count), file) != nil {
                let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if let first = text.split(separator: " ").first, let ns = Double(first) { return ns / 1e9 }
            }
        }
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 2048)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Fields after the ")" of the command name: state is field 3; utime 14, stime 15.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let utime = Double(fields[11]), let stime = Double(fields[12]) else { return nil }
        return (utime + stime) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func residentBytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0
        var resident = 0
        guard
            withUnsafeMutablePointer(
                to: &size,
                { s in
                    withUnsafeMutablePointer(to: &resident) { r in readStatm(file, s, r) }
                })
        else { return 0 }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func readStatm(
        _ file: UnsafeMutablePointer<FILE>, _ size: UnsafeMutablePointer<Int>,
        _ resident: UnsafeMutablePointer<Int>
    ) -> Bool {
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let parts = text.split(separator: " ")
        guard parts.count >= 2, let s = Int(parts[0]), let r = Int(parts[1]) else { return false }
        size.pointee = s
        resident.pointee = r
        return true
    }
}

/// glibc's `malloc_trim` (malloc.h is not in the Glibc module): returns freed memory to the OS.
@_silgen_name("malloc_trim") func mallocTrim(_ pad: Int) -> Int32
