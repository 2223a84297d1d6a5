import SwiftSyntax

/// What a task started in view code does once it has suspended: the facts that make a task
/// nobody cancels a defect rather than a shape.
///
/// A task that outlives its view is the seeds' bug only when that matters: after a sleep it
/// writes state that decides whether the view is shown (T1: the old timer hides the next toast),
/// it writes the result of work whose input can change between runs (an older run finishes last
/// and overwrites a newer result), it moves the navigation stack, or it never ends (a loop, a
/// repeating sleep, a `for await` over an endless sequence). A one-shot call into a model, a
/// save followed by `dismiss()`, a flag reset after the work: those are meant to run on.
///
/// ```swift
/// let effects = TaskEffects(body: body, scope: scope, inputs: ["query"], isFragment: false)
/// effects.writes.first?.kind     // .result
/// effects.unbounded?.phrase      // "loops until it is cancelled"
/// ```
///
/// The search follows the body's statements and the closures that run in line with them
/// (`withAnimation`, `MainActor.run`, `forEach` …), and calls into the view's own methods up
/// to ``maximumCallDepth`` deep. Other closures run at another time and are left alone.
struct TaskEffects {
    /// A write of the view's state (or of a navigation path) after the task has suspended.
    struct Write {
        let position: AbsolutePosition
        /// The state written (`isPresented`), or the path (`router.path`).
        let name: String
        let kind: Kind
        /// The view methods the write was reached through, outermost first (`["reload"]`).
        let via: [String]
        /// The value written, as written (`false`); `nil` for a mutation (`append`, `&x`).
        var value: String? = nil
        /// For a `.navigation`: whether it takes screens off the stack (`removeLast()`, `pop()`,
        /// `path = []`) rather than putting one on (`append`, `push`).
        var pops = false
        /// For a `.result`: the changing input an earlier wait read (`query` in
        /// `results = await search(query)`), when the write replaces the value (`=`, not an
        /// append) and does not report a failure (`catch`).
        var input: String? = nil

        enum Kind: Equatable {
            /// Right after a sleep of a second or more (or of a length not written out): a timer's write.
            case afterSleep
            /// A value computed from the work waited for (`items = await load()`).
            case result
            /// A constant after the work (`isLoading = false`).
            case constant
            /// A change of a navigation path (`path.append(…)`, `router.pop()`).
            case navigation
        }
    }

    /// Work that never ends, and where.
    struct Unbounded {
        let position: AbsolutePosition
        /// "loops until it is cancelled", "waits in `for await` on `updates`, which does not end" …
        let phrase: String
        let via: [String]
    }

    /// The writes after a suspension, in order.
    private(set) var writes: [Write] = []
    /// The first endless loop, if any.
    private(set) var unbounded: Unbounded?

    /// How many calls into the view's methods the search follows.
    static let maximumCallDepth = 3

    /// The effects of a task body started in a view of `scope`.
    /// - Parameters:
    ///   - body: The task's closure.
    ///   - scope: The facts of the view it is started in.
    ///   - inputs: The names the next run of the task may see changed: what its trigger watches
    ///     (``TaskTrigger``).
    ///   - instant: Functions of the file that never wait: awaiting one does not suspend.
    ///   - isFragment: Top-level code (a snippet), where a name nobody declared is the view's state.
    init(body: ClosureExprSyntax, scope: ScopeFacts, inputs: Set<String>, instant: Set<String>, isFragment: Bool) {
        var scanner = Scanner(scope: scope, isFragment: isFragment, inputs: inputs, instant: instant)
        scanner.scan(Syntax(body.statements), locals: body.declaredNames, state: ScanState(), via: [])
        writes = scanner.writes
        unbounded = scanner.unbounded
    }
}

extension TaskEffects {
    /// The closures whose code runs in line with the statement that calls them.
    static let inlineCallees: Set<String> = [
        "withAnimation", "withTransaction", "run", "assumeIsolated", "forEach", "map", "compactMap", "flatMap",
        "filter", "reduce", "first", "contains", "allSatisfy", "sorted", "async", "asyncAfter",
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withTaskGroup", "withThrowingTaskGroup",
        "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
    ]

