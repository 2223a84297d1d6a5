/// The decisions behind M6 (seed 003's `ScenePhaseReader`), as a pure state machine.
///
/// `onActive` fires at appear when the scene is active and when the scene returns to
/// `.active`; `onInactive` at disappear and when the scene leaves `.active`, but only after an
/// `onActive`, so the two always alternate and nothing fires while the node is not appeared.
struct ActiveReaderMachine: Sendable, Equatable {
    enum Action: Sendable, Equatable {
        case fireActive
        case fireInactive
    }

    private(set) var isAppeared = false
    /// Whether the last callback was `onActive`.
    private(set) var isActiveFired = false

    mutating func appear(sceneActive: Bool) -> [Action] {
        guard !isAppeared else { preconditionFailure("ActiveReaderMachine: appear while already appeared") }
        precondition(!isActiveFired, "ActiveReaderMachine: onActive still standing from an earlier appearance")
        isAppeared = true
        return sceneActive ? fire(.fireActive) : []
    }

    mutating func disappear() -> [Action] {
        guard isAppeared else { preconditionFailure("ActiveReaderMachine: disappear while not appeared") }
        isAppeared = false
        return isActiveFired ? fire(.fireInactive) : []
    }

    mutating func phaseChanged(to phase: ScenePhase) -> [Action] {
        guard isAppeared else { return [] }
        switch (phase, isActiveFired) {
        case (.active, false): return fire(.fireActive)
        case (.inactive, true), (.background, true): return fire(.fireInactive)
        default: return []
        }
    }

    private mutating func fire(_ action: Action) -> [Action] {
        isActiveFired = action == .fireActive
        return [action]
    }
}
