import LifecycleCheckReport
import SwiftSyntax

/// `bag-drops-handle` (seed 002's `TaskBag` as written, T7): a one-slot holder that cancels its
/// task in `deinit` overwrites the handle without cancelling the task it held; that task can no
/// longer be cancelled, not even by `deinit`.
///
/// Not flagged: a cancel of the slot before the assignment (directly, or in a method of the
/// same type called first), a `guard slot == nil else { return }` (or `slot.isNil`) before it
/// or an `if slot == nil { … }` around it, and what runs once per object: a private method only
/// an initializer calls, a view controller's `viewDidLoad`, `loadView` or `awakeFromNib`, and,
/// judged with the project's other files (``SlotFillers``), a method called once, from the
/// initializer of the holder or of an owner that makes the holder for itself.
enum BagDropsHandle: CheckRule {
    static let description = RuleDescription(
        id: .bagDropsHandle, name: "Task holder drops a handle", severity: .warning,
        message: "a one-slot task holder overwrites its task handle without cancelling the task it held",
        why: "Seed 002's `TaskBag` as written (SPEC T7) keeps one `Task?` and cancels it in `deinit`; its `add` "
            + "assigns a new task over the old one. The task it replaced can no longer be cancelled, not even by "
            + "`deinit`, and runs on after the view is gone.",
        fix: "Cancel the old task before replacing it (`task?.cancel(); task = Task { … }`), or keep every task "
            + "(`tasks.append(…)`, and cancel them all in `deinit`).",
        spec: ["T7"], live: LiveRepro(page: "toast", strategy: "T7", fix: "T5"),
        triggeringExamples: [
            Example(
                """
                final class TaskBag {
                    private var task: Task<Void, Never>?
                    func add(_ operation: @escaping () async -> Void) {
                        ↓task = Task { await operation() }
                    }
                    deinit { task?.cancel() }
                }
                """)
        ],
        nonTriggeringExamples: [
            Example(
                """
                final class Poller {
                    private var task: Task<Void, Never>?
                    func start(_ operation: @escaping () async -> Void) {
                        guard task == nil else { return }
                        task = Task { await operation() }
                    }
                    func restart(_ operation: @escaping () async -> Void) {
                        stop()
                        task = Task { await operation() }
                    }
                    private func stop() {
                        task?.cancel()
                        task = nil
                    }
                    deinit { task?.cancel() }
                }
                """)
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        var findings: [RawFinding] = []
        for site in context.facts.tasks {
            guard case .stored(let name) = site.use, let function = site.function, let body = function.body else {
                continue
            }
            let scope = context.scope(site.scope)
            guard scope.optionalTaskProperties.contains(name), scope.deinitCancelledNames.contains(name),
                !isOnlyCalledFromInit(function), !isCalledOncePerObject(function)
            else { continue }
            let assignment = site.call.ancestor(SequenceExprSyntax.self, below: Syntax(body)).map { Syntax($0) }
            let position = (assignment ?? Syntax(site.call)).positionAfterSkippingLeadingTrivia
            guard !isReleasedBefore(name, in: body, before: position, scope: scope),
                !isInsideEmptyCheck(name, site.call, below: Syntax(body))
            else { continue }
            var finding = RawFinding(
                rule: .bagDropsHandle, position: position,
                message: "`\(name)` is overwritten without cancelling the task it held: that task can no longer "
                    + "be cancelled, not even by `deinit`")
            // Called again on the same holder, or not: the project's calls of the method tell.
            if let holder = soleFiller(function, of: name) {
                finding.slotFiller = SlotFillerKey(holder: holder, method: function.name.text)
            }
            findings.append(finding)
        }
        return findings
    }

    /// A private method that only an initializer calls, once, as a statement of its own, runs once
    /// per object: it fills the slot for the first time and drops nothing.
    private static func isOnlyCalledFromInit(_ function: FunctionDeclSyntax) -> Bool {
        guard let file = function.root.as(SourceFileSyntax.self) else { return false }
        return SlotFillers.initializer(onlyCalling: function, references: SlotFillers.References(file)) != nil
    }

    /// The holder's type, when whether `function` drops a task is the project's calls' to tell
    /// (``SlotFillers``): only this method fills the private slot `slot`, which starts empty, and
    /// nothing outside the project calls it (no framework override, delegate, `@objc` or
    /// `@IBAction` method, nothing `public`, `open` or `dynamic`, in a type that inherits from or
    /// conforms to nothing the check cannot see through).
    private static func soleFiller(_ function: FunctionDeclSyntax, of slot: String) -> String? {
        let outside: Set<String> = ["override", "public", "open", "dynamic"]
        guard !function.modifiers.contains(where: { outside.contains($0.name.text) }),
            function.attributes.wrapperNames.isDisjoint(with: ["objc", "IBAction", "IBSegueAction"]),
            let members = function.ancestor(MemberBlockSyntax.self), let type = members.parent,
            let holder = type.declaredTypeName, !type.is(ExtensionDeclSyntax.self),
            inheritsNothingOpaque(type),
            type.as(ClassDeclSyntax.self)?.attributes.wrapperNames.isDisjoint(with: ["objc", "objcMembers"]) ?? true
        else { return nil }
        // The slot: private, starting empty, and filled nowhere else in the file.
        var isPrivateAndEmpty = false
        for item in members.members {
            guard let variable = item.decl.as(VariableDeclSyntax.self),
                let binding = variable.bindings.first(where: {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == slot
                })
            else { continue }
            let value = binding.initializer?.value
            isPrivateAndEmpty =
                variable.modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
                && (value == nil || value?.is(NilLiteralExprSyntax.self) == true)
        }
        guard isPrivateAndEmpty else { return nil }
        let fills = function.root.tokens(viewMode: .sourceAccurate).filter { token in
            guard token.text == slot, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else {
                return false
            }
            let target =
                reference.parent?.as(MemberAccessExprSyntax.self).map { ExprSyntax($0) } ?? ExprSyntax(reference)
            guard let assignment = target.enclosingAssignment, assignment.target.id == target.id else { return false }
            return !assignment.value.is(NilLiteralExprSyntax.self)
        }
        return fills.count == 1 ? holder : nil
    }

    /// Whether the type declares no superclass or protocol whose callers the check cannot see:
    /// none at all, or only protocols that call nothing (`Sendable`, `ObservableObject`, …).
    private static func inheritsNothingOpaque(_ type: Syntax) -> Bool {
        let markers: Set<String> = ["Sendable", "ObservableObject", "Identifiable", "Equatable", "Hashable"]
        let inherited =
            type.as(ClassDeclSyntax.self)?.inheritanceClause ?? type.as(ActorDeclSyntax.self)?.inheritanceClause
            ?? type.as(StructDeclSyntax.self)?.inheritanceClause
        return inherited?.inheritedTypes.allSatisfy { markers.contains($0.type.trimmedDescription) } ?? true
    }

    /// Whether `call` is in the body of an `if` that finds the slot empty:
    /// `if needed, self.task == nil { task = Task { … } }` (or `task.isNil`).
    private static func isInsideEmptyCheck(_ name: String, _ call: FunctionCallExprSyntax, below limit: Syntax) -> Bool
    {
        var child = Syntax(call)
        var node = call.parent
        while let current = node, current.id != limit.id {
            if let check = current.as(IfExprSyntax.self), check.body.id == child.id,
                findsEmpty(name, check.conditions)
            {
                return true
            }
            child = current
            node = current.parent
        }
        return false
    }

    /// Whether conditions go on only when the slot is empty: `slot == nil`, `nil == slot` or a
    /// project's `slot.isNil` among them. `!= nil` and `isNotNil` find it full.
    private static func findsEmpty(_ name: String, _ conditions: ConditionElementListSyntax) -> Bool {
        let words = conditions.tokens(viewMode: .sourceAccurate).map(\.text)
        return words.indices.contains { index in
            words[index] == name
                && (words[index + 1..<min(index + 3, words.count)] == ["==", "nil"]
                    || words[index + 1..<min(index + 3, words.count)] == [".", "isNil"]
                    || words[max(0, index - 2)..<index] == ["nil", "=="])
        }
    }

    /// UIKit's and AppKit's overrides that run once in a controller's life.
    private static func isCalledOncePerObject(_ function: FunctionDeclSyntax) -> Bool {
        ["viewDidLoad", "loadView", "awakeFromNib"].contains(function.name.text)
            && function.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
    }

    /// Whether the slot is emptied before `position`: cancelled there or in a method of the
    /// type called there, or found empty by a `guard` (``findsEmpty(_:_:)``).
    private static func isReleasedBefore(
        _ name: String, in body: CodeBlockSyntax, before position: AbsolutePosition, scope: ScopeFacts
    ) -> Bool {
        for token in body.tokens(viewMode: .sourceAccurate) where token.position < position {
            if token.cancelledName == name { return true }
            if let guardStatement = token.parent?.as(GuardStmtSyntax.self), guardStatement.guardKeyword.id == token.id,
                findsEmpty(name, guardStatement.conditions)
            {
                return true
            }
            // A helper reached through a weak `self` runs when its closure does, after the fill.
            if token.calledCall != nil, token.isUnqualifiedOrSelfMember, !token.isWeakSelfMember,
                let methods = scope.methods[token.text],
                methods.contains(where: { method in
                    method.body?.tokens(viewMode: .sourceAccurate).contains { $0.cancelledName == name } == true
                })
            {
                return true
            }
        }
        return false
    }
}
