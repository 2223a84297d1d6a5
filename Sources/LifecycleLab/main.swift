import LifecycleLabKit

#if canImport(Glibc)
    import Glibc
#endif

// Synchronous main on purpose: GTK's loop runs on this, the main, thread, and the main actor
// runs inside it (Swift's async main may move main-actor work to another thread on Linux).
let status = MainActor.assumeIsolated { LabApp.main(arguments: CommandLine.arguments) }
exit(status)
