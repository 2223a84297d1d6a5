import LabModel
import LifecycleTasks
import LifecycleTestSupport
import SeededRandom
import Testing

@MainActor
@Suite("Toast strategies under random presses (SPEC §3)")
struct ToastRandomPressTests {
    @Test(
        "T1–T6: 300 random show / hide / wait steps; live timers: ≤ 1 for T2–T5, one per unexpired show for T1 and T6",
        arguments: ToastStrategyID.allCases)
    func randomPresses(_ id: ToastStrategyID) async {
        var random = SplitMix64(seed: 0x5EED_0000 + UInt64(id.rawValue.utf8.last!))
        let host = FakeHost()
        let screen = ToastScreen(strategy: id, context: host.context, host: ImmediateHost<ToastView>())
        var shows: [Duration] = []
        for step in 0..<300 {
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                if !screen.isPresented { shows.append(host.context.now) }
                screen.show()
            case 1: screen.hide()
            default: await host.advance(by: .milliseconds(Int.random(in: 1...1_500, using: &random)))
            }
            let unexpired = shows.count { host.context.now < $0 + d }
            let expected = id == .t1 || id == .t6 ? unexpired : (screen.isPresented ? 1 : 0)
            await host.settle(until: { host.context.registry.liveRecords.count == expected })
            // Never more than one timer not asked to stop, even before the cancelled ones returned.
            if id != .t1 && id != .t6 { #expect(host.live(.running).count <= 1, "step \(step)") }
            let live = host.context.registry.liveRecords
            switch id {
            case .t2, .t3, .t4, .t5:
                #expect(live.count <= 1, "step \(step): \(diagnosis(host))")
                #expect(live.count == (screen.isPresented ? 1 : 0), "step \(step): \(diagnosis(host))")
            case .t1, .t6:
                // Nothing is ever cancelled: every show's timer lives its full D.
                #expect(live.count == unexpired, "step \(step): \(diagnosis(host))")
            }
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
