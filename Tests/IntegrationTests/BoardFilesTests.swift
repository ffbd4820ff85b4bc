import Foundation
import TestSupport
import XCTest

/// The files `board/` puts on the head unit, checked with the tools of the head unit's own image: the systemd user
/// unit (verify, with a typo as negative control; exposure ≤ 3.0), bluez-alsa's drop-in on Debian's unit, the
/// sysusers entry, the ALSA devices and the board's configuration. `systemd-analyze verify` exits 0 for unknown keys
/// and misspelt values, so every check fails on any line it prints.
final class BoardFilesTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try CommandRunner.temporaryDirectory()
    }

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    // MARK: the user unit

    func test_userUnit_verifiesWithoutASingleLine() throws {
        let check = try verifyUserUnit(try installedUserUnit())
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertEqual(check.stdout + check.stderr, "", "systemd-analyze --user verify must print nothing")
    }

    func test_userUnitCheck_catchesAMisspeltKey() throws {
        let unit = try installedUserUnit { $0.replacingOccurrences(of: "\nProtectKernelLogs=", with: "\nProtectKernelLog=") }
        let check = try verifyUserUnit(unit)
        XCTAssertEqual(check.status, 0, "systemd-analyze exits 0 for an unknown key: only its output tells")
        XCTAssertTrue((check.stdout + check.stderr).contains("Unknown key 'ProtectKernelLog'"), check.stdout + check.stderr)
    }

    func test_userUnit_exposureIsAtMost3() throws {
        let unit = try installedUserUnit()
        let report = try systemd(["--user", "security", "--offline=yes", "--no-pager", unit.path])
        let marker = "Overall exposure level for routecue.service: "
        let line = try XCTUnwrap(report.stdout.split(separator: "\n").first { $0.contains(marker) }, report.stdout + report.stderr)
        let score = try XCTUnwrap(Double(line.components(separatedBy: marker)[1].prefix { $0.isNumber || $0 == "." }), String(line))
        print("board/systemd/routecue.service: exposure \(score) (systemd-analyze --user security --offline=yes)")
        XCTAssertLessThanOrEqual(score, 3.0, report.stdout)
    }

    func test_userUnit_startsTheCommandWithOptionsRoutecueRunHas() throws {
        let unit = try String(contentsOf: board("systemd/routecue.service"), encoding: .utf8)
        let command = try XCTUnwrap(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        XCTAssertTrue(command.hasPrefix("ExecStart=@PREFIX@/bin/routecue run "), "the installed binary: \(command)")
        let help = try CommandRunner.run(try routecueBinary().path, ["run", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        for option in command.split(separator: " ") where option.hasPrefix("--") {
            XCTAssertTrue(help.stdout.contains("  \(option) "), "routecue run has no \(option):\n\(help.stdout)")
        }
    }

    // MARK: bluez-alsa

    func test_bluezALSADropIn_verifiesWithDebiansUnit_andKeepsItsProfiles() throws {
        let units = try unitFolderWithDebiansBlueALSA()
        let check = try systemd(["verify", "--man=no", units.appendingPathComponent("bluealsa.service").path],
                                environment: ["SYSTEMD_UNIT_PATH": units.path + ":"])
        XCTAssertEqual(check.stdout + check.stderr, "", "bluealsa.service with board's drop-in must verify silently")

        let dropIn = try String(contentsOf: board("bluez-alsa/bluealsa.service.d/routecue.conf"), encoding: .utf8)
        let debian = try String(contentsOf: units.appendingPathComponent("bluealsa.service"), encoding: .utf8)
        XCTAssertTrue(dropIn.contains("\nExecStart=\n"), "a drop-in clears ExecStart= first")
        let ours = try XCTUnwrap(dropIn.split(separator: "\n").last { $0.hasPrefix("ExecStart=/") })
        XCTAssertTrue(ours.contains(" -p hfp-ag"), String(ours))
        for profile in profiles(debian) { XCTAssertTrue(ours.contains(" -p \(profile)"), "Debian's \(profile) is kept: \(ours)") }
    }

    func test_bluezALSADropInCheck_readsTheDropIn() throws {
        let units = try unitFolderWithDebiansBlueALSA()
        let dropIn = units.appendingPathComponent("bluealsa.service.d/routecue.conf")
        try (String(contentsOf: dropIn, encoding: .utf8) + "ExecStart=/usr/bin/bluealsa -p a2dp-sink\n")
            .write(to: dropIn, atomically: true, encoding: .utf8)
        let check = try systemd(["verify", "--man=no", units.appendingPathComponent("bluealsa.service").path],
                                environment: ["SYSTEMD_UNIT_PATH": units.path + ":"])
        XCTAssertTrue((check.stdout + check.stderr).contains("more than one ExecStart="), check.stdout + check.stderr)
    }

    // MARK: sysusers

    func test_sysusers_createsTheUIGroup_andPutsTheUserInItAndInAudio() throws {
        try requireTool("systemd-sysusers", package: "systemd")
        let root = directory.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("etc"), withIntermediateDirectories: true)
        try "root:x:0:0:root:/root:/bin/sh\ndriver:x:1000:1000:Driver:/home/driver:/bin/sh\n"
            .write(to: root.appendingPathComponent("etc/passwd"), atomically: true, encoding: .utf8)
        try "root:x:0:\naudio:x:29:\ndriver:x:1000:\n".write(to: root.appendingPathComponent("etc/group"), atomically: true, encoding: .utf8)
        let entry = try templated("sysusers.d/routecue.conf", ["@HEADUNIT_USER@": "driver", "@UI_GROUP@": "dashboard"])

        let dryRun = try CommandRunner.run("systemd-sysusers", ["--dry-run", "--root=\(root.path)", entry.path])
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("Creating group 'dashboard'"), dryRun.stderr)
        let applied = try CommandRunner.run("systemd-sysusers", ["--root=\(root.path)", entry.path])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        let groups = try String(contentsOf: root.appendingPathComponent("etc/group"), encoding: .utf8).split(separator: "\n")
        XCTAssertTrue(groups.contains { $0.hasPrefix("dashboard:x:") && $0.hasSuffix(":driver") }, groups.joined(separator: "\n"))
        XCTAssertTrue(groups.contains("audio:x:29:driver"), groups.joined(separator: "\n"))

        let untemplated = try CommandRunner.run("systemd-sysusers", ["--dry-run", "--root=\(root.path)", board("sysusers.d/routecue.conf").path])
        XCTAssertNotEqual(untemplated.status, 0, "the placeholders are the installer's to replace: \(untemplated.stderr)")
    }

    // MARK: ALSA and the configuration

    func test_alsaSnippet_parses_listsGuidanceAndHFP_andResolvesToTheCardAndToBluezALSA() throws {
        try requireTool("aplay", package: "alsa-utils")
        let environment = ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + board("alsa/50-routecue.conf").path]
        let list = try CommandRunner.run("env", environment.map { "\($0)=\($1)" } + ["aplay", "-L"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertFalse(list.stderr.contains("ALSA lib"), "the configuration must parse: \(list.stderr)")
        let names = Set(list.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init))
        XCTAssertTrue(names.isSuperset(of: ["guidance", "hfp"]), list.stdout)

        // No card here: opening must get as far as looking the card up (every plug/softvol field understood) …
        let guidance = try CommandRunner.run("env", environment.map { "\($0)=\($1)" } + ["aplay", "-q", "-D", "guidance", "-d", "1", "/dev/zero"])
        XCTAssertTrue(guidance.stderr.contains("Cannot get card index for 0"), guidance.stderr)
        XCTAssertFalse(guidance.stderr.contains("Unknown field"), guidance.stderr)
        // … and hfp as far as bluez-alsa's plugin (which then looks for org.bluealsa on the system bus).
        let hfp = try CommandRunner.run("env", environment.map { "\($0)=\($1)" } + ["aplay", "-q", "-D", "hfp", "-d", "1", "/dev/zero"])
        if hfp.stderr.contains("Cannot open shared library") {
            throw XCTSkip("libasound2-plugin-bluez is not installed: the hfp PCM's plugin is missing (\(hfp.stderr))")
        }
        XCTAssertTrue(hfp.stderr.contains("bluealsa-pcm.c"), hfp.stderr)
    }

    func test_boardConfiguration_passesConfigCheck_andSpeaksThroughGuidance() throws {
        let check = try CommandRunner.run(try routecueBinary().path, ["config", "check", board("routecue.json").path])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("default (PCM guidance)") && check.stdout.contains("hfp (PCM found at run time)"), check.stdout)
    }
}

