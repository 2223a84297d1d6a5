import LifecycleCheckReport
import SwiftSyntax

/// A match before it becomes a ``Finding``: the rule, where, and the words for this place.
struct RawFinding {
    let rule: RuleID
    let position: AbsolutePosition
    /// The message for this place; `nil` takes the rule's own.
    var message: String? = nil
    /// The live repro when it depends on the place (a button action shows B1, not T1).
    var live: LiveRepro? = nil
    /// Functions declared in other files that decide the finding: it stands unless every one of
    /// them cannot throw (``Checker/FileCheck``).
    var calleesElsewhere: [String] = []
    /// A binding's late write that decides the finding: it stands only if something in the
    /// project gives the binding another value (``Checker/FileCheck``).
    var bindingWrite: BindingWriteKey? = nil
    /// A method filling a one-slot holder that decides the finding: it stands unless the project
    /// calls the method once per holder (``Checker/FileCheck``).
    var slotFiller: SlotFillerKey? = nil
    /// Why this place makes the warning a note, said after the message; `nil` keeps the rule's
    /// severity.
    var noteBecause: String? = nil
    /// The seeds' mechanical fix for this place, where one is safe (``TaskFixes``).
    var fix: RawFix? = nil
}

/// The file's facts and the questions every rule asks of them.
struct RuleContext {
    let facts: FileFacts
    let converter: Locations

    /// The 1-based line where `node` starts (after its leading trivia).
    func line(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    /// Whether the construct is marked `// lifecycle: must-finish` on its line or the line above (T8).
    func isMustFinish(_ node: some SyntaxProtocol) -> Bool {
        Directive.applies(Directive.mustFinish, toLine: line(of: node), in: facts.directives)
    }

    /// The facts of the type a construct is written in.
    func scope(_ name: String) -> ScopeFacts { facts.scopes[name] ?? ScopeFacts() }

    /// Whether nobody keeps the task's handle: dropped, or kept in a local nobody uses.
    func isUnkept(_ site: TaskSite) -> Bool {
        switch site.use {
        case .discarded: true
        case .local(let name): LocalHandleUse(of: name, declaredAround: site.call) == .unused
        case .stored, .valueRead, .handedOver: false
        }
    }

    /// The names a type cancels or invalidates where its view goes: in `onDisappear` (its
    /// closures, the method it performs, and the view's methods they call), or in `deinit`.
    func stoppedWhereTheViewGoes(in scopeName: String) -> Set<String> {
        let scope = self.scope(scopeName)
        var regions = scope.disappearClosures.map { Syntax($0.statements) }
        var pending = Array(scope.disappearPerformers)
        var followed: Set<String> = []
        for closure in scope.disappearClosures {
            pending += closure.statements.tokens(viewMode: .sourceAccurate).compactMap { token in
                token.calledCall != nil && token.isUnqualifiedOrSelfMember ? token.text : nil
            }
        }
        // The view's methods onDisappear reaches, two calls deep.
        for _ in 0..<2 {
            var next: [String] = []
            for name in pending where followed.insert(name).inserted {
                for method in scope.methods[name] ?? [] {
                    guard let body = method.body else { continue }
                    regions.append(Syntax(body.statements))
                    next += body.statements.tokens(viewMode: .sourceAccurate).compactMap { token in
                        token.calledCall != nil && token.isUnqualifiedOrSelfMember ? token.text : nil
                    }
                }
            }
            pending = next
        }
        var names = scope.deinitCancelledNames
        for region in regions {
            for token in region.tokens(viewMode: .sourceAccurate) {
                guard let name = token.stoppedName, let call = token.calledCall else { continue }
                names.insert(name)
                names.formUnion(ViewContextWalker.handlesListed(aroundCancelOf: name, in: call))
            }
        }
        return names
    }
}

extension TokenSyntax {
    /// The handle this token stops: `name` for `name?.cancel()`, `name.invalidate()`,
    /// `name.removeAll()` (a set of subscriptions); `$0` in `[a, b].forEach { $0?.cancel() }`,
    /// whose list ``ViewContextWalker/handlesListed(aroundCancelOf:in:)`` names.
    var stoppedName: String? {
        guard ["cancel", "invalidate", "removeAll"].contains(text), let call = calledCall,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        return member.base?.storedName
    }
}

/// How a local handle (`let task = Task { }`) is used after it is made.
enum LocalHandleUse {
    /// Never used after it is made: as good as discarded.
    case unused
    /// Its `.value` or `.result` is read.
    case valueRead
    /// Cancelled (by a timeout, a later event), passed on or kept somewhere the checker cannot
    /// follow.
    case kept

    /// The use of `name`, declared by the `let` around `call`, in the statements after it.
    init(of name: String, declaredAround call: FunctionCallExprSyntax) {
        self = .unused
        guard let item = call.ancestor(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else {
            self = .kept
            return
        }
        let start = item.endPosition
        for token in list.tokens(viewMode: .sourceAccurate) where token.position >= start && token.text == name {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self) {
                if member.declName.id == reference.id { continue }
                switch member.declName.baseName.text {
                case "value", "result":
                    self = .valueRead
                    continue
                default: break
                }
            }
            if self == .unused { self = .kept }
        }
    }
}
