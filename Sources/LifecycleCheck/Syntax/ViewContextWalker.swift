@_spi(RawSyntax) import SwiftSyntax

/// Walks a file once and gathers ``FileFacts``: every task started and the view closure it is
/// started in, every `try?` on an `await` in cancellable code, the types and what they
/// declare, cancels and result reads, scene-phase mentions and `// lifecycle:` comments.
///
/// It keeps a stack of frames (type, member, closure) as it goes, so each construct knows
/// whether it is in an `onAppear`, a button action, a `.task`, a `Task` body, a view's method
/// or plain code. Recursion is swift-syntax's own walk, bounded by the parser's nesting limit.
final class ViewContextWalker: SyntaxVisitor {
    private enum Frame {
        case type(scope: String, isView: Bool)
        case member(isViewMember: Bool, node: Syntax, function: FunctionDeclSyntax?)
        case closure(ClosureExprSyntax, ClosureRole)
    }

    private(set) var facts = FileFacts()
    private var frames: [Frame] = []
    private var taskBodies: [SyntaxIdentifier: Int] = [:]
    private var deinitDepth = 0
    /// How many enclosing declarations hold code that is no view's: an `App` or a `Scene` (its
    /// modifiers follow the app, not a view), previews (`#Preview`, a `PreviewProvider`).
    private var outsideViewsDepth = 0
    /// For each type entered, whether it counted in ``outsideViewsDepth``.
    private var typesOutsideViews: [Bool] = []
    /// Conformances whose code is no view's.
    static let outsideViewConformances: Set<String> = ["App", "Scene", "PreviewProvider"]
    /// Functions of the file with an `await` in one of their bodies.
    private var waitingFunctions: Set<String> = []
    private let viewTypeNames: Set<String>
    /// Whether the file can be SwiftUI code: it imports SwiftUI (or a module named after it),
    /// declares a view, or imports nothing at all (a snippet). Another API's look-alike
    /// modifiers (`node.task { }`, `node.onAppear { }`) in a file that imports only other
    /// modules are not view closures.
    private let mayBeSwiftUI: Bool
    private let converter: Locations
    /// Whether the text says `lifecycle:` anywhere: only then are the comments read for
    /// directives (reading every token's trivia costs a tenth of the walk).
    private let mayHaveDirectives: Bool

    /// Prepares a walk of `file`; `converter` gives the lines of `// lifecycle:` comments.
    init(file: SourceFileSyntax, converter: Locations, mayHaveDirectives: Bool = true) {
        self.converter = converter
        self.mayHaveDirectives = mayHaveDirectives
        self.viewTypeNames = ViewContextWalker.topLevelViewTypes(in: file)
        self.mayBeSwiftUI = !viewTypeNames.isEmpty || ViewContextWalker.importsSwiftUIOrNothing(file)
        super.init(viewMode: .sourceAccurate)
        facts.scopes[""] = ScopeFacts()
        facts.nestingOverflow = Self.nestingOverflow(in: file)
    }

    /// Where the parser gave up on code nested past its limit: down the children that carry
    /// the overflow mark to the unexpected tokens it left (a loop, not a recursion).
    private static func nestingOverflow(in file: SourceFileSyntax) -> AbsolutePosition? {
        guard file.hasMaximumNestingLevelOverflow else { return nil }
        var node = Syntax(file)
        while let child = node.children(viewMode: .sourceAccurate).first(where: \.hasMaximumNestingLevelOverflow) {
            node = child
        }
        return node.positionAfterSkippingLeadingTrivia
    }

    // MARK: Where we are

    private var scope: String {
        for frame in frames.reversed() {
            if case .type(let scope, _) = frame { return scope }
        }
        return ""
    }

    private var scopeIsView: Bool {
        for frame in frames.reversed() {
            if case .type(_, let isView) = frame { return isView }
        }
        return false
    }

    /// The view closure (or view member) the current position runs in, if any.
    private var currentRole: ViewRole? {
        for frame in frames.reversed() {
            switch frame {
            case .closure(_, .view(let role)): return role
            case .closure(_, .taskBody(let index)): return facts.tasks[index].role
            case .closure(_, .other): continue
            case .member(let isViewMember, _, _): return isViewMember ? .viewMember : nil
            case .type: return nil
            }
        }
        return nil
    }

