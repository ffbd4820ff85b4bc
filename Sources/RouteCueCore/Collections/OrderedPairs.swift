/// Named values in the order they were added. The members of a JSON object and the attributes of an XML element
/// are a few each, but a document holds hundreds of thousands of them: up to `indexThreshold` pairs are found by a
/// linear scan of one plain array (no hash table to pay for), beyond it through an index by name, built once the
/// pairs outgrow the scan. So adding n pairs costs O(n) either way, never O(n²): a hostile element with 20,000
/// attributes or an object with 100,000 keys reads as fast per byte as a route.
struct OrderedPairs<Value: Sendable>: Sendable {
    /// Up to this many pairs, a lookup scans the array; beyond, the index answers.
    static var indexThreshold: Int { 16 }

    /// The pairs in the order they were added.
    private(set) var entries: [(name: String, value: Value)] = []
    /// Where each name is in `entries`, once there are more than `indexThreshold` pairs.
    private var index: [String: Int]?

    /// No pairs.
    init() {}

    /// Number of pairs.
    var count: Int { entries.count }

    /// True when there are no pairs.
    var isEmpty: Bool { entries.isEmpty }

    /// The position of `name` in `entries`, or nil.
    private func position(of name: String) -> Int? {
        if let index { return index[name] }
        return entries.firstIndex { $0.name == name }
    }

    /// The value named `name`, or nil. Setting replaces it in place, appends a new name, and removes it on nil
    /// (removing is linear in the count: nothing a reader does).
    subscript(name: String) -> Value? {
        get { position(of: name).map { entries[$0].value } }
        set {
            switch (position(of: name), newValue) {
            case (let i?, let v?):
                entries[i].value = v
            case (nil, let v?):
                entries.append((name, v))
                if index != nil {
                    index![name] = entries.count - 1
                } else if entries.count > Self.indexThreshold {
                    buildIndex()
                }
            case (let i?, nil):
                entries.remove(at: i)
                index = nil
                if entries.count > Self.indexThreshold { buildIndex() }
            case (nil, nil):
                break
            }
        }
    }

    private mutating func buildIndex() {
        var built: [String: Int] = [:]
        built.reserveCapacity(entries.count * 2)
        for (i, entry) in entries.enumerated() { built[entry.name] = i }
        index = built
    }
}
