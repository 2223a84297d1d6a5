import LifecycleTasks

/// Seed 003's `ScenePhaseReader` and its `onActive(_:onInactive:)` extension exactly as the seed
/// writes them, built on the core's M1, M2 and M5 (P4), with variant 3-B's `willAppear` hook
/// (P5). The core's M6 (P2) is this reader made suspend-safe; the differences, which the P
/// repro shows side by side:
///
/// - `onActive` runs at every appear, also when the scene is not `.active` (M6: only in an
///   active scene, else at its first `.active`);
/// - it resumes only on `.inactive → .active` while suspended (the closure's `scenePhase` is
///   the old phase), so a return straight from `.background` to `.active` is missed; iOS always
///   passes `.inactive`, GTK need not (M6: any return to `.active`);
/// - closing the view while suspended calls `onInactive` a second time in a row (M6: never).
///
/// Its `isSuspended` and `isPresented` are the modifier's `@State`: one reader per view.
@MainActor
final class SeedScenePhaseReader {
    /// Where `onActive` runs at showing: seed 003's `.onAppear`, or 3-B's `viewWillAppear`.
    enum ActiveHook {
        case appear
        case willAppear
    }

    private var isSuspended = false
    private var isPresented = false

    /// Installs the seed's extension on `node`:
    /// `.onAppear(perform: onActive)` (3-B: `.background(UIKitLifeCycleHandler(onWillAppear: onActive))`),
    /// `.onDisappear(perform: onInactive)`, `.modifier(ScenePhaseReader(onSuspend: onInactive, onResume: onActive))`.
    /// The node keeps the reader.
    static func install(
        on node: LifecycleNode, hook: ActiveHook, onActive: @escaping @MainActor () -> Void,
        onInactive: @escaping @MainActor () -> Void
    ) {
        // lab-code: P4 P5 part 3
        let reader = SeedScenePhaseReader()
        switch hook {
        case .appear: node.onAppear(perform: onActive)  // lab-code-key: P4
        case .willAppear: node.onWillAppear(perform: onActive)  // lab-code-key: P5
        }
        node.onDisappear(perform: onInactive)  // lab-code-key
        reader.body(node, onSuspend: onInactive, onResume: onActive)
        // lab-code-end
    }

    /// The modifier's `body(content:)`.
    private func body(
        _ node: LifecycleNode, onSuspend: @escaping @MainActor () -> Void, onResume: @escaping @MainActor () -> Void
    ) {
        // lab-code: P4 P5 part 4
        node
            .onScenePhaseChange { old, new in
                // `scenePhase` inside the seed's `onChange` closure is still the old phase.
                guard self.isPresented else { return }
                switch new {
                case .active:
                    if old == .inactive && self.isSuspended {  // lab-code-key
                        self.isSuspended = false
                        onResume()
                    }
                case .inactive, .background:
                    if old == .active && !self.isSuspended {  // lab-code-key
                        self.isSuspended = true
                        onSuspend()
                    }
                }
            }
            .onAppear { self.isPresented = true }
            .onDisappear { self.isPresented = false }
        // lab-code-end
    }
}
