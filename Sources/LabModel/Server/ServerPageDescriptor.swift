import Gettext

extension PageID {
    /// Seed 004's server listener (I1).
    public static let server = PageID("server")
}

extension PageDescriptor {
    /// Seed 004's server page (I1).
    public static let server = PageDescriptor(
        id: .server, title: { tr("Server") }, strategies: ServerStrategyID.anyCases, durations: [.poll],
        screenshotMoment: { $0.toastDuration }, dependsOnSession: false)
}
