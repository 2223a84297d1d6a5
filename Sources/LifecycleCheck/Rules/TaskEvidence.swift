import SwiftSyntax

/// Why a task nobody cancels is a defect, or a risk, from what it does once it waits
/// (``TaskEffects``) and what the view shows: the words a finding ends with.
///
/// A defect stands on its own: a loop that never ends, a timer's late write that hides a later
/// showing (T1), a late pop of the navigation stack. A risk depends on how fast and how often the
/// runs come, which no syntax tells: an older result overwriting a newer one, a push made twice;
/// it is a note (`overlapping-task-runs`).
enum TaskEvidence {
    /// It never ends.
    case unbounded(TaskEffects.Unbounded)
    /// After a sleep it writes state that shows or hides a view where a later showing can begin
    /// first: T1, the old timer hides the next toast.
    case staleTimer(TaskEffects.Write)
    /// It writes the result of work whose input the next run changes: an older run can finish
    /// last and overwrite a newer result.
    case race(TaskEffects.Write, input: String)
    /// After it waits it moves the navigation stack: a pop takes off whatever screen is on top by
    /// then; a push is made once more for each overlapping run.
    case navigation(TaskEffects.Write)

    /// Whether it is a defect on its own (a warning), not a risk (a note).
    var isDefect: Bool {
        switch self {
        case .unbounded, .staleTimer: true
        case .navigation(let write): write.pops
        case .race: false
        }
    }

    /// What the task does, as a finding's second half says it.
    var phrase: String {
        switch self {
        case .unbounded(let loop):
            "and never ends: it \(loop.phrase)\(Self.through(loop.via))"
        case .staleTimer(let write):
            "and after sleeping it writes `\(write.name)`\(Self.through(write.via)), which shows or hides a view: "
                + "the timer of an earlier showing acts on a later one"
        case .race(let write, let input):
            "and it writes `\(write.name)`\(Self.through(write.via)) with the result of work on `\(input)`: runs "
                + "overlap, and an older one can finish last and overwrite a newer result"
        case .navigation(let write) where write.pops:
            "and after it waits it pops the navigation `\(write.name)`\(Self.through(write.via)): it takes off "
                + "whatever screen is on top by then"
        case .navigation(let write):
            "and after it waits it pushes onto the navigation `\(write.name)`\(Self.through(write.via)): runs "
                + "overlap, and each pushes its screen, on top of whatever is shown by then"
        }
    }

    private static func through(_ via: [String]) -> String {
        via.isEmpty ? "" : " (in `\(via.last!)()`)"
    }
}

extension RuleContext {
    /// What makes the task a defect if nothing cancels it, else what makes it a risk; `nil` when
    /// running on is harmless or meant (a one-shot call into a model, a save and a `dismiss()`).
    /// - Parameters:
    ///   - site: The task.
    ///   - runsOverlap: Whether two runs can overlap; a handle cancelled before each new run
    ///     leaves no older run to race the newer one, nor an older timer to act on a later showing.
    func evidence(for site: TaskSite, runsOverlap: Bool = true) -> TaskEvidence? {
        guard let body = site.body else { return nil }
        let scope = self.scope(site.scope)
        let inputs = triggerInputs(for: site)
        let effects = TaskEffects(
            body: body, scope: scope, inputs: inputs, instant: facts.instantFunctions, isFragment: site.scope.isEmpty)
        if let loop = effects.unbounded { return .unbounded(loop) }
        // A button disabled (or an action guarded) while a run is on starts no second one.
        let serializedBy = runsOverlap ? serializingFlag(of: site) : nil
        let overlap = runsOverlap && serializedBy == nil
        var risk: TaskEvidence?
        for write in effects.writes {
            switch write.kind {
            case .navigation where write.pops:
                return .navigation(write)
            case .navigation:
                if overlap, risk == nil { risk = .navigation(write) }
            case .afterSleep:
                if overlap, write.name != serializedBy,
                    staleTimerReaches(write.name, value: write.value, from: Syntax(site.call), in: site)
                {
                    return .staleTimer(write)
                }
            case .result:
                if overlap, risk == nil, let input = write.input { risk = .race(write, input: input) }
            case .constant:
                continue
            }
        }
        return risk
    }
}

