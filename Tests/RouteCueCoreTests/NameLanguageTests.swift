import RouteCueCore
import TestSupport
import XCTest

/// Each road name knows its language from the route's own data (issue 16, first part): OSRM/Mapbox leg `admins`
/// (`iso_3166_1`) and each step's first intersection's `admin_index` give the country, and a country with one
/// street-name language gives the language; a multilingual country gives none (never guessed from the spelling).
final class NameLanguageTests: XCTestCase {
    func test_countries_withOneStreetNameLanguage_haveIt_andMultilingualOnesNone() {
        XCTAssertEqual(CountryLanguages.language(ofCountry: "DE"), "de")
        XCTAssertEqual(CountryLanguages.language(ofCountry: "se"), "sv")
        XCTAssertEqual(CountryLanguages.language(ofCountry: "EE"), "et")
        for multilingual in ["CH", "BE", "CA", "LU", "FI"] {
            XCTAssertNil(CountryLanguages.language(ofCountry: multilingual), multilingual)
        }
    }

    func test_theStepsAdminIndex_givesEachManeuversCountry_acrossABorder() throws {
        let text = """
        {"code": "Ok", "routes": [{"geometry": "_p~iF~ps|U_ulLnnqC", "distance": 2000, "duration": 100, "legs": [{
          "admins": [{"iso_3166_1": "DK", "iso_3166_1_alpha3": "DNK"}, {"iso_3166_1": "SE", "iso_3166_1_alpha3": "SWE"}],
          "steps": [
            {"name": "Øresundsbron", "maneuver": {"type": "depart", "location": [-120.2, 38.5]}, "intersections": [{"location": [-120.2, 38.5], "admin_index": 0}]},
            {"name": "Yttre Ringvägen", "maneuver": {"type": "turn", "modifier": "left", "location": [-121.0, 40.0]}, "intersections": [{"location": [-121.0, 40.0], "admin_index": 1}]},
            {"name": "", "maneuver": {"type": "arrive", "location": [-126.453, 43.252]}, "intersections": [{"location": [-126.453, 43.252], "admin_index": 1}]}
          ]}]}]}
        """
        let route = try RouteReader.read(Array(text.utf8), name: "border.json")
        XCTAssertEqual(route.maneuvers.map(\.countryCode), ["DK", "SE", "SE"])
        XCTAssertEqual(route.maneuvers.map(\.nameLanguage), ["da", "sv", "sv"])
        // Kept by RouteCue JSON.
        let again = try RouteCueJSON.read(RouteReader.parseJSON(RouteCueJSON.write(route)))
        XCTAssertEqual(again.maneuvers.map(\.nameLanguage), ["da", "sv", "sv"])

        let broken = text.replacingOccurrences(of: "[-121.0, 40.0], \"admin_index\": 1", with: "[-121.0, 40.0], \"admin_index\": 7")
        XCTAssertThrowsError(try RouteReader.read(Array(broken.utf8), name: "border.json")) {
            XCTAssertTrue("\($0)".contains("admin_index 7 outside the leg's 2 admins"), "\($0)")
        }
    }

    func test_theSharedRoutesWithAdmins_giveEveryNameItsCountrysLanguage() throws {
        try SharedData.require()
        let files = ["routes/osrm-compatible/mapbox-directions-swift/tollAndFerryDirectionsRoute.json"]
            + SharedData.files(under: "routes/valhalla/ferrostar-osrm-format", extensions: [".json"])
        print("Names and their languages from the routes' admins:")
        var named = 0
        for file in files {
            let route = try RouteReader.read(SharedData.bytes(file), name: file)
            let names = route.maneuvers.filter { $0.roadName != nil }
            let byLanguage = Dictionary(grouping: names, by: { $0.nameLanguage ?? "unknown" }).mapValues(\.count)
            print("  \(file): \(names.count) names, " + byLanguage.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            // (valhalla_osrm_with_roundabouts.json's admins are empty objects: no country, no language.)
            let statesCountries = !file.hasSuffix("valhalla_osrm_with_roundabouts.json")
            XCTAssertEqual(names.allSatisfy { $0.countryCode != nil }, statesCountries, "\(file): every name has its country")
            XCTAssertTrue(names.allSatisfy { $0.nameLanguage == $0.countryCode.flatMap(CountryLanguages.language(ofCountry:)) }, file)
            named += names.count
        }
        XCTAssertGreaterThan(named, 30)
    }

    func test_theMapRegionsLanguage_fillsOnlyNamesWhoseRouteSaysNothingOfTheirCountry() throws {
        let config = try RouteCueConfiguration.parse(Array(#"{"names": {"language": "DE"}}"#.utf8))
        XCTAssertEqual(config.names.language, "de")
        XCTAssertEqual(config.importOptions.regionLanguage, "de")
        XCTAssertThrowsError(try RouteCueConfiguration.parse(Array(#"{"names": {"language": "not a tag!"}}"#.utf8))) {
            XCTAssertTrue("\($0)".contains("names.language"), "\($0)")
        }
        let stated = """
        {"code": "Ok", "routes": [{"geometry": "_p~iF~ps|U_ulLnnqC", "legs": [{"admins": [{"iso_3166_1": "CH"}], "steps": [
          {"name": "Rue du Rhône", "maneuver": {"type": "depart", "location": [-120.2, 38.5]}, "intersections": [{"location": [-120.2, 38.5], "admin_index": 0}]},
          {"name": "", "maneuver": {"type": "arrive", "location": [-126.453, 43.252]}, "intersections": [{"location": [-126.453, 43.252], "admin_index": 0}]}]}]}]}
        """
        var options = ImportOptions()
        options.regionLanguage = "de"
        let swiss = try RouteReader.read(Array(stated.utf8), name: "geneva.json", options: options)
        XCTAssertEqual(swiss.maneuvers.map(\.countryCode), ["CH", "CH"])
        XCTAssertEqual(swiss.maneuvers.map(\.nameLanguage), [nil, nil], "a Swiss name is never taken for the region's German")
        let silent = stated.replacingOccurrences(of: #""admins": [{"iso_3166_1": "CH"}], "#, with: "")
            .replacingOccurrences(of: #", "admin_index": 0"#, with: "")
        XCTAssertEqual(try RouteReader.read(Array(silent.utf8), name: "plain.json", options: options).maneuvers.map(\.nameLanguage), ["de", "de"])
    }
}
