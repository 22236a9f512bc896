import Foundation
import Synchronization
import Testing
import TestSupport

/// Regression: `evaluate --partial -o PATH` (JSON Lines output) renamed its temporary file over
/// PATH even when PATH was a FIFO or a device, replacing the node with a regular file (as root,
/// `-o /dev/null` would have replaced the system's). It is now written in place, as every other
/// output is.
@Suite struct LineOutputNodeTests {
    @Test func partialOutputToAFIFOIsWrittenThroughIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-fifo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/out.jsonl"
        try #require(mkfifo(fifo, 0o600) == 0)
        // A reader on the FIFO, so that the writer's open returns and its lines are drained.
        let received = Mutex(Data())
        let reader = Thread {
            if let handle = FileHandle(forReadingAtPath: fifo) {
                let data = handle.readDataToEndOfFile()
                received.withLock { $0 = data }
            }
        }
        reader.start()
        let r = try CLIRunner.run(["evaluate", Fixtures.dataset("android-wellbeing/launches.csv"), "--policy", "oracle",
                                   "--budget", "4", "--partial", "-o", fifo, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        var node = stat()
        #expect(stat(fifo, &node) == 0 && node.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
        for _ in 0..<200 where received.withLock({ $0.isEmpty }) { usleep(10_000) }
        let text = String(decoding: received.withLock { $0 }, as: UTF8.self)
        #expect(text.split(separator: "\n").count >= 2, "a header and a device line went through the FIFO: \(text)")
    }
}
