import Gettext

extension PageID {
    /// Seed 003's scene phase (P1–P5).
    public static let scenePhase = PageID("scene")
}

extension SpecDuration {
    /// P, how often the scene-phase page polls its source.
    public static let poll = SpecDuration("P", seconds: 1)
}

extension LabTiming {
    /// P, how often the scene-phase page polls its source (1 s × scale).
    public var pollInterval: Duration { self[.poll] }
}

extension PageDescriptor {
    /// Seed 003's scene-phase page. Its repro minimizes, restores and moves the focus, so its
    /// outcome depends on the session.
    public static let scenePhase = PageDescriptor(
        id: .scenePhase, title: { tr("Scene phase") }, strategies: ScenePhaseStrategyID.anyCases,
        durations: [.poll], screenshotMoment: { $0.toastDuration }, dependsOnSession: true)
}
