/// The country each OSRM/Mapbox step lies in: the leg's `admins` (`iso_3166_1`), indexed by the `admin_index` of the
/// step's first intersection; with it the language its names are written in (`CountryLanguages`).
enum OSRMAdmins {
    /// Sets `countryCode` and `nameLanguage` on `maneuvers` of `leg` (steps by their provenance's source index; a
    /// maneuver derived from a step-less leg's geometry gets the leg's country when it has only one).
    static func mark(_ maneuvers: inout [(Maneuver, RouteBuilder.Placement)], leg: JSONNode, steps: [JSONNode]) throws(InputError) {
        guard let admins = try leg.optionalArray("admins"), !admins.isEmpty else { return }
        let countries = try admins.map { a throws(InputError) in try a.optionalString("iso_3166_1")?.uppercased() }
        let known = countries.compactMap { $0 }
        let only = Set(known).count == 1 ? known.first : nil
        for k in maneuvers.indices {
            var country = only
            if let s = maneuvers[k].0.provenance.sourceIndex, maneuvers[k].0.provenance.kind == .step, s < steps.count,
               let first = try steps[s]["intersections"]?.array().first, let index = try first.optionalInt("admin_index") {
                guard index >= 0, index < countries.count else {
                    throw (first["admin_index"] ?? first).error(.invalidValue, "admin_index \(index) outside the leg's \(countries.count) admins")
                }
                country = countries[index]
            }
            guard let country else { continue }
            maneuvers[k].0.countryCode = country
            maneuvers[k].0.nameLanguage = CountryLanguages.language(ofCountry: country)
        }
    }
}
