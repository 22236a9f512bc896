import Foundation
import Testing
import TestSupport

/// The tests' scratch directory: one per process, and a killed run's directory removed by the
/// next run.
@Suite struct ScratchTests {
    @Test func pathsAreFreshAndInsideThisProcesssDirectory() {
        let a = Scratch.path("x-", suffix: ".csv"), b = Scratch.path("x-", suffix: ".csv")
        #expect(a != b && a.deletingLastPathComponent().standardizedFileURL.path == Scratch.directory.standardizedFileURL.path)
        #expect(Scratch.directory.lastPathComponent == "\(Scratch.prefix)\(ProcessInfo.processInfo.processIdentifier)")
        #expect(FileManager.default.fileExists(atPath: Scratch.directory.path))
    }

    /// In a stand-in for the system's temporary directory: the directory of a process that has
    /// exited goes; a live process's (pid 1), this process's, a non-numeric suffix and another
    /// prefix stay.
    @Test func onlyDirectoriesOfGoneProcessesAreRemoved() throws {
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/true")
        try exited.run()
        exited.waitUntilExit()
        let gone = exited.processIdentifier
        let system = Scratch.path("system-")
        let names = ["\(Scratch.prefix)\(gone)", "\(Scratch.prefix)1", "\(Scratch.prefix)\(getpid())",
                     "\(Scratch.prefix)abc", "other-\(gone)"]
        for name in names {
            try FileManager.default.createDirectory(at: system.appendingPathComponent(name).appendingPathComponent("inner"),
                                                    withIntermediateDirectories: true)
        }
        Scratch.removeAbandoned(in: system)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: system.path))
        #expect(left == Set(names.dropFirst()))
    }
}
