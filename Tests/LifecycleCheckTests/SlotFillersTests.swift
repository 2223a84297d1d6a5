import Testing

@testable import LifecycleCheck

/// The project-wide look at a one-slot holder's filling method (SPEC T7, seed 002's `TaskBag`):
/// `observationTask = Task { … }` with no cancel before it drops a task only if the method runs
/// again on the same holder, which the project's calls of it tell.
@Suite struct SlotFillersTests {
    static let key = SlotFillerKey(holder: "Observer", method: "start")

    /// The holder: fills its slot in `start()`, cancels it in `deinit`.
    static let holder = """
        final class Observer {
            private var task: Task<Void, Never>?
            func start() {
                task = Task { for await _ in ticks() { refresh() } }
            }
            deinit { task?.cancel() }
        }
        """

    /// An owner that makes its own holder in its initializer and starts it there, through a
    /// private method only that initializer calls.
    static let owner = """
        final class Controller {
            private let observer: Observer
            init() {
                self.observer = Observer()
                setUp()
            }
            private func setUp() {
                observer.start()
            }
        }
        """

    static func startedOnce(_ sources: [String]) -> Bool {
        SlotFillers.startedOnce([key], files: sources.map { SlotFillers.scan([key], in: $0) }).contains(key)
    }

    @Test("T7: a filler called once, from the initializer of an owner that makes the holder for itself, drops nothing")
    func calledOncePerHolder() {
        #expect(Self.startedOnce([Self.holder, Self.owner]))
        // Directly in the initializer, the holder made where it is declared.
        let inline = """
            final class Controller {
                let observer = Observer()
                init() { observer.start() }
            }
            """
        #expect(Self.startedOnce([Self.holder, inline]))
        // The holder's own initializer.
        let own = Self.holder.replacingOccurrences(of: "deinit {", with: "init() { start() }\n    deinit {")
        #expect(Self.startedOnce([own]))
    }

    @Test("T7: a filler that can run again on the same holder keeps the warning")
    func calledAgain() {
        // Called nowhere in sight (a protocol, a selector, another module): unknown.
        #expect(!Self.startedOnce([Self.holder]))
        // A second call anywhere, on any receiver.
        let again = Self.owner.replacingOccurrences(
            of: "    private func setUp", with: "    func refresh() { observer.start() }\n    private func setUp")
        #expect(!Self.startedOnce([Self.holder, again]))
        // From a method people call (not private), or a private one called twice.
        let publicSetUp = Self.owner.replacingOccurrences(of: "private func setUp", with: "func setUp")
        #expect(!Self.startedOnce([Self.holder, publicSetUp]))
        let twice = Self.owner.replacingOccurrences(of: "setUp()\n", with: "setUp()\n        setUp()\n")
        #expect(!Self.startedOnce([Self.holder, twice]))
        // In a loop or a closure of the initializer.
        let looped = Self.owner.replacingOccurrences(of: "setUp()\n", with: "for _ in 0..<2 { setUp() }\n")
        #expect(!Self.startedOnce([Self.holder, looped]))
        let later = Self.owner.replacingOccurrences(of: "observer.start()", with: "onReady = { self.observer.start() }")
        #expect(!Self.startedOnce([Self.holder, later]))
        // Handed on rather than called.
        let handed = Self.owner.replacingOccurrences(of: "observer.start()", with: "run(observer.start)")
        #expect(!Self.startedOnce([Self.holder, handed]))
    }