    private var currentMember: Syntax? {
        for frame in frames.reversed() {
            if case .member(_, let node, _) = frame { return node }
        }
        return nil
    }

    private var currentFunction: FunctionDeclSyntax? {
        for frame in frames.reversed() {
            switch frame {
            case .member(_, _, let function): return function
            case .type: return nil
            case .closure: continue
            }
        }
        return nil
    }

    private func update(_ scope: String, _ change: (inout ScopeFacts) -> Void) {
        change(&facts.scopes[scope, default: ScopeFacts()])
    }

    // MARK: Types and members

    private static func isViewInheritance(_ clause: InheritanceClauseSyntax?) -> Bool {
        guard let clause else { return false }
        return clause.inheritedTypes.contains { ["View", "ViewModifier"].contains($0.type.baseName ?? "") }
    }

    private static func name(of extended: TypeSyntax) -> String {
        extended.baseName ?? extended.trimmedDescription
    }

    /// Names of the file's top-level types that are views, so an extension above its type knows.
    private static func topLevelViewTypes(in file: SourceFileSyntax) -> Set<String> {
        var names: Set<String> = []
        for item in file.statements {
            guard case .decl(let decl) = item.item else { continue }
            if let type = decl.asProtocol((any DeclGroupSyntax).self), isViewInheritance(type.inheritanceClause) {
                if let named = decl.asProtocol((any NamedDeclSyntax).self) { names.insert(named.name.text) }
                if let ext = decl.as(ExtensionDeclSyntax.self) { names.insert(name(of: ext.extendedType)) }
            }
        }
        return names
    }

    private static func importsSwiftUIOrNothing(_ file: SourceFileSyntax) -> Bool {
        var importsSomething = false
        var items = Array(file.statements)
        // `#if canImport(SwiftUI)` around an import: look one level into the clauses.
        for item in file.statements {
            guard case .decl(let decl) = item.item, let ifConfig = decl.as(IfConfigDeclSyntax.self) else { continue }
            for clause in ifConfig.clauses {
                if case .statements(let statements)? = clause.elements { items.append(contentsOf: statements) }
            }
        }
        for item in items {
            guard case .decl(let decl) = item.item, let importDecl = decl.as(ImportDeclSyntax.self) else { continue }
            importsSomething = true
            if importDecl.path.first?.name.text.contains("SwiftUI") == true { return true }
        }
        return !importsSomething
    }

    private func enterType(named name: String, group: some DeclGroupSyntax) {
        let isView =
            viewTypeNames.contains(name) || Self.isViewInheritance(group.inheritanceClause)
            || facts.scopes[name]?.isView == true
        frames.append(.type(scope: name, isView: isView))
        let outside =
            group.inheritanceClause?.inheritedTypes.contains {
                Self.outsideViewConformances.contains($0.type.baseName ?? "")
            } ?? false
        typesOutsideViews.append(outside)
        if outside { outsideViewsDepth += 1 }
        if group.is(ClassDeclSyntax.self) || group.is(ActorDeclSyntax.self) { facts.classNames.insert(name) }
        update(name) { scope in
            scope.isView = scope.isView || isView
            for item in group.memberBlock.members {
                if let variable = item.decl.as(VariableDeclSyntax.self) {
                    Self.noteProperty(variable, in: &scope)
                } else if let function = item.decl.as(FunctionDeclSyntax.self) {
                    scope.members.insert(function.name.text)
                    scope.methods[function.name.text, default: []].append(function)
                }
            }
        }
    }

    /// Property wrappers that hold the view's own state.
    static let stateWrappers: Set<String> = [
        "State", "Binding", "FocusState", "AppStorage", "SceneStorage", "AccessibilityFocusState", "GestureState",
    ]
    /// Property wrappers that hold an object.
    static let objectWrappers: Set<String> = ["StateObject", "ObservedObject", "EnvironmentObject", "Bindable"]
    /// Environment values that drive the UI when called, by key path name.
    static let uiActionKeys: Set<String> = ["dismiss", "presentationMode", "dismissWindow", "dismissSearch"]
    /// Type names that hold an object by convention (a view model, a store), when its class is
    /// declared in another file.
    static let objectTypeSuffixes = [
        "Model", "Store", "Manager", "Service", "Controller", "Coordinator", "Router", "Cache", "Client", "Provider",
        "DataSource", "Repository", "Loader", "Fetcher", "Monitor", "Engine", "Player", "Session", "Handler",
        "Tracker", "Observer", "Database", "Context", "Navigator", "Center",
    ]

