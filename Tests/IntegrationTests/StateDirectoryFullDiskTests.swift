import EventLoopKit
import Foundation
import Glibc
import RouteCueCore
import RouteCueService
import TestSupport
import XCTest

/// The state directory on a full file system (a 64 KiB tmpfs, mounted with `mount`, so root only): a write that does
/// not fit fails with ENOSPC worded as such, the previous file is whole and no temporary is left.
final class StateDirectoryFullDiskTests: XCTestCase {
    private var folder: String!
    private var mounted = false

    override func setUpWithError() throws {
        folder = try CommandRunner.temporaryDirectory().path
        try TmpfsMount.mount(at: folder, options: "size=64k,mode=0700")
        mounted = true
    }

    override func tearDown() {
        if mounted { TmpfsMount.unmount(folder) }
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
        super.tearDown()
    }

    func test_aWriteThatDoesNotFit_throwsNoSpaceLeftOnDevice_andTheOldFileIsWhole() throws {
        let directory = StateDirectory(path: folder)
        let old = Array("the journal before".utf8)
        try directory.writeAtomically(old, to: "guidance.journal")
        XCTAssertThrowsError(try directory.writeAtomically([UInt8](repeating: 7, count: 256 << 10), to: "guidance.journal")) { error in
            guard let error = error as? InputError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, .unwritable)
            XCTAssertEqual(error.input, .stateDirectory)
            XCTAssertEqual(error.file, folder + "/guidance.journal")
            XCTAssertEqual(error.message, "cannot write: No space left on device (writing .guidance.journal.tmp)")
        }
        XCTAssertEqual(try directory.read("guidance.journal", maxBytes: 1 << 20), old)
        XCTAssertEqual(FileSystem.listDirectory(folder), ["guidance.journal"])
        // The space the failed write took is free again: a small write goes through.
        XCTAssertEqual(try directory.writeAtomically(Array("after".utf8), to: "guidance.journal"), 5)
    }
}
