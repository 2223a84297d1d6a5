import Gettext

extension PageID {
    /// Seed 001's button work (B1–B3).
    public static let button = PageID("button")
}

extension SpecDuration {
    /// L, how long the button page's `exec()` works.
    public static let work = SpecDuration("L", seconds: 10)
}

extension LabTiming {
    /// L, how long the button page's `exec()` works (10 s × scale).
    public var workDuration: Duration { self[.work] }
}

extension PageDescriptor {
    /// Seed 001's button page: its repro presses and closes within D, so that is when its
    /// screenshot is taken.
    public static let button = PageDescriptor(
        id: .button, title: { tr("Button") }, strategies: ButtonStrategyID.anyCases, durations: [.work],
        screenshotMoment: { $0.toastDuration }, dependsOnSession: false)
}
