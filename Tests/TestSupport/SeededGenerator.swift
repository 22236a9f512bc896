import Foundation

/// A deterministic random generator (SplitMix64) for reproducible tests.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Paths to shared fixtures, resolved from this source file so tests run from any directory.
public enum Fixtures {
    /// The repository root (two levels above `Tests/TestSupport`).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the repository.
    public static let shared: URL = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// A path under `../shared/datasets`.
    public static func dataset(_ relative: String) -> String {
        shared.appendingPathComponent("datasets").appendingPathComponent(relative).path
    }

    /// A path under `../shared/reference-results`.
    public static func referenceResult(_ name: String) -> String {
        shared.appendingPathComponent("reference-results").appendingPathComponent(name).path
    }

    /// Writes `text` to a fresh temporary file and returns its path.
    public static func temporaryFile(_ text: String, suffix: String = ".csv") throws -> String {
        let url = Scratch.path("reveille-test-", suffix: suffix)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
