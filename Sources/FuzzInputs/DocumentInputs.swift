import RouteCueCore

extension FuzzInputs {
    /// The configuration file (`RouteCueConfiguration.parse` and `parseReportingProblems`, as `routecue run
    /// --config` and SIGHUP read it): both agree, and the first problem reported is the one `parse` throws.
    @discardableResult
    public static func configuration(_ bytes: [UInt8]) -> FuzzOutcome {
        let reported = RouteCueConfiguration.parseReportingProblems(bytes)
        let first = Result { () throws(InputError) in try RouteCueConfiguration.parse(bytes) }
        switch (reported, first) {
        case (.success(let all), .success(let config)):
            check(all == config, "parse and parseReportingProblems read different configurations")
            return .accepted
        case (.failure(let problems), .failure(let error)):
            check(!problems.problems.isEmpty, "parseReportingProblems failed without a problem")
            check(problems.problems.first == error, "parse throws \(error), parseReportingProblems reports \(problems.problems[0]) first")
            return .rejected("\(problems)")
        default:
            fatalError("fuzz invariant: parse and parseReportingProblems disagree on whether the configuration is good")
        }
    }

    /// A phrase pack (`PhrasePack.parse`), then its coverage in each unit system and the sentences it makes for a set of
    /// cues (each in one of the unit systems).
    @discardableResult
    public static func phrasePack(_ bytes: [UInt8]) -> FuzzOutcome {
        let pack: PhrasePack
        do {
            pack = try PhrasePack.parse(bytes, name: "fuzz input")
        } catch {
            return .rejected("\(error)")
        }
        for units in UnitSystem.allCases { _ = PhrasePackCoverage.gaps(of: pack, units: units) }
        for (i, request) in PhraseSamples.requests.enumerated() {
            _ = pack.rendering(request, units: UnitSystem.allCases[i % UnitSystem.allCases.count]).text.plainText()
        }
        return .accepted
    }

    /// An abbreviation table (`Abbreviations.parse`), then expanding road names and refs with it.
    @discardableResult
    public static func abbreviations(_ bytes: [UInt8]) -> FuzzOutcome {
        let table: Abbreviations.LanguageTable
        do {
            table = try Abbreviations.parse(bytes, name: "fuzz input")
        } catch {
            return .rejected("\(error)")
        }
        let written = table.entries.prefix(16).map { "\($0.abbreviation) Main \($0.abbreviation)" }
            + table.refs.prefix(8).map { "\($0.letters)9 \($0.letters)-99" }
        for name in written + PhraseSamples.roadNames {
            _ = Abbreviations.expandForSpeech(name, language: table, region: "US")
        }
        return .accepted
    }

    /// The guidance journal (`GuidanceJournal.parse`, as a start with `--state-dir` reads it): what it accepts, it
    /// writes so that it reads back, and a journal read from its own writing writes the same bytes again.
    @discardableResult
    public static func journal(_ bytes: [UInt8]) -> FuzzOutcome {
        let journal: GuidanceJournal
        do {
            journal = try GuidanceJournal.parse(bytes)
        } catch {
            return .rejected("\(error)")
        }
        let written = journal.jsonBytes
        do {
            let again = try GuidanceJournal.parse(written)
            check(again.jsonBytes == written, "a journal read from its own writing writes different bytes")
        } catch {
            fatalError("fuzz invariant: an accepted journal, written, does not read back: \(error)")
        }
        return .accepted
    }

    /// A WAV file (`WAVDecoder`, as `Audio1.PlayFile` and audio-file outputs read it): one or two channels, whole
    /// frames, a rate in the range it promises.
    @discardableResult
    public static func wav(_ bytes: [UInt8]) -> FuzzOutcome {
        let audio: WAVDecoder.Audio
        do {
            audio = try WAVDecoder.decode(bytes)
        } catch {
            return .rejected("\(error)")
        }
        check((1...2).contains(audio.channels), "\(audio.channels) channels")
        check(audio.samples.count % audio.channels == 0, "\(audio.samples.count) samples are not whole frames of \(audio.channels)")
        check((4_000...192_000).contains(audio.sampleRate), "a rate of \(audio.sampleRate) Hz")
        return .accepted
    }
}
