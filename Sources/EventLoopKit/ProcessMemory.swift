import CEventLoop

/// The process's heap.
public enum ProcessMemory {
    /// Hands the heap's free memory back to the system (`malloc_trim(0)`): after a large transient allocation (a
    /// route file's parse tree) a long-running process would otherwise keep its peak resident.
    @discardableResult
    public static func releaseFreeHeap() -> Bool { routecue_release_free_heap() == 1 }
}
