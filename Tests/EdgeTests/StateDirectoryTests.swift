import EventLoopKit
import Foundation
import Glibc
import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

/// The state directory's file layer for the guidance journal (issue 28): a write replaces a file whole or not at all
/// and leaves no temporary behind, an absent file reads as nil, a damaged file is set aside under a dated name with at
/// most three kept, and the temporaries of writes a power cut interrupted are removed at start. Writes that fail in a
/// real process (ENOSPC, a kill before the rename) are driven by the fault-injection shim in `IntegrationTests`.
final class StateDirectoryTests: XCTestCase {
    private var folder: String!
    private var directory: StateDirectory!

    /// 2025-03-14T15:09:26Z.
    private let piDay = 1_741_964_966.0

    override func setUpWithError() throws {
        folder = try CommandRunner.temporaryDirectory().path
        directory = StateDirectory(path: folder)
    }

    override func tearDown() {
        if let folder {
            chmod(folder, 0o700)
            try? FileManager.default.removeItem(atPath: folder)
        }
        super.tearDown()
    }

    private func names() -> [String] { (FileSystem.listDirectory(folder) ?? []).sorted() }

    private func contents(_ name: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    private func put(_ text: String, _ name: String) {
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(text.utf8)))
    }

    // MARK: - Writing and reading

    func test_writeAtomically_thenRead_givesTheBytes_readableByRouteCueOnly_andNoTemporaryIsLeft() throws {
        let bytes = Array("{\"cues\":[1,2,3]}\n".utf8)
        XCTAssertEqual(try directory.writeAtomically(bytes, to: "guidance.journal"), bytes.count)
        XCTAssertEqual(try directory.read("guidance.journal", maxBytes: 1 << 20), bytes)
        XCTAssertEqual(names(), ["guidance.journal"])
        var info = stat()
        XCTAssertEqual(stat(folder + "/guidance.journal", &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
    }

    func test_writeAtomically_ofNothing_makesAnEmptyFile() throws {
        XCTAssertEqual(try directory.writeAtomically([], to: "guidance.journal"), 0)
        XCTAssertEqual(try directory.read("guidance.journal", maxBytes: 16), [])
    }

    func test_writeAtomically_overAnOldFile_keepsTheNewContent() throws {
        try directory.writeAtomically(Array("old and longer".utf8), to: "guidance.journal")
        try directory.writeAtomically(Array("new".utf8), to: "guidance.journal")
        XCTAssertEqual(contents("guidance.journal"), "new")
        XCTAssertEqual(names(), ["guidance.journal"])
    }

    func test_writeAtomically_overAStaleTemporary_replacesIt() throws {
        put("half a journal from before a power c", ".guidance.journal.tmp")
        try directory.writeAtomically(Array("whole".utf8), to: "guidance.journal")
        XCTAssertEqual(contents("guidance.journal"), "whole")
        XCTAssertEqual(names(), ["guidance.journal"])
    }

    func test_writeAtomically_intoADirectoryThatDoesNotExist_throwsUnwritable_namingTheFile() {
        let missing = StateDirectory(path: folder + "/not-there")
        XCTAssertThrowsError(try missing.writeAtomically(Array("x".utf8), to: "guidance.journal")) { error in
            guard let error = error as? InputError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, .unwritable)
            XCTAssertEqual(error.input, .stateDirectory)
            XCTAssertEqual(error.file, folder + "/not-there/guidance.journal")
            XCTAssertTrue(error.message.contains("No such file or directory"), error.message)
        }
    }

    func test_writeAtomically_whenTheStateDirectoryIsAFile_throwsUnwritable() {
        put("not a directory", "plain")
        XCTAssertThrowsError(try StateDirectory(path: folder + "/plain").writeAtomically([1], to: "guidance.journal")) { error in
            XCTAssertEqual((error as? InputError)?.code, .unwritable)
            XCTAssertTrue("\(error)".contains("Not a directory"), "\(error)")
        }
    }

    func test_writeAtomically_intoAReadOnlyDirectory_throwsUnwritable_andTheOldFileIsUnchanged() throws {
        guard getuid() != 0 else {
            let message = "SKIPPED: root writes into a read-only directory all the same"
            print(message)
            throw XCTSkip(message)
        }
        try directory.writeAtomically(Array("old".utf8), to: "guidance.journal")
        XCTAssertEqual(chmod(folder, 0o500), 0)
        XCTAssertThrowsError(try directory.writeAtomically(Array("new".utf8), to: "guidance.journal")) { error in
            guard let error = error as? InputError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, .unwritable)
            XCTAssertEqual(error.file, folder + "/guidance.journal")
            XCTAssertTrue(error.message.contains("Permission denied"), error.message)
        }
        XCTAssertEqual(chmod(folder, 0o700), 0)
        XCTAssertEqual(contents("guidance.journal"), "old")
        XCTAssertEqual(names(), ["guidance.journal"])
    }

    /// The temporary is written and synced, then the rename fails (a directory holds the name): the temporary goes, the
    /// entry stays as it was. Runs as root too, unlike the read-only directory.
    func test_writeAtomically_whenTheRenameFails_removesTheTemporary_andLeavesTheNameAsItWas() throws {
        try FileManager.default.createDirectory(atPath: folder + "/guidance.journal/inside", withIntermediateDirectories: true)
        XCTAssertThrowsError(try directory.writeAtomically(Array("new".utf8), to: "guidance.journal")) { error in
            guard let error = error as? InputError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, .unwritable)
            XCTAssertEqual(error.file, folder + "/guidance.journal")
            XCTAssertTrue(error.message.contains("renaming .guidance.journal.tmp over guidance.journal"), error.message)
        }
        XCTAssertEqual(names(), ["guidance.journal"])
        XCTAssertTrue(FileSystem.isDirectory(folder + "/guidance.journal/inside"))
    }

    func test_read_ofAnAbsentFile_orInAnAbsentDirectory_isNil() throws {
        XCTAssertNil(try directory.read("guidance.journal", maxBytes: 1024))
        XCTAssertNil(try StateDirectory(path: folder + "/not-there").read("guidance.journal", maxBytes: 1024))
    }

    func test_read_ofAFileOverTheLimit_throwsTooLarge() throws {
        try directory.writeAtomically([UInt8](repeating: 65, count: 100), to: "guidance.journal")
        XCTAssertThrowsError(try directory.read("guidance.journal", maxBytes: 99)) { error in
            XCTAssertEqual((error as? InputError)?.code, .tooLarge)
            XCTAssertEqual((error as? InputError)?.input, .stateDirectory)
            XCTAssertEqual((error as? InputError)?.file, folder + "/guidance.journal")
        }
    }

    func test_read_ofADirectory_throwsUnreadable() throws {
        try FileManager.default.createDirectory(atPath: folder + "/guidance.journal", withIntermediateDirectories: false)
        XCTAssertThrowsError(try directory.read("guidance.journal", maxBytes: 1024)) { error in
            XCTAssertEqual((error as? InputError)?.code, .unreadable)
        }
    }

    func test_remove_removesTheFile_andAnAbsentFileIsFine() throws {
        try directory.writeAtomically([1, 2, 3], to: "guidance.journal")
        try directory.remove("guidance.journal")
        XCTAssertEqual(names(), [])
        try directory.remove("guidance.journal")
    }

    // MARK: - Setting aside

    func test_setAside_renamesWithTheLabelAndTheUTCTime_andTheNameIsFree() throws {
        put("damaged", "guidance.journal")
        let copy = try directory.setAside("guidance.journal", label: "damaged", at: piDay)
        XCTAssertEqual(copy, "guidance.journal.damaged-20250314T150926Z")
        XCTAssertEqual(names(), [copy])
        XCTAssertEqual(contents(copy), "damaged")
        XCTAssertNil(try directory.read("guidance.journal", maxBytes: 1024))
    }

    func test_setAside_twiceInOneSecond_addsACounter() throws {
        var copies: [String] = []
        for text in ["one", "two", "three"] {
            put(text, "guidance.journal")
            copies.append(try directory.setAside("guidance.journal", label: "damaged", at: piDay + 0.5))
        }
        XCTAssertEqual(copies, ["guidance.journal.damaged-20250314T150926Z",
                                "guidance.journal.damaged-20250314T150926Z-2",
                                "guidance.journal.damaged-20250314T150926Z-3"])
        XCTAssertEqual(copies.map(contents), ["one", "two", "three"])
    }

    func test_setAside_keepsTheThreeNewestCopies_ofThatFileOnly() throws {
        put("another file's copy", "ducking.json.damaged-20200101T000000Z")
        put("not a copy", "guidance.journal.bak")
        for (hour, label) in [(0, "damaged"), (1, "unreadable"), (2, "damaged"), (3, "damaged"), (4, "damaged")] {
            put("hour \(hour)", "guidance.journal")
            try directory.setAside("guidance.journal", label: label, at: piDay + Double(hour) * 3600)
        }
        XCTAssertEqual(names(), ["ducking.json.damaged-20200101T000000Z",
                                 "guidance.journal.bak",
                                 "guidance.journal.damaged-20250314T170926Z",
                                 "guidance.journal.damaged-20250314T180926Z",
                                 "guidance.journal.damaged-20250314T190926Z"])
        XCTAssertEqual(contents("guidance.journal.damaged-20250314T190926Z"), "hour 4")
    }

    func test_setAside_inOneSecond_removesTheLowestCounterFirst() throws {
        for index in 1...4 {
            put("copy \(index)", "guidance.journal")
            try directory.setAside("guidance.journal", label: "damaged", at: piDay)
        }
        XCTAssertEqual(names(), ["guidance.journal.damaged-20250314T150926Z-2",
                                 "guidance.journal.damaged-20250314T150926Z-3",
                                 "guidance.journal.damaged-20250314T150926Z-4"])
    }

    /// A head unit without a battery-backed clock may start in the past: the copy just made stays, the oldest of the
    /// others goes.
    func test_setAside_afterTheClockWasSetBack_keepsTheCopyJustMade() throws {
        for day in 1...3 {
            put("day \(day)", "guidance.journal")
            try directory.setAside("guidance.journal", label: "damaged", at: piDay + Double(day) * 86_400)
        }
        put("at boot, clock in 1970", "guidance.journal")
        let copy = try directory.setAside("guidance.journal", label: "damaged", at: 0)
        XCTAssertEqual(copy, "guidance.journal.damaged-19700101T000000Z")
        XCTAssertEqual(names(), [copy,
                                 "guidance.journal.damaged-20250316T150926Z",
                                 "guidance.journal.damaged-20250317T150926Z"])
    }

    func test_setAside_ofAnAbsentFile_throwsUnwritable_namingIt() {
        XCTAssertThrowsError(try directory.setAside("guidance.journal", label: "damaged", at: piDay)) { error in
            guard let error = error as? InputError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, .unwritable)
            XCTAssertEqual(error.file, folder + "/guidance.journal")
        }
        XCTAssertEqual(names(), [])
    }

    // MARK: - At start

    func test_removeStaleTemporaries_removesTheTemporariesOfInterruptedWrites_only() throws {
        put("{\"half", ".guidance.journal.tmp")
        put("{", ".ducking.json.tmp")
        put("whole", "guidance.journal")
        put("a user's", "notes.tmp")
        put("hidden", ".hidden")
        try FileManager.default.createDirectory(atPath: folder + "/.folder.tmp", withIntermediateDirectories: false)
        XCTAssertEqual(directory.removeStaleTemporaries().sorted(), [".ducking.json.tmp", ".guidance.journal.tmp"])
        XCTAssertEqual(names(), [".folder.tmp", ".hidden", "guidance.journal", "notes.tmp"])
        XCTAssertEqual(directory.removeStaleTemporaries(), [])
    }

    func test_removeStaleTemporaries_ofAnAbsentDirectory_doesNothing() {
        XCTAssertEqual(StateDirectory(path: folder + "/not-there").removeStaleTemporaries(), [])
    }
}
