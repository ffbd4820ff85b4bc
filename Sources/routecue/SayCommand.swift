import RouteCueCore
import RouteCueService
import Speech

/// `routecue say`: speak a text through the whole audio path (queue, espeak-ng thread, ALSA thread), and
/// `routecue say --list-languages`: the phrase packs installed, with their voice, units and gaps.
enum SayCommand {
    static let usage = """
        usage: routecue say TEXT [--lang TAG] [--device PCM | --wav OUT.wav] [--pan DIRECTION] [--config FILE] [--phrases DIR]
               routecue say --list-languages [--phrases DIR]
        """

    static let help = """
        routecue say — speak through RouteCue's audio path, and list its languages

        \(usage)

          TEXT              the words, spoken literally (no SSML, no phonemes)
          --lang TAG        the language (BCP 47, default en-US): the voice of its phrase pack, with the fallback
                            along BCP 47 that guidance uses
          --device PCM      the ALSA PCM to play on (default: the configured audio route's, usually "default")
          --wav OUT.wav     write what would be played to a WAV file instead, through ALSA's file PCM (the same
                            rate, channels and panning as the device would get)
          --pan DIRECTION   place the voice toward a maneuver's side as spatial audio does: slight_left, left,
                            sharp_left, uturn, straight, slight_right, right, sharp_right
          --config FILE     voice, device and audio settings (default: as routecue run, /etc/routecue/routecue.json if present)
          --list-languages  every phrase pack: its language, the espeak-ng voice it is written for (and whether that
                            voice is installed), its default units, the tags it also serves, and its gaps (cues its
                            templates cannot say)
          --phrases DIR     the phrase packs (default: $ROUTECUE_PHRASES, <prefix>/share/routecue/phrases beside the
                            binary, /usr/share/routecue/phrases, config/phrases)
        Prints the device's parameters and how long after the request the first sample reached ALSA.
        """

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
            print(help)
            return arguments.isEmpty ? 2 : 0
        }
        return CLI.exitStatus(usage: usage) {
            let args = try ArgumentList(arguments, valued: ["phrases", "lang", "device", "wav", "pan", "config"],
                                        flagNames: ["list-languages"])
            if args.flag("list-languages") {
                guard args.positional.isEmpty else { throw ArgumentList.UsageError(description: "--list-languages takes no text") }
                return try listLanguages(args.value("phrases"))
            }
            guard args.positional.count == 1 else {
                throw ArgumentList.UsageError(description: args.positional.isEmpty ? "missing TEXT" : "give the text as one argument (quote it)")
            }
            return try speak(args.positional[0], args)
        }
    }

    private static func speak(_ text: String, _ args: ArgumentList) throws -> Int32 {
        let config = try ConfigCommand.load(args.value("config"))
        let choice = try LanguageChoice(language: args.value("lang") ?? PhrasePackLibrary.defaultLanguage,
                                    phrases: args.value("phrases"))
        if let note = choice.note { CLI.printError(note) }
        if args.value("device") != nil, args.value("wav") != nil {
            throw ArgumentList.UsageError(description: "give --device or --wav, not both")
        }
        let device: String
        if let wav = args.value("wav") {
            device = try AudioDeviceNames.wavFile(wav)
        } else {
            device = args.value("device") ?? config.audio.routes[config.audio.route]?.device ?? "default"
        }
        let pan = try args.choice("pan", of: ManeuverModifier.self).map { config.audio.spatial.sweep(for: $0) }
        let settings = AudioServiceSettings.make(config: config, pcm: device, voice: choice.voice)
        let outcome = SpokenOnce.run(text: text, language: choice.language, pan: pan, settings: settings)
        for line in outcome.lines { print(line) }
        if let failure = outcome.failure {
            CLI.printError(failure)
            return 1
        }
        return 0
    }

    private static func listLanguages(_ phrases: String?) throws -> Int32 {
        guard let library = try PhrasePackLibrary.open(phrases), !library.packs.isEmpty else {
            throw ArgumentList.UsageError(description: "no phrase packs found (looked in \(PhrasePackLibrary.candidateFolders().joined(separator: ", ")); use --phrases DIR)")
        }
        // A voice is found by its file name or one of its languages, as espeak_SetVoiceByName does, in any case.
        let voices = (try? SpeechVoices.available()) ?? []
        let installed = Set(voices.flatMap { [$0.selectionName.lowercased()] + $0.languages.map { $0.name.lowercased() } })
        print("phrase packs in \(library.folder):")
        for (tag, pack) in library.packs.sorted(by: { $0.key.description < $1.key.description }) {
            let gaps = PhrasePackCoverage.gaps(of: pack, units: pack.units)
            let voice = installed.contains(pack.voice.lowercased()) ? pack.voice : "\(pack.voice) (NOT INSTALLED)"
            let serves = pack.serves.isEmpty ? "" : ", also for \(pack.serves.map(\.description).joined(separator: " "))"
            print("  \(tag): voice \(voice), units \(pack.units.rawValue)\(serves), \(gaps.isEmpty ? "no gaps" : "\(gaps.count) gaps")")
            for gap in gaps.prefix(5) { print("      gap: \(gap)") }
            if gaps.count > 5 { print("      … and \(gaps.count - 5) more") }
        }
        return 0
    }
}
