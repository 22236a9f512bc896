import Foundation
import Testing
import ReveilleCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TestSupport

/// ``FileDescriptorIO`` moves bytes through `FileHandle` and reports a failure's `errno`, which
/// decides between exit 73 (a full disk) and other errors.
@Suite struct FileDescriptorIOTests {
    @Test func writesAndReadsBackEveryByteInChunks() throws {
        let path = Scratch.path("reveille-fdio-").path
        defer { unlink(path) }
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let output = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(output >= 0)
        try FileDescriptorIO.writeAll(bytes, to: output)
        close(output)
        let input = open(path, O_RDONLY)
        try #require(input >= 0)
        defer { close(input) }
        var read = Data()
        var chunks = 0
        while true {
            let chunk = try FileDescriptorIO.read(upTo: 65_536, from: input)
            if chunk.isEmpty { break }
            #expect(chunk.count <= 65_536)
            read.append(chunk)
            chunks += 1
        }
        #expect(read == bytes)
        #expect(chunks == 5)  // 4 × 65,536 + 37,856
    }

    @Test func aFullDeviceIsReportedAsOutOfSpace() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let output = open("/dev/full", O_WRONLY)
        try #require(output >= 0)
        defer { close(output) }
        do {
            try FileDescriptorIO.writeAll(Data("x".utf8), to: output)
            Issue.record("writing /dev/full succeeded")
        } catch {
            #expect(error.code == ENOSPC)
            #expect(AtomicFile.isOutOfSpace(error.code))
            #expect(error.reason == String(cString: strerror(ENOSPC)))
        }
    }

    @Test func readingADirectoryReportsItsErrno() throws {
        let input = open(FileManager.default.temporaryDirectory.path, O_RDONLY)
        try #require(input >= 0)
        defer { close(input) }
        do {
            _ = try FileDescriptorIO.read(upTo: 16, from: input)
            Issue.record("reading a directory succeeded")
        } catch {
            #expect(error.code == EISDIR)
        }
    }
}
