import LabModel
import LifecycleTasks
import LifecycleTestSupport
import SeededRandom
import Testing

@MainActor
@Suite("Toast strategies under random presses (SPEC §3)")
struct ToastRandomPressTests {
    @Test(
        "T1–T8: 300 random show / hide / wait steps; live timers: ≤ 1 for T2–T5, T7, T8, one per unexpired show for T1 and T6; T7's countdowns and T8's saves: one per show until they end by themselves",
        arguments: ToastStrategyID.allCases)
    func randomPresses(_ id: ToastStrategyID) async {
        var random = SplitMix64(seed: 0x5EED_0000 + UInt64(id.rawValue.utf8.last!))
        let host = FakeHost()
        let screen = ToastScreen(strategy: id, context: host.context, host: ImmediateHost<ToastView>())
        var shows: [Duration] = []
        // What runs beside the timer and ends only by itself: T7's dropped countdown, T8's save.
        let sideLife: Duration? =
            switch id {
            case .t7: screen.countdownStep * 9
            case .t8: screen.saveDuration
            default: nil
            }
        let isTimer: (TaskRecord) -> Bool = { $0.name.hasSuffix("then hide") }
        for step in 0..<300 {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                if !screen.isPresented { shows.append(host.context.now) }
                screen.show()
            case 1: screen.hide()
            default: await host.advance(by: .milliseconds(Int.random(in: 1...1_500, using: &random)))
            }
            let unexpired = shows.count { host.context.now < $0 + d }
            let timers = id == .t1 || id == .t6 ? unexpired : (screen.isPresented ? 1 : 0)
            let sides = sideLife.map { life in shows.count { host.context.now < $0 + life } } ?? 0
            await host.settle(until: { host.context.registry.liveRecords.count == timers + sides })
            let live = host.context.registry.liveRecords
            let liveTimers = live.filter(isTimer)
            // Never more than one timer not asked to stop, even before the cancelled ones returned.
            if id != .t1 && id != .t6 {
                #expect(host.live(.running).filter(isTimer).count <= 1, "step \(step)")
            }
            switch id {
            case .t2, .t3, .t4, .t5, .t7, .t8:
                #expect(liveTimers.count <= 1, "step \(step): \(diagnosis(host))")
                #expect(liveTimers.count == (screen.isPresented ? 1 : 0), "step \(step): \(diagnosis(host))")
            case .t1, .t6:
                // Nothing is ever cancelled: every show's timer lives its full D.
                #expect(liveTimers.count == unexpired, "step \(step): \(diagnosis(host))")
            }
            // T7: nothing ever cancels a countdown (the bag dropped it); T8: nothing cancels a save.
            #expect(live.count - liveTimers.count == sides, "step \(step): \(diagnosis(host))")
            #expect(live.allSatisfy { $0.isDetached == (id == .t8 && !isTimer($0)) }, "step \(step)")
        }
        screen.reset()
        await host.expectNoLiveTasks()
    }
}

@MainActor
private func diagnosis(_ host: FakeHost) -> String {
    let live = host.context.registry.liveRecords.map { "\($0.id) \($0.state)" }
    let events = host.recorder.events.suffix(8).map { "\($0.time) \($0.kind)" }
    return "live \(live), pending sleeps \(host.clock.pendingCount), last events \(events)"
}
