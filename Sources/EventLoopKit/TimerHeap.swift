/// Pending timers as a binary min-heap on (due, id), so the loop finds the next due timer in O(1) and adds or
/// pops one in O(log n); actions live beside it by id, so a cancel is O(1) and works for a timer already popped
/// into the current batch (the batch asks for each action just before running it).
struct TimerHeap {
    private struct Entry {
        let due: UInt64
        let id: UInt64

        static func < (a: Entry, b: Entry) -> Bool { a.due != b.due ? a.due < b.due : a.id < b.id }
    }

    private var entries: [Entry] = []
    private var actions: [UInt64: @Sendable () -> Void] = [:]
    private var nextID: UInt64 = 1

    /// Adds a timer; returns its id (ids grow, so timers due at the same instant fire in the order they were set).
    mutating func add(due: UInt64, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        let id = nextID
        nextID += 1
        actions[id] = action
        entries.append(Entry(due: due, id: id))
        siftUp(entries.count - 1)
        if entries.count > 64 + 2 * actions.count { compact() }
        return id
    }

    /// Forgets timer `id` (popped or not).
    mutating func cancel(_ id: UInt64) {
        actions[id] = nil
    }

    /// Takes the action of timer `id` if it is still live (not cancelled, not run).
    mutating func take(_ id: UInt64) -> (@Sendable () -> Void)? {
        actions.removeValue(forKey: id)
    }

    /// The earliest due instant of a live timer (cancelled entries at the top are dropped on the way).
    mutating func nextDue() -> UInt64? {
        while let top = entries.first {
            if actions[top.id] != nil { return top.due }
            popTop()
        }
        return nil
    }

    /// Pops the ids of every live timer due at or before `instant`, in firing order.
    mutating func popDue(atOrBefore instant: UInt64) -> [UInt64] {
        var due: [UInt64] = []
        while let top = entries.first, top.due <= instant {
            popTop()
            if actions[top.id] != nil { due.append(top.id) }
        }
        return due
    }

    /// Pops the next live timer if it is due at or before `instant`: its id and due instant.
    mutating func popNext(atOrBefore instant: UInt64) -> (id: UInt64, due: UInt64)? {
        while let top = entries.first, top.due <= instant {
            popTop()
            if actions[top.id] != nil { return (top.id, top.due) }
        }
        return nil
    }

    /// Live timers.
    var count: Int { actions.count }

    /// Drops every timer.
    mutating func removeAll() {
        entries.removeAll()
        actions.removeAll()
    }

    /// Rebuilds the heap from its live entries: a timer re-armed on every fix leaves one cancelled entry each time,
    /// which would otherwise stay until its instant passed.
    private mutating func compact() {
        entries.removeAll { actions[$0.id] == nil }
        for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private mutating func popTop() {
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        entries[0] = last
        siftDown(0)
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child] < entries[parent] else { return }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, entries[left] < entries[smallest] { smallest = left }
            if right < entries.count, entries[right] < entries[smallest] { smallest = right }
            guard smallest != parent else { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
