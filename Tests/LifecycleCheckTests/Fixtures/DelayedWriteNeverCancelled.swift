// swift-format-ignore-file
// SPEC T1 with GCD's timer: `asyncAfter` cannot be cancelled; hiding what a person can show
// again, it cuts a later showing short.
import SwiftUI

struct PresetRow: View {
    @State private var showCheckmark = false
    @State private var didCopy = false
    @State private var hide: DispatchWorkItem?
    @State private var pulse = false
    let preset: Preset

    var body: some View {
        VStack {
            Button(preset.name) {
                preset.activate()
                showCheckmark = true
                DispatchQueue.main.asyncAfter(deadline: .now() + 3) {  // expect: delayed-write-never-cancelled
                    showCheckmark = false
                }
            }
            if showCheckmark { Image(systemName: "checkmark") }
            Button(didCopy ? "Copied" : "Copy") {
                didCopy = true
                hide?.cancel()
                let item = DispatchWorkItem { didCopy = false }
                hide = item
                DispatchQueue.main.asyncAfter(deadline: .now() + 2, execute: item)
            }
        }
        .scaleEffect(pulse ? 1.1 : 1)
        .onAppear {
            // An appear's one-off animation, and a short delay.
            pulse = true
            DispatchQueue.main.asyncAfter(deadline: .now() + 2) { pulse = false }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { showCheckmark = false }
        }
    }
}

/// A confirmation first: the alert comes only from a button disabled until the timer resets
/// the state, so no later clearing can begin before it fires.
struct CacheRow: View {
    enum Clearing { case idle, done }
    @State private var clearing = Clearing.idle
    @State private var asking = false

    var body: some View {
        Button(clearing == .done ? "Cleared" : "Clear cache") { asking = true }
            .disabled(clearing != .idle)
            .alert(isPresented: $asking) {
                Alert(title: Text("Clear?"), primaryButton: .default(Text("OK")) { clear() }, secondaryButton: .cancel())
            }
    }

    private func clear() {
        clearing = .done
        DispatchQueue.main.asyncAfter(deadline: .now() + 60) { clearing = .idle }
    }
}

/// The same confirmation before a button that stays enabled: a second clearing can begin while
/// the first one's timer waits, and that timer resets it early.
struct EnabledCacheRow: View {
    enum Clearing { case idle, done }
    @State private var clearing = Clearing.idle
    @State private var asking = false

    var body: some View {
        Button(clearing == .done ? "Cleared" : "Clear cache") { asking = true }
            .confirmationDialog("Clear?", isPresented: $asking) {
                Button("Clear", role: .destructive) { clear() }
            }
    }

    private func clear() {
        clearing = .done
        DispatchQueue.main.asyncAfter(deadline: .now() + 60) { clearing = .idle }  // expect: delayed-write-never-cancelled
    }
}

/// The same through a confirmation dialog: no finding either.
struct DialogCacheRow: View {
    enum Clearing { case idle, done }
    @State private var clearing = Clearing.idle
    @State private var asking = false

    var body: some View {
        Button("Clear cache") { asking = true }
            .disabled(clearing != .idle)
            .confirmationDialog("Clear?", isPresented: $asking) {
                Button("Clear", role: .destructive) { clear() }
            }
    }

    private func clear() {
        clearing = .done
        DispatchQueue.main.asyncAfter(deadline: .now() + 60) { clearing = .idle }
    }
}

/// The alert is attached to a stack whose other button, always enabled, starts the timer itself:
/// that button is no part of the confirmation.
struct CopyPanel: View {
    @State private var copied = false
    @State private var asking = false

    var body: some View {
        VStack {
            Button(copied ? "Copied" : "Copy") { copy() }
            Button("Reset…") { asking = true }.disabled(copied)
        }
        .alert(isPresented: $asking) { Alert(title: Text("Reset?")) }
    }

    private func copy() {
        copied = true
        DispatchQueue.main.asyncAfter(deadline: .now() + 3) { copied = false }  // expect: delayed-write-never-cancelled
    }
}

/// The confirmation's flag is also a toggle's: it can open while the state shows.
struct ToggledCacheRow: View {
    enum Clearing { case idle, done }
    @State private var clearing = Clearing.idle
    @State private var asking = false

    var body: some View {
        Toggle("Ask", isOn: $asking)
        Button("Clear cache") { asking = true }
            .disabled(clearing != .idle)
            .alert(isPresented: $asking) {
                Alert(title: Text("Clear?"), primaryButton: .default(Text("OK")) { clear() }, secondaryButton: .cancel())
            }
    }

    private func clear() {
        clearing = .done
        DispatchQueue.main.asyncAfter(deadline: .now() + 60) { clearing = .idle }  // expect: delayed-write-never-cancelled
    }
}

/// A second button that opens the confirmation, written in the view's extension and always
/// enabled: the confirmation can come while the state shows.
struct SplitCacheRow: View {
    enum Clearing { case idle, done }
    @State private var clearing = Clearing.idle
    @State private var asking = false

    var body: some View {
        VStack {
            Button("Clear cache") { asking = true }.disabled(clearing != .idle)
            clearAgain
        }
        .alert(isPresented: $asking) {
            Alert(title: Text("Clear?"), primaryButton: .default(Text("OK")) { clear() }, secondaryButton: .cancel())
        }
    }

    private func clear() {
        clearing = .done
        DispatchQueue.main.asyncAfter(deadline: .now() + 60) { clearing = .idle }  // expect: delayed-write-never-cancelled
    }
}

extension SplitCacheRow {
    var clearAgain: some View { Button("Clear again") { asking = true } }
}
