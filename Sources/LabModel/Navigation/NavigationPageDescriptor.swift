import Gettext

extension PageID {
    /// Seed 003's addendum: the order of appear and disappear between two pages (N1).
    public static let navigation = PageID("navigation")
}

extension PageDescriptor {
    /// Seed 003's addendum (N1): no strategy and no scripted repro; the GTK tests check the
    /// order of its events against GTK's own signals.
    public static let navigation = PageDescriptor(
        id: .navigation, title: { tr("Navigation") }, strategies: [], durations: [],
        screenshotMoment: { $0.toastDuration }, dependsOnSession: false)
}
