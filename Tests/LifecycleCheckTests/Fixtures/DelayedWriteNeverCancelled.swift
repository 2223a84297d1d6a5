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
