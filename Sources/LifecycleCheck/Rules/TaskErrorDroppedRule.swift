import SwiftSyntax

/// `task-error-dropped` (seed 001, B1): a task started in view code whose body throws (a `try`
/// outside any `do`/`catch` that catches everything) while nobody reads its `.value` or
/// `.result`, so the error vanishes. Seed 001 notes the compiler accepts it silently, as
/// `Task<(), Error>`. Not flagged: `try?`, `try!`, a catch-all `catch`, a detached or
/// must-finish task, a handle passed on.
enum TaskErrorDroppedRule: RuleFamily {
    static let rules: [RuleID] = [.taskErrorDropped]

    static func findings(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for site in context.facts.tasks where !site.detached && site.role != nil {
            guard let body = site.body, isErrorUnread(site, context: context), !context.isMustFinish(site),
                let uncaught = firstUncaughtTry(in: body)
            else { continue }
            findings.append(
                RawFinding(
                    rule: .taskErrorDropped, position: uncaught.positionAfterSkippingLeadingTrivia,
                    message: "this `try` throws out of a `Task` that nobody awaits: its error is dropped without "
                        + "a word"))
        }
        return findings
    }

    private static func isErrorUnread(_ site: TaskSite, context: RuleContext) -> Bool {
        switch site.use {
        case .discarded: true
        case .stored(let name): !context.scope(site.scope).valueReadNames.contains(name)
        case .local(let name): LocalHandleUse(of: name, declaredAround: site.call) == .unused
        case .valueRead, .handedOver: false
        }
    }

    /// The first `try` (or `for try await`) in the task's own body that no catch-all `do` covers.
    static func firstUncaughtTry(in body: ClosureExprSyntax) -> TokenSyntax? {
        let limit = Syntax(body)
        for token in body.statements.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.try) {
            let isThrowingTry: Bool
            if let tryExpression = token.parent?.as(TryExprSyntax.self) {
                isThrowingTry = tryExpression.questionOrExclamationMark == nil
            } else {
                isThrowingTry = token.parent?.is(ForStmtSyntax.self) == true
            }
            guard isThrowingTry, !token.isInsideClosure(below: limit), !isCaught(token, below: limit) else { continue }
            return token
        }
        return nil
    }

    /// Whether a `do` between `token` and `limit` has the token in its body and catches everything.
    private static func isCaught(_ token: TokenSyntax, below limit: Syntax) -> Bool {
        var child = Syntax(token)
        var node = token.parent
        while let current = node, current.id != limit.id {
            if current.is(FunctionDeclSyntax.self) { return true }
            if let doStatement = current.as(DoStmtSyntax.self), doStatement.body.id == child.id,
                doStatement.catchesEverything
            {
                return true
            }
            child = current
            node = current.parent
        }
        return false
    }

}
