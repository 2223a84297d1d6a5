extension ScenePhaseStrategyID {
    /// The SwiftUI each scene-phase strategy stands for (seed 003), key lines marked
    /// `// lab-code-key`; the app shows it beside the Swift that runs (``StrategyCode``).
    public var swiftUIShape: String {
        switch self {
        case .p1:
            """
            // Seed 003's starting point
            DetailView()
              .onAppear {  // lab-code-key
                load()
                pollingTask = Task {
                  while true {
                    try await poll()
                    try await Task.sleep(for: .seconds(1))
                  }
                }
                UIScreen.main.brightness = 1.0
              }
              .onDisappear {  // lab-code-key
                pollingTask?.cancel()
                UIScreen.main.brightness = saved
              }
            // Going to the background is no disappear.
            """
        case .p2:
            """
            // Seed 003: onActive, made suspend-safe (M6)
            DetailView()
              .onActive {  // lab-code-key
                load()
                pollingTask = Task {
                  while true {
                    try await poll()
                    try await Task.sleep(for: .seconds(1))
                  }
                }
                UIScreen.main.brightness = 1.0
              } onInactive: {  // lab-code-key
                pollingTask?.cancel()
                UIScreen.main.brightness = saved
              }
            // onActive: at appear and at every return
            // to .active; onInactive: at disappear and
            // at every suspend.
            """
        case .p3:
            """
            // Beyond the seeds: a task while .active (M7)
            @Environment(\\.scenePhase) var scenePhase

            DetailView()
              .task(id: scenePhase == .active) {  // lab-code-key
                guard scenePhase == .active else { return }  // lab-code-key
                load()
                UIScreen.main.brightness = 1.0
                defer { UIScreen.main.brightness = saved }
                try? await poll()
              }
            """
        case .p4:
            """
            // Seed 003's ScenePhaseReader, as written
            struct ScenePhaseReader: ViewModifier {
              @Environment(\\.scenePhase) var scenePhase
              @State private var isSuspended = false
              let onSuspend: () -> Void
              let onResume: () -> Void
              func body(content: Content) -> some View {
                content.onChange(of: scenePhase) { phase in
                  if phase == .active,
                     scenePhase == .inactive,  // lab-code-key
                     isSuspended {
                    isSuspended = false; onResume()
                  } else if phase != .active, !isSuspended {
                    isSuspended = true; onSuspend()
                  }
                }
              }
            }
            DetailView()
              .onAppear(perform: onActive)  // lab-code-key
              .onDisappear(perform: onInactive)  // lab-code-key
              .modifier(ScenePhaseReader(
                onSuspend: onInactive, onResume: onActive))
            """
        case .p5:
            """
            // Seed 003's 3-B: onActive before the view appears
            DetailView()
              .background(UIKitLifeCycleHandler(
                onWillAppear: onActive))  // lab-code-key
              .onDisappear(perform: onInactive)
              .modifier(ScenePhaseReader(
                onSuspend: onInactive, onResume: onActive))
            // UIKitLifeCycleHandler wraps a
            // UIViewController whose viewWillAppear
            // calls onWillAppear.
            """
        case .p6:
            """
            // Seed 003's P1 with Foundation's Timer
            @State private var timer: Timer?

            DetailView()
              .onAppear {
                load()
                timer = Timer.scheduledTimer(  // lab-code-key
                  withTimeInterval: 1, repeats: true
                ) { _ in poll() }
                UIScreen.main.brightness = 1.0
              }
              .onDisappear {
                UIScreen.main.brightness = saved
              }
            // Nothing calls timer?.invalidate(): the
            // run loop keeps the timer, after the view
            // is gone and in the background.
            """
        }
    }
}
