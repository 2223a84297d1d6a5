/// The restart-on-id-change strategy of SPEC §4 (seed 004).
public enum ServerStrategyID: String, StrategyIdentifier {
    /// `.task(id: server)` listening to the server's status notifications.
    case i1 = "I1"

    /// The page whose repro runs these strategies.
    public static var page: PageID { .server }

    /// The label for the Strategy menu.
    public var title: String { ".task(id: server)" }

    /// One sentence on what the strategy does and what happens.
    public var explanation: String {
        "Switching server changes the task's id, which cancels the old listener and starts one for the new server."
    }

    /// A fix: SPEC §4's I1 row.
    public var kind: StrategyKind { .fix }

    /// The spec's outcome text for this strategy's row.
    public var expectedOutcome: String {
        "switching server cancels the old listener and starts a new one; exactly one listener is live; a status posted by the old server no longer changes the label"
    }
}

extension PageID {
    /// Seed 004's server listener (I1).
    public static let server = PageID("server")
}
