/// The attributes of one XML element, in document order, as `OrderedPairs`: a GPX file's hundreds of
/// thousands of `trkpt`s each keep two small pairs instead of a hash table of their own, and a hostile element with
/// thousands of attributes is still read in linear time (an index past a few).
public struct XMLAttributes: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    private var pairs = OrderedPairs<String>()

    /// No attributes.
    public init() {}

    /// Attributes from literal pairs (later duplicates replace earlier ones).
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    /// Number of attributes.
    public var count: Int { pairs.count }

    /// True when the element has no attributes.
    public var isEmpty: Bool { pairs.isEmpty }

    /// The value of the attribute with this qualified name as written, or nil; setting nil removes it.
    public subscript(name: String) -> String? {
        get { pairs[name] }
        set { pairs[name] = newValue }
    }

    /// The pairs in document order.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> { pairs.entries.makeIterator() }

    /// Equal when the same names have the same values (order does not matter in XML).
    public static func == (lhs: XMLAttributes, rhs: XMLAttributes) -> Bool {
        lhs.count == rhs.count && lhs.pairs.entries.allSatisfy { rhs[$0.name] == $0.value }
    }
}
