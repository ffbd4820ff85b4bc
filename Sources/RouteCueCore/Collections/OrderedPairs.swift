/// Named values in the order they were added, found by a linear scan: one plain array, no hash table. The
/// members of a JSON object and the attributes of an XML element are a few each, but a document holds
/// hundreds of thousands of them, so hashing would cost far more memory than it saves time.
struct OrderedPairs<Value: Sendable>: Sendable {
    /// The pairs in the order they were added.
    private(set) var entries: [(name: String, value: Value)] = []

    /// No pairs.
    init() {}

    /// Number of pairs.
    var count: Int { entries.count }

    /// True when there are no pairs.
    var isEmpty: Bool { entries.isEmpty }

    /// The value named `name`, or nil. Setting replaces it in place, appends a new name, and removes it on nil.
    subscript(name: String) -> Value? {
        get {
            for entry in entries where entry.name == name { return entry.value }
            return nil
        }
        set {
            let i = entries.firstIndex { $0.name == name }
            switch (i, newValue) {
            case (let i?, let v?): entries[i].value = v
            case (nil, let v?): entries.append((name, v))
            case (let i?, nil): entries.remove(at: i)
            case (nil, nil): break
            }
        }
    }
}
