internal import Dispatch

/// "Is this code running on the main actor?" without crashing when it is not.
///
/// A thread check is not enough: under an async `main` (the test runner) `dispatch_main()`
/// retires the main thread and a worker thread drains the main queue, so the main actor moves
/// between threads. The main actor is the dispatch main queue on Linux (and under GLib, whose
/// bridge drains that queue), so a queue-specific value marks it wherever it runs.
enum MainQueueMark {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let installed: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    static func install() { _ = installed }
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == 1 }
}
