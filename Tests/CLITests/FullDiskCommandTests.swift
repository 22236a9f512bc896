import Foundation
import Testing
import TestSupport

/// Issue 15: a full disk or `$TMPDIR` is exit 73 ("cannot write"), not 65 ("bad data"), and
/// leaves nothing behind.
@Suite struct FullDiskCommandTests {
    @Test func anOutputOnAFullDeviceIsExit73() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let r = try CLIRunner.run(["simulate", "--devices", "1", "--days", "2", "--seed", "1", "-o", "/dev/full"])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write /dev/full: No space left on device"), "\(r.stderr)")
    }

    @Test(.enabled(if: TinyFileSystem.mountPoint != nil, Comment(rawValue: TinyFileSystem.skipReason)))
    func anOutputOnAFullFileSystemIsExit73AndLeavesNoTemporaryFile() throws {
        let dir = try #require(TinyFileSystem.directory())
        TinyFileSystem.fill(dir)
        let r = try CLIRunner.run(["simulate", "--devices", "1", "--days", "30", "--seed", "1", "-o", dir + "/launches.csv"])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write \(dir)/launches.csv"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["filler"])
    }

    @Test(.enabled(if: TinyFileSystem.mountPoint != nil, Comment(rawValue: TinyFileSystem.skipReason)))
    func importWithAFullTMPDIRIsExit73NotBadData() throws {
        let scratch = try #require(TinyFileSystem.directory())
        TinyFileSystem.fill(scratch)
        let r = try CLIRunner.run(["import", "knowledgec", Fixtures.dataset("apple/knowledgec-10.14.db"), "-o", "-"],
                                  environment: ["TMPDIR": scratch])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("scratchUnwritable"), "\(r.stderr)")
        #expect(r.stderr.contains("knowledgec-10.14.db"))
        #expect(r.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == ["filler"], "the private copy's directory is removed")
    }
}
