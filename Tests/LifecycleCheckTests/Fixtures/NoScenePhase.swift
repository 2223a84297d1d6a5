// swift-format-ignore-file
// SPEC P1 (seed 003): polling started in onAppear and stopped in onDisappear goes on while the
// app is in the background; P2 also follows the scene phase.
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
    private func pollForever() async {}
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

struct TickerView: View {
    @State private var ticking: Task<Void, Never>?
    @State private var ticks = 0

    var body: some View {
        Text("\(ticks)")
            .onAppear {  // expect: no-scene-phase
                ticking = Task {
                    while !Task.isCancelled {
                        do { try await Task.sleep(for: .seconds(1)) } catch { return }
                        ticks += 1
                    }
                }
            }
            .onDisappear { ticking?.cancel() }
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
        polling = Task { await poll() }
    }

    private func poll() async {}
}

// Only logs: nothing is started, nothing to stop.
struct ProfileView: View {
    var body: some View {
        Text("Profile")
            .onAppear { print("shown") }
            .onDisappear { print("hidden") }
    }
}

// Starts something, but its onDisappear undoes nothing: no polling pair to judge.
struct TutorialView: View {
    var body: some View {
        Text("Tutorial")
            .onAppear { startTutorial() }
            .onDisappear {
                // nothing to undo
            }
    }

    private func startTutorial() {}
}
