import LifecycleCheckReport
import SwiftSyntax

/// `no-scene-phase` (seed 003, P1), a note: a view whose `onAppear` starts polling and whose
/// `onDisappear` stops it, with no scene phase anywhere in the type. Going to the background is
/// no disappear, so the polling goes on. Polling is what the code shows, not what it is called:
/// a loop that sleeps, a repeating `Timer`, a `Timer.publish` subscription or a `for await`
/// over a timer, in `onAppear`, a task it starts, or a view method it calls.
enum NoScenePhase: CheckRule {
    static let description = RuleDescription(
        id: .noScenePhase, name: "Polling without scene phase", severity: .note,
        message: "`onAppear` starts polling that only `onDisappear` stops; the scene phase is not followed",
        why: "Seed 003 (SPEC P1): `onAppear` and `onDisappear` do not fire when the app goes to the background or "
            + "comes back. Polling started in `onAppear` keeps running while the app is in the background, and "
            + "nothing reloads on return. A note, since some apps mean to poll on (a watch face, a player).",
        fix: "Also follow `@Environment(\\.scenePhase)`: stop on `.inactive`/`.background` and restart on `.active` "
            + "(seed 003's `onActive`/`onInactive`), or run the work in "
            + "`.task(id: scenePhase == .active) { guard scenePhase == .active else { return } … }`.",
        spec: ["P1"], live: LiveRepro(page: "scene", strategy: "P1", fix: "P2"),
        triggeringExamples: [
            Example(
                """
                struct ServerTasks: View {
                    @State private var poller: Task<Void, Never>?
                    let model: TasksModel
                    var body: some View {
                        List(model.tasks) { Text($0.name) }
                            .↓onAppear {
                                poller = Task {
                                    while !Task.isCancelled {
                                        await model.refresh()
                                        try? await Task.sleep(for: .seconds(5))
                                    }
                                }
                            }
                            .onDisappear { poller?.cancel() }
                    }
                }
                """),
            Example(
                """
                struct SettingsStatus: View {
                    @State private var ticks: AnyCancellable?
                    let model: StatusModel
                    var body: some View {
                        Text(model.status)
                            .↓onAppear {
                                ticks = Timer.publish(every: 10, on: .main, in: .common).autoconnect()
                                    .sink { _ in model.refresh() }
                            }
                            .onDisappear { ticks?.cancel() }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct AccountRow: View {
                    let center: NotificationCenter
                    @State private var observer: NSObjectProtocol?
                    var body: some View {
                        Text("Account")
                            .onAppear { observer = center.addObserver(forName: .accountChanged, object: nil, queue: .main) { _ in } }
                            .onDisappear { observer.map(center.removeObserver) }
                    }
                }
                """),
            Example(
                """
                struct PulsingDot: View {
                    @State private var animating = false
                    var body: some View {
                        Circle()
                            .scaleEffect(animating ? 1.2 : 1)
                            .onAppear { withAnimation(.easeInOut.repeatForever()) { animating = true } }
                            .onDisappear { animating = false }
                    }
                }
                """),
            Example(
                """
                struct Live: View {
                    @Environment(\\\\.scenePhase) private var scenePhase
                    @State private var poller: Task<Void, Never>?
                    var body: some View {
                        Text("Live")
                            .onAppear { start() }
                            .onDisappear { poller?.cancel() }
                            .onChange(of: scenePhase) { if scenePhase == .active { start() } else { poller?.cancel() } }
                    }
                    private func start() {
                        poller?.cancel()
                        poller = Task { while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) } }
                    }
                }
                """),
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for (name, scope) in context.facts.scopes where scope.isView || name.isEmpty {
            guard !scope.mentionsScenePhase, !scope.disappearClosures.isEmpty || !scope.disappearPerformers.isEmpty
            else { continue }
            let stopped = context.stoppedWhereTheViewGoes(in: name)
            guard !stopped.isEmpty else { continue }
            for appear in scope.appearClosures where polls(Syntax(appear.closure.statements), scope: scope, depth: 0) {
                let anchor =
                    appear.call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName
                    ?? appear.call.calledExpression.firstToken(viewMode: .sourceAccurate)
                findings.append(
                    RawFinding(
                        rule: .noScenePhase,
                        position: (anchor.map { Syntax($0) } ?? Syntax(appear.call)).positionAfterSkippingLeadingTrivia,
                        message: "`onAppear` starts polling and `onDisappear` stops it, but nothing follows the scene "
                            + "phase: it keeps polling in the background and does not reload on return"))
            }
        }
        return findings
    }

    /// Whether the code polls: a loop that sleeps, a repeating `Timer`, `Timer.publish`, or a
    /// `for await` over a timer; here, in a task it starts, or in a view method it calls (two deep).
    static func polls(_ region: Syntax, scope: ScopeFacts, depth: Int) -> Bool {
        for token in region.tokens(viewMode: .sourceAccurate) {
            switch token.text {
            case "sleep":
                if token.calledCall != nil,
                    token.ancestor(WhileStmtSyntax.self, below: region) != nil
                        || token.ancestor(RepeatStmtSyntax.self, below: region) != nil
                        || token.ancestor(ForStmtSyntax.self, below: region) != nil
                {
                    return true
                }
            case "scheduledTimer":
                if let call = token.calledCall,
                    call.arguments.first(where: { $0.label?.text == "repeats" })?.expression.isTrueLiteral == true
                {
                    return true
                }
            case "publish":
                if token.calledCall?.arguments.first?.label?.text == "every" { return true }
            case "timer":
                // `for await _ in clock.timer(interval:)` (swift-async-algorithms), `AsyncTimerSequence`.
                if token.calledCall != nil, token.ancestor(ForStmtSyntax.self, below: region)?.awaitKeyword != nil {
                    return true
                }
            default:
                if depth < 2, token.calledCall != nil, token.isUnqualifiedOrSelfMember,
                    let methods = scope.methods[token.text],
                    methods.contains(where: { method in
                        method.body.map { polls(Syntax($0.statements), scope: scope, depth: depth + 1) } ?? false
                    })
                {
                    return true
                }
            }
        }
        return false
    }
}
