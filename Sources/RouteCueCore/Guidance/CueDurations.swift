/// The spoken length of each text: measured by synthesis (reported back through `GuidanceInput.rendered`), or
/// estimated until then from its length at espeak-ng's default rate (175 words/min ≈ 14.5 characters/s).
public struct CueDurations: Sendable, Equatable {
    private var measured: [String: Double] = [:]
    private var requested: Set<String> = []

    /// Seconds per character of the estimate (a little slower than espeak-ng, so estimates err early).
    public static let secondsPerCharacter = 0.075
    /// Fixed part of the estimate (start and end of an utterance).
    public static let baseSeconds = 0.3

    /// An empty table.
    public init() {}

    /// The duration of `text`: measured if known, else estimated.
    public func seconds(_ text: String) -> Double {
        measured[text] ?? (Self.baseSeconds + Self.secondsPerCharacter * Double(text.count))
    }

    /// Whether `text` has been measured.
    public func isMeasured(_ text: String) -> Bool { measured[text] != nil }

    /// Records a measured duration.
    public mutating func record(_ text: String, seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        if measured.count > 4096 { measured.removeAll(keepingCapacity: true) }
        measured[text] = seconds
    }

    /// True the first time a text is seen unmeasured: the caller asks for it to be rendered.
    public mutating func needsRendering(_ text: String) -> Bool {
        guard measured[text] == nil else { return false }
        if requested.count > 4096 { requested.removeAll(keepingCapacity: true) }
        return requested.insert(text).inserted
    }
}
