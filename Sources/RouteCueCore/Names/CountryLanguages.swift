/// The language a country's street names are written in, where the country has one (ISO 3166-1 alpha-2 → BCP 47
/// language). Countries whose streets carry names in more than one language (Switzerland, Belgium, Canada,
/// Luxembourg, Finland, …) have none here: there the language has to come from the source's own tags or the
/// configured map region (`names.language`), never from the spelling.
public enum CountryLanguages {
    /// `country`'s street-name language, nil when it has several or is not known.
    public static func language(ofCountry country: String) -> String? {
        table[country.uppercased()]
    }

    static let table: [String: String] = [
        "AD": "ca", "AL": "sq", "AR": "es", "AT": "de", "AU": "en", "BA": "bs", "BG": "bg", "BO": "es", "BR": "pt",
        "CL": "es", "CN": "zh", "CO": "es", "CR": "es", "CU": "es", "CZ": "cs", "DE": "de", "DK": "da", "DO": "es",
        "EC": "es", "EE": "et", "EG": "ar", "ES": "es", "FR": "fr", "GB": "en", "GR": "el", "GT": "es", "HN": "es",
        "HR": "hr", "HU": "hu", "ID": "id", "IE": "en", "IL": "he", "IR": "fa", "IS": "is", "IT": "it", "JP": "ja",
        "KR": "ko", "LI": "de", "LT": "lt", "LV": "lv", "MC": "fr", "ME": "sr", "MK": "mk", "MX": "es", "NI": "es",
        "NL": "nl", "NO": "nb", "NZ": "en", "PA": "es", "PE": "es", "PL": "pl", "PT": "pt", "PY": "es", "RO": "ro",
        "RS": "sr", "RU": "ru", "SA": "ar", "SE": "sv", "SI": "sl", "SK": "sk", "SM": "it", "SV": "es", "TH": "th",
        "TR": "tr", "UA": "uk", "US": "en", "UY": "es", "VA": "it", "VE": "es", "VN": "vi",
    ]
}