    /// Records a stored property's facts: its name, the state it wraps, the UI action it holds,
    /// the tasks it keeps.
    private static func noteProperty(_ variable: VariableDeclSyntax, in scope: inout ScopeFacts) {
        let wrappers = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }
        let wrapperNames = variable.attributes.wrapperNames
        let environmentKey = wrappers.first { $0.attributeName.baseName == "Environment" }.flatMap(environmentKeyName)
        for binding in variable.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.text
            scope.members.insert(name)
            if let accessors = binding.accessorBlock {
                scope.computedAccessors[name] = accessors
            }
            if wrapperNames.contains("Binding") { scope.bindingNames.insert(name) }
            if !wrapperNames.isDisjoint(with: stateWrappers) {
                scope.stateNames.insert(name)
                let typeName =
                    binding.typeAnnotation?.type.baseName
                    ?? binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calleeName
                if let typeName, objectTypeSuffixes.contains(where: typeName.hasSuffix) {
                    scope.objectStateNames.insert(name)
                }
            }
            if let environmentKey, uiActionKeys.contains(environmentKey) { scope.uiActions[name] = environmentKey }
            if !wrapperNames.isDisjoint(with: objectWrappers) || scope.objectStateNames.contains(name)
                || (wrapperNames.contains("Environment") && environmentKey == nil)
            {
                scope.objectNames.insert(name)
            }
            let declared = binding.typeAnnotation.map { Syntax($0) } ?? binding.initializer.map { Syntax($0) }
            if let declared, declared.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "Task" }) {
                scope.storesTasks = true
            }
            if binding.typeAnnotation?.type.isOptionalTask == true {
                scope.optionalTaskProperties.insert(name)
            }
        }
    }

    /// `dismiss` for `@Environment(\.dismiss)`.
    private static func environmentKeyName(_ attribute: AttributeSyntax) -> String? {
        guard case .argumentList(let arguments)? = attribute.arguments,
            let keyPath = arguments.first?.expression.as(KeyPathExprSyntax.self),
            let last = keyPath.components.last?.component.as(KeyPathPropertyComponentSyntax.self)
        else { return nil }
        return last.declName.baseName.text
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(named: node.name.text, group: node)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { leaveType() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(named: node.name.text, group: node)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(named: node.name.text, group: node)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(named: node.name.text, group: node)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(named: node.name.text, group: node)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { leaveType() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(named: Self.name(of: node.extendedType), group: node)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

    private func leaveType() {
        frames.removeLast()
        if typesOutsideViews.removeLast() { outsideViewsDepth -= 1 }
    }

    // `#Preview { … }`: preview code, never shipped.
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { outsideViewsDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionDeclSyntax) {
        if node.macroName.text == "Preview" { outsideViewsDepth -= 1 }
    }

    private func enterMember(_ node: some SyntaxProtocol, function: FunctionDeclSyntax? = nil) {
        frames.append(.member(isViewMember: scopeIsView, node: Syntax(node), function: function))
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.isTopLevel(node) {
            update("") {
                $0.members.insert(node.name.text)
                $0.methods[node.name.text, default: []].append(node)
            }
        }
        let name = node.name.text
        if let body = node.body, !waitingFunctions.contains(name) {
            if body.containsAwaitOutsideClosures {
                waitingFunctions.insert(name)
                facts.instantFunctions.remove(name)
            } else {
                facts.instantFunctions.insert(name)
            }
        }
        enterMember(node, function: node)
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { frames.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        enterMember(node)
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { frames.removeLast() }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        enterMember(node)
        deinitDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: DeinitializerDeclSyntax) {
        frames.removeLast()
        deinitDepth -= 1
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        enterMember(node)
        return .visitChildren
    }
    override func visitPost(_ node: SubscriptDeclSyntax) { frames.removeLast() }

    /// A property of a type is a member frame; a local variable is not (its closures keep the
    /// role of the code around them).
    private func isTypeMember(_ node: VariableDeclSyntax) -> Bool {
        node.parent?.is(MemberBlockItemSyntax.self) == true
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let typeName =
                binding.typeAnnotation?.type.baseName
                ?? binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression
                .as(DeclReferenceExprSyntax.self)?.baseName.text
            if let typeName { facts.typedNames.append(TypedName(name: pattern.identifier.text, typeName: typeName)) }
        }
        if node.bindingSpecifier.tokenKind == .keyword(.let),
            Self.isTopLevel(node) || node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
        {
            for binding in node.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value.numberLiteral
                {
                    facts.numberConstants[name] = value
                }
            }
        }
        if isTypeMember(node) { enterMember(node) }
        if Self.isTopLevel(node) { update("") { Self.noteProperty(node, in: &$0) } }
        return .visitChildren
    }

    /// Whether a declaration is written at the file's top level (a view fragment's state).
    private static func isTopLevel(_ node: some DeclSyntaxProtocol) -> Bool {
        node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
    }
    override func visitPost(_ node: VariableDeclSyntax) {
        if isTypeMember(node) { frames.removeLast() }
    }

    // MARK: Calls and closures

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let creation = node.taskCreation {
            let site = TaskSite(
                call: node, body: creation.body, detached: creation.detached, role: currentRole,
                use: Self.handleUse(of: node), scope: scope, function: currentFunction,
                viewClosure: directViewClosure)
            if let body = creation.body { taskBodies[body.id] = facts.tasks.count }
            facts.tasks.append(site)
        }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let receiver = member.base?.storedName,
            node.trailingClosure != nil
                || node.arguments.contains(where: { argument in
                    argument.expression.is(ClosureExprSyntax.self)
                        || argument.expression.as(FunctionCallExprSyntax.self)?.taskCreation != nil
                })
        {
            facts.receiverCalls.append(
                ReceiverCall(receiver: receiver, call: node, scope: scope, member: currentMember))
        }
        noteTimer(node)
        noteDelay(node)
        if node.calleeName == "onDisappear", node.isMemberCall,
            let performer = node.arguments.first(where: { $0.label?.text == "perform" })?.expression.storedName
        {
            update(scope) { $0.disappearPerformers.insert(performer) }
        }
        return .visitChildren
    }

    /// The view closure the current position is written in directly (no other closure between).
    private var directViewClosure: ClosureExprSyntax? {
        guard case .closure(let closure, .view)? = frames.last else { return nil }
        return closure
    }

    /// Notes a repeating timer started in view code.
    private func noteTimer(_ node: FunctionCallExprSyntax) {
        guard let role = currentRole, let kind = Self.timerKind(of: node) else { return }
        let block =
            node.trailingClosure
            ?? node.arguments.first { $0.label?.text == "block" }?.expression
            .as(ClosureExprSyntax.self)
        var use = Self.handleUse(of: node)
        // `.store(in: &cancellables)`: kept in that set.
        if use == .handedOver, let member = node.parent?.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "store",
            let store = member.parent?.as(FunctionCallExprSyntax.self),
            let target = store.arguments.first(where: { $0.label?.text == "in" })?.expression.as(InOutExprSyntax.self),
            let name = target.expression.storedName
        {
            use = .stored(name)
        }
        facts.timers.append(TimerSite(call: node, kind: kind, role: role, use: use, scope: scope, block: block))
    }

    /// Notes `DispatchQueue.main.asyncAfter(deadline: .now() + N) { … }` in view code.
    private func noteDelay(_ node: FunctionCallExprSyntax) {
        guard node.calleeName == "asyncAfter", let role = currentRole,
            let body = node.trailingClosure
                ?? node.arguments.first(where: { $0.label?.text == "execute" })?.expression.as(ClosureExprSyntax.self)
        else { return }
        let delay = node.arguments.first(where: {
            $0.label?.text == "deadline" || $0.label?.text == "wallDeadline"
        })?
        .expression.as(SequenceExprSyntax.self)?.elements.last
        let site = TaskSite(
            call: node, body: body, detached: false, role: role, use: .discarded, scope: scope,
            function: currentFunction, viewClosure: directViewClosure)
        facts.delays.append(DelaySite(call: node, body: body, delay: delay, site: site))
    }

    /// `.timer` for `Timer.scheduledTimer(…, repeats: true …)`; `.publisher` for the subscription
    /// that ends a `Timer.publish(every:…)` chain (`.sink`, `.assign`).
    private static func timerKind(of call: FunctionCallExprSyntax) -> TimerSite.Kind? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        if name == "scheduledTimer", member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Timer" {
            let repeats = call.arguments.first { $0.label?.text == "repeats" }?.expression
            return repeats?.isTrueLiteral == true ? .timer : nil
        }
        if ["sink", "assign"].contains(name), let base = member.base,
            base.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "publish" }),
            base.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "Timer" })
        {
            return .publisher
        }
        return nil
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        let role: ClosureRole
        if let index = taskBodies[node.id] {
            role = .taskBody(index)
        } else {
            role = mayBeSwiftUI && outsideViewsDepth == 0 ? ClosureRole.of(node) : .other
        }
        if case .view(.event(let name)) = role, let call = node.callSlot?.call {
            if name == "onAppear" { update(scope) { $0.appearClosures.append((call, node)) } }
            if name == "onDisappear" { update(scope) { $0.disappearClosures.append(node) } }
        }
        frames.append(.closure(node, role))
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { frames.removeLast() }

    // MARK: What decides what the view shows

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        notePresence(in: Syntax(node.conditions))
        return .visitChildren
    }

    override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind {
        notePresence(in: Syntax(node.condition))
        return .visitChildren
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if let label = node.label?.text, ["isPresented", "item"].contains(label) {
            notePresence(in: Syntax(node.expression))
        }
        return .visitChildren
    }

    private func notePresence(in node: Syntax) {
        var names: [String] = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier(let name): names.append(name)
            case .dollarIdentifier(let name): names.append(String(name.dropFirst()))
            default: continue
            }
        }
        guard !names.isEmpty else { return }
        update(scope) { $0.presenceNames.formUnion(names) }
    }

    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.questionOrExclamationMark?.text == "?", node.expression.containsAwait,
            case .closure(let closure, let role)? = frames.last
        else { return .visitChildren }
        switch role {
        case .view(.taskModifier):
            facts.optionalTries.append(OptionalTrySite(node: node, closure: closure, role: role, scope: scope))
        case .taskBody(let index) where facts.tasks[index].role != nil && !facts.tasks[index].detached:
            // Nobody can cancel a task whose handle is dropped: its `try?` swallows nothing
            // (task-never-cancelled already speaks for it).
            let site = facts.tasks[index]
            switch site.use {
            case .discarded: break
            case .local(let name) where LocalHandleUse(of: name, declaredAround: site.call) == .unused: break
            default:
                facts.optionalTries.append(OptionalTrySite(node: node, closure: closure, role: role, scope: scope))
            }
        default:
            break
        }
        return .visitChildren
    }

    // MARK: Tokens: cancels, result reads, scene phase, comments

    /// Names that show the type follows the scene phase (SwiftUI's, or UIKit's notifications).
    private static let scenePhaseNames: Set<SyntaxText> = [
        "scenePhase", "ScenePhase", "willResignActiveNotification", "didEnterBackgroundNotification",
        "willEnterForegroundNotification", "didBecomeActiveNotification", "willResignActive", "didEnterBackground",
        "willEnterForeground", "didBecomeActive",
    ]
    /// The other identifiers ``noteIdentifier(_:text:)`` acts on.
    private static let notedIdentifiers: Set<SyntaxText> = ["cancel", "value", "result"]

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        // Compared in the tree's own bytes: making a `String` of every identifier was a tenth
        // of the walk.
        if token.rawTokenKind == .identifier,
            Self.notedIdentifiers.contains(token.rawText)
                || Self.scenePhaseNames.contains(token.rawText)
        {
            noteIdentifier(token, text: token.text)
        }
        if mayHaveDirectives {
            noteComments(in: token.leadingTrivia, from: token.position)
            noteComments(in: token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia)
        }
        return .skipChildren
    }

    // Runs for every identifier of a file: the scope (a walk of the frames) is looked up only
    // in the branches that record something.
    private func noteIdentifier(_ token: TokenSyntax, text: String) {
        switch text {
        case "cancel":
            guard let call = token.calledCall, call.isMemberCall else { return }
            let name = token.cancelledName
            let listed = name.map { Self.handlesListed(aroundCancelOf: $0, in: call) } ?? []
            let inDeinit = deinitDepth > 0
            update(self.scope) { facts in
                if let name { facts.cancelledNames.insert(name) }
                facts.cancelledNames.formUnion(listed)
                if inDeinit {
                    facts.deinitCancels = true
                    if let name { facts.deinitCancelledNames.insert(name) }
                }
            }
        case "value", "result":
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
                let name = member.base?.storedName
            else { return }
            update(self.scope) { $0.valueReadNames.insert(name) }
        default:
            if Self.scenePhaseNames.contains(token.rawText) {
                update(self.scope) { $0.mentionsScenePhase = true }
            }
        }
    }

    /// The handles cancelled through a list: `[a, b].forEach { $0?.cancel() }` or
    /// `for task in [a, b] { task?.cancel() }`, where `name` is `$0` or `task`.
    static func handlesListed(aroundCancelOf name: String, in call: FunctionCallExprSyntax) -> [String] {
        var list: ArrayExprSyntax?
        if let closure = call.ancestor(ClosureExprSyntax.self), let slot = closure.callSlot,
            slot.call.calleeName == "forEach",
            var base = slot.call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        {
            if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
            list = base.as(ArrayExprSyntax.self)
        } else if let loop = call.ancestor(ForStmtSyntax.self),
            loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        {
            list = loop.sequence.as(ArrayExprSyntax.self)
        }
        return list?.elements.compactMap { $0.expression.storedName } ?? []
    }

    private func noteComments(in trivia: Trivia, from start: AbsolutePosition) {
        var position = start
        for piece in trivia {
            defer { position = position.advanced(by: piece.sourceLength.utf8Length) }
            let text: String
            switch piece {
            case .lineComment(let comment), .blockComment(let comment): text = comment
            default: continue
            }
            guard let directive = Directive.parse(comment: text) else { continue }
            let line = converter.location(for: position).line
            facts.directives[line, default: []].append(contentsOf: directive)
        }
    }

    // MARK: Handles

    /// The `await`, `try` or parentheses written around `node`, if any.
    private static func transparentWrapper(around node: Syntax) -> Syntax? {
        guard let parent = node.parent else { return nil }
        if parent.is(AwaitExprSyntax.self) || parent.is(TryExprSyntax.self) { return parent }
        if parent.is(LabeledExprSyntax.self), let list = parent.parent?.as(LabeledExprListSyntax.self), list.count == 1,
            let tuple = list.parent, tuple.is(TupleExprSyntax.self)
        {
            return tuple
        }
        return nil
    }

    /// How the handle of the task started by `call` is used, from the code right around it.
    static func handleUse(of call: FunctionCallExprSyntax) -> HandleUse {
        var node = Syntax(call)
        // `await Task { }.value`, `(Task { })`: look through the wrappers.
        while let wrapper = transparentWrapper(around: node) { node = wrapper }
        guard let parent = node.parent else { return .handedOver }
        if let item = parent.as(CodeBlockItemSyntax.self) {
            // The only statement of a function with a result type returns it.
            if let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
                let function = list.parent?.parent?.as(FunctionDeclSyntax.self),
                function.signature.returnClause != nil
            {
                return .handedOver
            }
            return .discarded
        }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
            return ["value", "result"].contains(member.declName.baseName.text) ? .valueRead : .handedOver
        }
        if parent.is(ExprListSyntax.self), parent.parent?.is(SequenceExprSyntax.self) == true {
            guard let assignment = ExprSyntax(node)?.enclosingAssignment, assignment.value.id == node.id else {
                return .handedOver
            }
            if assignment.target.is(DiscardAssignmentExprSyntax.self) { return .discarded }
            if let name = assignment.target.storedName { return .stored(name) }
            return .handedOver
        }
        if let initializer = parent.as(InitializerClauseSyntax.self),
            let binding = initializer.parent?.as(PatternBindingSyntax.self)
        {
            if binding.pattern.is(WildcardPatternSyntax.self) { return .discarded }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                return .handedOver
            }
            let variable = binding.parent?.parent?.as(VariableDeclSyntax.self)
            let isProperty = variable?.parent?.is(MemberBlockItemSyntax.self) == true
            let isTopLevel = variable?.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
            return isProperty || isTopLevel ? .stored(name) : .local(name)
        }
        return .handedOver
    }
}
