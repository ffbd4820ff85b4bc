import RouteCueCore
import TestSupport
import XCTest

final class FixReaderDetectionTests: XCTestCase {
    func test_formatIsDetectedFromContent() throws {
        let nmea = "# Name: test\n# Date: 2015-10-10\n" + sentence("GNRMC,091232.000,A,4813.0535,N,00824.8697,E,0.00,0.00,101015,,,A,V") + "\n"
        XCTAssertEqual(try FixReader.detectFormat(Array(nmea.utf8)), .nmea)
        XCTAssertEqual(try FixReader.detectFormat(Array("\u{FEFF}\n{\"class\":\"VERSION\"}\n{\"class\":\"TPV\",\"mode\":1}\n".utf8)), .gpsdJSON)
        XCTAssertEqual(try FixReader.detectFormat(Array("  <?xml version=\"1.0\"?><gpx/>".utf8)), .gpx)
        XCTAssertEqual(try FixReader.detectFormat([0, 0] + Array("$GPGGA,,,,,,0,,,,,,,,*66".utf8)), .nmea)
    }

    func test_forcedFormat_overridesDetection() {
        let json = Array("{\"class\":\"TPV\",\"mode\":1}\n".utf8)
        XCTAssertThrowsError(try FixReader.read(json, name: "f.log", options: FixReadOptions(format: .nmea))) { error in
            XCTAssertTrue("\(error)".hasPrefix("f.log: line 1: not NMEA 0183"), "\(error)")
        }
    }

    func test_everySharedFile_isDetectedAsItsFormat() throws {
        try SharedData.require()
        for file in FixSharedDataTests.allFiles {
            let expected: FixFormat = file.hasSuffix(".gpx") ? .gpx : .nmea
            XCTAssertEqual(try FixReader.detectFormat(SharedData.bytes(file)), expected, file)
        }
    }
}
