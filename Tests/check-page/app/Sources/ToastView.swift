import SwiftUI

// Seed 000's toast, as the seed first writes it: the timer's task is never cancelled (SPEC T1).
struct ToastView: View {
    @Binding var isPresented: Bool

    var body: some View {
        Text("Saved to your library")
            .padding()
            .onAppear {
                Task {
                    try? await Task.sleep(for: .seconds(3))
                    isPresented = false
                }
            }
    }
}
