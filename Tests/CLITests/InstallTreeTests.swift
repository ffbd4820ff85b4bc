import Foundation
import TestSupport
import XCTest

/// `make install-files` (what `make install` runs after building the stripped static binary) into a temporary
/// DESTDIR: exactly the files board/README.md lists, templated for the head-unit user, a binary that finds its phrase
/// packs and configuration in the staged tree, a kept configuration, and `make uninstall` removing exactly them.
final class InstallTreeTests: CommandTestCase {
    private var root: URL { tmp.appendingPathComponent("root") }

    private func make(_ target: String, prefix: String = "/usr", _ extra: [String] = []) throws -> CommandRunner.Result {
        try CommandRunner.run("make", ["-s", "-C", SharedData.repositoryRoot.path, target, "DESTDIR=\(root.path)", "PREFIX=\(prefix)",
                                       "HEADUNIT_USER=driver", "UI_GROUP=dashboard", "BIN=\(CommandRunner.routecueBinary.path)"] + extra)
    }

    /// Every file and symbolic link under the staging root, relative to it, sorted.
    private func stagedFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            let attributes = walker.fileAttributes ?? [:]
            if attributes[.type] as? FileAttributeType != .typeDirectory { files.append(path) }
        }
        return files.sorted()
    }

    /// Every folder under the staging root, relative to it.
    private func stagedFolders() -> Set<String> {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var folders = Set<String>()
        while let path = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { folders.insert(path) }
        }
        return folders
    }

    private func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The staged binary run in the temporary folder (not the checkout: its config/phrases must not be found).
    private func staged(_ binary: String, _ arguments: [String]) throws -> CommandRunner.Result {
        let process = Process()
        process.executableURL = root.appendingPathComponent(binary)
        process.arguments = arguments
        process.currentDirectoryURL = tmp
        var environment = ProcessInfo.processInfo.environment
        environment["ROUTECUE_PHRASES"] = nil
        environment["ROUTECUE_CONFIG"] = nil
        process.environment = environment
        return try CommandRunner.capture(process)
    }

    private func expectedFiles(prefix: String, etc: String, policy: String, sysusers: String, units: String) throws -> [String] {
        let repository = SharedData.repositoryRoot
        let packs = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("config/phrases").path)
            .filter { $0.hasSuffix(".json") }.map { "\(prefix)/share/routecue/phrases/\($0)" }
        let tables = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("config/phrases/abbreviations").path)
            .filter { $0.hasSuffix(".json") }.map { "\(prefix)/share/routecue/phrases/abbreviations/\($0)" }
        return (packs + tables + [
            "\(prefix)/bin/routecue",
            "\(prefix)/share/routecue/installed-files",
            "\(prefix)/share/dbus-1/interfaces/org.routecue.Guidance1.xml",
            "\(prefix)/share/dbus-1/interfaces/org.routecue.Audio1.xml",
            "\(policy)/org.routecue.conf",
            "\(policy)/routecue-ofono.conf",
            "\(units)/routecue.service",
            "etc/systemd/user/default.target.wants/routecue.service",
            "\(sysusers)/routecue.conf",
            "etc/alsa/conf.d/50-routecue.conf",
            "etc/systemd/system/bluealsa.service.d/routecue.conf",
            "var/lib/systemd/linger/driver",
            "\(etc)/routecue/routecue.json",
        ]).sorted()
    }

    func test_install_laysOutExactlyTheBoardFiles_templatedForTheUser_andTheBinaryRunsFromTheTree() throws {
        let installed = try make("install-files")
        XCTAssertEqual(installed.status, 0, installed.stdout + installed.stderr)
        XCTAssertEqual(stagedFiles(), try expectedFiles(prefix: "usr", etc: "etc", policy: "usr/share/dbus-1/system.d", sysusers: "usr/lib/sysusers.d",
                                                    units: "usr/lib/systemd/user"))

        for file in ["usr/lib/systemd/user/routecue.service", "usr/lib/sysusers.d/routecue.conf", "etc/alsa/conf.d/50-routecue.conf",
                     "etc/systemd/system/bluealsa.service.d/routecue.conf", "etc/routecue/routecue.json", "usr/share/dbus-1/system.d/org.routecue.conf",
                     "usr/share/dbus-1/system.d/routecue-ofono.conf"] {
            let content = try text(file)
            XCTAssertNil(content.range(of: "@[A-Z_]+@", options: .regularExpression), "\(file) keeps a placeholder:\n\(content)")
        }
        let unit = try text("usr/lib/systemd/user/routecue.service")
        XCTAssertTrue(unit.contains("ExecStart=/usr/bin/routecue run"), unit)
        XCTAssertTrue(unit.contains("ConditionUser=driver"), "the globally enabled unit starts for the head-unit user only:\n\(unit)")
        let wants = try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent("etc/systemd/user/default.target.wants/routecue.service").path)
        XCTAssertEqual(wants, "/usr/lib/systemd/user/routecue.service")
        let policy = try text("usr/share/dbus-1/system.d/org.routecue.conf")
        XCTAssertTrue(policy.contains("<policy user=\"driver\">") && policy.contains("<policy group=\"dashboard\">"), policy)
        XCTAssertFalse(policy.contains("user=\"routecue\""), policy)
        XCTAssertTrue(try text("usr/lib/sysusers.d/routecue.conf").contains("dashboard"))
        XCTAssertTrue(try text("usr/share/dbus-1/system.d/routecue-ofono.conf").contains("<policy user=\"driver\">"))
        let binary = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("usr/bin/routecue").path)[.posixPermissions] as? Int)
        XCTAssertEqual(binary & 0o777, 0o755)

        // The staged binary finds the staged configuration and phrase packs, not the checkout's.
        let check = try staged("usr/bin/routecue", ["config", "check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.hasPrefix(root.appendingPathComponent("etc/routecue/routecue.json").path + ": valid"), check.stdout)
        let languages = try staged("usr/bin/routecue", ["say", "--list-languages"])
        XCTAssertEqual(languages.status, 0, languages.stderr)
        XCTAssertTrue(languages.stdout.hasPrefix("phrase packs in \(root.path)/usr/share/routecue/phrases:"), languages.stdout)
        XCTAssertTrue(languages.stdout.contains("de-DE: voice de"), languages.stdout)
    }

    func test_uninstall_removesExactlyWhatInstallWrote_andKeepsOtherFilesAndAnEditedConfiguration() throws {
        // Files of others in folders RouteCue also uses, there before the install.
        let others = ["etc/alsa/conf.d/20-other.conf", "usr/bin/other-tool", "etc/systemd/user/default.target.wants/other.service"]
        for other in others {
            let url = root.appendingPathComponent(other)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "theirs\n".write(to: url, atomically: true, encoding: .utf8)
        }
        let foldersBefore = stagedFolders()
        XCTAssertEqual(try make("install-files").status, 0)
        XCTAssertEqual(try make("uninstall").status, 0)
        XCTAssertEqual(stagedFiles(), others.sorted(), "uninstall leaves the others' files and nothing of RouteCue's")
        XCTAssertEqual(stagedFolders(), foldersBefore, "the folders install created are gone, the others' stay")

        // An edited configuration survives a second install and the uninstall; the unedited parts go.
        XCTAssertEqual(try make("install-files").status, 0)
        let config = root.appendingPathComponent("etc/routecue/routecue.json")
        try "{ \"logging\": { \"level\": \"debug\" } }\n".write(to: config, atomically: true, encoding: .utf8)
        let again = try make("install-files")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("keeping \(config.path)"), again.stdout)
        XCTAssertEqual(try String(contentsOf: config, encoding: .utf8), "{ \"logging\": { \"level\": \"debug\" } }\n")
        let removed = try make("uninstall")
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(stagedFiles(), (others + ["etc/routecue/routecue.json"]).sorted(), removed.stdout)
        XCTAssertNotEqual(try make("uninstall").status, 0, "nothing left to uninstall is an error, not a silent success")
    }

    func test_install_underAnotherPrefix_putsTheConfigurationWhereThatBinaryLooks() throws {
        let installed = try make("install-files", prefix: "/opt/routecue")
        XCTAssertEqual(installed.status, 0, installed.stdout + installed.stderr)
        XCTAssertEqual(stagedFiles(), try expectedFiles(prefix: "opt/routecue", etc: "opt/routecue/etc", policy: "etc/dbus-1/system.d", sysusers: "etc/sysusers.d",
                                                    units: "etc/systemd/user"))
        XCTAssertTrue(try text("etc/systemd/user/routecue.service").contains("ExecStart=/opt/routecue/bin/routecue run"),
                      "systemd reads no units under /opt: the unit goes to /etc/systemd/user")
        let check = try staged("opt/routecue/bin/routecue", ["config", "check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.hasPrefix(root.appendingPathComponent("opt/routecue/etc/routecue/routecue.json").path + ": valid"), check.stdout)
        XCTAssertEqual(try make("uninstall", prefix: "/opt/routecue").status, 0)
        XCTAssertEqual(stagedFiles(), [])
    }
}
