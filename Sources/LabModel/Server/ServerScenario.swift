public import LifecycleTasks

/// What seed 004's repro does on the server page.
public enum ServerAction: Sendable, Hashable, CustomStringConvertible {
    /// Show or close the inner view.
    case view(ViewAction)
    /// Pick a server in the picker.
    case pick(Server)
    /// A server posts a status (not a user action: the environment).
    case post(String, to: Server)

    /// How the action reads in a verdict's log.
    public var description: String {
        switch self {
        case .view(let action): action.description
        case .pick(let server): "pick server \(server)"
        case .post(let status, let server): "\(server) posts \"\(status)\""
        }
    }
}

extension ServerScreen: ScenarioActuator {
    /// Shows or closes the view, picks a server, or posts a status (the scenario's direct actuator:
    /// no widgets).
    public func perform(_ action: ServerAction) async {
        switch action {
        case .view(.show): showView()
        case .view(.close): closeView()
        case .pick(let server): pick(server)
        case .post(let status, let server): center.post(status, to: server)
        }
    }
}

extension ScenarioDriver {
    /// Runs seed 004's repro, with U = ``LabTiming/pollInterval`` (1 s × scale) and the screen's
    /// first two servers A and B: t = 0 show the view (listening to A); U: A posts "Signed In";
    /// 2U: pick B; 3U: A posts "Maintenance"; 4U: B posts "Online"; 5U: close the view; watch
    /// until 6U. Each reading is taken U/2 after its action, and each action U after the one
    /// before, measured from the real time it happened; I1's outcome has no clock in it (which
    /// listener is live, what the label says), so a late loop only stretches the run.
    /// - Parameters:
    ///   - screen: a fresh server screen with its view closed, A picked, at least two servers.
    ///   - actuator: opens, closes and picks; `nil` calls the screen directly.
    ///   - cleanUp: reset the screen after the verdict is taken.
    public func run(
        server screen: ServerScreen, actuator: (any ScenarioActuator<ServerAction>)? = nil, cleanUp: Bool = true
    ) async -> ScenarioVerdict {
        precondition(screen.servers.count >= 2, "run(server:) needs a screen with at least two servers")
        let actuator = actuator ?? screen
        let (a, b) = (screen.servers[0], screen.servers[1])
        let u = screen.timing.pollInterval
        let run = ScenarioRun(context: context, pacer: pacer)
        run.begin()

        await run.act(.pick(a), actuator)
        let shown = await run.act(.view(.show), actuator)
        await run.wait(u / 2, after: shown)
        let listenersAfterOpen = screen.listenerCount
        await run.wait(u, after: shown)
        let postedByA = await run.act(.post("Signed In", to: a), actuator)
        await run.wait(u / 2, after: postedByA)
        let labelFromA = screen.label
        await run.wait(u, after: postedByA)
        let switched = await run.act(.pick(b), actuator)
        await run.wait(u / 2, after: switched)
        let listenersAfterSwitch = screen.listenerCount
        let listenersOfA = screen.center.listenerCount(for: a)
        let liveListenTasks = run.liveRecords.count
        let firstListener = run.records.first
        await run.wait(u, after: switched)
        let postedByOld = await run.act(.post("Maintenance", to: a), actuator)
        await run.wait(u / 2, after: postedByOld)
        let labelAfterOldPost = screen.label
        await run.wait(u, after: postedByOld)
        let postedByNew = await run.act(.post("Online", to: b), actuator)
        await run.wait(u / 2, after: postedByNew)
        let labelAfterNewPost = screen.label
        await run.wait(u, after: postedByNew)
        let closed = await run.act(.view(.close), actuator)
        await run.wait(u / 2, after: closed)
        let listenersAfterClose = screen.listenerCount
        await run.wait(u, after: closed)

        run.expect("live listeners after opening", count: listenersAfterOpen, equals: 1)
        run.expect("label after A posts", expected: "Signed In", observed: labelFromA, labelFromA == "Signed In")
        run.expect(
            "live listeners after switching to B", expected: "1 (of B)",
            observed: "\(listenersAfterSwitch) (\(listenersOfA) of A)", listenersAfterSwitch == 1 && listenersOfA == 0)
        run.expect("live listening tasks after switching", count: liveListenTasks, equals: 1)
        run.expect(
            "old listener's task", expected: "cancelled",
            observed: firstListener.map { "\($0.state)" } ?? "none", firstListener?.state == .cancelled)
        run.expect(
            "label after the old server posts", expected: "Signed In (unchanged)", observed: labelAfterOldPost,
            labelAfterOldPost == "Signed In")
        run.expect(
            "label after the new server posts", expected: "Online", observed: labelAfterNewPost,
            labelAfterNewPost == "Online")
        run.expect("live listeners after closing", count: listenersAfterClose, equals: 0)
        run.expectFlags(orphan: false, retainsOwner: false)
        run.expectNothingLeft()
        run.measure("listenersAfterSwitch", Double(listenersAfterSwitch))
        run.measure("listenersAfterClose", Double(listenersAfterClose))
        run.measure("statusesPosted", Double(screen.center.postedCount))

        return await run.finish(screen, cleanUp: cleanUp)
    }
}

extension ServerStrategyID {
    /// Runs seed 004's repro with this strategy on a server screen with no display and a status
    /// center of its own.
    @MainActor
    public func runHeadless(context: LifecycleContext, timing: LabTiming, pacer: ScenarioPacer) async -> ScenarioVerdict
    {
        let screen = ServerScreen(
            strategy: self, context: context, timing: timing, host: ImmediateHost<ServerView>(), center: StatusCenter())
        return await ScenarioDriver(context: context, pacer: pacer).run(server: screen)
    }
}
