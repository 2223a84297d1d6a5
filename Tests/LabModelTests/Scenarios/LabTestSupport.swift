import LabModel
import LifecycleTasks
import LifecycleTestSupport
import Testing

extension FakeHost {
    /// A pacer that drives this host's test clock one deadline at a time and settles between.
    var pacer: ScenarioPacer {
        ScenarioPacer(
            tolerance: .zero,
            advance: { [self] duration in await self.advance(by: duration) },
            settle: { [self] in await self.settle() })
    }

    /// Advances the clock until `offset` after the context was made.
    func advance(to offset: Duration) async {
        let delta = offset - context.now
        if delta > .zero { await advance(by: delta) } else { await settle() }
    }

    /// Settles again (at most `rounds` times, no clock advance) until `condition` holds: for
    /// end states that are certain but reached through hops a loaded machine may delay.
    func settle(until condition: () -> Bool, rounds: Int = 40) async {
        for _ in 0..<rounds where !condition() { await settle() }
    }

    /// This host's live records with the given state.
    func live(_ state: TaskState = .running) -> [TaskRecord] {
        context.registry.liveRecords.filter { $0.state == state }
    }
}

/// The spec's D at scale 1: 3 s.
let d = LabTiming.standard.toastDuration

/// Every strategy of every page of the lab model, in spec order (T1 … I1).
let allStrategies: [AnyStrategyID] = LabCatalog.strategies

/// Runs `id`'s repro headless on a fresh fake host.
@MainActor
func headless(_ id: AnyStrategyID, timing: LabTiming = .standard) async -> (ScenarioVerdict, FakeHost) {
    let host = FakeHost()
    let verdict = await id.runHeadless(context: host.context, timing: timing, pacer: host.pacer)
    return (verdict, host)
}

/// Runs `id`'s repro headless on a fresh fake host.
@MainActor
func headless(_ id: some StrategyIdentifier, timing: LabTiming = .standard) async -> (ScenarioVerdict, FakeHost) {
    await headless(AnyStrategyID(id), timing: timing)
}
