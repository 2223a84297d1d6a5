import LifecycleCheckReport
import SwiftSyntax

/// `task-error-dropped` (seed 001, B1): a task started in view code whose body throws (a `try`
/// outside any `do`/`catch` that catches everything) while nobody reads its `.value` or
/// `.result`, so the error vanishes. Seed 001 notes the compiler accepts it silently, as
/// `Task<(), Error>`. Not flagged: `try?`, `try!`, a catch-all `catch`, a detached or
/// must-finish task, a handle passed on, a `try` on a function of this file that cannot throw
/// (it is declared `throws` but neither throws nor calls anything that does) or on a wait that
/// throws only when cancelled (`Task.sleep`), and a task started at background priority
/// (`.background`, `.utility`, `.low`) or by a timer's tick or a system notification
/// (`.onReceive(Timer.publish(…))`, `.onReceive(NotificationCenter.default.publisher(for: …))`):
/// chores whose failures nobody waits to hear of, and the next tick or notification runs again.
/// A note, not a warning, where the task is started in a view's helper, `didSet` or binding
/// setter that no control or view event runs and it changes nothing on screen: nothing in sight
/// says a person waits for it.
enum TaskErrorDropped: CheckRule {
    static let description = RuleDescription(
        id: .taskErrorDropped, name: "Task error dropped", severity: .warning,
        message: "a throwing `Task` whose error nobody reads: the error vanishes",
        why: "Seed 001 (SPEC B1): `Task { try await exec() }` compiles without `do`/`catch` because the task "
            + "becomes `Task<(), Error>`. Unless someone awaits its `.value` or `.result`, the thrown error is "
            + "dropped without a trace: the person who pressed the button never learns that it failed.",
        fix: "Wrap the body in `do { try await … } catch { … }` and report the error there, so the task's type "
            + "becomes `Task<(), Never>`; or `.task(id:)` with a `do`/`catch` inside, which cannot throw at all.",
        spec: ["B1"], live: LiveRepro(page: "button", strategy: "B1", fix: "B2"),
        triggeringExamples: [
            Example(
                """
                struct MessageRow: View {
                    let message: Message
                    let client: Client
                    var body: some View {
                        Text(message.text).contextMenu {
                            Button("Delete", role: .destructive) {
                                Task { ↓try await client.delete(message) }
                            }
                        }
                    }
                }
                """),
            Example(
                """
                struct ImportButton: View {
                    @State private var running: Task<Void, Error>?
                    var body: some View {
                        Button("Import") {
                            running?.cancel()
                            running = Task { ↓try await Importer.run() }
                        }
                        .onDisappear { running?.cancel() }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                struct SignButton: View {
                    let signer: RemoteSigner
                    let event: Event
                    var body: some View {
                        Button("Sign") {
                            Task {
                                // This continuation only ever resumes with a value: the `try` cannot throw.
                                let signed = try await withCheckedThrowingContinuation { continuation in
                                    signer.sign(event) { signed in continuation.resume(returning: signed) }
                                }
                                signer.publish(signed)
                            }
                        }
                    }
                }
                """),
            Example(
                """
                struct MessageRow: View {
                    @State private var failure: String?
                    let message: Message
                    let client: Client
                    var body: some View {
                        Button("Delete") {
                            Task {
                                do {
                                    try await client.delete(message)
                                } catch {
                                    failure = error.localizedDescription
                                }
                            }
                        }
                        Button("Retry") { Task { try? await client.resend(message) } }
                        Button("Mark read") { Task { try await markRead() } }
                    }
                    // Declared throwing for a protocol; nothing in it throws.
                    private func markRead() async throws { message.isRead = true }
                }
                """),
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for site in context.facts.tasks
        where !site.detached && site.role != nil && !isBackgroundChore(site.call) && !isStartedByATickOrNotice(site) {
            guard let body = site.body, isErrorUnread(site, context: context), !context.isMustFinish(site.call)
            else { continue }
            // The tries that may throw; a try whose callees are all unqualified functions this
            // file does not declare is decided with the rest of the project (`calleesElsewhere`).
            var first: TokenSyntax?
            var elsewhere: [String] = []
            var surely = false
            for token in uncaughtTries(in: Syntax(body.statements), below: Syntax(body)) {
                switch throwing(token, context: context) {
                case .cannot: continue
                case .may: surely = true
                case .unless(let names): elsewhere += names
                }
                if first == nil { first = token }
            }
            guard let uncaught = first else { continue }
            var finding = RawFinding(
                rule: .taskErrorDropped, position: uncaught.positionAfterSkippingLeadingTrivia,
                message: "this `try` throws out of a `Task` started in \(site.role?.phrase ?? "view code") that "
                    + "nobody awaits: its error is dropped without a word",
                calleesElsewhere: surely ? [] : elsewhere)
            if site.role == .viewMember, !somebodyWaits(for: site, body: body, context: context) {
                finding.noteBecause =
                    "nothing in sight shows that a person waits for it: neither a control nor a view event starts "
                    + "it, and it changes nothing on screen; if someone does, tell them when it fails"
            }
            findings.append(finding)
        }
        return findings
    }

    /// Whether something shows that a person waits for the outcome of a task started in a view's
    /// method or property, where the trigger is not in the task's own closure (a helper, a
    /// `didSet`, a binding's setter): after a wait it changes what the screen shows (the view's
    /// state, its navigation, `dismiss()`), or its method is run by a view closure (a button's
    /// action, `onAppear` …) or handed to a control as its action (`action: save`,
    /// `onTap: select`). Without either it is a chore nobody asked for (a best-effort refresh
    /// after a payment, a lookup after a save), and a dropped error there is a note.
    private static func somebodyWaits(for site: TaskSite, body: ClosureExprSyntax, context: RuleContext) -> Bool {
        let effects = TaskEffects(
            body: body, scope: context.scope(site.scope), inputs: [], instant: context.facts.instantFunctions,
            isFragment: site.scope.isEmpty)
        if !effects.writes.isEmpty || effects.unbounded != nil { return true }
        if body.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "dismiss" && $0.calledCall != nil }) {
            return true
        }
        guard let function = site.function, let members = function.ancestor(MemberBlockSyntax.self) else {
            return false
        }
        let name = function.name.text
        return members.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, token.isUnqualifiedOrSelfMember else { return false }
            if token.calledCall != nil { return token.nearestViewClosure != nil }
            return isHandedToAControl(token)
        }
    }

    /// Whether a method named without a call is an argument a control or a child view runs on a
    /// person's act: `Button(action: save)`, `Menu(primaryAction: open)`, `Row(onTap: select)`,
    /// `.onTapGesture(perform: toggle)`.
    private static func isHandedToAControl(_ token: TokenSyntax) -> Bool {
        var node = token.parent
        while let current = node, current.is(DeclReferenceExprSyntax.self) || current.is(MemberAccessExprSyntax.self) {
            node = current.parent
        }
        guard let argument = node?.as(LabeledExprSyntax.self), let label = argument.label?.text else { return false }
        if ClosureRole.actionLabels.contains(label) { return true }
        if label.count > 2, label.hasPrefix("on"), label.dropFirst(2).first?.isUppercase == true { return true }
        guard let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let callee = call.calleeName else {
            return false
        }
        return call.isMemberCall && ClosureRole.eventModifiers.contains(callee)
    }

    /// A task started at a priority below the person's: `Task(priority: .background) { … }`.
    private static func isBackgroundChore(_ call: FunctionCallExprSyntax) -> Bool {
        guard let priority = call.arguments.first(where: { $0.label?.text == "priority" })?.expression else {
            return false
        }
        return ["background", "utility", "low"].contains(
            priority.as(MemberAccessExprSyntax.self)?.declName.baseName.text)
    }

    /// A task started in `.onReceive` of a timer or a notification: no person did anything, so
    /// nobody waits for the outcome. `.onReceive(model.$selection)` is a person's choice, as
    /// `onChange` is, and stays flagged.
    private static func isStartedByATickOrNotice(_ site: TaskSite) -> Bool {
        guard let (closure, role) = site.call.nearestViewClosure, role == .event("onReceive"),
            let call = closure.callSlot?.call, let publisher = call.arguments.first?.expression
        else { return false }
        if isTickOrNotice(publisher) { return true }
        // A property of the view that holds one: `.onReceive(refreshTimer)`.
        guard let name = publisher.storedName, let type = call.ancestor(StructDeclSyntax.self) else { return false }
        return type.memberBlock.members.contains { member in
            member.decl.as(VariableDeclSyntax.self)?.bindings.contains { binding in
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                    && binding.initializer.map { isTickOrNotice($0.value) } == true
            } == true
        }
    }

    /// `Timer.publish(…)…` or `NotificationCenter.default.publisher(for: …)…`.
    private static func isTickOrNotice(_ expression: ExprSyntax) -> Bool {
        let names = Set(expression.tokens(viewMode: .sourceAccurate).map(\.text))
        return names.isSuperset(of: ["Timer", "publish"]) || names.isSuperset(of: ["NotificationCenter", "publisher"])
    }

    private static func isErrorUnread(_ site: TaskSite, context: RuleContext) -> Bool {
        switch site.use {
        case .discarded: true
        case .stored(let name): !context.scope(site.scope).valueReadNames.contains(name)
        case .local(let name): LocalHandleUse(of: name, declaredAround: site.call) == .unused
        case .valueRead, .handedOver: false
        }
    }

    /// The throwing `try`s (and `for try await`s) in `region` outside closures below `limit` and
    /// outside any catch-all `do`.
    static func uncaughtTries(in region: Syntax, below limit: Syntax) -> [TokenSyntax] {
        region.tokens(viewMode: .sourceAccurate).filter { token in
            guard token.tokenKind == .keyword(.try) else { return false }
            let isThrowingTry: Bool
            if let tryExpression = token.parent?.as(TryExprSyntax.self) {
                isThrowingTry = tryExpression.questionOrExclamationMark == nil
            } else {
                isThrowingTry = token.parent?.is(ForStmtSyntax.self) == true
            }
            return isThrowingTry && !token.isInsideClosure(below: limit) && !isCaught(token, below: limit)
        }
    }

    /// Waits that throw only a `CancellationError`: in a task nobody can cancel, nothing; in one
    /// that is cancelled, not an error to report.
    static let cancellationOnly: Set<String> = ["sleep", "checkCancellation"]

    /// Whether a `try` can throw.
    enum Throwing: Equatable {
        /// Every call it covers cannot throw.
        case cannot
        case may
        /// Only if one of these functions, which this file does not declare, can.
        case unless([String])
    }

    /// Whether the `try` can throw: not when every call it covers is a function of this file that
    /// cannot throw, or a wait that throws only on cancellation (`try await Task.sleep(…)`); it
    /// depends on the project when the calls it covers are unqualified and declared elsewhere
    /// (`try await downloadImage(url)`, a function of the app's utilities).
    private static func throwing(_ token: TokenSyntax, context: RuleContext) -> Throwing {
        guard let expression = token.parent?.as(TryExprSyntax.self)?.expression else { return .may }
        var inner = expression
        if let waited = inner.as(AwaitExprSyntax.self) { inner = waited.expression }
        if let call = inner.as(FunctionCallExprSyntax.self), let name = call.calleeName,
            cancellationOnly.contains(name)
        {
            return .cannot
        }
        var callees: [TokenSyntax] = []
        // A call inside a closure the `try` covers runs in that closure, not under the `try`.
        for inner in expression.tokens(viewMode: .sourceAccurate)
        where inner.calledCall != nil && !inner.isInsideClosure(below: Syntax(expression)) {
            guard case .identifier = inner.tokenKind else { continue }
            if let call = inner.calledCall, isValueBuiltForAnArgument(call, below: Syntax(expression)) { continue }
            callees.append(inner)
        }
        guard !callees.isEmpty else { return .may }
        var elsewhere: [String] = []
        for callee in callees {
            let name = callee.text
            if throwingContinuations.contains(name), let call = callee.calledCall {
                if resumesThrowing(call) { return .may }
                continue
            }
            guard let call = callee.calledCall else { return .may }
            let key = CalleeKey(call)
            let declarations = context.facts.scopes.values.flatMap { $0.methods[name] ?? [] }.filter(key.matches)
            if declarations.isEmpty {
                // A function or method of another file (`save(item)`, `App.createFolder(at: url)`)
                // is looked up in the rest of the project by its name and labels; one the project
                // does not declare (a framework's) may throw.
                elsewhere.append(key.text)
            } else if !declarations.allSatisfy(isSilentAboutErrors) {
                return .may
            }
        }
        return elsewhere.isEmpty ? .cannot : .unless(elsewhere)
    }

    /// Framework initializers that throw, written without their own `try` inside an argument the
    /// outer `try` covers: `try await upload(Data(contentsOf: url))`.
    static let throwingInitializers: Set<String> = [
        "Data", "String", "NSString", "FileHandle", "NSRegularExpression", "Regex", "AttributedString",
        "NSAttributedString", "NSKeyedUnarchiver", "AVAudioPlayer", "AVAudioFile", "MLModel", "XMLDocument",
    ]

    /// Whether a call is a value built for another call's argument under the same `try` by a
    /// type's initializer (`try await App.duplicateItem(at: URL(string: path)!)`): not what the
    /// `try` is for. Such initializers do not throw, but for ``throwingInitializers``.
    private static func isValueBuiltForAnArgument(_ call: FunctionCallExprSyntax, below limit: Syntax) -> Bool {
        guard let name = call.calleeName, name.first?.isUppercase == true, !throwingInitializers.contains(name)
        else { return false }
        var node = call.parent
        while let current = node, current.id != limit.id {
            if current.is(LabeledExprSyntax.self) { return true }
            node = current.parent
        }
        return false
    }

    /// Whether nothing a function throws reaches its caller unseen by the person: it cannot throw,
    /// or it shows its failures itself (``tellsItsFailures(_:)``, ``handlesItsFailures(_:)``).
    /// An empty body is a stub or a mock, which says nothing of the function a run calls.
    static func isSilentAboutErrors(_ function: FunctionDeclSyntax) -> Bool {
        guard function.body?.statements.isEmpty == false else { return false }
        return cannotThrow(function) || tellsItsFailures(function) || handlesItsFailures(function)
    }

    /// Whether a function catches the failures of its work and shows them itself, so that what
    /// still throws out of it is only a precondition: a catch-all `catch` shows the error
    /// (`catch { notifications.showError(error.localizedDescription) }`), every `throw` outside
    /// it is a `guard`'s early exit (`guard let provider else { throw Unavailable() }`, a state
    /// the screen that offers the action rules out), and every other `try` outside a `do` runs
    /// a closure that holds such a `catch` (`try await withProgress { do { … } catch { show } }`:
    /// the work is inside, the wrapper around it).
    static func handlesItsFailures(_ function: FunctionDeclSyntax) -> Bool {
        guard let body = function.body else { return false }
        let tokens = body.tokens(viewMode: .sourceAccurate)
        guard tokens.contains(where: { showsCaughtError($0) }) else { return false }
        for token in tokens
        where token.tokenKind == .keyword(.throw) && !token.isInsideClosure(below: Syntax(body))
            && !isCaught(token, below: Syntax(body))
        {
            // A `throw` statement cannot stand in a guard's condition: this one is in its `else`.
            guard token.ancestor(GuardStmtSyntax.self, below: Syntax(body)) != nil else { return false }
        }
        return uncaughtTries(in: Syntax(body.statements), below: Syntax(body)).allSatisfy { token in
            // The work is the closure handed to the call the `try` is on, and it catches and shows.
            guard var expression = token.parent?.as(TryExprSyntax.self)?.expression else { return false }
            if let waited = expression.as(AwaitExprSyntax.self) { expression = waited.expression }
            guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
            let work =
                [call.trailingClosure].compactMap { $0 }
                + call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            return work.contains { closure in
                closure.statements.contains { statement in
                    guard let doStatement = statement.item.as(DoStmtSyntax.self) else { return false }
                    return doStatement.catchClauses.contains { showsCaughtError($0.catchKeyword) }
                }
            }
        }
    }

    /// Whether a token is the `catch` of a catch-all clause that shows the caught error in its
    /// statements (all of them, or all but a last `throw` when `rethrowing`).
    private static func showsCaughtError(_ token: TokenSyntax, rethrowing: Bool = false) -> Bool {
        guard token.tokenKind == .keyword(.catch), let clause = token.parent?.as(CatchClauseSyntax.self),
            clause.catchesEverything
        else { return false }
        var statements = Array(clause.body.statements)
        if rethrowing {
            guard statements.last?.item.is(ThrowStmtSyntax.self) == true else { return false }
            statements.removeLast()
        }
        let caught =
            clause.catchItems.first?.pattern?.tokens(viewMode: .sourceAccurate).first(where: \.isIdentifier)?.text
            ?? "error"
        return statements.contains { statement in
            statement.tokens(viewMode: .sourceAccurate).contains { $0.text == caught && $0.isShownError }
        }
    }

    /// Whether neither a `throw` nor a `try` in a function's body throws out of it (one inside a
    /// `do` that catches everything does not).
    static func cannotThrow(_ function: FunctionDeclSyntax) -> Bool {
        guard let body = function.body else { return false }
        let throwsDirectly = body.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .keyword(.throw) && !token.isInsideClosure(below: Syntax(body))
                && !isCaught(token, below: Syntax(body))
        }
        return !throwsDirectly && uncaughtTries(in: Syntax(body.statements), below: Syntax(body)).isEmpty
    }

    /// Whether a function shows the person its failures before it rethrows them: a catch-all
    /// `catch` (not `catch let error as URLError`) that hands the error to something other than a
    /// log (`notifications.showError(error)`, `alert = error`) and then throws. Its author made showing the error the function's job, so
    /// a caller that drops the rethrown error drops nothing unseen (a guard's early `throw` for a
    /// state the screen rules out is that author's call too). A `catch` that shows an error and
    /// does not rethrow says nothing of the function's other throws: they stay unseen.
    static func tellsItsFailures(_ function: FunctionDeclSyntax) -> Bool {
        guard let body = function.body else { return false }
        return body.tokens(viewMode: .sourceAccurate).contains { showsCaughtError($0, rethrowing: true) }
    }

    static let throwingContinuations: Set<String> = [
        "withCheckedThrowingContinuation", "withUnsafeThrowingContinuation",
    ]

    /// Whether a throwing continuation's closure can resume it with an error: `resume(throwing:)`,
    /// `resume(with:)`, or the continuation handed on to code not in sight.
    private static func resumesThrowing(_ call: FunctionCallExprSyntax) -> Bool {
        guard let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self) else {
            return true
        }
        let parameter =
            closure.signature?.parameterClause.flatMap { clause -> String? in
                switch clause {
                case .simpleInput(let names): names.first?.name.text
                case .parameterClause(let parameters): parameters.parameters.first?.firstName.text
                }
            } ?? "$0"
        for token in closure.statements.tokens(viewMode: .sourceAccurate) where token.text == parameter {
            // `continuation.resume(returning:)` is the only use that cannot carry an error.
            guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "resume",
                let resume = member.parent?.as(FunctionCallExprSyntax.self)
            else { return true }
            if resume.arguments.first?.label?.text != "returning", !resume.arguments.isEmpty { return true }
        }
        return false
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
