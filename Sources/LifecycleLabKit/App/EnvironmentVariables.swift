#if canImport(Glibc)
    import Glibc
#endif

/// Every environment variable the app reads, read once, typed. Nothing else in the app calls
/// `getenv`, so this is the list of what the environment can change:
///
/// | variable | effect |
/// |---|---|
/// | `GSK_RENDERER` | the person's renderer; wins over ``RendererChoice`` |
/// | `PATH` | where `--window-actions-by NAME` is looked up |
/// | `LIFECYCLE_LAB_RESOURCES` | first folder searched for the style sheet (``Resources``) |
/// | `LIFECYCLE_LAB_LOCALEDIR` | where the translations are |
/// | `LIFECYCLE_LAB_CHECK` | the checker `lifecycle-lab check` hands over to (``CheckHandover``) and the Check page runs, instead of the one beside the app |
/// | `LIFECYCLE_LAB_STARTUP_TRACE` | start-up phases on standard output (``StartupTrace``) |
/// | `LIFECYCLE_LAB_FRAME_TRACE` | frames and loop stalls written to that file (``FrameTrace``) |
/// | `LIFECYCLE_LAB_EXIT_AFTER_FIRST_FRAME` | benchmark hook: print the first frame's time, quit |
/// | `LIFECYCLE_LAB_REPORT_SHUTDOWN` | test hook: one line on how shutdown went |
/// | `LIFECYCLE_LAB_TEST_STUBBORN_TASK_MS` | test hook: a task that ignores cancellation for N ms |
///
/// The snapshot is taken before the app sets anything itself (``RendererChoice`` sets
/// `GSK_RENDERER` for GTK), so ``gskRenderer`` is always the person's.
struct EnvironmentVariables: Sendable, Equatable {
    /// `GSK_RENDERER` when set and not empty.
    var gskRenderer: String?
    /// `PATH`, or `/usr/bin:/bin` when unset.
    var searchPath: String
    /// `LIFECYCLE_LAB_RESOURCES`, as given.
    var resources: String?
    /// `LIFECYCLE_LAB_LOCALEDIR` when set and not empty.
    var localeFolder: String?
    /// Whether `LIFECYCLE_LAB_STARTUP_TRACE` is set.
    var startupTrace: Bool
    /// `LIFECYCLE_LAB_FRAME_TRACE`: the file to write the frame trace to.
    var frameTracePath: String?
    /// Whether `LIFECYCLE_LAB_EXIT_AFTER_FIRST_FRAME` is set.
    var exitAfterFirstFrame: Bool
    /// Whether `LIFECYCLE_LAB_REPORT_SHUTDOWN` is set.
    var reportShutdown: Bool
    /// `LIFECYCLE_LAB_TEST_STUBBORN_TASK_MS` when it is a positive whole number.
    var stubbornTaskMilliseconds: Int?
    /// `LIFECYCLE_LAB_CHECK` when set and not empty: a path, or a name looked up in `PATH`.
    var checker: String?

    /// Reads the variables through `value` (`nil`: unset).
    init(_ value: (String) -> String?) {
        gskRenderer = value("GSK_RENDERER").flatMap { $0.isEmpty ? nil : $0 }
        searchPath = value("PATH") ?? "/usr/bin:/bin"
        resources = value("LIFECYCLE_LAB_RESOURCES")
        localeFolder = value("LIFECYCLE_LAB_LOCALEDIR").flatMap { $0.isEmpty ? nil : $0 }
        checker = value("LIFECYCLE_LAB_CHECK").flatMap { $0.isEmpty ? nil : $0 }
        startupTrace = value("LIFECYCLE_LAB_STARTUP_TRACE") != nil
        frameTracePath = value("LIFECYCLE_LAB_FRAME_TRACE")
        exitAfterFirstFrame = value("LIFECYCLE_LAB_EXIT_AFTER_FIRST_FRAME") != nil
        reportShutdown = value("LIFECYCLE_LAB_REPORT_SHUTDOWN") != nil
        stubbornTaskMilliseconds = value("LIFECYCLE_LAB_TEST_STUBBORN_TASK_MS").flatMap { Int($0) }.flatMap {
            $0 > 0 ? $0 : nil
        }
    }

    /// The process's environment, read at first use.
    static let current = now

    /// The process's environment read now, for what the app honours when it changes while the
    /// app runs (the Check page reads the checker at each check).
    static var now: EnvironmentVariables { EnvironmentVariables { name in getenv(name).map { String(cString: $0) } } }
}
