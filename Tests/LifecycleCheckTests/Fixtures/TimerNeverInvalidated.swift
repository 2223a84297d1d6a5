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

/// An elapsed-time clock for a search: stopped when the search completes, so it ends with the
/// work it times. A clock stopped only by a person's hover is still running when the view goes.
struct FileSearch: View {
    @State private var elapsed: TimeInterval = 0
    @State private var clock: Timer?
    @State private var scroller: Timer?
    @State private var unlock: Timer?
    let engine: SearchEngine

    var body: some View {
        Text("\(elapsed)")
            .onAppear { start() }
            .onLongPressGesture { startUnlock() }
            .onHover { inside in
                if inside {
                    scroller = Timer.scheduledTimer(withTimeInterval: 1 / 60, repeats: true) { _ in  // expect: timer-never-invalidated
                        elapsed += 0
                    }
                } else {
                    stopScrolling()
                }
            }
    }

    private func start() {
        clock?.invalidate()
        clock = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in elapsed += 0.1 }
        engine.search(completion: {
            clock?.invalidate()
        })
    }

    /// Hold to unlock: the timer stops itself, through the property it is kept in, once full.
    private func startUnlock() {
        guard unlock == nil else { return }
        unlock = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { _ in
            Task { @MainActor in
                elapsed += 0.05
                if elapsed >= 3 {
                    self.unlock?.invalidate()
                    self.unlock = nil
                }
            }
        }
    }

    private func stopScrolling() {
        withAnimation { scroller?.invalidate() }
    }
}

/// A panel's root view whose window tells it when it closes: the timer stops with the window. A
/// stop only when another sheet closes is not the view going.
struct OverlayPanel: View {
    @State private var timer: Timer?
    @State private var blink: Timer?
    @State private var ticks = 0

    var body: some View {
        Text("\(ticks)")
            .background(WindowAccessor(onWindowClose: { timer?.invalidate() }))
            .sheet(isPresented: .constant(false)) { Picker(onClose: { blink?.invalidate() }) }
            .onAppear {
                timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { _ in ticks += 1 }
                blink = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in ticks += 1 }  // expect: timer-never-invalidated
            }
    }
}
