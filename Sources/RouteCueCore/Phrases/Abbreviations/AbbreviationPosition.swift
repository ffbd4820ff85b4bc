/// Where in a road name an abbreviation may be expanded. Words are the space-separated parts of the name;
/// positions are judged on the name as written (before any expansion), so the result does not depend on order.
public enum AbbreviationPosition: String, Sendable, CaseIterable {
    /// Any whole word ("Rd" → "Road").
    case anywhere
    /// The first word of a name of two or more words ("C/ Mayor" → "Calle Mayor").
    case first
    /// The last word of a name of two or more words ("Mary St" → "Mary Street"); such words are street types.
    case last
    /// The last word of a name of three or more words: a direction after the street type ("Main St N"),
    /// never the letter of "Avenue N".
    case trailing
    /// A word followed by a name: a word starting with a letter that is not a closing street type
    /// ("St Mary Road" → "Saint …", "N Main St" → "North …", but "E St" stays).
    case beforeName
    /// A word followed by a number ("Rte 66" → "Route 66").
    case beforeNumber
    /// A word following a number ("US 101 N" → "… 101 North").
    case afterNumber
    /// The start of a word, followed by a letter ("St-Denis" → "Saint-Denis", "ул.Ленина" → "улица Ленина").
    /// An expansion ending in "-" is joined to the rest; any other is followed by a space.
    case prefix
    /// The end of a longer word whose stem has at least three characters and ends in a letter or "-"
    /// ("Hauptstr." → "Hauptstraße", "Dorpsln" → "Dorpslaan").
    case suffix
}