    /// Mutating methods of the standard collections and `Bool`: calling one on a state property
    /// writes it.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "toggle", "sort",
        "shuffle", "reverse", "formUnion", "formIntersection", "subtract", "formSymmetricDifference", "merge",
        "updateValue", "removeValue", "popLast", "replaceSubrange", "swapAt",
    ]

    /// A router's methods that take screens off the navigation stack, and those that put one on.
    static let popMethods: Set<String> = ["pop", "popToRoot", "popLast", "goBack", "popTo", "popToRootView"]
    static let pushMethods: Set<String> = ["push", "navigate", "navigateTo"]
    /// A path's mutations that take screens off it.
    static let pathPops: Set<String> = ["removeLast", "removeAll", "popLast", "removeFirst", "removeSubrange"]

    /// Sequences a `for await` finishes: a task group's results, a file's or a download's bytes
    /// and lines, an array made async.
    static let finiteSequenceWords = ["group", "Group", "lines", "bytes", "characters", "unicodeScalars", ".async"]

    /// Whether a name is a navigation path (`path`, `navigationPath`, `router.path`).
    static func isNavigationPathName(_ name: String) -> Bool {
        name == "path" || name == "navigationPath" || name.hasSuffix("NavigationPath")
    }

    /// Whether a name holds a navigation router (`router`, `navigator`, `coordinator`).
    static func isRouterName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["router", "navigator", "coordinator", "navigation"].contains { lowered.contains($0) }
    }

    /// What the scan has seen of the task's waits so far, in source order.
    fileprivate struct ScanState {
        /// Whether an `await` that really waits came before.
        var suspended = false
        /// Whether the last wait was a sleep of a second or more, or of a length not written out.
        var lastWaitWasLongSleep = false
    }

    /// A sleep shorter than this is a yield or a cosmetic delay, not a timer a person can
    /// overtake by acting again.
    static let timerSleepSeconds = 1.0

    fileprivate struct Scanner {
        let scope: ScopeFacts
        let isFragment: Bool
        let inputs: Set<String>
        let instant: Set<String>
        var writes: [Write] = []
        var unbounded: Unbounded?
        var visited: Set<SyntaxIdentifier> = []
        var depth = 0

        init(scope: ScopeFacts, isFragment: Bool, inputs: Set<String>, instant: Set<String>) {
            self.scope = scope
            self.isFragment = isFragment
            self.inputs = inputs
            self.instant = instant
        }

        /// Scans `region` (a body's statements) in source order; returns the state after it.
        @discardableResult
        mutating func scan(_ region: Syntax, locals: Set<String>, state start: ScanState, via: [String]) -> ScanState {
            var state = start
            var loopWaits: [SyntaxIdentifier: Bool] = [:]
            for token in region.tokens(viewMode: .sourceAccurate) {
                let isAwait = token.tokenKind == .keyword(.await)
                guard isAwait || token.isIdentifier, !token.isInsideDeferredClosure(below: region) else { continue }
                if isAwait {
                    if unbounded == nil, let loop = Self.endlessLoop(around: token, below: region) {
                        unbounded = Unbounded(position: loop.position, phrase: loop.phrase, via: via)
                    }
                    guard token.awaitsRealWait(instant: instant) else { continue }
                    state.suspended = true
                    let sleep = token.sleepSeconds
                    state.lastWaitWasLongSleep =
                        sleep.map { ($0 ?? .infinity) >= TaskEffects.timerSleepSeconds } ?? false
                    continue
                }
                guard case .identifier(let name) = token.tokenKind, !locals.contains(name),
                    token.isUnqualifiedOrSelfMember
                else { continue }
                // Code in a loop whose body waits runs after the previous turn's `await`.
                let afterSuspension =
                    state.suspended || token.isInsideLoopThatWaits(below: region, cache: &loopWaits)
                if let write = write(
                    at: token, name: name, state: state, afterSuspension: afterSuspension,
                    in: (region, locals), via: via)
                {
                    writes.append(write)
                } else if let methods = scope.methods[name], token.calledCall != nil {
                    var entry = state
                    entry.suspended = afterSuspension
                    if let after = follow(methods, name: name, state: entry, via: via), after.suspended {
                        state = after
                    }
                }
            }
            return state
        }

        private mutating func follow(_ methods: [FunctionDeclSyntax], name: String, state: ScanState, via: [String])
            -> ScanState?
        {
            guard depth < TaskEffects.maximumCallDepth else { return nil }
            depth += 1
            defer { depth -= 1 }
            var after: ScanState?
            for method in methods {
                guard let body = method.body, visited.insert(method.id).inserted else { continue }
                let end = scan(Syntax(body.statements), locals: method.declaredNames, state: state, via: via + [name])
                if after == nil || end.suspended { after = end }
            }
            return after
        }

        /// The write of the view's state or of a navigation path at `token`, if it comes after a
        /// suspension (or waits itself: `items = await load()`).
        private func write(
            at token: TokenSyntax, name: String, state: ScanState, afterSuspension: Bool,
            in code: (region: Syntax, locals: Set<String>), via: [String]
        ) -> Write? {
            let position = token.positionAfterSkippingLeadingTrivia
            if TaskEffects.isRouterName(name), let method = token.calledMethodThroughChain,
                TaskEffects.popMethods.contains(method) || TaskEffects.pushMethods.contains(method)
            {
                guard afterSuspension else { return nil }
                var write = Write(position: position, name: name, kind: .navigation, via: via)
                write.pops = TaskEffects.popMethods.contains(method)
                return write
            }
            guard let target = token.write else { return nil }
            guard afterSuspension || target.containsAwait else { return nil }
            let isMember = scope.members.contains(name) || scope.stateNames.contains(name)
            if let pathIndex = target.members.firstIndex(where: TaskEffects.isNavigationPathName),
                isMember || isFragment
            {
                let path = ([name] + target.members[...pathIndex]).joined(separator: ".")
                var write = Write(position: position, name: path, kind: .navigation, via: via)
                write.pops = target.pops
                return write
            }
            if target.members.isEmpty, TaskEffects.isNavigationPathName(name), isMember || isFragment {
                var write = Write(position: position, name: name, kind: .navigation, via: via)
                write.pops = target.pops
                return write
            }
            let isState: Bool
            if scope.stateNames.contains(name) {
                // A property of an object kept in `@State` is the object's, not the view's.
                isState = target.members.isEmpty || !scope.objectStateNames.contains(name)
            } else {
                // A fragment's own code: a bare name nobody declared is the view's state (`isPresented`).
                isState = isFragment && target.members.isEmpty && !scope.members.contains(name)
            }
            guard isState else { return nil }
            let kind: Write.Kind
            if target.containsAwait {
                kind = .result
            } else if state.lastWaitWasLongSleep {
                // A timer that checks the state is still its own run's leaves a later showing be.
                kind = token.isGuardedByOwnRun(of: name, below: code.region) ? .constant : .afterSleep
            } else {
                kind = target.isConstant ? .constant : .result
            }
            var write = Write(position: position, name: name, kind: kind, via: via)
            write.value = target.value?.trimmedDescription
            // An older result can overwrite a newer one only where the value is replaced, and
            // only with work that read an input that may have changed since.
            if kind == .result, target.isAssignment, let value = target.value,
                !token.isInsideCatchClause(below: code.region)
            {
                let facts = DataFlow(inputs: inputs, instant: instant).facts(of: value)
                if facts.waits, let input = facts.input, input != name { write.input = input }
            }
            return write
        }

        /// The endless loop around an `await`, if any: `while true`, a loop that only a cancel
        /// ends, a loop that sleeps and repeats, or a `for await` over a sequence with no end.
        static func endlessLoop(around token: TokenSyntax, below region: Syntax)
            -> (position: AbsolutePosition, phrase: String)?
        {
            var node = token.parent
            while let current = node, current.id != region.id {
                if current.is(ClosureExprSyntax.self) { return nil }
                if let loop = current.as(ForStmtSyntax.self), loop.awaitKeyword?.id == token.id {
                    let sequence = loop.sequence.trimmedDescription
                    if finiteSequenceWords.contains(where: { sequence.contains($0) }) { return nil }
                    let shown = sequence.count > 40 ? sequence.prefix(39) + "…" : Substring(sequence)
                    return (
                        loop.forKeyword.positionAfterSkippingLeadingTrivia,
                        "waits in `for await` on `\(shown)`, which does not end"
                    )
                }
                if let loop = current.as(WhileStmtSyntax.self),
                    let phrase = endless(condition: Syntax(loop.conditions), body: Syntax(loop.body))
                {
                    return (loop.whileKeyword.positionAfterSkippingLeadingTrivia, phrase)
                }
                if let loop = current.as(RepeatStmtSyntax.self),
                    let phrase = endless(condition: Syntax(loop.condition), body: Syntax(loop.body))
                {
                    return (loop.repeatKeyword.positionAfterSkippingLeadingTrivia, phrase)
                }
                node = current.parent
            }
            return nil
        }

        private static func endless(condition: Syntax, body: Syntax) -> String? {
            let words = condition.tokens(viewMode: .sourceAccurate).map(\.text)
            if words == ["true"] { return "loops forever" }
            if words.contains("isCancelled") || words.contains("checkCancellation") {
                return "loops until it is cancelled"
            }
            let sleeps = body.tokens(viewMode: .sourceAccurate).contains { $0.text == "sleep" && $0.calledCall != nil }
            let counts = condition.tokens(viewMode: .sourceAccurate).contains {
                if case .integerLiteral = $0.tokenKind { return true }
                return false
            }
            return sleeps && !counts ? "sleeps and repeats" : nil
        }
    }
}

