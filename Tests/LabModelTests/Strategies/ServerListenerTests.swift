import LabModel
import LifecycleTasks
import LifecycleTestSupport
import Testing

@MainActor
@Suite("Server listener (SPEC §4, seed 004)")
struct ServerListenerTests {
    @Test("I1: switching server leaves exactly one live listener; the old server no longer changes the label")
    func i1OneListener() async {
        let host = FakeHost()
        let center = StatusCenter()
        let screen = ServerScreen(context: host.context, host: ImmediateHost<ServerView>(), center: center)
        let (a, b, c) = (screen.servers[0], screen.servers[1], screen.servers[2])
        #expect(screen.label == "Signed Out")
        screen.showView()
        await host.settle()
        #expect(center.listenerCount == 1)
        center.post("Signed In", to: a)
        await host.settle()
        #expect(screen.label == "Signed In")
        screen.pick(b)
        #expect(center.listenerCount(for: a) == 0)  // onTermination ran inside the cancel
        await host.settle()
        #expect(center.listenerCount == 1)
        #expect(center.listenerCount(for: b) == 1)
        #expect(host.context.registry.record(TaskID(1))?.state == .cancelled)
        center.post("Maintenance", to: a)
        await host.settle()
        #expect(screen.label == "Signed In")
        center.post("Online", to: b)
        await host.settle()
        #expect(screen.label == "Online")
        // Quick switching still ends with one listener.
        screen.pick(c)
        screen.pick(a)
        screen.pick(b)
        await host.settle()
        #expect(center.listenerCount == 1)
        #expect(host.context.registry.liveRecords.count == 1)
        screen.closeView()
        await host.settle()
        #expect(center.listenerCount == 0)
        #expect(screen.labelHistory.map(\.text) == ["Signed In", "Online"])
        await host.expectNoLiveTasks()
    }

    @Test("I1: the status center counts listeners exactly and cleans up on termination")
    func statusCenterCounts() async {
        let center = StatusCenter()
        let server = Server("alpha")
        let task = Task {
            var received: [String] = []
            for await status in center.statuses(for: server) { received.append(status) }
            return received
        }
        while center.listenerCount == 0 { await Task.yield() }
        center.post("one", to: server)
        center.post("ignored", to: Server("beta"))
        #expect(center.listenerCount == 1)
        task.cancel()
        let received = await task.value
        #expect(center.listenerCount == 0)
        #expect(received.count <= 1)  // "one" may or may not have been read before the cancel
        #expect(center.postedCount == 2)
    }
}
