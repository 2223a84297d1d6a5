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
        run.begin(journal: screen.journal)
        var readings = ServerReadings()

        // Each step: the action, its reading U/2 later, and U since the action before the next.
        func step(_ action: ServerAction, reading read: () -> Void) async {
            let done = await run.act(action, actuator)
            await run.wait(u / 2, after: done)
            read()
            await run.wait(u, after: done)
        }

        await run.act(.pick(a), actuator)
        await step(.view(.show)) { readings.listenersAfterOpen = screen.listenerCount }
        await step(.post(ServerReadings.firstStatus, to: a)) { readings.labelFromA = screen.label }
        await step(.pick(b)) {
            readings.listenersAfterSwitch = screen.listenerCount
            readings.listenersOfA = screen.center.listenerCount(for: a)
            readings.liveListenTasks = run.liveRecords.count
            readings.firstListener = run.records.first?.state
        }
        await step(.post(ServerReadings.oldServerStatus, to: a)) { readings.labelAfterOldPost = screen.label }
        await step(.post(ServerReadings.newStatus, to: b)) { readings.labelAfterNewPost = screen.label }
        await step(.view(.close)) { readings.listenersAfterClose = screen.listenerCount }

        let checks = judgeServer(run.timeline(readings), as: screen.strategy, tolerance: pacer.judgeTolerance)
        run.measure("listenersAfterSwitch", Double(readings.listenersAfterSwitch))
        run.measure("listenersAfterClose", Double(readings.listenersAfterClose))
        run.measure("statusesPosted", Double(screen.center.postedCount))

        return await run.finish(screen, judgedAs: AnyStrategyID(screen.strategy), checks: checks, cleanUp: cleanUp)
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