extension BoardFilesTests {
    /// A file of the repository's `board/` folder.
    private func board(_ path: String) -> URL {
        SharedData.repositoryRoot.appendingPathComponent("board").appendingPathComponent(path)
    }

    /// The `routecue` of this build (next to the test bundle, so a `--scratch-path` build tests its own), else the
    /// checkout's `.build/debug/routecue`.
    private func routecueBinary() throws -> URL {
        let besideTests = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("routecue")
        let binary = besideTests.flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil } ?? CommandRunner.routecueBinary
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("routecue is not built (\(binary.path))") }
        return binary
    }

    /// A copy of `board/PATH` in the test's folder with `replacements` made.
    private func templated(_ path: String, _ replacements: [String: String], edit: (String) -> String = { $0 }) throws -> URL {
        var text = try String(contentsOf: board(path), encoding: .utf8)
        for (placeholder, value) in replacements { text = text.replacingOccurrences(of: placeholder, with: value) }
        let copy = directory.appendingPathComponent(UUID().uuidString).appendingPathComponent(board(path).lastPathComponent)
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try edit(text).write(to: copy, atomically: true, encoding: .utf8)
        return copy
    }

    /// The user unit as make install writes it, for a prefix whose `bin/routecue` is this build's binary.
    private func installedUserUnit(edit: (String) -> String = { $0 }) throws -> URL {
        let prefix = directory.appendingPathComponent("prefix")
        let bin = prefix.appendingPathComponent("bin/routecue")
        if !FileManager.default.fileExists(atPath: bin.path) {
            try FileManager.default.createDirectory(at: bin.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: bin, withDestinationURL: try routecueBinary())
        }
        let unit = try templated("systemd/routecue.service", ["@PREFIX@": prefix.path, "@SYSCONFDIR@": "/etc", "@HEADUNIT_USER@": "root"],
                                 edit: edit)
        let left = try String(contentsOf: unit, encoding: .utf8).range(of: "@[A-Z_]+@", options: .regularExpression)
        XCTAssertNil(left, "a placeholder the installer does not replace")
        return unit
    }

    /// `systemd-analyze --user verify --man=no UNIT`.
    private func verifyUserUnit(_ unit: URL) throws -> CommandRunner.Result {
        try systemd(["--user", "verify", "--man=no", unit.path])
    }

    /// `systemd-analyze ARGUMENTS` with a private 0700 `XDG_RUNTIME_DIR` (a user manager's needs one) and `environment`.
    private func systemd(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandRunner.Result {
        try requireTool("systemd-analyze", package: "systemd")
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let variables = environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }.map { "\($0)=\($1)" }
        return try CommandRunner.run("env", variables + ["systemd-analyze"] + arguments)
    }

    /// A unit folder holding Debian's bluealsa.service and board's drop-in beside it.
    private func unitFolderWithDebiansBlueALSA() throws -> URL {
        let debian = URL(fileURLWithPath: "/lib/systemd/system/bluealsa.service")
        guard FileManager.default.fileExists(atPath: debian.path) else {
            throw XCTSkip("bluez-alsa-utils is not installed (no \(debian.path)): the drop-in cannot be checked on its unit")
        }
        let units = directory.appendingPathComponent("units")
        try FileManager.default.createDirectory(at: units.appendingPathComponent("bluealsa.service.d"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: debian, to: units.appendingPathComponent("bluealsa.service"))
        try FileManager.default.copyItem(at: board("bluez-alsa/bluealsa.service.d/routecue.conf"),
                                         to: units.appendingPathComponent("bluealsa.service.d/routecue.conf"))
        return units
    }

    /// The `-p PROFILE` arguments of a unit's ExecStart= lines.
    private func profiles(_ unit: String) -> [String] {
        unit.split(separator: "\n").filter { $0.hasPrefix("ExecStart=/") }.flatMap { line -> [String] in
            let words = line.split(separator: " ").map(String.init)
            return zip(words, words.dropFirst()).filter { $0.0 == "-p" }.map(\.1)
        }
    }

    /// Skips the calling test, saying so, when `tool` is not in `PATH`.
    private func requireTool(_ tool: String, package: String) throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard path.split(separator: ":").contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }) else {
            let message = "SKIPPED: \(tool) not found (Debian package \(package))"
            print(message)
            throw XCTSkip(message)
        }
    }
}
