import CEventLoop

/// The process's heap.
public enum ProcessMemory {
    /// Hands the heap's free memory back to the system (`malloc_trim(0)`): after a large transient allocation (a
    /// route file's parse tree) a long-running process would otherwise keep its peak resident.
    @discardableResult
    public static func releaseFreeHeap() -> Bool { routecue_release_free_heap() == 1 }

    /// Lets every thread share one malloc arena (`mallopt(M_ARENA_MAX, 1)`) instead of one per thread: the daemon's
    /// threads (the loop, espeak-ng, ALSA, a gpsd connect) allocate little, and a separate arena each kept about 2 MB
    /// resident for the speech thread's freed buffers. Call before any thread starts.
    @discardableResult
    public static func useOneHeapArena() -> Bool { routecue_limit_heap_arenas(1) == 1 }
}
