import Glibc

// Synchronous main on purpose: the harness runs GTK's loop on the main thread.
// usage: gtk-tests [--list] [--filter SUBSTRING]
let allCases: [GtkTestCase] = MainActor.assumeIsolated {
    LifecycleEventTests.cases
}
exit(MainActor.assumeIsolated { Harness.main(cases: allCases) })