    @Test("T7: an owner that does not make the holder for itself may share it: the warning stays")
    func sharedHolder() {
        // Handed in: another owner may start the same holder.
        let handedIn = Self.owner.replacingOccurrences(of: "init() {", with: "init(observer: Observer) {")
            .replacingOccurrences(of: "self.observer = Observer()", with: "self.observer = observer")
        #expect(!Self.startedOnce([Self.holder, handedIn]))
        // A variable: it may hold another holder later.
        let variable = Self.owner.replacingOccurrences(of: "private let observer", with: "private var observer")
        #expect(!Self.startedOnce([Self.holder, variable]))
        // Another type's initializer calling `start()` on itself is not the holder's.
        let otherType = """
            final class Other {
                init() { start() }
                func start() {}
            }
            """
        #expect(!Self.startedOnce([Self.holder, otherType]))
        // A file that could not be read may call it.
        #expect(
            !SlotFillers.startedOnce(
                [Self.key],
                files: [
                    SlotFillers.scan([Self.key], in: Self.holder), SlotFillers.scan([Self.key], in: Self.owner),
                    .unread([Self.key]),
                ]
            ).contains(Self.key))
    }

    @Test("T7: an owner's call that may run again, or a holder that may be another's, keeps the warning")
    func notOncePerHolder() {
        // Made in one branch, handed in in the other.
        let branch = Self.owner.replacingOccurrences(
            of: "self.observer = Observer()",
            with: "if let other { self.observer = other.observer } else { self.observer = Observer() }"
        ).replacingOccurrences(of: "init() {", with: "init(other: Controller?) {")
        #expect(!Self.startedOnce([Self.holder, branch]))
        // A parameter of the same name is what the call starts.
        let shadowed = """
            final class Controller {
                private let observer: Observer
                init(observer: Observer) {
                    self.observer = Observer()
                    observer.start()
                }
            }
            """
        #expect(!Self.startedOnce([Self.holder, shadowed]))
        // A shared holder of the type, not one made for this owner.
        let shared = """
            final class Controller {
                static let observer = Observer()
                let observer: Observer
                init(observer: Observer) {
                    self.observer = observer
                    self.observer.start()
                }
            }
            """
        #expect(!Self.startedOnce([Self.holder, shared]))
        // A call in a branch, a `defer` or a property observer of the initializer.
        for wrapped in ["if ready { observer.start() }", "defer { observer.start() }"] {
            let owner = Self.owner.replacingOccurrences(of: "        observer.start()", with: "        \(wrapped)")
            #expect(!Self.startedOnce([Self.holder, owner]), "\(wrapped)")
        }
        // A task of the initializer runs once: its call counts once.
        let inTask = Self.owner.replacingOccurrences(
            of: "        observer.start()", with: "        Task { observer.start() }")
        #expect(Self.startedOnce([Self.holder, inTask]))
        // Made after the call.
        let late = """
            final class Controller {
                private let observer: Observer
                init() {
                    observer.start()
                    self.observer = Observer()
                }
            }
            """
        #expect(!Self.startedOnce([Self.holder, late]))
    }

    @Test(
        "T7: a filler some caller out of sight may run (a framework's, a subclass's, another module's), or a slot filled elsewhere too, keeps the warning alone"
    )
    func callersOutOfSight() {
        func key(_ source: String) -> SlotFillerKey? {
            Checker.checkInProject(source: source, path: "Observer.swift").fillsElsewhere.values.first
        }
        #expect(key(Self.holder) == Self.key)
        for (variant, replacement) in [
            ("public", Self.holder.replacingOccurrences(of: "    func start()", with: "    public func start()")),
            ("@objc", Self.holder.replacingOccurrences(of: "    func start()", with: "    @objc func start()")),
            (
                "a delegate",
                Self.holder.replacingOccurrences(
                    of: "class Observer {", with: "class Observer: NSObject, CLLocationManagerDelegate {")
            ),
            ("@objcMembers", "@objcMembers " + Self.holder),
            (
                "filled in init too",
                Self.holder.replacingOccurrences(of: "    deinit", with: "    init() { task = Task {} }\n    deinit")
            ),
            (
                "a slot others may fill",
                Self.holder.replacingOccurrences(of: "private var task", with: "var task")
            ),
        ] {
            #expect(key(replacement) == nil, "\(variant)")
            #expect(
                Checker.checkInProject(source: replacement, path: "Observer.swift").findings.count == 1, "\(variant)")
        }
        // An actor holds a slot the same way.
        #expect(key(Self.holder.replacingOccurrences(of: "final class Observer", with: "actor Observer")) == Self.key)
        // Protocols that call nothing leave it to the project.
        #expect(
            key(Self.holder.replacingOccurrences(of: "class Observer {", with: "class Observer: Sendable {"))
                == Self.key)
    }

    @Test("T7: the warning is marked as the project's to decide, and resolved by its calls")
    func resolvedByTheProject() {
        let check = Checker.checkInProject(source: Self.holder, path: "Observer.swift")
        #expect(check.findings.map(\.rule) == [.bagDropsHandle])
        #expect(check.fillsElsewhere == [0: Self.key])
        #expect(check.resolved(cannotThrow: [], mayThrow: [], startedOnce: [Self.key]).isEmpty)
        #expect(check.resolved(cannotThrow: [], mayThrow: [], startedOnce: []).count == 1)
        // Checked alone, the file keeps its warning.
        #expect(Checker.check(source: Self.holder, path: "Observer.swift").count == 1)
    }
}
