import ALSAOutput
import DBusKit
import GPSD
import RouteCueService
import Speech
import XCTest

/// The four C targets build, link and answer with the versions Debian 12 ships.
final class LinkedLibrariesTests: XCTestCase {
    func test_gpsdApi_isMajor11() {
        XCTAssertTrue(GPSDLibrary.apiVersion.hasPrefix("11."), GPSDLibrary.apiVersion)
        XCTAssertEqual(GPSDLibrary.defaultPort, "2947")
    }

    func test_alsaRuntime_matchesBuildHeaders() {
        XCTAssertEqual(ALSALibrary.runtimeVersion, ALSALibrary.buildVersion)
    }

    func test_espeakNg_reportsAVersion() {
        XCTAssertTrue(SpeechLibrary.version.first?.isNumber ?? false, SpeechLibrary.version)
    }

    func test_libdbus_isAtLeast1_12() {
        let parts = DBusLibrary.version.split(separator: ".").compactMap { Int($0) }
        XCTAssertEqual(parts.count, 3)
        XCTAssertTrue(parts[0] == 1 && parts[1] >= 12, DBusLibrary.version)
    }

    func test_linkedLibraries_listsAllFour() {
        XCTAssertEqual(LinkedLibraries.versions.map(\.name), ["libgps API", "alsa-lib", "espeak-ng", "libdbus"])
    }
}