/// How a name is written where it appears: `x = …`, `x += …`, `x.y = …`, `x[i] = …`,
/// `x.append(…)`, `&x`.
struct WriteTarget {
    /// The members between the name and the write (`["y"]` for `x.y = 1`; the mutating method is
    /// not one of them).
    let members: [String]
    /// Whether the write itself waits (`x = await load()`): it lands after the wait.
    let containsAwait: Bool
    /// Whether the value written is a literal (`false`, `nil`, `0`, `""`, `[]`, `.idle`).
    let isConstant: Bool
    /// Whether the write replaces the value (`=`), rather than changing it (`+=`, `append`, `&x`).
    var isAssignment = false
    /// The value assigned, for `=` and its kin.
    var value: Syntax? = nil
    /// The mutating method called (`append`), for a mutation.
    var method: String? = nil

    /// For a navigation path: whether the write takes screens off it (`removeLast()`,
    /// `path = []`, `path = NavigationPath()`).
    var pops: Bool {
        if let method { return TaskEffects.pathPops.contains(method) }
        guard let value = value?.trimmedDescription else { return false }
        return ["[]", "NavigationPath()", ".init()", "[:]"].contains(value)
    }
}

extension TokenSyntax {
    /// Whether this is `name`, `self.name` or `self?.name` (a weak `self` in a closure), not another
    /// object's member.
    var isUnqualifiedOrSelfMember: Bool {
        guard let reference = parent?.as(DeclReferenceExprSyntax.self) else { return false }
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            var base = member.base
            if let chained = base?.as(OptionalChainingExprSyntax.self) { base = chained.expression }
            return base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        }
        return true
    }

    /// Whether this is `self?.name`: reached through a weak `self`, so written in a closure that
    /// runs later, not where it stands.
    var isWeakSelfMember: Bool {
        guard isUnqualifiedOrSelfMember, let reference = parent?.as(DeclReferenceExprSyntax.self),
            let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id
        else { return false }
        return member.base?.is(OptionalChainingExprSyntax.self) == true
    }

    /// Whether this is an identifier (not a keyword, an operator or punctuation).
    var isIdentifier: Bool {
        if case .identifier = tokenKind { return true }
        return false
    }

    /// The call this `await` waits on, through a `try`.
    private var awaitedCall: FunctionCallExprSyntax? {
        guard var inner = parent?.as(AwaitExprSyntax.self)?.expression else { return nil }
        if let tried = inner.as(TryExprSyntax.self) { inner = tried.expression }
        return inner.as(FunctionCallExprSyntax.self)
    }

    /// For an `await` on a sleep (`Task.sleep(…)`, `clock.sleep(…)`), its length in seconds when
    /// written out as a literal (`.seconds(3)`, `.milliseconds(300)`, `nanoseconds: 2_000_000_000`),
    /// `.some(nil)` when not; `nil` for any other `await`.
    var sleepSeconds: Double?? {
        guard let call = awaitedCall, call.calleeName == "sleep" else { return nil }
        guard let argument = call.arguments.first else { return .some(nil) }
        if argument.label?.text == "nanoseconds" {
            return .some(argument.expression.numberLiteral.map { $0 / 1e9 })
        }
        if argument.label?.text == "seconds" { return .some(argument.expression.numberLiteral) }
        guard let duration = argument.expression.as(FunctionCallExprSyntax.self), let unit = duration.calleeName,
            let amount = duration.arguments.first?.expression.numberLiteral
        else { return .some(nil) }
        let scale: [String: Double] = ["seconds": 1, "milliseconds": 1e-3, "microseconds": 1e-6, "nanoseconds": 1e-9]
        return .some(scale[unit].map { amount * $0 })
    }

    /// Whether this `await` can really wait: not a hop to the main actor (`MainActor.run`), nor a
    /// call to one of the file's functions that never waits (`instant`).
    func awaitsRealWait(instant: Set<String>) -> Bool {
        guard let call = awaitedCall, let name = call.calleeName else { return true }
        if name == "run", call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription == "MainActor"
        {
            return false
        }
        return !instant.contains(name)
    }

    /// Whether the token is in a `catch` clause below `region`: code that reports a failure.
    func isInsideCatchClause(below region: Syntax) -> Bool {
        ancestor(CatchClauseSyntax.self, below: region) != nil
    }

    /// The method called on this name through members: `pop` for `router.pop()`.
    var calledMethodThroughChain: String? {
        guard let reference = parent?.as(DeclReferenceExprSyntax.self) else { return nil }
        var expression = Syntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            expression = Syntax(member)
        }
        var last: String?
        while let parent = expression.parent {
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == expression.id {
                return last
            }
            guard let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == expression.id else {
                return nil
            }
            last = member.declName.baseName.text
            expression = parent
        }
        return nil
    }

    /// How this name is written, if the expression it starts is the target of a write.
    var write: WriteTarget? {
        guard let reference = parent?.as(DeclReferenceExprSyntax.self) else { return nil }
        var expression = Syntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            expression = Syntax(member)
        }
        var members: [String] = []
        while let parent = expression.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == expression.id {
                // `x.append(…)`: a mutating call writes x.
                if let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
                    guard TaskEffects.mutatingMethods.contains(member.declName.baseName.text) else { return nil }
                    return WriteTarget(
                        members: members, containsAwait: call.containsAwaitOutsideClosures, isConstant: false,
                        method: member.declName.baseName.text)
                }
                members.append(member.declName.baseName.text)
            } else if let element = parent.as(SubscriptCallExprSyntax.self),
                element.calledExpression.id == expression.id
            {
                // An element of x: still x.
            } else if !parent.is(OptionalChainingExprSyntax.self) && !parent.is(ForceUnwrapExprSyntax.self) {
                break
            }
            expression = parent
        }
        guard let parent = expression.parent else { return nil }
        if parent.is(InOutExprSyntax.self) {
            return WriteTarget(members: members, containsAwait: false, isConstant: false)
        }
        guard parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self) else {
            return nil
        }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[0].id == expression.id else { return nil }
        if let operation = elements[1].as(BinaryOperatorExprSyntax.self) {
            let text = operation.operator.text
            guard text.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(text) else { return nil }
        } else if !elements[1].is(AssignmentExprSyntax.self) {
            return nil
        }
        let value = elements.dropFirst(2)
        let isConstant = value.count == 1 && value.first!.isLiteral
        return WriteTarget(
            members: members, containsAwait: Syntax(sequence).containsAwaitOutsideClosures, isConstant: isConstant,
            isAssignment: elements[1].is(AssignmentExprSyntax.self), value: value.first.map { Syntax($0) })
    }

    /// Whether the token lies in a closure below `region` that runs at another time (a
    /// completion handler, a nested `Task`), not in line (`withAnimation`, `forEach` …).
    func isInsideDeferredClosure(below region: Syntax) -> Bool {
        var node = parent
        while let current = node, current.id != region.id {
            if let closure = current.as(ClosureExprSyntax.self) {
                guard let slot = closure.callSlot, let name = slot.call.calleeName,
                    TaskEffects.inlineCallees.contains(name), slot.call.taskCreation == nil
                else { return true }
            }
            node = current.parent
        }
        return false
    }

    /// Whether the token is in a loop below `region` whose body waits: code in it runs after
    /// the previous turn's `await`. `cache` remembers each loop's answer.
    func isInsideLoopThatWaits(below region: Syntax, cache: inout [SyntaxIdentifier: Bool]) -> Bool {
        var node = parent
        while let current = node, current.id != region.id {
            let body: Syntax? =
                current.as(WhileStmtSyntax.self).map { Syntax($0.body) }
                ?? current.as(RepeatStmtSyntax.self).map { Syntax($0.body) }
                ?? current.as(ForStmtSyntax.self).map { Syntax($0.body) }
            if let body {
                let waits =
                    cache[current.id]
                    ?? (current.as(ForStmtSyntax.self)?.awaitKeyword != nil || body.containsAwaitOutsideClosures)
                cache[current.id] = waits
                if waits { return true }
            }
            node = current.parent
        }
        return false
    }
}

