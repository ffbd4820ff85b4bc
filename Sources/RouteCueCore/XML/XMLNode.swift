/// One child of an XML element: an element or a run of character data (text and CDATA content merged).
public enum XMLNode: Sendable, Equatable {
    /// A child element.
    case element(XMLElement)
    /// Character data, with entities and character references resolved; CDATA content is included as is.
    case text(String)
}

/// An XML element as read by `XMLReader`: its names, attributes, children and the line of its start tag.
/// Namespace prefixes are kept in `name` and stripped in `localName`; URIs are not resolved.
public struct XMLElement: Sendable, Equatable {
    /// The qualified name as written, e.g. `gh:distance`.
    public var name: String
    /// The name without its prefix, e.g. `distance`.
    public var localName: String
    /// Attribute values by qualified attribute name as written (entities resolved, whitespace normalized).
    public var attributes: [String: String]
    /// Child elements and text runs in document order. Whitespace-only text between child elements is dropped.
    public var children: [XMLNode]
    /// The 1-based line of the start tag.
    public var line: Int

    /// Creates an element.
    public init(name: String, attributes: [String: String] = [:], children: [XMLNode] = [], line: Int = 1) {
        self.name = name
        self.localName = XMLElement.localPart(of: name)
        self.attributes = attributes
        self.children = children
        self.line = line
    }

    /// The part of a qualified name after its prefix (`gh:sign` → `sign`).
    static func localPart(of name: String) -> String {
        if let colon = name.firstIndex(of: ":") { return String(name[name.index(after: colon)...]) }
        return name
    }

    /// The value of an attribute by its qualified name, or else by its local name (`type` finds `om:type`).
    public func attribute(_ name: String) -> String? {
        if let v = attributes[name] { return v }
        for (key, value) in attributes where XMLElement.localPart(of: key) == name { return value }
        return nil
    }

    /// The concatenated text of the direct text children.
    public var text: String {
        var out = ""
        for case .text(let t) in children { out += t }
        return out
    }

    /// The direct child elements with this local name, in document order.
    public func elements(named localName: String) -> [XMLElement] {
        var out: [XMLElement] = []
        for case .element(let e) in children where e.localName == localName { out.append(e) }
        return out
    }

    /// The first direct child element with this local name.
    public func firstElement(named localName: String) -> XMLElement? {
        for case .element(let e) in children where e.localName == localName { return e }
        return nil
    }

    /// All direct child elements, in document order.
    public var childElements: [XMLElement] {
        var out: [XMLElement] = []
        for case .element(let e) in children { out.append(e) }
        return out
    }
}
