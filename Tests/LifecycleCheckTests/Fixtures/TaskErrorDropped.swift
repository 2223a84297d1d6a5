// swift-format-ignore-file
// SPEC B1 (seed 001): a throwing task's error vanishes unless a catch or a reader takes it.
import SwiftUI

struct ActionPanel: View {
    @State private var running: Task<Void, Error>?
    @State private var checked: Task<Void, Error>?
    @State private var message = ""
    @ObservedObject var selection: Selection
    private let unreadTimer = Timer.publish(every: 30, on: .main, in: .common).autoconnect()

    var body: some View {
        VStack {
            Button("Run") {
                Task {
                    try await exec()  // expect: task-error-dropped
                }
            }
            Button("Run, kept") {
                running?.cancel()
                running = Task {
                    try await exec()  // expect: task-error-dropped
                }
            }
            Button("Run, caught") {
                running?.cancel()
                running = Task {
                    do {
                        try await exec()
                    } catch {
                        message = "failed"
                    }
                }
            }
            Button("Run, only cancellation caught") {
                running?.cancel()
                running = Task {
                    do {
                        try await exec()  // expect: task-error-dropped
                    } catch is CancellationError {
                        message = "cancelled"
                    }
                }
            }
            Button("Run, errors ignored on purpose") {
                running?.cancel()
                running = Task {
                    try? await exec()
                }
            }
            Button("Run, result read") {
                checked?.cancel()
                checked = Task { try await exec() }
            }
            Button("Run, detached") {
                Task.detached { try await Self.save() }
            }
            Button("Run, must finish") {
                Task { try await Self.save() }  // lifecycle: must-finish
            }
            // A chore at background priority: nobody waits to hear of its failure.
            Button("Tidy") {
                Task(priority: .background) { try await Self.save() }
            }
            // A wait that throws only when cancelled, in a task nobody cancels.
            Button("Flash") {
                Task {
                    try await Task.sleep(for: .seconds(1))
                    message = ""
                }
            }
            // Declared throwing for a protocol; nothing in it throws.
            Button("Mark read") { Task { try await markRead() } }
            // Declared throwing, but its own catch-all takes every throw in it.
            Button("Open") { Task { try await open(named: "notes") } }
            // A method that shows the person its failures itself, then rethrows for callers that care.
            Button("New folder") { Task { try await createFolder(at: "/tmp") } }
            // One that only logs them: the person hears nothing.
            Button("Archive") {
                Task {
                    try await archive()  // expect: task-error-dropped
                }
            }
            // The app's `persist()` cannot throw, so the `try` is on the store's own, which can.
            Button("Persist") {
                Task {
                    try await Store.shared.persist()  // expect: task-error-dropped
                }
            }
            // Shown and rethrown only for a URLError: every other failure goes unseen.
            Button("Publish") {
                Task {
                    try await publish()  // expect: task-error-dropped
                }
            }
            // `as NSError` catches every error on Apple's platforms.
            Button("Forward") {
                Task {
                    do {
                        try await exec()
                    } catch let error as NSError {
                        message = error.localizedDescription
                    }
                }
            }
            // Chores no person started: a timer's tick, the app coming back; the next one retries.
            Text("Unread")
                .onReceive(unreadTimer) { _ in
                    Task { try await Store.shared.refreshUnread() }  // expect: task-outlives-view
                }
                .onReceive(Timer.publish(every: 60, on: .main, in: .common).autoconnect()) { _ in
                    Task { try await Store.shared.refreshUnread() }  // expect: task-outlives-view
                }
                .onReceive(NotificationCenter.default.publisher(for: .appWillEnterForeground)) { _ in
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                        Task { try await Store.shared.refreshUnread() }  // expect: task-outlives-view
                    }
                }
            #if DEBUG
            // Only in debug builds: nobody who runs the app can press it.
            Button("Reset (debug)") {
                Task {
                    try await exec()  // expect: task-error-dropped (note)
                }
            }
            #else
            Button("Reset") {
                Task {
                    try await exec()  // expect: task-error-dropped
                }
            }
            #endif
            // A method that shows its work's failures itself; only a guard's precondition throws out.
            Button("Pull") { Task { try await pull(from: URL(string: "origin")!) } }
            // The same, its work inside a wrapper's closure that catches and shows.
            Button("Push") { Task { try await push() } }
            // A precondition, and work outside any `do`: that work's failure goes unseen.
            Button("Fetch") {
                Task {
                    try await fetchRemote()  // expect: task-error-dropped
                }
            }
            // The wrapper's closure catches only to hand the error on to whoever awaits it.
            Button("Mirror") {
                Task {
                    try await mirror()  // expect: task-error-dropped
                }
            }
            // A built argument does not hide a throwing callee: the store's `load(from:)` may throw.
            Button("Load") {
                Task {
                    try await Store.shared.load(from: URL(string: "file:///notes")!)  // expect: task-error-dropped
                }
            }
            // A value the person chose, as `onChange` is: its failure is theirs to hear of.
            Text("Selection")
                .onReceive(selection.$current) { _ in
                    Task {  // expect: task-outlives-view
                        try await exec()  // expect: task-error-dropped
                    }
                }
            Text("Stream")
                .onAppear {
                    running = Task {
                        for try await line in lines() {  // expect: task-error-dropped
                            message = line
                        }
                    }
                }
                .onDisappear {
                    running?.cancel()
                }
        }
    }

    private func report() async {
        if case .failure(let error) = await checked?.result {
            message = "\(error)"
        }
    }

    private func lines() -> AsyncThrowingStream<String, Error> { AsyncThrowingStream { $0.finish() } }
    private func exec() async throws { try await Server.shared.run() }
    private func markRead() async throws { message = "read" }
    private func createFolder(at path: String, named name: String = "New Folder") async throws {
        do {
            try await Server.shared.makeFolder(path + "/" + name)
        } catch {
            message = error.localizedDescription
            throw error
        }
    }
    private func open(named name: String) async throws {
        do {
            guard !name.isEmpty else { throw CancellationError() }
            try await Server.shared.open(name)
        } catch {
            message = error.localizedDescription
        }
    }
    private func pull(from remote: URL) async throws {
        guard let provider = Server.shared.git else { throw CancellationError() }
        do {
            try await provider.pull(remote)
        } catch {
            message = error.localizedDescription
        }
    }
    private func push() async throws {
        guard let provider = Server.shared.git else { throw CancellationError() }
        try await Server.shared.withProgress(title: "Pushing") {
            do {
                try await provider.push()
            } catch {
                message = error.localizedDescription
            }
        }
    }
    private func fetchRemote() async throws {
        guard let provider = Server.shared.git else { throw CancellationError() }
        try await provider.fetch()
        do {
            try await provider.pull(nil)
        } catch {
            message = error.localizedDescription
        }
    }
    private func mirror() async throws {
        guard let provider = Server.shared.git else { throw CancellationError() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            do {
                try provider.mirrorNow()
                continuation.resume()
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
    private func persist() { message = "" }
    private func publish() async throws {
        let body = try JSONEncoder().encode(message)
        do {
            try await Server.shared.post(body)
        } catch let error as URLError {
            message = error.localizedDescription
            throw error
        }
    }
    private func archive() async throws {
        do {
            try await Server.shared.archive()
        } catch {
            logger.error("archive failed: \(String(describing: error))")
            throw error
        }
    }
    private static func save() async throws { try await Store.shared.save() }
}

// A task started in a view's helper, a `didSet` or a binding's setter: the trigger is not in the
// task's closure. It is a warning when something shows a person waits (a control runs the helper,
// a view event calls it, or the task changes what the screen shows); else a chore nobody asked
// for (a refresh after a payment, a lookup after a save), and its dropped error is a note.
struct WalletPanel: View {
    @Environment(\.dismiss) private var dismiss
    @State private var balance = 0
    @State private var sent = false {
        didSet {
            Task { try await Wallet.shared.refresh() }  // expect: task-error-dropped (note)
        }
    }
    let rows: [String]

    var body: some View {
        VStack {
            Button("Send", action: send)
            Menu {
                Button("Copy") { copy() }
            } label: {
                Text("More")
            } primaryAction: {
                Task { try await exec() }  // expect: task-error-dropped
            }
            ForEach(rows, id: \.self) { row in
                WalletRow(title: row, onTap: select)
            }
            Text("Balance")
                .onTapGesture { reload() }
            Toggle(
                "Notify",
                isOn: .init(
                    get: { sent },
                    set: { _ in
                        Task { try await Wallet.shared.refresh() }  // expect: task-error-dropped (note)
                    }))
        }
    }

    private func send() {
        Task { try await exec() }  // expect: task-error-dropped
    }

    private func select(_ row: String) {
        Task { try await Wallet.shared.open(row) }  // expect: task-error-dropped
    }

    private func reload() {
        Task { try await Wallet.shared.refresh() }  // expect: task-error-dropped
    }

    private func copy() {
        saved()
    }

    /// Called only from another helper: nothing in sight says who waits.
    private func saved() {
        Task { try await Wallet.shared.lookUpZapper() }  // expect: task-error-dropped (note)
        Task {
            balance = try await Wallet.shared.balance()  // expect: task-error-dropped
        }
        Task {
            try await Wallet.shared.close()  // expect: task-error-dropped
            dismiss()
        }
    }

    private func exec() async throws { try await Wallet.shared.send() }
}
