import LifecycleTasks
import LifecycleTestSupport
import PropertyBased
import Testing

/// One host-side event in a random run.
enum Step: CaseIterable, Sendable, CustomStringConvertible {
    case appear, disappear, changeID, active, inactive, background, advance

    var description: String {
        switch self {
        case .appear: "appear"
        case .disappear: "disappear"
        case .changeID: "id+1"
        case .active: ".active"
        case .inactive: ".inactive"
        case .background: ".background"
        case .advance: "advance 1s"
        }
    }
}

private let steps = Gen<Step>.case.array(of: 1...40)

@MainActor
@Suite("Property-based: random appear / disappear / id / phase sequences")
struct PropertyTests {
    /// Runs `sequence` against a node carrying M3, M4, M6 and M7 and checks the invariants after
    /// every step, after settling, and after a final disappear.
    private func check(_ sequence: [Step]) async {
        let host = FakeHost()
        let context = host.context
        let registry = context.registry
        var m6: [Bool] = []  // true = onActive, false = onInactive
        let node = host.node("page")
            .task(name: "m3") { try? await context.sleep(for: .milliseconds(2_500)) }  // may end by itself
            .onActive({ m6.append(true) }, onInactive: { m6.append(false) })
            .task(while: .active, name: "m7") { try? await context.sleep(for: .seconds(3_600)) }
        let m4 = node.task(id: 0, name: "m4") { _ in try? await context.sleep(for: .seconds(3_600)) }

        func running(_ name: String) -> Int {
            registry.liveRecords.filter { $0.name == name && $0.state == .running }.count
        }
        func live(_ name: String) -> Int { registry.liveRecords.filter { $0.name == name }.count }
        func checkNow(after step: String) {
            let phase = host.window.phase
            // propertyCheck reports only the failing input, so print the state on a failure.
            let diagnosis =
                "after \(step) in \(sequence): live \(registry.liveRecords.map { "\($0.name)#\($0.id.rawValue) \($0.state)" }), m6 \(m6), appeared \(node.isAppeared), phase \(phase)"
            if running("m3") > 1 || running("m4") != (node.isAppeared ? 1 : 0)
                || running("m7") != (node.isAppeared && phase == .active ? 1 : 0) || !registry.counters.addUp
            {
                print("PROPERTY FAILURE", diagnosis)
            }
            // Never more than one live (uncancelled) task per modifier.
            #expect(running("m3") <= 1, "after \(step)")
            // M4 and M7 actions never end by themselves here, so the model is exact.
            #expect(running("m4") == (node.isAppeared ? 1 : 0), "M4 after \(step)")
            #expect(running("m7") == (node.isAppeared && phase == .active ? 1 : 0), "M7 after \(step)")
            // M6 alternates, starts with onActive, and stands exactly while appeared and active.
            #expect(zip(m6, m6.dropFirst()).allSatisfy { $0 != $1 }, "M6 alternation after \(step): \(m6)")
            #expect(m6.first ?? true, "M6 starts with onActive")
            #expect((m6.last ?? false) == (node.isAppeared && phase == .active), "M6 state after \(step)")
            #expect(registry.counters.addUp, "counters after \(step): \(registry.counters)")
        }

        for step in sequence {
            switch step {
            case .appear: if !node.isAppeared { node.appear() }
            case .disappear: if node.isAppeared { node.disappear() }
            case .changeID: m4.id += 1
            case .active: host.window.update(phase: .active)
            case .inactive: host.window.update(phase: .inactive)
            case .background: host.window.update(phase: .background)
            case .advance: await host.advance(by: .seconds(1))
            }
            checkNow(after: step.description)
            if step == .advance { await host.settleCancelled() }
            if step == .advance, live("m3") > 1 || live("m4") > 1 || live("m7") > 1 {
                print(
                    "PROPERTY FAILURE settled", step, sequence,
                    registry.liveRecords.map { "\($0.name)#\($0.id.rawValue) \($0.state)" })
            }
            if step == .advance {
                // Settled: cancelled tasks have ended, so at most one live task per modifier.
                #expect(live("m3") <= 1 && live("m4") <= 1 && live("m7") <= 1, "settled after \(step)")
            }
        }
        if node.isAppeared { node.disappear() }
        checkNow(after: "final disappear")
        // Every task was asked to stop at the disappear: wait for their actions to return (a
        // task still `running` here is a bug and fails below).
        await host.settleCancelled()
        if !registry.liveRecords.isEmpty {
            print(
                "PROPERTY FAILURE final", sequence,
                registry.liveRecords.map { "\($0.name)#\($0.id.rawValue) \($0.state)" },
                "sleeps", context.sleepsInProgress, "pending", host.clock.pendingCount, "inflight",
                host.clock.inFlightCount)
        }
        // After a final disappear no M3/M4/M7 task is alive.
        #expect(registry.liveRecords.isEmpty, "left alive: \(registry.liveRecords.map(\.name))")
        #expect(registry.counters.addUp && registry.counters.live == 0)
        await host.expectNoLiveTasks()
    }

    @Test("M3 M4 M6 M7: invariants hold over 2,000 random host sequences")
    func randomSequences() async {
        await propertyCheck(count: 2_000, input: steps) { sequence in
            await check(sequence)
        }
    }

    @Test("M3: repeated appear/disappear bursts never leave more than one live task once settled")
    func bursts() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...60)) { count in
            let host = FakeHost()
            let context = host.context
            let node = host.node("toast").task(name: "m3") { try? await context.sleep(for: .seconds(3)) }
            for _ in 0..<count {
                node.appear()
                node.disappear()
            }
            node.appear()
            await host.settleCancelled()
            let registry = host.context.registry
            if registry.liveRecords.count != 1 || registry.counters.cancelled != count {
                print(
                    "PROPERTY FAILURE bursts", count, registry.liveRecords.map { "\($0.id) \($0.state)" },
                    registry.counters,
                    "sleeps", context.sleepsInProgress, "pending", host.clock.pendingCount, "inflight",
                    host.clock.inFlightCount)
            }
            #expect(host.context.registry.liveRecords.map(\.name) == ["m3"])
            #expect(host.context.registry.counters.started == count + 1)
            #expect(host.context.registry.counters.cancelled == count)
            node.disappear()
            await host.expectNoLiveTasks()
        }
    }
}

/// The same invariants straight on the pure state machines: fast, so many more runs.
@Suite("Property-based: pure state machines")
struct MachinePropertyTests {
    @Test("M3 M4 M7: TaskSlotMachine keeps at most one task and none after disappear (20,000 runs)")
    func slotMachine() async {
        await propertyCheck(count: 20_000, input: steps) { sequence in
            var machine = MachineProbe.Slot()
            for step in sequence { machine.apply(step) }
            machine.apply(.disappear)
            #expect(machine.liveCount == 0)
            #expect(machine.maxLive <= 1)
            #expect(machine.consistent)
        }
    }

    @Test("M6: ActiveReaderMachine alternates and never fires while not appeared (20,000 runs)")
    func readerMachine() async {
        await propertyCheck(count: 20_000, input: steps) { sequence in
            var probe = MachineProbe.Reader()
            for step in sequence { probe.apply(step) }
            probe.apply(.disappear)
            #expect(probe.alternates)
            #expect(!probe.firedWhileHidden)
            #expect(probe.fired.last ?? false == false)
        }
    }
}
