import SwiftSyntax

/// The kind of view closure a piece of code runs in, as the rules judge it.
enum ViewRole: Equatable {
    /// A view event closure: `onAppear`, `onDisappear`, `onChange`, `onTapGesture`,
    /// `refreshable`, a sheet's `onDismiss` … (the name is the modifier's or the label's).
    case event(String)
    /// A button's action: SwiftUI's `Button`, a custom `…Button`'s trailing closure, any
    /// `action:` closure, or a `Menu`'s `primaryAction:`.
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

    /// Labels of a control's closure that a press runs: `Button(action:)`, `Menu(primaryAction:)`.
    static let actionLabels: Set<String> = ["action", "primaryAction"]

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
            if let label = slot.label, actionLabels.contains(label) { return .view(.buttonAction) }
            return .other
        }
        // SwiftUI's `Button` and the custom buttons apps write (`PrimaryButton("Save") { … }`):
        // the action is the `action:` argument, else the first trailing closure.
        if let label = slot.label, actionLabels.contains(label) { return .view(.buttonAction) }
        if name.hasSuffix("Button"), name.first?.isUppercase == true, slot.isFirstTrailing,
            !slot.call.hasArgument(labelled: "action")
        {
            return .view(.buttonAction)
        }
        return .other
    }
}

/// How a started task's (or timer's) handle is used where it is made.
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
    /// The view closure it is written in (`onAppear { … }`), if it is written directly in one.
    let viewClosure: ClosureExprSyntax?
}

/// A repeating timer started in view code: `Timer.scheduledTimer(…, repeats: true)`, or a
/// `Timer.publish(every:)` subscription (`.autoconnect().sink { … }`).
struct TimerSite {
    /// The call that makes the timer (`Timer.scheduledTimer(…)`) or the subscription (`.sink(…)`).
    let call: FunctionCallExprSyntax
    /// What keeps it: a timer is stopped by `invalidate()`, a subscription by `cancel()`.
    let kind: Kind
    let role: ViewRole
    let use: HandleUse
    let scope: String
    /// The timer's own block, which may invalidate the timer itself.
    let block: ClosureExprSyntax?

    enum Kind: Equatable {
        /// A Foundation `Timer`, stopped with `invalidate()`.
        case timer
        /// A Combine subscription to `Timer.publish`, stopped with `cancel()` (or a set of them,
        /// `.store(in: &cancellables)`, emptied).
        case publisher
    }
}

/// A closure run later on the main queue (`DispatchQueue.main.asyncAfter(deadline:) { … }`),
/// scheduled in view code: a timer nobody can cancel.
struct DelaySite {
    /// The `asyncAfter` call, and its closure.
    let call: FunctionCallExprSyntax
    let body: ClosureExprSyntax
    /// What is added to `.now()` (`3`, `.seconds(3)`, `resetDelay`), if the deadline says.
    let delay: ExprSyntax?
    /// Where it is scheduled, as a task's site says it.
    let site: TaskSite
}

/// A `try?` on an `await`, inside `.task { }` or the body of a task started in view code.
struct OptionalTrySite {
    let node: TryExprSyntax
    /// The `.task` closure or the task body it runs in.
    let closure: ClosureExprSyntax
    /// The view closure the `.task` is (or the task was started in): its role.
    let role: ClosureRole
    /// The type it is written in; "" at the top level.
    let scope: String
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
    /// Computed properties by name, with their accessors: a trigger watching one
    /// (`.task(id: fetchKey)`) watches what the getter reads (``reads(ofComputed:)``). Read only
    /// when a trigger names one: `body` is a computed property as long as the view.
    var computedAccessors: [String: AccessorBlockSyntax] = [:]

    /// The names computed property `name`'s accessors read, unqualified or on `self`.
    func reads(ofComputed name: String) -> Set<String> {
        guard let accessors = computedAccessors[name] else { return [] }
        return Set(
            accessors.tokens(viewMode: .sourceAccurate).compactMap { token in
                if case .identifier(let read) = token.tokenKind, token.isUnqualifiedOrSelfMember { return read }
                return nil
            })
    }
    /// The type's methods by name, for following a call into its body.
    var methods: [String: [FunctionDeclSyntax]] = [:]
    /// The view's own state: properties wrapped in `@State`, `@Binding`, `@FocusState`,
    /// `@AppStorage`, `@SceneStorage` …; writing one after the view is gone changes nothing or,
    /// for a binding, its parent.
    var stateNames: Set<String> = []
    /// `@Binding` properties: their state belongs to a view that outlives this one.
    var bindingNames: Set<String> = []
    /// State that decides what the view shows: names in an `if` or `?:` condition, and bindings
    /// handed to `isPresented:` or `item:` (`.sheet(isPresented: $showing)`).
    var presenceNames: Set<String> = []
    /// Properties that hold an object (`@StateObject`, `@ObservedObject`, `@EnvironmentObject`,
    /// `@Environment(Store.self)`, `@Bindable`, an object in `@State`): not an input whose value
    /// a run depends on.
    var objectNames: Set<String> = []
    /// State properties that hold an object (`@State private var model = Store()`): a write to
    /// one of its properties is the object's, not the view's.
    var objectStateNames: Set<String> = []
    /// Environment actions that drive the UI, by property name: `dismiss` for
    /// `@Environment(\.dismiss) var dismiss`.
    var uiActions: [String: String] = [:]
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
    /// Methods handed to `onDisappear(perform:)` by name (`.onDisappear(perform: stop)`).
    var disappearPerformers: Set<String> = []
}

/// Everything the rules need from one file, gathered in one walk.
struct FileFacts {
    var tasks: [TaskSite] = []
    var timers: [TimerSite] = []
    var delays: [DelaySite] = []
    var optionalTries: [OptionalTrySite] = []
    var receiverCalls: [ReceiverCall] = []
    var typedNames: [TypedName] = []
    /// By type name; "" is the file's top level (a fragment of a view).
    var scopes: [String: ScopeFacts] = [:]
    /// Classes and actors the file declares: a property of one of these types holds an object.
    var classNames: Set<String> = []
    /// The file's functions that never wait (no `await` in their bodies): awaiting one does not
    /// suspend (`func filter() async -> [Theme]` that only computes).
    var instantFunctions: Set<String> = []
    /// `let NAME = 2.5` constants of the file (top level or `static`), by name: a delay written
    /// as a name (`.now() + resetDelay`) is known when the file says its value.
    var numberConstants: [String: Double] = [:]
    /// `// lifecycle: …` directives by 1-based line.
    var directives: [Int: [String]] = [:]
    /// Where the parser stopped building the tree because the code nests too deep, if it did.
    var nestingOverflow: AbsolutePosition?
}
