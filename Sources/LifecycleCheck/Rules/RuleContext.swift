import SwiftSyntax

/// A match before it becomes a ``Finding``: the rule, where, and the words for this place.
struct RawFinding {
    let rule: RuleID
    let position: AbsolutePosition
    let message: String
    /// The live repro when it depends on the place (a button action shows B1, not T1).
    var live: LiveRepro? = nil
}

/// One rule, or a family of rules that share their search, over a file's ``FileFacts``.
protocol RuleFamily {
    /// The rules this family reports.
    static var rules: [RuleID] { get }
    /// Every match in the file.
    static func findings(in context: RuleContext) -> [RawFinding]
}

/// The file's facts and the questions every rule asks of them.
struct RuleContext {
    let facts: FileFacts
    let converter: SourceLocationConverter

    /// The 1-based line where `node` starts (after its leading trivia).
    func line(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    /// Whether the task is marked `// lifecycle: must-finish` on its line or the line above (T8).
    func isMustFinish(_ site: TaskSite) -> Bool {
        Directive.applies(Directive.mustFinish, toLine: line(of: site.call), in: facts.directives)
    }

    /// The facts of the type a construct is written in.
    func scope(_ name: String) -> ScopeFacts { facts.scopes[name] ?? ScopeFacts() }
}

/// How a local handle (`let task = Task { }`) is used after it is made.
enum LocalHandleUse {
    /// Never used, or only cancelled: as good as discarded.
    case unused
    /// Its `.value` or `.result` is read.
    case valueRead
    /// Passed on or kept somewhere the checker cannot follow.
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
                case "cancel": continue
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
