#if canImport(Glibc)
internal import Glibc
#endif

/// Elapsed-time stamps for the clocks apps really use, read straight from the OS.
///
/// Every event and every task record is stamped, several times per show/hide. On Linux
/// `ContinuousClock.now` is `clock_gettime(CLOCK_BOOTTIME)` and `SuspendingClock.now` is
/// `clock_gettime(CLOCK_MONOTONIC)` (the runtime's `swift_get_time`); going through them adds
/// generic `Instant`/`Duration` arithmetic that costs as much as the clock read itself. Reading
/// the same OS clock and subtracting nanoseconds gives exactly the same durations. Other
/// clocks (a `TestClock`) and other systems keep the generic path (`nil`).
enum SystemElapsed {
    static func make(for clock: any Clock<Duration>) -> (@Sendable () -> Duration)? {
        #if os(Linux) && canImport(Glibc)
        let id: clockid_t
        if clock is ContinuousClock {
            id = CLOCK_BOOTTIME
        } else if clock is SuspendingClock {
            id = CLOCK_MONOTONIC
        } else {
            return nil
        }
        let start = nanoseconds(id)
        return { .nanoseconds(nanoseconds(id) &- start) }
        #else
        return nil
        #endif
    }

    #if os(Linux) && canImport(Glibc)
    private static func nanoseconds(_ id: clockid_t) -> Int64 {
        var spec = timespec()
        clock_gettime(id, &spec)
        return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
    }
    #endif
}
