import Glibc
import LabModel
import LifecycleLabKit

// Synchronous main on purpose: the harness runs GTK's loop on the main thread.
// usage: gtk-tests [--list] [--set all|harness|session] [--filter SUBSTRING] (sets: CaseSets.swift)
// To add cases: give your file an enum with `static var cases: [GtkTestCase]` and append it here.

// The app's translations, bound first, as the app does (the Japanese case runs this binary
// again with LANGUAGE=ja).
MainActor.assumeIsolated { LabApp.startTranslations() }

let suites: [GtkTestCase] = MainActor.assumeIsolated {
    LifecycleEventTests.cases
        + PhaseUnderLoadTests.cases
        + BridgeTests.cases
        + WrapperTests.cases
        + ApplicationTests.cases
        + PreconditionTests.cases
        + PanelTests.cases
        + AppToastTests.cases
        + AppPageTests.cases
        + ReliabilityTests.cases
        + RenderCostTests.cases
        + SessionTests.cases
        + AppTeachTests.cases
        + TranslationTests.cases
        + AccessibilityTests.cases
        + CheckPageTests.cases
        + WholeTextTests.cases
        + RunReportTests.cases
}
let allCases = suites + CaseSets.repros(missingFrom: suites)
MainActor.assumeIsolated { Harness.smokeModes[Pictures.flag] = Pictures.run }
exit(MainActor.assumeIsolated { Harness.main(cases: allCases) })