extension RuleContext {
    /// Whether a timer's late write of `name` can act on a later showing (T1): the state shows
    /// or hides a view, and a showing can begin while the timer still waits. That holds when
    /// - it is a binding, and the view it belongs to presents this one (the parent shows it
    ///   again by it);
    /// - the code that starts the timer sets it first (`isShown = true`, then hide it later): the
    ///   next press shows it again;
    /// - the timer is started inside the view it shows (`if isShown { … .onAppear { … } }`), and
    ///   something else in the view gives it another value (a show button). A state nothing
    ///   gives another value (a splash hidden once) has no later showing.
    func staleTimerReaches(_ name: String, value: String?, from start: Syntax, in site: TaskSite) -> Bool {
        let scope = self.scope(site.scope)
        // A flag the view never draws from shows nothing a late write could hide: a state of its
        // own, or a binding it reads only as the trigger `onChange(of:)` watches (one it never
        // reads is the parent's, which shows this view by it).
        if !site.scope.isEmpty, let use = Self.viewUse(of: name, in: scope), !use.draws,
            use.watches || !scope.bindingNames.contains(name)
        {
            return false
        }
        if scope.bindingNames.contains(name) { return true }
        let isState = scope.stateNames.contains(name)
        // A fragment's undeclared state: the rest of the view is not in sight; its show button is assumed.
        let isUndeclared = site.scope.isEmpty && !scope.members.contains(name)
        guard isState || isUndeclared else { return false }
        // `isShown = true` before a later `isShown = false`: another value.
        func setsIt(_ region: Syntax?, before end: AbsolutePosition) -> Bool {
            region?.tokens(viewMode: .sourceAccurate).contains {
                guard $0.position < end, $0.text == name, $0.isUnqualifiedOrSelfMember, let write = $0.write else {
                    return false
                }
                return write.value?.trimmedDescription != value
            } ?? false
        }
        // The code that starts the timer shows it first: a trigger that can come again (a press,
        // a change, a method anyone calls; not an appear) shows it again while the timer waits.
        let trigger =
            site.viewClosure.map { Syntax($0.statements) } ?? site.function?.body.map { Syntax($0.statements) }
        let firstWait =
            site.body?.statements.tokens(viewMode: .sourceAccurate).first { $0.tokenKind == .keyword(.await) }?.position
        let repeatable: Bool =
            switch site.role {
            case .event("onAppear"), .event("onDisappear"), .taskModifier, nil: false
            default: true
            }
        // Every control that starts it is gone or disabled while it shows: no later showing can
        // begin before the timer ends.
        if repeatable, controlsWithdrawn(while: name, for: site) { return false }
        // The timer clears the flag that refuses the trigger while it is set (a debounce): no
        // later run begins before it fires.
        if repeatable, serializingFlag(of: site) == name { return false }
        if repeatable,
            setsIt(trigger, before: start.position)
                || setsIt(site.body.map { Syntax($0.statements) }, before: firstWait ?? start.position)
        {
            return true
        }
        guard start.isInsideCondition(reading: name) else { return false }
        if isUndeclared { return true }
        let declarations = start.ancestor(MemberBlockSyntax.self).map { Syntax($0) } ?? Syntax(start.root)
        return declarations.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, token.isUnqualifiedOrSelfMember, let write = token.write else { return false }
            return write.value?.trimmedDescription != value
        }
    }

    /// How a view uses `name` in what it builds: whether it draws from it (or hands `$name` on),
    /// a read in a computed property (`body`, `var header: some View`, or one those read) or a
    /// method that builds a view (`func row() -> some View`), in the type or its extensions,
    /// outside an event's or an action's closure; and whether `onChange(of:)` watches it. `nil`
    /// where no `body` is in sight.
    static func viewUse(of name: String, in scope: ScopeFacts) -> (draws: Bool, watches: Bool)? {
        guard scope.computedAccessors["body"] != nil else { return nil }
        let builders =
            scope.computedAccessors.values.map { Syntax($0) }
            + scope.methods.values.joined().filter {
                $0.signature.returnClause?.type.trimmedDescription.hasSuffix("View") == true
            }.map { Syntax($0) }
        var use = (draws: false, watches: false)
        for builder in builders {
            for token in builder.tokens(viewMode: .sourceAccurate)
            where (token.text == name || token.text == "$" + name) && token.nearestViewClosure == nil {
                let watched = token.ancestor(LabeledExprSyntax.self).map { argument in
                    argument.label?.text == "of"
                        && argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calleeName == "onChange"
                }
                if watched == true { use.watches = true } else { use.draws = true }
            }
        }
        return use
    }

    /// The names read by the control's modifiers that take it from the person's hand: `.disabled(…)`,
    /// `.allowsHitTesting(…)`, and an `.opacity(…)` that can be 0 (SwiftUI delivers no tap to a
    /// view drawn fully transparent: `.opacity(state == .copy ? 1 : 0)`).
    static func disablingFlags(of control: FunctionCallExprSyntax) -> Set<String> {
        var flags: Set<String> = []
        var node = Syntax(control)
        while let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
            let call = member.parent?.as(FunctionCallExprSyntax.self)
        {
            let name = member.declName.baseName.text
            let canBeClear = call.arguments.tokens(viewMode: .sourceAccurate).contains {
                $0.tokenKind == .integerLiteral("0") || $0.tokenKind == .floatLiteral("0.0")
            }
            if name == "disabled" || name == "allowsHitTesting" || (name == "opacity" && canBeClear) {
                for token in call.arguments.tokens(viewMode: .sourceAccurate) {
                    if case .identifier(let name) = token.tokenKind { flags.insert(name) }
                }
            }
            node = Syntax(call)
        }
        return flags
    }

    /// Whether every control that starts the timer is taken away while `name` shows: it is
    /// disabled by it, or drawn only under a condition on it (`if copied { Text("Copied") }
    /// else { Button … }`), directly or through the confirmation it opens (`.alert(isPresented:)`).
    /// A press cannot then come again before the timer ends.
    func controlsWithdrawn(while name: String, for site: TaskSite) -> Bool {
        func withdrawn(_ closure: ClosureExprSyntax) -> Bool {
            guard let control = closure.callSlot?.call else { return false }
            return Self.disablingFlags(of: control).contains(name) || control.isInsideCondition(reading: name)
        }
        if let (closure, role) = site.call.nearestViewClosure {
            return role == .buttonAction && withdrawn(closure)
        }
        guard let function = site.function, let block = function.ancestor(MemberBlockSyntax.self) else {
            return false
        }
        // The type and its extensions in the file: they hold buttons too (`var toolbar: some View`).
        let typeName = block.parent?.declaredTypeName
        let blocks = function.root.tokens(viewMode: .sourceAccurate).compactMap { token -> MemberBlockSyntax? in
            guard
                token.tokenKind == .keyword(.extension) || token.tokenKind == .keyword(.struct)
                    || token.tokenKind == .keyword(.class),
                let declaration = token.parent,
                let members = declaration.children(viewMode: .sourceAccurate).last?
                    .as(MemberBlockSyntax.self)
            else { return nil }
            return members.id == block.id || (typeName != nil && declaration.declaredTypeName == typeName)
                ? members : nil
        }
        let memberTokens = blocks.flatMap { Array($0.tokens(viewMode: .sourceAccurate)) }
        var callers: [ClosureExprSyntax] = []
        for token in memberTokens
        where token.text == function.name.text && token.calledCall != nil && token.isUnqualifiedOrSelfMember {
            // A confirmation first (`.alert(isPresented: $asking) { … OK: run() }`): the alert can
            // come only from the controls that set its flag.
            if let flag = Self.presentingFlag(around: token) {
                // A flag whose binding goes anywhere but the confirmation (`Toggle(isOn: $asking)`,
                // a child view), or that the parent holds, may be set where nothing is withdrawn.
                if scope(site.scope).bindingNames.contains(flag) || Self.handsOn(flag, in: memberTokens) {
                    return false
                }
                let setters = memberTokens.filter { setter in
                    guard setter.text == flag, setter.isUnqualifiedOrSelfMember, let write = setter.write else {
                        return false
                    }
                    return write.value?.trimmedDescription != "false"
                }
                for setter in setters {
                    guard let (closure, role) = setter.nearestViewClosure, role == .buttonAction else { return false }
                    callers.append(closure)
                }
                if setters.isEmpty { return false }
                continue
            }
            guard let (closure, role) = token.nearestViewClosure, role == .buttonAction else { return false }
            callers.append(closure)
        }
        return !callers.isEmpty && callers.allSatisfy(withdrawn)
    }

    /// The flag of the `.alert` or `.confirmationDialog` whose content holds `token`
    /// (`isPresented: $asking`), if any.
    static func presentingFlag(around token: TokenSyntax) -> String? {
        var child = Syntax(token)
        var node = token.parent
        while let current = node, !current.is(MemberBlockSyntax.self) {
            // Inside the modifier's own arguments or closures, not the view it is attached to.
            if let call = current.as(FunctionCallExprSyntax.self), call.calledExpression.id != child.id,
                call.isMemberCall, let flag = confirmationFlag(of: call)
            {
                return flag
            }
            child = current
            node = current.parent
        }
        return nil
    }

    /// `asking` for `.alert(…, isPresented: $asking)` or `.confirmationDialog(…, isPresented: $asking)`.
    private static func confirmationFlag(of call: FunctionCallExprSyntax) -> String? {
        guard let name = call.calleeName, name == "alert" || name == "confirmationDialog",
            let argument = call.arguments.first(where: { $0.label?.text == "isPresented" }),
            let reference = argument.expression.as(DeclReferenceExprSyntax.self),
            reference.baseName.text.hasPrefix("$")
        else { return nil }
        return String(reference.baseName.text.dropFirst())
    }

    /// Whether `$flag` is used in `region` other than as a confirmation's `isPresented:`.
    private static func handsOn(_ flag: String, in tokens: [TokenSyntax]) -> Bool {
        tokens.contains { token in
            guard token.text == "$" + flag else { return false }
            guard let argument = token.parent?.parent?.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.isMemberCall
            else { return true }
            return confirmationFlag(of: call) != flag
        }
    }

    /// The flag that keeps a second run from starting while one is on, if any: the button is
    /// `.disabled(flag)`, or its action begins with `guard !flag else { return }`, and the action
    /// (or the task, before its first wait) sets `flag`. Through a view method, its body and the
    /// buttons that call it.
    func serializingFlag(of site: TaskSite) -> String? {
        let firstWait =
            site.body?.statements.tokens(viewMode: .sourceAccurate).first { $0.tokenKind == .keyword(.await) }?.position
            ?? site.call.endPosition
        func setBeforeWait(_ flags: Set<String>, in region: Syntax) -> String? {
            region.tokens(viewMode: .sourceAccurate).first { token in
                token.position < firstWait && flags.contains(token.text) && token.write != nil
            }?.text
        }
        // `guard !flag else { return }` at the start of the code that starts the task.
        // `if flag { return }` is the same refusal.
        func guardedFlags(_ statements: CodeBlockItemListSyntax) -> Set<String> {
            let item = statements.first?.item
            let conditions: ConditionElementListSyntax
            if let first = item?.as(GuardStmtSyntax.self) {
                conditions = first.conditions
            } else if let branch = (item?.as(ExpressionStmtSyntax.self)?.expression ?? item?.as(ExprSyntax.self))?
                .as(IfExprSyntax.self), branch.elseBody == nil, branch.body.statements.count == 1,
                branch.body.statements.first?.item.is(ReturnStmtSyntax.self) == true
            {
                conditions = branch.conditions
            } else {
                return []
            }
            return Set(
                conditions.tokens(viewMode: .sourceAccurate).compactMap { token in
                    if case .identifier(let name) = token.tokenKind { return name }
                    return nil
                })
        }
        if let (closure, role) = site.call.nearestViewClosure {
            var flags = guardedFlags(closure.statements)
            if role == .buttonAction, let button = closure.callSlot?.call {
                flags.formUnion(Self.disablingFlags(of: button))
            }
            return setBeforeWait(flags, in: Syntax(closure.statements))
        }
        guard let function = site.function, let body = function.body else { return nil }
        var flags = guardedFlags(body.statements)
        if let members = function.ancestor(MemberBlockSyntax.self) {
            for token in members.tokens(viewMode: .sourceAccurate)
            where token.text == function.name.text && token.calledCall != nil && token.isUnqualifiedOrSelfMember {
                if let (closure, role) = token.nearestViewClosure, role == .buttonAction,
                    let button = closure.callSlot?.call
                {
                    flags.formUnion(Self.disablingFlags(of: button))
                }
            }
        }
        return setBeforeWait(flags, in: Syntax(body.statements))
    }

    /// What the next run of the task may see changed: the inputs its trigger watches.
    ///
    /// - `onChange(of: x) { old, new in … }`: `x` and the closure's parameters;
    /// - `onReceive(publisher) { value in … }`: the value;
    /// - `.task(id: x)`: `x`;
    /// - a button, `onSubmit`, a gesture or another event: the view's value state, which the
    ///   person can edit between presses, and the closure's parameters;
    /// - `onAppear`, `onDisappear`: nothing (an appear changes no input);
    /// - a view method: its parameters, and what the closures that call it watch (as a button's,
    ///   when nothing in the file calls it: it is handed to a control).
    func triggerInputs(for site: TaskSite) -> Set<String> {
        let scope = self.scope(site.scope)
        let valueState = scope.stateNames.subtracting(scope.objectNames)
        if let (closure, role) = site.call.nearestViewClosure {
            return Self.inputs(of: closure, role: role, valueState: valueState, scope: scope)
        }
        guard let function = site.function else { return [] }
        return inputs(of: function, valueState: valueState, scope: scope, depth: 0)
    }

    /// What the runs of a view method may see changed: its parameters, and what the closures
    /// that call it watch, through the methods between (two deep).
    private func inputs(of function: FunctionDeclSyntax, valueState: Set<String>, scope: ScopeFacts, depth: Int)
        -> Set<String>
    {
        var inputs = Syntax(function).parameterNames
        var called = false
        if let members = function.ancestor(MemberBlockSyntax.self) {
            for token in members.tokens(viewMode: .sourceAccurate)
            where token.text == function.name.text && token.calledCall != nil && token.isUnqualifiedOrSelfMember {
                called = true
                if let (closure, role) = token.nearestViewClosure {
                    inputs.formUnion(Self.inputs(of: closure, role: role, valueState: valueState, scope: scope))
                } else if depth < 2, let caller = token.ancestor(FunctionDeclSyntax.self), caller.id != function.id {
                    inputs.formUnion(self.inputs(of: caller, valueState: valueState, scope: scope, depth: depth + 1))
                } else {
                    inputs.formUnion(valueState)
                }
            }
        }
        // Nothing in the file calls it: it is handed to a control, as a button's action is.
        return called ? inputs : inputs.union(valueState)
    }

    private static func inputs(
        of closure: ClosureExprSyntax, role: ViewRole, valueState: Set<String>, scope: ScopeFacts
    ) -> Set<String> {
        let parameters = Syntax(closure).parameterNames
        let call = closure.callSlot?.call
        // The names a watched expression reads, through the computed properties it names.
        func watched(_ label: String) -> Set<String> {
            guard let argument = call?.arguments.first(where: { $0.label?.text == label }) else { return [] }
            var names: Set<String> = []
            for token in argument.expression.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind else { continue }
                names.insert(name)
                names.formUnion(scope.reads(ofComputed: name))
            }
            return names.subtracting(scope.objectNames)
        }
        switch role {
        case .event("onAppear"), .event("onDisappear"), .event("refreshable"), .taskModifier(withID: false):
            return []
        case .event("onChange"):
            return watched("of").union(parameters)
        case .event("onReceive"):
            return parameters
        case .taskModifier(withID: true):
            return watched("id")
        case .event, .buttonAction, .viewMember:
            return valueState.union(parameters)
        }
    }
}

