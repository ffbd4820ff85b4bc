import RouteCueCore
import TestSupport
import XCTest

final class XMLReaderTests: XCTestCase {
    private func parse(_ text: String) throws -> XMLElement { try XMLReader.parse(text) }

    /// Asserts that `text` is rejected, and returns the error for further checks.
    @discardableResult
    private func assertRejected(_ text: String, _ fragment: String, line: Int? = nil, column: Int? = nil,
                                file: StaticString = #filePath, at sourceLine: UInt = #line) -> XMLReader.SyntaxError? {
        assertRejected(bytes: Array(text.utf8), fragment, line: line, column: column, file: file, at: sourceLine)
    }

    @discardableResult
    private func assertRejected(bytes: [UInt8], _ fragment: String, line: Int? = nil, column: Int? = nil,
                                file: StaticString = #filePath, at sourceLine: UInt = #line) -> XMLReader.SyntaxError? {
        do {
            let root = try XMLReader.parse(bytes)
            XCTFail("accepted, root <\(root.name)>", file: file, line: sourceLine)
            return nil
        } catch {
            XCTAssertTrue(error.reason.contains(fragment), "reason '\(error.reason)' lacks '\(fragment)'", file: file, line: sourceLine)
            if let line { XCTAssertEqual(error.line, line, "line of \(error)", file: file, line: sourceLine) }
            if let column { XCTAssertEqual(error.column, column, "column of \(error)", file: file, line: sourceLine) }
            return error
        }
    }

    // MARK: - Accepted documents

    func test_elementsAttributesAndText_areRead() throws {
        let root = try parse("""
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <!-- a comment -->
        <gpx version="1.1" creator='test'>
          <rte>
            <rtept lat="51.5" lon="-0.1"><name>A</name></rtept>
            <rtept lat="51.6" lon="-0.2"/>
          </rte>
        </gpx>
        """)
        XCTAssertEqual(root.name, "gpx")
        XCTAssertEqual(root.line, 3)
        XCTAssertEqual(root.attribute("creator"), "test")
        XCTAssertEqual(root.attribute("version"), "1.1")
        XCTAssertNil(root.attribute("missing"))
        let rte = try XCTUnwrap(root.firstElement(named: "rte"))
        XCTAssertEqual(rte.line, 4)
        let points = rte.elements(named: "rtept")
        XCTAssertEqual(points.count, 2)
        XCTAssertEqual(points[0].attribute("lat"), "51.5")
        XCTAssertEqual(points[0].firstElement(named: "name")?.text, "A")
        XCTAssertEqual(points[1].line, 6)
        XCTAssertEqual(points[1].children, [])
        // White space between child elements is dropped.
        XCTAssertEqual(rte.children.count, 2)
        XCTAssertEqual(root.children.count, 1)
    }

    func test_namespacePrefixes_areKeptInNameAndStrippedInLocalName() throws {
        let root = try parse("""
        <gpx xmlns:gh="https://graphhopper.com/public/schema/gpx-1.1"><extensions><gh:distance>12.5</gh:distance>\
        <om:ext om:type="ICON">1000</om:ext></extensions></gpx>
        """)
        let ext = try XCTUnwrap(root.firstElement(named: "extensions"))
        let distance = try XCTUnwrap(ext.firstElement(named: "distance"))
        XCTAssertEqual(distance.name, "gh:distance")
        XCTAssertEqual(distance.localName, "distance")
        XCTAssertEqual(distance.text, "12.5")
        let om = try XCTUnwrap(ext.firstElement(named: "ext"))
        XCTAssertEqual(om.attribute("om:type"), "ICON")
        XCTAssertEqual(om.attribute("type"), "ICON", "found by local name")
        XCTAssertEqual(root.attribute("xmlns:gh"), "https://graphhopper.com/public/schema/gpx-1.1")
    }

    func test_predefinedEntitiesAndCharacterReferences_areResolved() throws {
        let root = try parse("<a t=\"&quot;x&quot; &amp; &#65;\">&lt;b&gt; &amp; &apos;c&apos; &#xE9;&#233;&#x1F697;</a>")
        XCTAssertEqual(root.text, "<b> & 'c' éé\u{1F697}")
        XCTAssertEqual(root.attribute("t"), "\"x\" & A")
    }

    func test_cdata_isTextAndMergesWithNeighbouringText() throws {
        let root = try parse("<desc>turn <![CDATA[left <onto> & go]]> now<!-- c --> ok</desc>")
        XCTAssertEqual(root.text, "turn left <onto> & go now ok")
        XCTAssertEqual(root.children.count, 1)
    }

    func test_mixedContent_keepsTextRunsAroundChildren() throws {
        let root = try parse("<p>a <b>bold</b> c</p>")
        XCTAssertEqual(root.children, [.text("a "), .element(XMLElement(name: "b", children: [.text("bold")], line: 1)), .text(" c")])
        XCTAssertEqual(root.text, "a  c")
    }

