// swift-format-ignore-file
// SPEC P1 (seed 003): polling started in onAppear and stopped in onDisappear goes on while the
// app is in the background; P2 also follows the scene phase. Polling is what the code shows: a
// loop that sleeps, a repeating Timer, a timer publisher.
import SwiftUI

struct DashboardView: View {
    @State private var polling: Task<Void, Never>?

    var body: some View {
        Text("Dashboard")
            .onAppear {  // expect: no-scene-phase
                load()
                polling = Task { await pollForever() }
            }
            .onDisappear {
                polling?.cancel()
            }
    }

    private func load() {}
    private func pollForever() async {
        while !Task.isCancelled {
            await refresh()
            try? await Task.sleep(for: .seconds(5))
        }
    }
    private func refresh() async {}
}

struct ClockView: View {
    @State private var timer: Timer?

    var body: some View {
        Text("Clock")
            .onAppear {  // expect: no-scene-phase
                timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }
            }
            .onDisappear {
                timer?.invalidate()
            }
    }
}

struct StatusTicks: View {
    @State private var ticks: AnyCancellable?
    let model: StatusModel

    var body: some View {
        Text(model.status)
            .onAppear {  // expect: no-scene-phase
                ticks = Timer.publish(every: 10, on: .main, in: .common).autoconnect()
                    .sink { _ in model.refresh() }
            }
            .onDisappear { ticks?.cancel() }
    }
}

struct PhaseAwareView: View {
    @Environment(\.scenePhase) private var scenePhase
    @State private var polling: Task<Void, Never>?

    var body: some View {
        Text("Aware")
            .onAppear { startPolling() }
            .onDisappear { polling?.cancel() }
            .onChange(of: scenePhase) { _, phase in
                if phase == .active { startPolling() } else { polling?.cancel() }
            }
    }

    private func startPolling() {
        polling?.cancel()
        polling = Task { while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) } }
    }
}

// Not polling: an observer added and removed, an animation started and stopped, a subscription
// to a stream that is not a timer.
struct AccountRow: View {
    let center: NotificationCenter
    @State private var observer: NSObjectProtocol?
    @State private var pulsing = false
    @State private var updates: Task<Void, Never>?

    var body: some View {
        Text("Account")
            .scaleEffect(pulsing ? 1.2 : 1)
            .onAppear {
                observer = center.addObserver(forName: .accountChanged, object: nil, queue: .main) { _ in }
                withAnimation(.easeInOut.repeatForever()) { pulsing = true }
                updates = Task { for await _ in center.notifications(named: .accountChanged) {} }
            }
            .onDisappear {
                observer.map(center.removeObserver)
                pulsing = false
                updates?.cancel()
            }
    }
}