extension SyntaxProtocol {
    /// Whether the node is inside the body of an `if` (or a `?:`) whose condition reads `name`,
    /// or in the content of a presentation bound to it (`.sheet(isPresented: $name) { … }`).
    func isInsideCondition(reading name: String) -> Bool {
        func reads(_ node: some SyntaxProtocol) -> Bool {
            node.tokens(viewMode: .sourceAccurate).contains { $0.text == name || $0.text == "$" + name }
        }
        var child = Syntax(self)
        var node = parent
        while let current = node {
            if current.is(MemberBlockSyntax.self) { return false }
            if let branch = current.as(IfExprSyntax.self), child.id != Syntax(branch.conditions).id,
                reads(branch.conditions)
            {
                return true
            }
            if let choice = current.as(SwitchExprSyntax.self), child.id != Syntax(choice.subject).id,
                reads(choice.subject)
            {
                return true
            }
            if let ternary = current.as(TernaryExprSyntax.self), child.id != Syntax(ternary.condition).id,
                reads(ternary.condition)
            {
                return true
            }
            if let call = current.as(FunctionCallExprSyntax.self), child.is(ClosureExprSyntax.self),
                call.arguments.contains(where: {
                    ["isPresented", "item"].contains($0.label?.text) && reads($0.expression)
                })
            {
                return true
            }
            child = current
            node = current.parent
        }
        return false
    }

    /// The nearest closure around this node that is a view closure, and its role; `nil` when a
    /// method, an initializer or the type comes first.
    var nearestViewClosure: (ClosureExprSyntax, ViewRole)? {
        var node = parent
        while let current = node {
            if current.is(FunctionDeclSyntax.self) || current.is(InitializerDeclSyntax.self)
                || current.is(MemberBlockSyntax.self)
            {
                return nil
            }
            if let closure = current.as(ClosureExprSyntax.self), case .view(let role) = ClosureRole.of(closure) {
                return (closure, role)
            }
            node = current.parent
        }
        return nil
    }
}
