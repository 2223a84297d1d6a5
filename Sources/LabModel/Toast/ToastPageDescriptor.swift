import Gettext

extension PageID {
    /// SPEC §3's toast page (T1–T8).
    public static let toast = PageID("toast")
}

extension SpecDuration {
    /// D, how long a toast stays up before it dismisses itself.
    public static let toast = SpecDuration("D", seconds: 3)
}

extension LabTiming {
    /// D, how long a toast stays up before it dismisses itself (3 s × scale).
    public var toastDuration: Duration { self[.toast] }
}

extension PageDescriptor {
    /// SPEC §3's toast page. Its screenshot is taken at 0.9 D: after the second show and just
    /// before a stale T1/T6 timer would hide it.
    public static let toast = PageDescriptor(
        id: .toast, title: { tr("Toast") }, strategies: ToastStrategyID.anyCases, durations: [.toast],
        screenshotMoment: { $0.toastDuration * 0.9 }, dependsOnSession: true)
}