    func test_childrenOfEveryShape_readBackAsGiven() {
        // An element stores no children, a single text child and other content differently (memory): all read back alike.
        let b = XMLElement(name: "b", children: [.text("bold")], line: 3)
        let shapes: [[XMLNode]] = [[], [.text("12.5")], [.element(b)], [.text("a "), .element(b)], [.element(b), .element(b)]]
        for children in shapes {
            var e = XMLElement(name: "x", attributes: ["k": "v"], children: children, line: 7)
            XCTAssertEqual(e.children, children)
            XCTAssertEqual(e.childElements.count, children.filter { if case .element = $0 { true } else { false } }.count)
            e.children = children.reversed()
            XCTAssertEqual(e.children, children.reversed())
            XCTAssertEqual(e.line, 7)
        }
        XCTAssertEqual(XMLElement(name: "x", children: [.text("1"), .text("2")]).text, "12")
        XCTAssertEqual(XMLElement(name: "x", children: [.text("12.5")]).text, "12.5")
        XCTAssertEqual(XMLElement(name: "x", children: [.text("12.5")]).elements(named: "b"), [])
        XCTAssertEqual(XMLElement(name: "x", children: [.element(b)]).firstElement(named: "b"), b)
        XCTAssertEqual(XMLElement(name: "x", attributes: ["a": "1", "b": "2"]), XMLElement(name: "x", attributes: ["b": "2", "a": "1"]),
                       "attribute order does not matter")
        XCTAssertNotEqual(XMLElement(name: "x", attributes: ["a": "1"]), XMLElement(name: "x", attributes: ["a": "2"]))
    }

    func test_lineEnds_areNormalized() throws {
        let root = try parse("<a v=\"x\r\ny\tz\">one\r\ntwo\rthree</a>")
        XCTAssertEqual(root.text, "one\ntwo\nthree")
        XCTAssertEqual(root.attribute("v"), "x y z")
    }

    func test_loneCRLineEnds_countAsLines() throws {
        let root = try parse("<gpx>\r<rte>\r\n<rtept/>\r</rte></gpx>")
        XCTAssertEqual(root.firstElement(named: "rte")?.line, 2)
        XCTAssertEqual(root.firstElement(named: "rte")?.firstElement(named: "rtept")?.line, 3)
        assertRejected("<gpx>\r<rte>\r<rtept>\r</rte></gpx>", "does not match <rtept> opened at line 3", line: 4, column: 1)
    }

