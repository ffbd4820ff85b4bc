import EventLoopKit

/// Which text in which settings a piece of speech is: the key of `SpeechCache`.
public struct SpeechCacheKey: Sendable, Hashable {
    /// The text as given to the synthesis.
    public let text: String
    /// The settings it was synthesized with (markup included).
    public let settings: VoiceSettings

    /// Creates a key.
    public init(text: String, settings: VoiceSettings) {
        self.text = text
        self.settings = settings
    }

    /// Bytes counted for the key itself: its text and a fixed share for the settings and the table entry.
    var byteCount: Int { text.utf8.count + settings.voice.utf8.count + (settings.variant?.utf8.count ?? 0) + 96 }
}

/// Counters of a `SpeechCache`.
public struct SpeechCacheStatistics: Sendable, Equatable, CustomStringConvertible {
    /// `speech(for:settings:)` calls answered from the cache.
    public var hits = 0
    /// `speech(for:settings:)` calls that found nothing.
    public var misses = 0
    /// Entries removed to make room (least recently used first).
    public var evictions = 0
    /// Entries stored by `insert`.
    public var insertions = 0
    /// `insert` calls refused because the speech alone is larger than the bound.
    public var rejections = 0
    /// Entries removed by `removeUnused` (not used since a mark, and not kept).
    public var removedUnused = 0

    /// e.g. `hits 3, misses 1, evictions 2, insertions 5, rejections 0, unused removed 1`.
    public var description: String {
        "hits \(hits), misses \(misses), evictions \(evictions), insertions \(insertions), rejections \(rejections), "
            + "unused removed \(removedUnused)"
    }
}

/// Pre-synthesized speech, keyed by text and settings, bounded in bytes (`SynthesizedSpeech.byteCount` plus
/// the key's), evicting the least recently used entry first. Safe from any thread (one lock inside).
public final class SpeechCache: Sendable {
    /// The bound: `bytesUsed` never exceeds it.
    public let maxBytes: Int
    private let state: LockedValue<SpeechCacheState>

    /// Creates an empty cache holding at most `maxBytes` bytes (negative counts as 0).
    public init(maxBytes: Int) {
        self.maxBytes = max(0, maxBytes)
        self.state = LockedValue(SpeechCacheState())
    }

    /// The bytes the cached entries count (speech and keys).
    public var bytesUsed: Int { state.withLock { $0.bytesUsed } }
    /// The number of cached entries.
    public var count: Int { state.withLock { $0.entries.count } }
    /// Hits, misses, evictions, insertions and rejections so far.
    public var statistics: SpeechCacheStatistics { state.withLock { $0.statistics } }

    /// The speech cached for `text` in `settings`, marked as just used; counts a hit or a miss.
    public func speech(for text: String, settings: VoiceSettings) -> SynthesizedSpeech? {
        let key = SpeechCacheKey(text: text, settings: settings)
        return state.withLock { state -> SynthesizedSpeech? in
            guard var entry = state.entries[key] else {
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            entry.lastUse = state.nextUse()
            state.entries[key] = entry
            return entry.speech
        }
    }

    /// True when `text` in `settings` is cached; neither counts nor marks a use.
    public func contains(_ text: String, settings: VoiceSettings) -> Bool {
        state.withLock { $0.entries[SpeechCacheKey(text: text, settings: settings)] != nil }
    }

    /// Stores `speech` for `text` in `settings` (replacing an older entry), evicting least recently used
    /// entries until it fits. Returns false, storing nothing, when the entry alone exceeds `maxBytes`.
    @discardableResult
    public func insert(_ speech: SynthesizedSpeech, for text: String, settings: VoiceSettings) -> Bool {
        let key = SpeechCacheKey(text: text, settings: settings)
        let cost = speech.byteCount + key.byteCount
        let bound = maxBytes
        return state.withLock { state -> Bool in
            if let old = state.entries.removeValue(forKey: key) { state.bytesUsed -= old.cost }
            guard cost <= bound else {
                state.statistics.rejections += 1
                return false
            }
            while state.bytesUsed + cost > bound, let oldest = state.leastRecentlyUsedKey() {
                if let evicted = state.entries.removeValue(forKey: oldest) { state.bytesUsed -= evicted.cost }
                state.statistics.evictions += 1
            }
            state.entries[key] = SpeechCacheEntry(speech: speech, cost: cost, lastUse: state.nextUse())
            state.bytesUsed += cost
            state.statistics.insertions += 1
            return true
        }
    }

    /// The use mark now: an entry stored or used after this call has a later mark than this one.
    public var useMark: UInt64 { state.withLock { $0.currentUse } }

    /// Removes every entry whose last store or use is at or before `mark` and that `keep` does not hold on to (each
    /// key is asked once, under the cache's lock: `keep` must be quick and must not call the cache). Returns how
    /// many were removed.
    @discardableResult
    public func removeUnused(since mark: UInt64, keeping keep: (SpeechCacheKey) -> Bool) -> Int {
        state.withLock { state -> Int in
            let stale = state.entries.filter { $0.value.lastUse <= mark && !keep($0.key) }
            for (key, entry) in stale {
                state.entries.removeValue(forKey: key)
                state.bytesUsed -= entry.cost
            }
            state.statistics.removedUnused += stale.count
            return stale.count
        }
    }

    /// Removes every entry (the counters stay).
    public func removeAll() {
        state.withLock { state in
            state.entries = [:]
            state.bytesUsed = 0
        }
    }
}

/// One cached speech with its counted size and the tick of its last use.
struct SpeechCacheEntry: Sendable {
    let speech: SynthesizedSpeech
    let cost: Int
    var lastUse: UInt64
}

/// A `SpeechCache`'s contents, under its lock.
struct SpeechCacheState: ~Copyable {
    var entries: [SpeechCacheKey: SpeechCacheEntry] = [:]
    var bytesUsed = 0
    var statistics = SpeechCacheStatistics()
    /// A counter ticking at every use: the entry with the smallest tick is the least recently used.
    private var useClock: UInt64 = 0

    /// The last use tick given out.
    var currentUse: UInt64 { useClock }

    /// The next use tick.
    mutating func nextUse() -> UInt64 {
        useClock += 1
        return useClock
    }

    /// The key used longest ago (a linear scan: a cue cache holds tens of entries).
    func leastRecentlyUsedKey() -> SpeechCacheKey? {
        entries.min { $0.value.lastUse < $1.value.lastUse }?.key
    }
}
