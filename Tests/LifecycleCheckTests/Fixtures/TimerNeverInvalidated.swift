// swift-format-ignore-file
// SPEC P1 with Foundation's timer (the lab's P6): a repeating timer started with the view and
// stopped nowhere fires on after the view is gone.
import SwiftUI

struct IconPreview: View {
    @State private var tint = Color.red
    @State private var timer: Timer?

    var body: some View {
        Rectangle().fill(tint).onAppear { cycleTint() }
    }

    private func cycleTint() {
        timer = Timer.scheduledTimer(withTimeInterval: 2, repeats: true) { _ in  // expect: timer-never-invalidated
            tint = Color(red: .random(in: 0...1), green: .random(in: 0...1), blue: .random(in: 0...1))
        }
    }
}

struct StatusView: View {
    @State private var ticks: Set<AnyCancellable> = []
    let model: StatusModel

    var body: some View {
        Text(model.status).onAppear {
            Timer.publish(every: 5, on: .main, in: .common).autoconnect()  // expect: timer-never-invalidated
                .sink { _ in model.refresh() }
                .store(in: &ticks)
        }
    }
}

struct Stopwatch: View {
    @State private var seconds = 0
    @State private var timer: Timer?
    @State private var ticks: Set<AnyCancellable> = []

    var body: some View {
        Text("\(seconds)")
            .onAppear {  // expect: no-scene-phase
                timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in seconds += 1 }
                Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                    .sink { _ in seconds += 1 }
                    .store(in: &ticks)
                Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in seconds = 0 }
                Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                    if seconds > 60 { timer.invalidate() }
                }
            }
            .onDisappear {
                timer?.invalidate()
                ticks.removeAll()
            }
            .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in seconds += 1 }
    }
}
