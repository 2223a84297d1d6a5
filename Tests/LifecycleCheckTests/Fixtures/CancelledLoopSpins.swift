// swift-format-ignore-file
// SPEC T3 vs T2: `try?` on a cancelled sleep returns at once; in `while true` nothing else ends
// the loop, and it spins without waiting.
import SwiftUI

struct Ticker: View {
    @State private var price = 0.0

    var body: some View {
        Text("\(price)")
            .task {
                while true {
                    price = await Quotes.latest()
                    try? await Task.sleep(for: .seconds(1))  // expect: cancelled-loop-spins
                }
            }
            .task {
                repeat {
                    try? await Task.sleep(for: .seconds(1))  // expect: cancelled-loop-spins
                    price += 1
                } while true
            }
            .task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                }
            }
            .task {
                while true {
                    try? await Task.sleep(for: .seconds(1))
                    if Task.isCancelled { break }
                }
            }
            .task {
                do {
                    while true {
                        price = try await Quotes.latestOrThrow()
                        try? await Task.sleep(for: .seconds(1))
                    }
                } catch {}
            }
    }
}
