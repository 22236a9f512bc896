import Foundation
import Testing
import TestSupport

/// README's set-up line must run as root in a container without `sudo` as well as for a user with
/// it (issue 15), and `.ci/run` installs the same way.
@Suite struct SetupCommandTests {
    static func text(_ relative: String) throws -> String {
        try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(relative), encoding: .utf8)
    }

    @Test func readmeSetUpLineNeedsNoSudo() throws {
        let readme = try Self.text("README.md")
        let block = try #require(readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "\n```").first)
        #expect(block.hasPrefix("$(command -v sudo) apt-get update && $(command -v sudo) apt-get install -y "))
        #expect(block.replacingOccurrences(of: "$(command -v sudo)", with: "").range(of: "sudo") == nil)
        let ci = try Self.text(".ci/run")
        #expect(ci.contains("SUDO=\"$(command -v sudo || true)\""))
    }

    @Test func theSudoPrefixRunsWithAndWithoutSudo() throws {
        // With PATH lacking sudo (as in a root container) the prefix expands to nothing.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "$(command -v sudo) true"]
        process.environment = ["PATH": "/nonexistent"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
