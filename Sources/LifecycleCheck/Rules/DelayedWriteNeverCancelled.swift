import LifecycleCheckReport
import SwiftSyntax

/// `delayed-write-never-cancelled` (T1 with GCD's timer): `DispatchQueue.main.asyncAfter` in
/// view code, two seconds or more ahead (``shortestJudged``), that writes state showing or hiding a view where a later
/// showing can begin before it fires (``RuleContext/staleTimerReaches(_:value:from:in:)``).
/// Nothing can cancel a closure given to `asyncAfter`, so it hides the next showing early.
enum DelayedWriteNeverCancelled: CheckRule {
    static let description = RuleDescription(
        id: .delayedWriteNeverCancelled, name: "Delayed write never cancelled", severity: .warning,
        message: "a delayed closure nobody can cancel writes state that shows or hides a view",
        why: "Seed 000 (SPEC T1), with GCD's timer instead of `Task.sleep`: a closure given to "
            + "`DispatchQueue.main.asyncAfter` runs when its time comes, whatever the view did since. When it "
            + "hides something a person can show again (a toast, a checkmark, an error label), a showing that "
            + "begins before it fires is cut short by the earlier one's timer.",
        fix: "Make the delay a task the view owns: `.task(id: isShown) { guard isShown else { return }; "
            + "try? await Task.sleep(for: .seconds(3)); … }`, or keep a `DispatchWorkItem` and cancel it before "
            + "scheduling the next one and in `onDisappear`.",
        spec: ["T1"], live: LiveRepro(page: "toast", strategy: "T1", fix: "T2"),
        triggeringExamples: [
            Example(
                """
                struct PresetRow: View {
                    @State private var showCheckmark = false
                    let preset: Preset
                    var body: some View {
                        Button(preset.name) {
                            preset.activate()
                            showCheckmark = true
                            DispatchQueue.main.↓asyncAfter(deadline: .now() + 3) {
                                showCheckmark = false
                            }
                        }
                        if showCheckmark { Image(systemName: "checkmark") }
                    }
                }
                """)
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct CameraTile: View {
                    @State private var isAsking = false
                    var body: some View {
                        Text(isAsking ? "Asking" : "Mirror").onTapGesture { tapped() }
                    }
                    // A debounce: a tap is refused while the flag is set, and the timer clears it.
                    private func tapped() {
                        if isAsking {
                            return
                        }
                        isAsking = true
                        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { isAsking = false }
                    }
                }
                """),
            Example(
                """
                struct CopyRow: View {
                    @State private var copied = false
                    @State private var copiedValue: String?
                    let value: String
                    var body: some View {
                        // The button is gone while "Copied" shows: no press can come before the timer ends.
                        if copied {
                            Label("Copied", systemImage: "checkmark")
                        } else {
                            Button("Copy") {
                                copied = true
                                DispatchQueue.main.asyncAfter(deadline: .now() + 3) { copied = false }
                            }
                        }
                        // The timer clears only what its own press set.
                        Button(value) {
                            copiedValue = value
                            DispatchQueue.main.asyncAfter(deadline: .now() + 3) {
                                if copiedValue == value { copiedValue = nil }
                            }
                        }
                    }
                }
                """),
            Example(
                """
                struct PresetRow: View {
                    @State private var showCheckmark = false
                    @State private var hide: DispatchWorkItem?
                    var body: some View {
                        Button("Apply") {
                            showCheckmark = true
                            hide?.cancel()
                            let item = DispatchWorkItem { showCheckmark = false }
                            hide = item
                            DispatchQueue.main.asyncAfter(deadline: .now() + 3, execute: item)
                        }
                        .onAppear {
                            DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { showCheckmark = false }
                        }
                    }
                }
                """),
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for delay in context.facts.delays {
            guard let seconds = seconds(of: delay.delay, constants: context.facts.numberConstants),
                seconds >= shortestJudged
            else { continue }
            guard !context.isMustFinish(delay.call), let role = delay.site.role else { continue }
            let scope = context.scope(delay.site.scope)
            let region = Syntax(delay.body.statements)
            for token in region.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind, token.isUnqualifiedOrSelfMember,
                    !token.isInsideDeferredClosure(below: region), let write = token.write, write.members.isEmpty,
                    // A timeout that moves the navigation is what it is meant to do; this rule speaks of
                    // what shows or hides a view.
                    !TaskEffects.isNavigationPathName(name), !token.isGuardedByOwnRun(of: name, below: region),
                    scope.stateNames.contains(name) || scope.bindingNames.contains(name)
                        || (delay.site.scope.isEmpty && !scope.members.contains(name)),
                    context.staleTimerReaches(
                        name, value: write.value?.trimmedDescription, from: Syntax(delay.call), in: delay.site)
                else { continue }
                let after = "after \(Self.written(seconds))"
                let anchor = delay.call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName
                var finding = RawFinding(
                    rule: .delayedWriteNeverCancelled,
                    position: (anchor.map { Syntax($0) } ?? Syntax(delay.call)).positionAfterSkippingLeadingTrivia,
                    message:
                        "`asyncAfter` in \(role.phrase) cannot be cancelled, and \(after) it writes `\(name)`, "
                        + "which shows or hides a view: the timer of an earlier showing acts on a later one")
                // A binding is shown again by whoever holds it: a timer's `false` cuts a later showing
                // short only if the project ever gives it another value (a banner each entry of an
                // append-only list hides once has none).
                if scope.bindingNames.contains(name), write.isConstant, let value = write.value?.trimmedDescription {
                    finding.bindingWrite = BindingWriteKey(name: name, value: value)
                }
                findings.append(finding)
                break
            }
        }
        return findings
    }

    /// The shortest delay judged: a flash shorter than this is cut short by less than that, which
    /// nobody notices, and a delay whose length the file does not say is not judged either.
    static let shortestJudged = 2.0

    /// The delay in seconds: `3`, `.seconds(3)`, `.milliseconds(2500)`, or a constant of the file.
    static func seconds(of delay: ExprSyntax?, constants: [String: Double]) -> Double? {
        guard let delay else { return nil }
        if let value = delay.numberLiteral { return value }
        if let name = delay.as(DeclReferenceExprSyntax.self)?.baseName.text { return constants[name] }
        if let member = delay.as(MemberAccessExprSyntax.self), let value = constants[member.declName.baseName.text] {
            return value
        }
        guard let call = delay.as(FunctionCallExprSyntax.self), let unit = call.calleeName,
            let amount = call.arguments.first?.expression.numberLiteral
        else { return nil }
        let scale: [String: Double] = ["seconds": 1, "milliseconds": 1e-3, "microseconds": 1e-6, "nanoseconds": 1e-9]
        return scale[unit].map { amount * $0 }
    }

    private static func written(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
