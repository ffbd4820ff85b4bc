/// Speaks a ref at a word of a name: "A9", "A-9" or the pair "A 9" whose letters have a rule.
enum RefSpeaker {
    /// The spoken text for word `k` (the whole ref when glued, the letters when the number is the next word)
    /// and how many words the ref used, or nil.
    static func speak(_ words: [Substring], at k: Int, rules: [RefRule], region: String?) -> (text: String, wordsUsed: Int)? {
        if let (letters, number) = RefShape.glued(words[k]), let rule = rule(for: letters, rules, region) {
            return ("\(rule.spoken) \(number)", 1)
        }
        if k + 1 < words.count, RefShape.isNumber(words[k + 1]), let rule = rule(for: words[k], rules, region) {
            return (rule.spoken, 2)
        }
        return nil
    }

    /// The first rule for these letters that applies in the region; region-limited rules come first in files.
    private static func rule(for letters: Substring, _ rules: [RefRule], _ region: String?) -> RefRule? {
        rules.first { $0.letters == letters && $0.applies(in: region) }
    }
}
