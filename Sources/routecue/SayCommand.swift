import Foundation
import RouteCueCore
import Speech

/// `routecue say --list-languages`: the phrase packs installed, with their voice, units and gaps.
enum SayCommand {
    static let usage = "usage: routecue say --list-languages [--phrases DIR]"

    static let help = """
        routecue say — RouteCue's languages

        \(usage)

          --list-languages  every phrase pack: its language, the espeak-ng voice it is written for (and whether that
                            voice is installed), its default units, the tags it also serves, and its gaps (cues its
                            templates cannot say)
          --phrases DIR     the phrase packs (default: $ROUTECUE_PHRASES, <prefix>/share/routecue/phrases beside the
                            binary, /usr/share/routecue/phrases, config/phrases)
        A requested language without a pack of its own falls back along BCP 47 (es-AR → es-419 → es → en-US).
        """

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
            print(help)
            return arguments.isEmpty ? 2 : 0
        }
        return CLI.exitStatus(usage: usage) {
            let args = try ArgumentList(arguments, valued: ["phrases"], flagNames: ["list-languages"])
            guard args.flag("list-languages"), args.positional.isEmpty else {
                throw ArgumentList.UsageError(description: "say needs --list-languages")
            }
            guard let library = try PhrasePackLibrary.open(args.value("phrases")), !library.packs.isEmpty else {
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
}
