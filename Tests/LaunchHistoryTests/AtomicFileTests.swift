import Foundation
import LaunchHistory
import ReveilleCore
import Testing
import TestSupport

@Suite struct AtomicFileTests {
    @Test func overwritesAnExistingFile() throws {
        let path = try Fixtures.temporaryFile("old contents", suffix: ".txt")
        try AtomicFile.write("new", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        try AtomicFile.write("newer", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "newer")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
            .filter { $0.hasPrefix(".\((path as NSString).lastPathComponent)") }
        #expect(leftovers.isEmpty)
    }

    @Test func unwritableDirectoryIsAWriteError() {
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write("x", to: "/nonexistent-dir/out.txt") }
    }

    /// Regression: a run with two outputs wrote the first and then failed on the second
    /// (`simulate -o x.csv --truth DIR`, `evaluate --fetches f.csv -o DIR`), leaving the first
    /// behind. Several outputs are staged first: a failure on any leaves none written or changed.
    @Test(arguments: ["a directory", "a missing directory", "the same path"])
    func severalOutputsAreAllOrNothing(_ second: String) throws {
        let dir = try AtomicFileLeftoverTests.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let kept = dir + "/kept.txt", fresh = dir + "/fresh.txt"
        try "old".write(toFile: kept, atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        let bad = switch second {
        case "a directory": dir + "/sub"
        case "a missing directory": dir + "/missing/out.txt"
        default: fresh
        }
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write([(Data("new".utf8), kept), (Data("new".utf8), fresh), (Data("x".utf8), bad)])
        }
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["kept.txt", "sub"])
        try AtomicFile.write([(Data("new".utf8), kept), (Data("newer".utf8), fresh)])
        // Standard output may take several outputs (`evaluate --fetches -` with the report on `-`).
        #expect(throws: Never.self) { try AtomicFile.write([(Data(), "-"), (Data(), "-")]) }
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "new")
        #expect(try String(contentsOfFile: fresh, encoding: .utf8) == "newer")
    }
}

/// Issue 15 "Files left behind": stale temporary files, permission modes, full disks.
@Suite struct AtomicFileLeftoverTests {
    /// A fresh empty directory.
    static func directory() throws -> String {
        let dir = Scratch.path("reveille-atomic-").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The id of a process that has exited (a child that ran `true`).
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func staleTemporaryFilesOfDeadOrOldWritersAreRemovedOnTheNextWrite() throws {
        let dir = try Self.directory()
        let dead = try Self.deadPID()
        let deadTemp = dir + "/" + AtomicFile.temporaryName(of: "out.json", pid: dead)
        let liveTemp = dir + "/" + AtomicFile.temporaryName(of: "out.json", pid: getppid())
        let oldLiveTemp = dir + "/" + AtomicFile.temporaryName(of: "out.json", pid: 1)
        let otherFile = dir + "/" + AtomicFile.temporaryName(of: "other.json", pid: dead)
        for path in [deadTemp, liveTemp, oldLiveTemp, otherFile] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("partial".utf8)))
        }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -2 * AtomicFile.staleTemporaryAge)],
                                              ofItemAtPath: oldLiveTemp)
        try AtomicFile.write("done\n", to: dir + "/out.json")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        #expect(!names.contains((deadTemp as NSString).lastPathComponent), "a dead writer's temporary file is removed")
        #expect(!names.contains((oldLiveTemp as NSString).lastPathComponent), "an hour-old temporary file is removed even if its pid is alive")
        #expect(names.contains((liveTemp as NSString).lastPathComponent), "a live, fresh writer's temporary file is kept")
        #expect(names.contains((otherFile as NSString).lastPathComponent), "another destination's temporary files are not touched")
        #expect(try String(contentsOfFile: dir + "/out.json", encoding: .utf8) == "done\n")
    }

    @Test(arguments: [0o600, 0o640, 0o755])
    func anExistingFileKeepsItsMode(mode: Int) throws {
        let dir = try Self.directory()
        let path = dir + "/model.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, mode_t(mode)) == 0)
        try AtomicFile.write("new", to: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    }

    @Test func aNewFileGetsTheUmaskMode() throws {
        let dir = try Self.directory()
        let old = umask(0o027)
        defer { umask(old) }
        try AtomicFile.write("x", to: dir + "/new.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: dir + "/new.json")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
    }

    @Test func aFullDeviceIsAnOutOfSpaceWriteErrorWithExit73() throws {
        // /dev/full is written in place (a device) and fails every write with ENOSPC.
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        do {
            try AtomicFile.write("x", to: "/dev/full")
            Issue.record("writing /dev/full succeeded")
        } catch {
            #expect(error.isOutOfSpace)
            #expect(error.code == ENOSPC)
            #expect(ExitStatus(for: error) == .cannotCreate)
            #expect(error.description.contains("/dev/full"))
        }
    }

    @Test(.enabled(if: TinyFileSystem.mountPoint != nil, Comment(rawValue: TinyFileSystem.skipReason)))
    func aFullFileSystemLeavesTheOldFileAndNoTemporary() throws {
        let dir = try #require(TinyFileSystem.directory())
        let path = dir + "/schedule.json"
        try AtomicFile.write("old\n", to: path)
        TinyFileSystem.fill(dir)
        do {
            try AtomicFile.write(String(repeating: "x", count: 256 * 1024), to: path)
            Issue.record("a 256 KiB write to a full 64 KiB file system succeeded")
        } catch {
            #expect(error.isOutOfSpace)
            #expect(ExitStatus(for: error) == .cannotCreate)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["filler", "schedule.json"])
    }
}
