import Gettext

/// The restart-on-id-change strategy of SPEC §4 (seed 004).
public enum ServerStrategyID: String, StrategyIdentifier {
    /// `.task(id: server)` listening to the server's status notifications.
    case i1 = "I1"

    /// The page whose repro runs these strategies.
    public static var page: PageID { .server }

    /// The label for the Strategy menu.
    public var title: String { tr(".task(id: server)") }

    /// One sentence on what the strategy does and what happens.
    public var explanation: String {
        tr("Switching server changes the task's id, which cancels the old listener and starts one for the new server.")
    }

    /// A fix: SPEC §4's I1 row.
    public var kind: StrategyKind { .fix }

    /// The two slips in Apple's own example of `task(id:)` (seed 004), which this page avoids.
    public var seedNote: String? {
        tr(
            "Apple's example has two slips. It listens for .didChangeStatus but the server posts .didUpdateStatus, so the label would never change. And it writes for try await in the action, which cannot throw, so it does not compile: Swift 6.3 says \"%{error}\". This page listens for the name it posts, with for await.",
            ["error": Self.appleExampleError])
    }

    /// What Swift 6.3 says about `for try await` in `task(id:)`'s non-throwing action (the start
    /// of its message; a test type-checks the pattern with the installed compiler).
    public static let appleExampleError = "invalid conversion from throwing function of type"

    /// The spec's outcome text for this strategy's row.
    public var expectedOutcome: String {
        tr(
            "switching server cancels the old listener and starts a new one; exactly one listener is live; a status posted by the old server no longer changes the label"
        )
    }
}

extension ServerStrategyID {
    /// The line the spec's row turns on, in the running code and in the SwiftUI shape.
    public var keyMechanism: KeyMechanism {
        KeyMechanism(running: "view.node.task(id: server", swiftUI: ".task(id: server)")
    }
}

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