    func test_bomProcessingInstructionsAndTrailingComments_areSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<?xml version='1.0'?><?style x?>\n<r><?pi data?>t</r>\n<!-- end -->\n".utf8)
        let root = try XMLReader.parse(bytes)
        XCTAssertEqual(root.name, "r")
        XCTAssertEqual(root.text, "t")
    }

    func test_nonASCIINamesAndText_areRead() throws {
        let root = try parse("<straße name=\"Müllerstraße\">Ørsted 東京</straße>")
        XCTAssertEqual(root.name, "straße")
        XCTAssertEqual(root.attribute("name"), "Müllerstraße")
        XCTAssertEqual(root.text, "Ørsted 東京")
    }

    func test_everySharedGPXFile_parses() throws {
        try SharedData.require()
        let files = SharedData.files(under: "routes", extensions: [".gpx"]) + SharedData.files(under: "tracks", extensions: [".gpx"])
        XCTAssertGreaterThanOrEqual(files.count, 10)
        for file in files {
            let root = try XMLReader.parse(try SharedData.bytes(file))
            XCTAssertEqual(root.localName, "gpx", file)
        }
        print("XMLReader: parsed \(files.count) shared GPX files")
    }

    // MARK: - Rejected documents

    func test_doctype_isRejected() {
        assertRejected("<?xml version=\"1.0\"?>\n<!DOCTYPE gpx>\n<gpx/>", "DTDs are not accepted", line: 2, column: 1)
    }

    func test_externalEntity_isRejected() {
        let xxe = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>
        <gpx>&x;</gpx>
        """
        assertRejected(xxe, "DTD", line: 2)
    }

    func test_internalEntityDeclaration_isRejected() {
        assertRejected("<!DOCTYPE a [<!ENTITY lol \"lol\">]><a>&lol;</a>", "DTD", line: 1, column: 1)
    }

    func test_doctypeInsideContent_isRejected() {
        assertRejected("<a><!DOCTYPE a></a>", "DTD")
    }

    func test_undefinedEntity_isRejected() {
        assertRejected("<a>\n  x &nbsp; y</a>", "undefined entity &nbsp;", line: 2, column: 5)
        assertRejected("<a b=\"&foo;\"/>", "undefined entity &foo;")
    }

    func test_bareAmpersandAndUnterminatedReference_areRejected() {
        assertRejected("<a>fish & chips</a>", "'&' must start")
        assertRejected("<a>&amp</a>", "not terminated")
        assertRejected("<a>&#x;</a>", "malformed character reference")
        assertRejected("<a>&#0;</a>", "does not allow")
        assertRejected("<a>&#xD800;</a>", "does not allow")
        assertRejected("<a>&#99999999;</a>", "out of range")
    }

    func test_mismatchedTags_areRejectedWithPosition() {
        let e = assertRejected("<gpx>\n <rte>\n  <rtept></rte>\n</gpx>", "does not match <rtept> opened at line 3", line: 3, column: 10)
        XCTAssertEqual(e?.description, "line 3, column 10: end tag </rte> does not match <rtept> opened at line 3")
    }

    func test_truncatedDocuments_areRejected() {
        assertRejected("<gpx><rte><rtept lat=\"1\"", "unexpected end of input")
        assertRejected("<gpx><rte>", "<rte> opened at line 1 is not closed")
        assertRejected("<gpx><!-- never ends", "unterminated comment")
        assertRejected("<gpx><![CDATA[ never", "unterminated CDATA")
        assertRejected("<gpx a=\"x", "unexpected end of input")
        assertRejected("", "no root element")
        assertRejected("<?xml version=\"1.0\"?>", "no root element")
    }

    func test_duplicateAttribute_isRejected() {
        assertRejected("<rtept lat=\"1\" lon=\"2\" lat=\"3\"/>", "duplicate attribute 'lat'", line: 1, column: 24)
    }

    func test_malformedTags_areRejected() {
        assertRejected("<a b=\"1\"c=\"2\"/>", "expected white space")
        assertRejected("<a b=1/>", "quoted attribute value")
        assertRejected("<a b/>", "expected '='")
        assertRejected("<a b=\"<\"/>", "'<' is not allowed")
        assertRejected("<1a/>", "expected a name")
        assertRejected("<a:/>", "invalid qualified name")
        assertRejected("<a:b:c/>", "invalid qualified name")
        assertRejected("<a>]]></a>", "']]>' is not allowed")
        assertRejected("<a><!-- x -- y --></a>", "'--' is not allowed")
        assertRejected("<a><!ELEMENT a ANY></a>", "unexpected markup declaration")
    }

    func test_contentOutsideTheRoot_isRejected() {
        assertRejected("<a/>\n<b/>", "content after the root element", line: 2, column: 1)
        assertRejected("<a/>trailing", "content after the root element")
        assertRejected("text<a/>", "text before the root element")
        assertRejected("<a/><?xml version=\"1.0\"?>", "only allowed at the very start")
    }

    func test_xmlDeclaration_isChecked() {
        assertRejected("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>", "only UTF-8")
        assertRejected("<?xml version=\"2.0\"?><a/>", "unsupported XML version")
        assertRejected("<?xml encoding=\"UTF-8\"?><a/>", "no version")
    }

    func test_badCharactersAndInvalidUTF8_areRejectedWithPosition() {
        assertRejected(bytes: Array("<a>\nok\u{01}</a>".utf8), "U+0001 is not allowed", line: 2, column: 3)
        assertRejected(bytes: Array("<a>".utf8) + [0xC3, 0x28] + Array("</a>".utf8), "invalid UTF-8", line: 1, column: 4)
        assertRejected(bytes: Array("<a>".utf8) + [0xFF] + Array("</a>".utf8), "invalid UTF-8 byte 0xFF")
        assertRejected(bytes: Array("<a>".utf8) + [0xC0, 0xAF] + Array("</a>".utf8), "invalid UTF-8")
        assertRejected(bytes: Array("<a>".utf8) + [0xED, 0xA0, 0x80] + Array("</a>".utf8), "invalid UTF-8")
        assertRejected(bytes: Array("<a>".utf8) + [0xE2, 0x82], "truncated UTF-8")
        assertRejected(bytes: Array("<a>\u{FFFE}</a>".utf8), "U+FFFE is not allowed")
        assertRejected(bytes: [0] + Array("<a/>".utf8), "U+0000")
    }

    func test_hostileNesting_isRejectedWithoutRecursion() {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let limit = ImportLimits.defaultMaxDepth
        let error = assertRejected(deep, "nested deeper than the limit of \(limit) levels (import.max_depth)", line: 1, column: 3 * (limit + 1) + 1)
        XCTAssertEqual(error?.exceedsLimit, true)
        let ok = String(repeating: "<a>", count: limit) + String(repeating: "</a>", count: limit)
        XCTAssertNoThrow(try parse(ok))
    }

    func test_manySiblings_parseQuickly() throws {
        var text = "<gpx><trk><trkseg>"
        for i in 0..<100_000 { text += "<trkpt lat=\"\(Double(i) * 1e-5)\" lon=\"8.5\"><ele>1</ele></trkpt>\n" }
        text += "</trkseg></trk></gpx>"
        let bytes = Array(text.utf8)
        let clock = ContinuousClock()
        var count = 0
        let elapsed = try clock.measure {
            let root = try XMLReader.parse(bytes)
            count = root.firstElement(named: "trk")?.firstElement(named: "trkseg")?.elements(named: "trkpt").count ?? 0
        }
        XCTAssertEqual(count, 100_000)
        XCTAssertEqual(try XMLReader.parse(bytes).firstElement(named: "trk")?.firstElement(named: "trkseg")?
            .elements(named: "trkpt").last?.line, 100_000)
        print("XMLReader: \(bytes.count) bytes, 100000 trkpts in \(elapsed)")
    }
}
