/// The log's ring of events, in memory it manages itself: once full, an append is one store
/// over the oldest event, with none of an array's uniqueness and bounds checks. It grows by
/// doubling up to `limit`, so a big limit costs memory only once the events are there.
final class EventRing {
    private var base: UnsafeMutablePointer<LifecycleEvent>
    private var capacity: Int
    private var count = 0
    /// The oldest event once full (`count == limit`); the next one is written there.
    private var head = 0
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
        capacity = min(limit, 256)
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    func append(_ event: consuming LifecycleEvent) {
        if count == limit {
            (base + head).pointee = event
            head += 1
            if head == limit { head = 0 }
            return
        }
        if count == capacity { grow() }
        (base + count).initialize(to: event)
        count += 1
    }

    @inline(never)
    private func grow() {
        let larger = min(capacity * 2, limit)
        let moved = UnsafeMutablePointer<LifecycleEvent>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// The kept events, oldest first.
    var inOrder: [LifecycleEvent] {
        let all = UnsafeBufferPointer(start: base, count: count)
        if count < limit || head == 0 { return Array(all) }
        return Array(all[head...]) + Array(all[..<head])
    }
}
