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
}
