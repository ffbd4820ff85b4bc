import DBusKit
import XCTest

/// Signatures, names and match rules, without a bus.
final class DBusKitTypeTests: XCTestCase {
    func test_signatures_parseIntoCompleteTypes_andBack() throws {
        let types = try DBusType.list("sa{sv}(dd)aa{sv}hv")
        XCTAssertEqual(types, [.string, .dictionary(key: .string, value: .variant), .structure([.double, .double]),
                               .array(.dictionary(key: .string, value: .variant)), .unixFD, .variant])
        XCTAssertEqual(DBusType.signature(of: types), "sa{sv}(dd)aa{sv}hv")
        XCTAssertEqual(try DBusType.list(""), [])
    }

    func test_malformedSignatures_areInvalidSignature_withWhatIsWrong() {
        for (signature, why) in [("a", "ends inside a type"), ("a{vs}", "key must be a basic type"), ("(", "not closed"),
                                 ("()", "empty struct"), ("a{sss}", "exactly a key and a value"), ("z", "unexpected \"z\"")] {
            XCTAssertThrowsError(try DBusType.list(signature), signature) { error in
                let busError = error as? BusError
                XCTAssertEqual(busError?.name, BusError.Standard.invalidSignature.rawValue)
                XCTAssertTrue(busError?.message.contains(why) == true, "\(signature): \(String(describing: busError))")
            }
        }
        XCTAssertThrowsError(try DBusType(signature: "ss"), "two types are not one")
    }

    func test_names_areValidatedByLibdbus() {
        // Text from outside (a variable, not a literal: a literal is checked as a programming error).
        func text(_ s: String) -> String { s }
        XCTAssertNoThrow(try ObjectPath(text("/org/routecue/Guidance")))
        XCTAssertThrowsError(try ObjectPath(text("org/routecue")))
        XCTAssertThrowsError(try ObjectPath(text("/org/routecue/")))
        XCTAssertNoThrow(try BusName(text(":1.42")))
        XCTAssertThrowsError(try BusName(text("routecue")))
        XCTAssertThrowsError(try InterfaceName(text("org.routecue.Guidance-1")))
        XCTAssertThrowsError(try MemberName(text("Load.Route")))
        // libdbus validates a C string: the text before a NUL would pass and be all that is sent (found by make fuzz).
        XCTAssertThrowsError(try ObjectPath(text("/org/routecue/Guidance\u{0}/x")))
        XCTAssertThrowsError(try BusName(text("org.routecue\u{0}")))
        XCTAssertThrowsError(try InterfaceName(text("org.routecue.Audio1\u{0}")))
        XCTAssertThrowsError(try MemberName(text("Speak\u{0}")))
        XCTAssertTrue(ObjectPath("/org/routecue/Guidance").isWithin("/org/routecue"))
        XCTAssertTrue(ObjectPath("/org/routecue").isWithin(.root))
        XCTAssertFalse(ObjectPath("/org/routecuex").isWithin("/org/routecue"))
    }

    func test_matchRules_quoteTheirValues_asTheSpecificationSays() {
        let rule = MatchRule(sender: "org.mpris.MediaPlayer2.mpv", path: "/org/mpris/MediaPlayer2",
                             interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                             arguments: [0: "it's"])
        XCTAssertEqual(rule.description, "type='signal',sender='org.mpris.MediaPlayer2.mpv',path='/org/mpris/MediaPlayer2',"
                       + "interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',arg0='it'\\''s'")
    }

    func test_values_readThroughVariants() {
        let options = DBusValue.vardict(["language": .string("de-DE"), "leg": .uint32(2), "natural_guidance": .boolean(true)])
        let dictionary = try? XCTUnwrap(options.dictionary)
        XCTAssertEqual(dictionary?["language"]?.string, "de-DE")
        XCTAssertEqual(dictionary?["leg"]?.integer, 2)
        XCTAssertEqual(dictionary?["natural_guidance"]?.bool, true)
        XCTAssertEqual(options.type.signature, "a{sv}")
        XCTAssertEqual(DBusValue.array(.string, []).type.signature, "as", "an empty array keeps its type")
    }

    func test_valuesBeyondTheSpecificationsLimits_areRefused_notWrittenIntoACorruptMessage() throws {
        func message() -> DBusMessage { .methodCall(destination: nil, path: "/t", interface: nil, member: "M") }
        // A message's signature is at most 255 bytes: libdbus took a 256th and wrote a message it then read past its
        // end (found by make fuzz, dbus-arguments).
        let fits = message()
        try fits.append(Array(repeating: DBusValue.byte(1), count: 255))
        XCTAssertEqual(try fits.arguments().count, 255)
        XCTAssertThrowsError(try message().append(Array(repeating: DBusValue.byte(1), count: 256)))
        let added = message()
        try added.append(Array(repeating: DBusValue.byte(1), count: 200))
        XCTAssertThrowsError(try added.append(Array(repeating: DBusValue.byte(1), count: 56)), "with what the message holds")
        XCTAssertEqual(try added.arguments().count, 200)
        // Nesting: 32 arrays and 32 structs at most, as libdbus checks; a signature value is a signature too.
        XCTAssertNoThrow(try DBusType.list(String(repeating: "a", count: 32) + "y"))
        XCTAssertThrowsError(try DBusType.list(String(repeating: "a", count: 33) + "y"))
        XCTAssertThrowsError(try DBusType.list(String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33)))
        XCTAssertThrowsError(try message().append(.signature(String(repeating: "a", count: 33) + "y")))
        XCTAssertThrowsError(try message().append(.signature(String(repeating: "y", count: 256))))
    }
}
