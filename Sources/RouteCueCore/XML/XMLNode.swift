/// One child of an XML element: an element or a run of character data (text and CDATA content merged).
public enum XMLNode: Sendable, Equatable {
    /// A child element.
    case element(XMLElement)
    /// Character data, with entities and character references resolved; CDATA content is included as is.
    case text(String)
}

/// An XML element as read by `XMLReader`: its names, attributes, children and the line of its start tag.
/// Namespace prefixes are kept in `name` and stripped in `localName`; URIs are not resolved.
///
/// Kept small, because a GPX track holds hundreds of thousands of them: the local name is derived from the
/// name when asked, and an element with no children or a single text child (`<ele>12.5</ele>`, most of
/// a GPX file) holds no array.
public struct XMLElement: Sendable, Equatable {
    /// What an element contains, stored without an array in the two common cases.
    private enum Content: Sendable, Equatable {
        case empty
        case text(String)
        case nodes([XMLNode])

        init(_ nodes: [XMLNode]) {
            switch nodes.count {
            case 0: self = .empty
            case 1: if case .text(let t) = nodes[0] { self = .text(t) } else { self = .nodes(nodes) }
            default: self = .nodes(nodes)
            }
        }
    }

    /// The qualified name as written, e.g. `gh:distance`.
    public var name: String
    /// Attribute values by qualified attribute name as written (entities resolved, whitespace normalized).
    public var attributes: XMLAttributes
    private var content: Content
    private var startLine: Int32

    /// Creates an element.
    public init(name: String, attributes: XMLAttributes = [:], children: [XMLNode] = [], line: Int = 1) {
        self.name = name
        self.attributes = attributes
        self.content = Content(children)
        self.startLine = Int32(clamping: line)
    }

    /// The name without its prefix, e.g. `distance`.
    public var localName: String { XMLElement.localPart(of: name) }

    /// The 1-based line of the start tag.
    public var line: Int {
        get { Int(startLine) }
        set { startLine = Int32(clamping: newValue) }
    }

    /// Child elements and text runs in document order. Whitespace-only text between child elements is dropped.
    public var children: [XMLNode] {
        get {
            switch content {
            case .empty: []
            case .text(let t): [.text(t)]
            case .nodes(let nodes): nodes
            }
        }
        set { content = Content(newValue) }
    }

    /// The part of a qualified name after its prefix (`gh:sign` → `sign`).
    static func localPart(of name: String) -> String {
        if let colon = name.firstIndex(of: ":") { return String(name[name.index(after: colon)...]) }
        return name
    }

    /// True when `name`'s local part is `localName`, without building a string.
    private static func hasLocalName(_ name: String, _ localName: String) -> Bool {
        guard let colon = name.firstIndex(of: ":") else { return name == localName }
        return name[name.index(after: colon)...] == localName
    }

    /// The value of an attribute by its qualified name, or else by its local name (`type` finds `om:type`).
    public func attribute(_ name: String) -> String? {
        if let v = attributes[name] { return v }
        for (key, value) in attributes where XMLElement.hasLocalName(key, name) { return value }
        return nil
    }

    /// The concatenated text of the direct text children.
    public var text: String {
        switch content {
        case .empty: return ""
        case .text(let t): return t
        case .nodes(let nodes):
            var out = ""
            for case .text(let t) in nodes { out += t }
            return out
        }
    }

    /// The direct child elements with this local name, in document order.
    public func elements(named localName: String) -> [XMLElement] {
        guard case .nodes(let nodes) = content else { return [] }
        var out: [XMLElement] = []
        for case .element(let e) in nodes where XMLElement.hasLocalName(e.name, localName) { out.append(e) }
        return out
    }

    /// The first direct child element with this local name.
    public func firstElement(named localName: String) -> XMLElement? {
        guard case .nodes(let nodes) = content else { return nil }
        for case .element(let e) in nodes where XMLElement.hasLocalName(e.name, localName) { return e }
        return nil
    }

    /// All direct child elements, in document order.
    public var childElements: [XMLElement] {
        guard case .nodes(let nodes) = content else { return [] }
        var out: [XMLElement] = []
        for case .element(let e) in nodes { out.append(e) }
        return out
    }
}
