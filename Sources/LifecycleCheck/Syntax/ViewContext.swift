import SwiftSyntax

/// The kind of view closure a piece of code runs in, as the rules judge it.
enum ViewRole: Equatable {
    /// A view event closure: `onAppear`, `onDisappear`, `onChange`, `onTapGesture`,
    /// `refreshable`, a sheet's `onDismiss` … (the name is the modifier's or the label's).
    case event(String)
    /// A `Button`'s action.
    case buttonAction
    /// `.task { }` (`withID` false) or `.task(id:) { }` (`withID` true): SwiftUI cancels it.
    case taskModifier(withID: Bool)
    /// A method, initializer or property of a type that is a `View` or `ViewModifier`.
    case viewMember

    /// How a message names the place: "`onAppear`", "a button action" …
    var phrase: String {
        switch self {
        case .event(let name): "`\(name)`"
        case .buttonAction: "a button action"
        case .taskModifier(let withID): withID ? "`.task(id:)`" : "`.task`"
        case .viewMember: "the view's code"
        }
    }
}

/// What a closure is, from where it is written.
enum ClosureRole: Equatable {
    /// A view closure (see ``ViewRole``).
    case view(ViewRole)
    /// The body of `Task { }`: the index of its ``TaskSite`` in ``FileFacts/tasks``.
    case taskBody(Int)
    /// Any other closure (`withAnimation`, `map`, a completion handler): it inherits the role
    /// of the code around it.
    case other

    /// SwiftUI's modifiers whose closure runs on a view event (the toast's live repro, T1 → T4).
    static let eventModifiers: Set<String> = [
        "onAppear", "onDisappear", "onChange", "onReceive", "onTapGesture", "onLongPressGesture",
        "onSubmit", "onOpenURL", "onContinueUserActivity", "onHover", "onContinuousHover", "onDrop",
        "onDrag", "onPreferenceChange", "onKeyPress", "onEnded", "onChanged", "onDelete", "onMove",
        "onInsert", "onCommand", "onExitCommand", "onPlayPauseCommand", "onMoveCommand",
        "onDeleteCommand", "onPasteCommand", "onCopyCommand", "onCutCommand", "onScrollPhaseChange",
        "onScrollGeometryChange", "onScrollVisibilityChange", "onGeometryChange", "refreshable",
    ]
    /// Labels of a modifier's closure argument that runs on a view event (`.sheet(onDismiss:)`).
    static let eventLabels: Set<String> = ["onDismiss", "onCompletion"]

    /// The role of `closure`, from the call it is an argument of.
    static func of(_ closure: ClosureExprSyntax) -> ClosureRole {
        guard let slot = closure.callSlot, let name = slot.call.calleeName else { return .other }
        if slot.call.isMemberCall {
            // SwiftUI's `task(priority:_:)` and `task(id:priority:_:)`; other labels are another API's.
            if name == "task" {
                let labels = slot.call.arguments.compactMap { $0.label?.text }
                guard labels.allSatisfy({ $0 == "id" || $0 == "priority" }) else { return .other }
                return .view(.taskModifier(withID: labels.contains("id")))
            }
            // SwiftUI's `onChange` always names what it watches: `onChange(of:)`.
            if name == "onChange" && !slot.call.hasArgument(labelled: "of") { return .other }
            if eventModifiers.contains(name) { return .view(.event(name)) }
            if let label = slot.label, eventLabels.contains(label) { return .view(.event(label)) }
            return .other
        }
        if name == "Button" {
            let hasActionArgument = slot.call.hasArgument(labelled: "action")
            if slot.label == "action" || (slot.isFirstTrailing && !hasActionArgument) { return .view(.buttonAction) }
        }
        return .other
    }
}

/// How a started task's handle is used where the `Task { }` is written.
enum HandleUse: Equatable {
    /// Nobody keeps it: an expression statement, or `_ = Task { }`.
    case discarded
    /// Kept in a property or variable outside the closure: `name = Task { }`, `self.name = …`.
    case stored(String)
    /// Kept in a local constant: `let name = Task { }`.
    case local(String)
    /// `.value` or `.result` read at once.
    case valueRead
    /// Handed to someone else (an argument, a return value, another object's property): the
    /// checker cannot follow it.
    case handedOver
}

/// One `Task { }` (or `Task.detached { }`) in the file.
struct TaskSite {
    let call: FunctionCallExprSyntax
    let body: ClosureExprSyntax?
    let detached: Bool
    /// The view closure it is started in; `nil` outside any view code.
    let role: ViewRole?
    let use: HandleUse
    /// The type (or extension) it is written in; "" at the top level of the file.
    let scope: String
    /// The method it is written in, if any.
    let function: FunctionDeclSyntax?
}

/// A `try?` on an `await`, inside `.task { }` or the body of a task started in view code.
struct OptionalTrySite {
    let node: TryExprSyntax
    /// The `.task` closure or the task body it runs in.
    let closure: ClosureExprSyntax
}

/// A call on a named receiver with closures (`taskBag.add { … }`), kept until the file's
/// cancel-in-deinit holders are known.
struct ReceiverCall {
    let receiver: String
    let call: FunctionCallExprSyntax
    let scope: String
    /// The member declaration (method, property, initializer) the call is written in.
    let member: Syntax?
}

/// A variable's declared type or the type its initializer calls (`= TaskBag()`).
struct TypedName {
    let name: String
    let typeName: String
}

/// What the file declares in one type (merged over the type and its extensions in the file).
struct ScopeFacts {
    var isView = false
    /// Property and method names declared in the type's members.
    var members: Set<String> = []
    /// Stored properties whose type is an optional `Task`.
    var optionalTaskProperties: Set<String> = []
    /// Whether a stored property holds task handles (its type names `Task`: `Task<…>?`,
    /// `[Task<…>]`, `Set<Task<…>>` …).
    var storesTasks = false
    /// Whether a `deinit` calls `.cancel()` on anything.
    var deinitCancels = false
    /// Names whose `.cancel()` a `deinit` calls.
    var deinitCancelledNames: Set<String> = []
    /// Names whose `.cancel()` is called anywhere in the type.
    var cancelledNames: Set<String> = []
    /// Names whose `.value` or `.result` is read anywhere in the type.
    var valueReadNames: Set<String> = []
    /// Whether the type mentions the scene phase (`scenePhase`, `willResignActive` …).
    var mentionsScenePhase = false
    /// `onAppear` and `onDisappear` closures.
    var appearClosures: [(call: FunctionCallExprSyntax, closure: ClosureExprSyntax)] = []
    var disappearClosures: [ClosureExprSyntax] = []
}

/// Everything the rules need from one file, gathered in one walk.
struct FileFacts {
    var tasks: [TaskSite] = []
    var optionalTries: [OptionalTrySite] = []
    var receiverCalls: [ReceiverCall] = []
    var typedNames: [TypedName] = []
    /// By type name; "" is the file's top level (a fragment of a view).
    var scopes: [String: ScopeFacts] = [:]
    /// `// lifecycle: …` directives by 1-based line.
    var directives: [Int: [String]] = [:]
}
