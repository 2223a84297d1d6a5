import Gtk
import LabJSON
import LabModel
import LifecycleTasks

#if canImport(Glibc)
    import Glibc
#endif

/// `--report FILE`: what the app does, as JSON lines, for a tool that drives the real app from
/// outside (Tests/soak/soak.sh, `lifecycle-bench app.phase_latency`) and must judge it without
/// reaching into the process.
///
/// Every line has `event`, `mono` (CLOCK_MONOTONIC, ns: compare with another process's monotonic
/// clock) and `wall` (CLOCK_REALTIME, µs: what a shell's `$EPOCHREALTIME` reads). Events:
/// - `ready`: the first frame is painted; `layout` lines follow.
/// - `layout`: where the visible page's buttons and the header's menu button and page
///   switcher are, in the window's own coordinates (`[x, y, width, height]`, as
///   `xdotool mousemove --window` takes them), written after every page change, every
///   appear or disappear (a view's buttons come and go) and, once the next frame is painted,
///   every strategy change (a strategy's longer or shorter text moves the buttons below it).
///   Positions come from GTK's layout, so a click lands on the real widget whatever the theme
///   or font.
/// - `core`: each lifecycle event of the core (appear, disappear, scene phase, task started,
///   cancel requested, ended) as it happens.
/// - `gdk`: the main window's raw `GdkToplevel` minimized state and `is-active`, at each
///   notification (to tell a lost notification from a late window manager).
/// - `mark` (on SIGUSR1) and `summary` (at shutdown, before anything is cancelled): live
///   tasks, the ones no current strategy should have (orphans, tasks asked to stop that did
///   not), Swift closures held by GLib (every signal handler and GLib source the app adds
///   holds one), and the resident memory after `malloc_trim(0)`.
///
/// ```sh
/// lifecycle-lab --report /tmp/run.jsonl &
/// grep '"event":"core","kind":"phase"' /tmp/run.jsonl
/// ```
@MainActor
final class RunReport {
    private let file: UnsafeMutablePointer<FILE>
    private weak var mainWindow: MainWindow?
    private weak var environment: LabEnvironment?
    private var tokens: [ObservationToken] = []
    private let connections = SignalConnectionBag()
    private var signalSource: SourceHandleBox?
    private var layoutPending = false
    private var layoutAfterFramePending = false

    /// Opens (appends to) `path`; `nil` with a message on standard error when it cannot.
    init?(path: String) {
        guard let file = fopen(path, "a") else {
            writeStandardError(
                "lifecycle-lab: cannot open the report file \(path): \(String(cString: strerror(errno)))\n")
            return nil
        }
        self.file = file
    }

    isolated deinit { fclose(file) }

    /// Starts reporting on `mainWindow` and `environment`'s context (neither is kept alive).
    func install(window mainWindow: MainWindow, environment: LabEnvironment) {
        self.mainWindow = mainWindow
        self.environment = environment
        let window = mainWindow.window
        tokens.append(environment.context.log.observe { [weak self] event in self?.core(event.kind) })
        if let connection = window.onToplevelStateChanged({ [weak self] in self?.gdk(window) }) {
            connections.insert(connection)
        }
        connections.insert(window.onActiveChanged { [weak self] in self?.gdk(window) })
        connections.insert(
            window.onRealize { [weak self, weak window] in
                guard let self, let window,
                    let connection = window.onToplevelStateChanged({ [weak self] in self?.gdk(window) })
                else { return }
                self.connections.insert(connection)
            })
        connections.insert(mainWindow.stack.onVisibleChildChanged { [weak self] in self?.scheduleLayout() })
        mainWindow.onPageStrategyChange = { [weak self] in self?.scheduleLayoutAfterNextFrame() }
        window.onFirstFramePainted { [weak self] in
            self?.write("ready", [("pid", .integer(Int(getpid()))), ("title", .string(window.title))])
            self?.scheduleLayout()
        }
        signalSource = SourceHandleBox(
            MainLoop.onUnixSignal(SIGUSR1) { [weak self] in
                self?.writeTally("mark")
                return true
            })
    }

    /// The `summary` line, then stops reporting (shutdown calls it before cancelling anything).
    func finish(reason: String) {
        writeTally("summary", extra: [("reason", .string(reason))])
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
        connections.disconnectAll()
        mainWindow?.onPageStrategyChange = nil
        signalSource?.cancel()
        signalSource = nil
    }

    // MARK: Lines

