import LifecycleCheckReport
import SwiftSyntax

/// `timer-never-invalidated` (seed 003's P1 with Foundation's timer, P6): a repeating `Timer`
/// scheduled in view code, or a subscription to `Timer.publish`, that nothing stops when the
/// view goes. It fires for as long as the app runs, and its block keeps what it captures alive.
///
/// Stopped where the view goes: `invalidate()` / `cancel()` on the handle (or `removeAll()` on a
/// set of subscriptions) in `onDisappear`, the methods it calls, or `deinit`; a timer block that
/// invalidates its own timer; a kept timer stopped in a completion handler, when the work it
/// times ends (an elapsed-time clock for a search), or as the view's window closes.
/// `.onReceive(Timer.publish(…).autoconnect())` is SwiftUI's to stop.
enum TimerNeverInvalidated: CheckRule {
    static let description = RuleDescription(
        id: .timerNeverInvalidated, name: "Timer never invalidated", severity: .warning,
        message: "a repeating timer started with the view is never stopped when it goes",
        why: "Seed 003 (SPEC P1, with Foundation's timer; the lab's P6): a repeating `Timer` runs until someone "
            + "invalidates it, and a `Timer.publish` subscription until someone cancels it. Started with the view "
            + "and stopped nowhere, it keeps polling after the view is gone, in the background too, and its block "
            + "keeps the view's state alive; every appear adds one more.",
        fix: "Keep the timer (or the `AnyCancellable`) in `@State` and stop it in `onDisappear` "
            + "(`timer?.invalidate()`, `cancellable?.cancel()`); or let SwiftUI own it: "
            + "`.onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { … }`, or "
            + "`.task { while !Task.isCancelled { …; try? await Task.sleep(for: .seconds(1)) } }`.",
        spec: ["P1"], live: LiveRepro(page: "scene", strategy: "P6", fix: "P2"),
        triggeringExamples: [
            Example(
                """
                struct IconPreview: View {
                    @State private var index = 0
                    @State private var timer: Timer?
                    var body: some View {
                        Image("icon-\\\\(index)").onAppear {
                            ↓timer = Timer.scheduledTimer(withTimeInterval: 2, repeats: true) { _ in
                                index += 1
                            }
                        }
                    }
                }
                """),
            Example(
                """
                struct StatusView: View {
                    @State private var ticks: AnyCancellable?
                    let model: StatusModel
                    var body: some View {
                        Text(model.status).onAppear {
                            ↓ticks = Timer.publish(every: 5, on: .main, in: .common).autoconnect()
                                .sink { _ in model.refresh() }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct IconPreview: View {
                    @State private var index = 0
                    @State private var timer: Timer?
                    var body: some View {
                        Image("icon-\\\\(index)")
                            .onAppear {
                                timer = Timer.scheduledTimer(withTimeInterval: 2, repeats: true) { _ in index += 1 }
                                Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in index = 0 }
                            }
                            .onDisappear { timer?.invalidate() }
                            .onReceive(Timer.publish(every: 1, on: .main, in: .common).autoconnect()) { _ in
                                index += 1
                            }
                    }
                }
                """),
            Example(
                """
                struct Countdown: View {
                    @State private var left = 10
                    var body: some View {
                        Text("\\\\(left)").onAppear {
                            Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                                left -= 1
                                if left == 0 { timer.invalidate() }
                            }
                        }
                    }
                }
                """),
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        var stopped: [String: Set<String>] = [:]
        var findings: [RawFinding] = []
        for site in context.facts.timers where !context.isMustFinish(site.call) {
            if selfStopping(site) { continue }
            let position: AbsolutePosition
            switch site.use {
            case .discarded:
                position = site.call.positionAfterSkippingLeadingTrivia
            case .local(let name):
                guard LocalHandleUse(of: name, declaredAround: site.call) == .unused else { continue }
                position = site.call.positionAfterSkippingLeadingTrivia
            case .stored(let name):
                if stopped[site.scope] == nil { stopped[site.scope] = context.stoppedWhereTheViewGoes(in: site.scope) }
                guard !stopped[site.scope]!.contains(name), !stoppedWhenItsWorkEnds(name, site: site) else { continue }
                position =
                    (site.call.ancestor(SequenceExprSyntax.self).map { Syntax($0) } ?? Syntax(site.call))
                    .positionAfterSkippingLeadingTrivia
            case .valueRead, .handedOver:
                continue
            }
            let what = site.kind == .timer ? "repeating `Timer`" : "`Timer.publish` subscription"
            let stop = site.kind == .timer ? "invalidates" : "cancels"
            findings.append(
                RawFinding(
                    rule: .timerNeverInvalidated, position: position,
                    message: "this \(what), started in \(site.role.phrase), runs on after the view is gone: nothing "
                        + "\(stop) it when the view goes"))
        }
        return findings
    }

    /// Whether the type stops the kept timer `name` in a completion handler: a closure handed as
    /// `completion:` (`onFinish:`, `whenDone:` …) to a call outside any view closure
    /// (`search(…, completion: { timer?.invalidate() })`). The timer
    /// then ends with the work it times, whether or not the view is still there; a stop that only
    /// a person's action or a view event makes (`stopScrolling()` from `onHover`) is no such end.
    /// Also a stop in a closure the view's window runs as it closes (`WindowAccessor(onWindowClose:
    /// { timer?.invalidate() })`): the view goes with its window.
    private static func stoppedWhenItsWorkEnds(_ name: String, site: TimerSite) -> Bool {
        guard let type = site.call.ancestor(StructDeclSyntax.self) else { return false }
        return type.memberBlock.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.stoppedName == name,
                token.calledCall?.calledExpression.as(MemberAccessExprSyntax.self)?
                    .declName.baseName.text == "invalidate",
                let closure = token.ancestor(ClosureExprSyntax.self), closure.id != site.block?.id,
                let label = closure.callSlot?.label?.lowercased(), ClosureRole.of(closure) == .other
            else { return false }
            if ["windowclose", "windowwillclose"].contains(where: label.contains) { return true }
            return ["complet", "finish", "done"].contains(where: label.contains) && closure.nearestViewClosure == nil
        }
    }

    /// A timer block that invalidates its own timer: the one it is given, or the property it is
    /// kept in (`self.unlockTimer?.invalidate()` once the progress is full).
    private static func selfStopping(_ site: TimerSite) -> Bool {
        guard site.kind == .timer, let block = site.block else { return false }
        var names = Syntax(block).parameterNames
        if case .stored(let name) = site.use { names.insert(name) }
        return block.statements.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == "invalidate"
                && token.calledCall.flatMap {
                    $0.calledExpression.as(MemberAccessExprSyntax.self)?.base?.storedName
                }.map(names.contains) == true
        }
    }
}
