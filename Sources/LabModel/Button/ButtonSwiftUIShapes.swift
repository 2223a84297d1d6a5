extension ButtonStrategyID {
    /// The SwiftUI each button strategy stands for (seed 001), key lines marked
    /// `// lab-code-key`; the app shows it beside the Swift that runs (``StrategyCode``).
    public var swiftUIShape: String {
        switch self {
        case .b1:
            """
            // Seed 001: a Task made on the spot
            Button("Action!") {
              Task {  // lab-code-key
                try await exec()  // lab-code-key
              }
            }
            """
        case .b2:
            """
            // Seed 001, way 1: keep the Task, cancel it
            @State private var currentTask: Task<(), Never>?

            Button("Action!") {
              currentTask?.cancel()  // lab-code-key
              currentTask = Task {
                do {
                  try await exec()
                } catch {
                  // report it
                }
              }
            }
            .onDisappear {
              currentTask?.cancel()  // lab-code-key
            }
            """
        case .b3:
            """
            // Seed 001, way 2: let .task(id:) cancel
            @State private var triggers: Bool?

            Button("Action!") {
              if triggers == nil {
                triggers = true
              } else {
                triggers?.toggle()  // lab-code-key
              }
            }
            .task(id: triggers) {  // lab-code-key
              guard triggers != nil else { return }  // lab-code-key
              do {
                try await exec()
              } catch {
                // report it
              }
            }
            """
        }
    }
}
