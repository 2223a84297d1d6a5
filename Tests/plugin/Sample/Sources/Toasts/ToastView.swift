#if canImport(SwiftUI)
    import SwiftUI
#endif

/// A toast that hides itself three seconds after it appears, written as the seed writes it
/// (SPEC T1): the timer is a `Task` nobody cancels, so a toast shown again within three seconds
/// is hidden early by the first one's timer.
struct ToastView: View {
    @Binding var isShown: Bool
    let message: String

    var body: some View {
        Text(message)
            .onAppear {
                Task {
                    try? await Task.sleep(for: .seconds(3))
                    isShown = false
                }
            }
    }
}
