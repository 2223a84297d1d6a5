import LifecycleCheckReport
import SwiftSyntax

/// `cancelled-loop-spins` (seed 000's `try?` in a loop): `while true { …; try? await
/// Task.sleep(…) }` in cancellable code. Once the task is cancelled the sleep returns at once,
/// `try?` turns its `CancellationError` into `nil`, and nothing else leaves the loop: it runs
/// without waiting, on a core, for as long as the app does.
enum CancelledLoopSpins: CheckRule {
    static let description = RuleDescription(
        id: .cancelledLoopSpins, name: "Cancelled loop spins", severity: .warning,
        message: "`try?` swallows the cancellation in an endless loop: once cancelled, it spins",
        why: "Seed 000 (SPEC T3 vs T2): a cancelled sleep throws `CancellationError` at once. `try?` turns it into "
            + "`nil`, so a `while true` around it goes round again, and again, without waiting: once the view is "
            + "gone (or `.task(id:)`'s value changes), the loop runs flat out on a core for as long as the app does, "
            + "repeating whatever else is in it.",
        fix: "Let the cancellation end the loop: `while !Task.isCancelled { … }`, or `try await Task.sleep(…)` "
            + "without `?` in a `.task` that can throw out, or `do { try await Task.sleep(…) } catch { return }`.",
        spec: ["T3"], live: LiveRepro(page: "toast", strategy: "T3", fix: "T2"),
        triggeringExamples: [
            Example(
                """
                struct Ticker: View {
                    @State private var price = 0.0
                    var body: some View {
                        Text("\\(price)").task {
                            while true {
                                price = await Quotes.latest()
                                ↓try? await Task.sleep(for: .seconds(1))
                            }
                        }
                    }
                }
                """)
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct Ticker: View {
                    @State private var price = 0.0
                    var body: some View {
                        Text("\\(price)")
                            .task {
                                while !Task.isCancelled {
                                    price = await Quotes.latest()
                                    try? await Task.sleep(for: .seconds(1))
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
                """)
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        context.facts.optionalTries.compactMap { site in
            guard TryOptionalSwallowsCancel.verdict(for: site, context: context) == .spins else { return nil }
            return RawFinding(
                rule: .cancelledLoopSpins, position: site.node.tryKeyword.positionAfterSkippingLeadingTrivia)
        }
    }
}
