extension ServerStrategyID {
    /// The SwiftUI the server strategy stands for (seed 004, the example of `task(id:)`'s
    /// documentation), key lines marked `// lab-code-key` (``StrategyCode``).
    public var swiftUIShape: String {
        switch self {
        case .i1:
            """
            // Seed 004: task(id:priority:_:)'s example
            Text(status ?? "Signed Out")
              .task(id: server) {  // lab-code-key
                let sequence = NotificationCenter.default
                  .notifications(named: .didChangeStatus,
                                 object: server)
                for try await notification in sequence {  // lab-code-key
                  status = notification
                    .userInfo["status"] as? String
                }
              }
            """
        }
    }
}
