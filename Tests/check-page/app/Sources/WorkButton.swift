import SwiftUI

// Seed 001's button: each press starts work nobody cancels (SPEC B1).
struct WorkButton: View {
    var body: some View {
        Button("Action!") {
            Task { try await exec() }
        }
    }

    func exec() async throws {
        try await Task.sleep(for: .seconds(10))
    }
}
