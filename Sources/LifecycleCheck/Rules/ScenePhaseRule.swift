import SwiftSyntax

/// `no-scene-phase` (seed 003, P1), a note: a view whose `onAppear` starts polling (a `Timer`,
/// a loop that sleeps, a call named poll/start/subscribe/observe/connect/listen) and whose
/// `onDisappear` stops something (a call named cancel/stop/invalidate …), with no scene phase
/// anywhere in the type. Going to the background is no
/// disappear, so the polling goes on. Only view types and view fragments (top-level code) count.
enum ScenePhaseRule: RuleFamily {
    static let rules: [RuleID] = [.noScenePhase]
    static let startWords = ["poll", "start", "subscribe", "observe", "connect", "listen"]
    static let stopWords = [
        "cancel", "stop", "invalidate", "disconnect", "unsubscribe", "remove", "close", "pause", "release", "teardown",
    ]

    /// Whether an `onDisappear` closure calls something that stops work (`cancel`, `stop`,
    /// `invalidate` …): an empty one, or one that only logs, undoes nothing.
    private static func stopsSomething(_ closure: ClosureExprSyntax) -> Bool {
        closure.statements.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind, token.calledCall != nil else { return false }
            let lowered = name.lowercased()
            return stopWords.contains { lowered.contains($0) }
        }
    }

    static func findings(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for (name, scope) in context.facts.scopes where scope.isView || name.isEmpty {
            guard !scope.mentionsScenePhase, scope.disappearClosures.contains(where: stopsSomething) else { continue }
            for appear in scope.appearClosures where startsPolling(appear.closure) {
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

    private static func startsPolling(_ closure: ClosureExprSyntax) -> Bool {
        let limit = Syntax(closure)
        for token in closure.statements.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            if name == "Timer" { return true }
            guard token.calledCall != nil else { continue }
            let lowered = name.lowercased()
            if startWords.contains(where: { lowered.contains($0) }) { return true }
            if name == "sleep",
                token.ancestor(WhileStmtSyntax.self, below: limit) != nil
                    || token.ancestor(RepeatStmtSyntax.self, below: limit) != nil
                    || token.ancestor(ForStmtSyntax.self, below: limit) != nil
            {
                return true
            }
        }
        return false
    }
}
