import Gettext

extension PageID {
    /// The Check page: the seeds' task mistakes found in a person's own SwiftUI code.
    public static let check = PageID("check")
}

extension PageDescriptor {
    /// The Check page: no strategy and no scripted repro of its own; each finding it lists
    /// opens the live repro of another page (``LifecycleCheckReport/LiveRepro``).
    public static let check = PageDescriptor(
        id: .check, title: { tr("Check") }, strategies: [], durations: [],
        screenshotMoment: { $0.toastDuration }, dependsOnSession: false)
}
