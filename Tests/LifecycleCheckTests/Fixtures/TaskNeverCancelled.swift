// swift-format-ignore-file
// SPEC T1 and B1: unstructured tasks started in view code that nobody cancels, and that are a
// defect on their own: a stale timer that hides a later showing, a late pop of the navigation
// stack, a loop that never ends. Beside them, the shapes real apps use that run on on purpose
// or harmlessly: a request that must finish, a save and a dismiss, a one-shot load, a short
// cosmetic delay, a button guarded while it runs.
import SwiftUI

// Seed 000's toast: the timer starts when the toast appears and hides it; a second showing
// within 3 s is cut short by the first one's timer.
struct ToastHost: View {
    @State private var isPresented = false

    var body: some View {
        VStack {
            Button("Show") { isPresented = true }
            if isPresented {
                Text("Saved")
                    .onAppear {
                        Task {  // expect: task-never-cancelled
                            try await Task.sleep(for: .seconds(3))
                            withAnimation { isPresented = false }
                        }
                    }
            }
        }
    }
}

// A checkmark shown by a press and hidden 2 s later: a second press within 2 s loses its
// checkmark early.
struct CopyButton: View {
    @State private var didCopy = false
    let text: String

    var body: some View {
        Button(didCopy ? "Copied" : "Copy") { copy() }
    }

    private func copy() {
        Pasteboard.copy(text)
        didCopy = true
        Task {  // expect: task-never-cancelled
            try? await Task.sleep(nanoseconds: 2_000_000_000)
            didCopy = false
        }
    }
}

// A binding the view reads only as the trigger `onChange(of:)` watches: it draws from its own
// counter, so resetting the trigger late hides nothing (only the runs' overlap is a note).
struct Celebration: View {
    @Binding var fire: Bool
    @State private var bursts = 0

    var body: some View {
        Text("\(bursts)")
            .onChange(of: fire) { _, now in
                guard now else { return }
                bursts += 1
                Task {  // expect: task-outlives-view
                    try? await Task.sleep(for: .seconds(1))
                    fire = false
                }
            }
    }
}

// The same trigger, drawn too: the late reset hides a later celebration.
struct CelebrationBanner: View {
    @Binding var fire: Bool

    var body: some View {
        Text(fire ? "Hooray" : "")
            .onChange(of: fire) { _, now in
                guard now else { return }
                Task {  // expect: task-never-cancelled
                    try? await Task.sleep(for: .seconds(1))
                    fire = false
                }
            }
    }
}

// A banner whose parent shows it by a binding: the parent can show it again while the timer of
// the earlier showing waits.
struct SentBanner: View {
    @Binding var isShown: Bool

    var body: some View {
        Text("Sent").onAppear {
            Task {  // expect: task-never-cancelled
                try? await Task.sleep(for: .seconds(3))
                isShown = false
            }
        }
    }
}

// Polling that nothing stops: the loop outlives the view, forever.
struct LiveScore: View {
    @State private var score = 0
    let feed: ScoreFeed

    var body: some View {
        Text("\(score)")
            .onAppear {
                Task {  // expect: task-never-cancelled
                    while true {
                        score = await feed.latest()
                        try? await Task.sleep(for: .seconds(5))
                    }
                }
            }
    }
}

// A key-value-observing stream of a player: it ends only with the player, which it keeps alive.
struct PlayerStatus: View {
    @State private var isReady = false
    let item: PlayerItem

    var body: some View {
        Text(isReady ? "Ready" : "Loading").onAppear { observe() }
    }

    private func observe() {
        Task {  // expect: task-never-cancelled
            for await status in item.publisher(for: \.status).values {
                isReady = status == .readyToPlay
            }
        }
    }
}

// A late failure pops whatever screen is on top by then.
struct StatusDetail: View {
    @Environment(RouterPath.self) private var routerPath
    let model: StatusModel

    var body: some View {
        Text(model.text)
            .onAppear {
                Task {  // expect: task-never-cancelled
                    let found = await model.fetch()
                    if !found { routerPath.path.removeLast() }
                }
            }
    }
}

// Run on on purpose, or harmlessly: no finding of this rule.
struct ProfileActions: View {
    @Environment(\.dismiss) private var dismiss
    @State private var isSaving = false
    @State private var isProcessing = false
    @State private var scrollTarget: Int?
    @State private var note = ""
    @State private var copyState = CopyState.copy
    @StateObject private var model = ProfileModel()

    var body: some View {
        VStack {
            // A request that must finish when the menu closes.
            Button("Follow") { Task { await model.follow() } }
            // A save, then a flag and a dismiss: the save must finish; a late dismiss of a view
            // that is gone does nothing.
            Button("Save") {
                Task {
                    isSaving = true
                    await model.save(note)
                    isSaving = false
                    dismiss()
                }
            }
            // A press guarded while it runs: no second run can start.
            Button("Continue") {
                guard !isProcessing else { return }
                isProcessing = true
                Task {
                    await model.proceed()
                    try? await Task.sleep(for: .seconds(1))
                    isProcessing = false
                }
            }
            .disabled(isProcessing)
            // Drawn clear while it shows "copied": SwiftUI gives no tap to a fully transparent
            // view, so no second press can come before the label turns back.
            ZStack {
                Button("Copy key") {
                    copyState = .copied
                    Task {
                        try await Task.sleep(for: .seconds(10))
                        copyState = .copy
                    }
                }
                .opacity(copyState == .copy ? 1 : 0)
                Text("Copied").opacity(copyState == .copied ? 1 : 0)
            }
            // Half clear is still pressed: the first press's sleep turns a later "copied" back.
            Button(copyState == .copied ? "Copied" : "Copy note") {
                copyState = .copied
                Task {  // expect: task-never-cancelled
                    try await Task.sleep(for: .seconds(10))
                    copyState = .copy
                }
            }
            .opacity(copyState == .copied ? 0.5 : 1)
            // Marked: it must finish.
            Button("Upload") {
                // lifecycle: must-finish
                Task { await model.upload() }
            }
        }
        // A short cosmetic delay: nothing a person can overtake.
        .onAppear {
            Task {  // expect: task-outlives-view
                try? await Task.sleep(for: .milliseconds(300))
                scrollTarget = 49
            }
        }
        // Detached on purpose, and a hop to the main actor that never waits.
        .onDisappear {
            Task.detached { await ProfileModel.flush() }
            Task { @MainActor in isSaving = false }
        }
    }
}

enum CopyState { case copy, copied }

// Not view code: a model's tasks have no view lifecycle to follow.
final class ProfileModel: ObservableObject {
    @Published var isShown = false

    func showBriefly() {
        isShown = true
        Task {
            try? await Task.sleep(for: .seconds(3))
            isShown = false
        }
    }

    func follow() async {}
    func save(_ note: String) async {}
    func proceed() async {}
    func upload() async {}
    static func flush() async {}
}
