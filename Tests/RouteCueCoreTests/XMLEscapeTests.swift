import RouteCueCore
import XCTest

/// The one escape of every XML the project writes, checked by reading what it wrote back with the project's own
/// strict XML reader.
final class XMLEscapeTests: XCTestCase {
    func test_escapedText_readsBackAsWritten_inAnElementAndAnAttribute() throws {
        for text in ["Ring & Co <b>", "O'Brien \"Bridge\"", "</name><evil/>", "&amp; stays literal", "two\nlines\tand tab",
                     "Тверская улица", "尖沙咀", ""] {
            let xml = "<a v=\"\(XMLEscape.escaped(text))\" w='\(XMLEscape.escaped(text))'>\(XMLEscape.escaped(text))</a>"
            let element = try XMLReader.parse(xml)
            XCTAssertEqual(element.text, text, xml)
            XCTAssertEqual(element.attribute("v"), text, xml)
            XCTAssertEqual(element.attribute("w"), text, xml)
        }
    }

    func test_charactersXMLForbids_areLeftOut_andACarriageReturnIsKept() throws {
        XCTAssertEqual(XMLEscape.escaped("a\u{0}b\u{1B}c\u{FFFE}d\u{85}e\u{7F}f"), "abcd\u{85}ef")
        XCTAssertEqual(XMLEscape.escaped("a\rb"), "a&#13;b")
        XCTAssertEqual(try XMLReader.parse("<a>\(XMLEscape.escaped("a\rb"))</a>").text, "a\rb")
        XCTAssertNil(XMLEscape.entity(for: "a"))
        XCTAssertEqual(XMLEscape.entity(for: "'"), "&apos;")
    }
}