    private func core(_ kind: LifecycleEvent.Kind) {
        let fields: [(String, JSONValue)]
        switch kind {
        case .willAppear(let node): fields = [("kind", .string("willAppear")), ("node", .string(node))]
        case .appear(let node): fields = [("kind", .string("appear")), ("node", .string(node))]
        case .disappear(let node): fields = [("kind", .string("disappear")), ("node", .string(node))]
        case .scenePhase(let scene, let old, let new):
            fields = [
                ("kind", .string("phase")), ("scene", .string(scene)), ("from", .string("\(old)")),
                ("to", .string("\(new)")),
            ]
        case .taskStarted(let id, let name):
            fields = [("kind", .string("taskStarted")), ("task", .integer(id.rawValue)), ("name", .string(name))]
        case .taskCancelRequested(let id):
            fields = [("kind", .string("taskCancelRequested")), ("task", .integer(id.rawValue))]
        case .taskEnded(let id, let state):
            fields = [("kind", .string("taskEnded")), ("task", .integer(id.rawValue)), ("state", .string("\(state)"))]
        case .message: return
        }
        write("core", fields)
        switch kind {
        case .appear, .disappear: scheduleLayout()
        default: break
        }
    }

    private func gdk(_ window: Window) {
        write("gdk", [("minimized", .bool(window.isMinimized)), ("active", .bool(window.isActive))])
    }

    /// Writes the visible page's button positions once GTK has laid them out (after the
    /// page change or the view's appear that asked for it).
    private func scheduleLayout() {
        guard !layoutPending else { return }
        layoutPending = true
        Task { @MainActor [weak self] in
            _ = await MainLoop.waitUntil(timeout: .seconds(2)) { self?.layoutIsReady ?? true }
            guard let self else { return }
            self.layoutPending = false
            self.writeLayout()
        }
    }

    /// A strategy change moves widgets only at GTK's next layout, and their old boxes are still
    /// mapped and sized until then: the layout is written once the next frame was painted.
    private func scheduleLayoutAfterNextFrame() {
        guard !layoutAfterFramePending, let window = mainWindow?.window else { return }
        layoutAfterFramePending = true
        window.queueDraw()
        window.onFirstFramePainted { [weak self] in
            guard let self else { return }
            self.layoutAfterFramePending = false
            self.scheduleLayout()
        }
    }

    private var layoutIsReady: Bool {
        guard let mainWindow else { return true }
        return namedWidgets(of: mainWindow).allSatisfy { !$0.widget.isMapped || $0.widget.width > 0 }
    }

    private func writeLayout() {
        guard let mainWindow else { return }
        let window = mainWindow.window
        let entries = namedWidgets(of: mainWindow).compactMap { name, widget -> (String, JSONValue)? in
            guard widget.isMapped, let box = widget.bounds(in: window) else { return nil }
            return (name, .array([box.x, box.y, box.width, box.height].map { .integer(Int($0.rounded())) }))
        }
        write(
            "layout",
            [
                ("page", .string(mainWindow.stack.visibleChildName ?? "")),
                ("pages", .array(LabPages.all.map { .string($0.id.rawValue) })),
                ("widgets", .object(JSONObject(entries))),
            ])
    }

    /// The header's widgets and the visible page's buttons, by the names the report gives them.
    private func namedWidgets(of mainWindow: MainWindow) -> [(name: String, widget: Widget)] {
        let header: [(name: String, widget: Widget)] = [
            ("menu", mainWindow.menuButton), ("switcher", mainWindow.switcher),
        ]
        guard let name = mainWindow.stack.visibleChildName, mainWindow.isBuilt(PageID(name)),
            let page = mainWindow.page(PageID(name))
        else { return header }
        return header + page.reportWidgets
    }

    private func writeTally(_ event: String, extra: [(String, JSONValue)] = []) {
        guard let context = environment?.context else { return }
        let live = context.registry.liveRecords
        // Every strategy's tasks, the buggy ones too, end within D or L of their owner going, and
        // a task asked to stop returns: a driver that waited that long after its last input sees
        // none of these unless something leaked.
        let unexpected = live.filter { $0.isOrphan || $0.state == .cancelling }
        let names = unexpected.map { "#\($0.id.rawValue) \($0.name) (\($0.label), \($0.state))" }
        ProcessMemory.trim()
        write(
            event,
            extra + [
                ("live_tasks", .integer(live.count)), ("unexpected_tasks", .integer(unexpected.count)),
                ("unexpected", .array(names.map { .string($0) })),
                ("started_tasks", .integer(context.registry.counters.started)),
                ("glib_closures", .integer(GLibClosureBox.liveCount)),
                ("rss_after_trim_bytes", .integer(ProcessMemory.residentBytes)),
            ])
    }

    /// One line: `event`, the monotonic (ns) and wall-clock (µs) times, then `fields`.
    private func write(_ event: String, _ fields: [(String, JSONValue)]) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let mono = Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
        clock_gettime(CLOCK_REALTIME, &now)
        let wall = Int(now.tv_sec) * 1_000_000 + Int(now.tv_nsec) / 1_000
        let line = JSONValue.object(
            JSONObject([("event", .string(event)), ("mono", .integer(mono)), ("wall", .integer(wall))] + fields)
        ).compactText
        fputs(line + "\n", file)
        fflush(file)
    }
}