extension ExprSyntax {
    /// The value of an integer or float literal (`3`, `0.5`, `2_000_000_000`).
    var numberLiteral: Double? {
        if let integer = self.as(IntegerLiteralExprSyntax.self) {
            return Double(integer.literal.text.filter { $0 != "_" })
        }
        if let float = self.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text.filter { $0 != "_" }) }
        return nil
    }

    /// A literal or a bare enum case: `false`, `nil`, `0`, `"…"`, `[]`, `[:]`, `.idle`.
    var isLiteral: Bool {
        if self.is(BooleanLiteralExprSyntax.self) || self.is(NilLiteralExprSyntax.self)
            || self.is(IntegerLiteralExprSyntax.self) || self.is(FloatLiteralExprSyntax.self)
            || self.is(StringLiteralExprSyntax.self)
        {
            return true
        }
        if let array = self.as(ArrayExprSyntax.self) { return array.elements.isEmpty }
        if let dictionary = self.as(DictionaryExprSyntax.self) {
            if case .colon = dictionary.content { return true }
            return false
        }
        if let member = self.as(MemberAccessExprSyntax.self) { return member.base == nil }
        return false
    }
}

extension SyntaxProtocol {
    /// Whether the node has an `await` that is not inside a closure within it.
    var containsAwaitOutsideClosures: Bool {
        let limit = Syntax(self)
        return tokens(viewMode: .sourceAccurate).contains {
            $0.tokenKind == .keyword(.await) && !$0.isInsideClosure(below: limit)
        }
    }

    /// Names the code declares for itself: parameters, captures, `let`/`var`/`for` names.
    var declaredNames: Set<String> {
        var names: Set<String> = []
        for token in tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, let parent = token.parent else { continue }
            if parent.is(IdentifierPatternSyntax.self) || parent.is(ClosureShorthandParameterSyntax.self)
                || parent.is(ClosureParameterSyntax.self) || parent.is(ClosureCaptureSyntax.self)
            {
                names.insert(name)
            } else if let parameter = parent.as(FunctionParameterSyntax.self),
                parameter.secondName?.id == token.id
                    || (parameter.secondName == nil && parameter.firstName.id == token.id)
            {
                // The name the body sees: the second name, else the first.
                names.insert(name)
            }
        }
        return names
    }

    /// The parameter names of a closure or a function: the inputs of one run.
    var parameterNames: Set<String> {
        if let closure = self.as(ClosureExprSyntax.self) {
            guard let parameters = closure.signature?.parameterClause else { return [] }
            switch parameters {
            case .simpleInput(let names): return Set(names.map(\.name.text))
            case .parameterClause(let clause):
                return Set(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
            }
        }
        if let function = self.as(FunctionDeclSyntax.self) {
            return Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        }
        return []
    }
}
