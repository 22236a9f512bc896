import Foundation

import ReveilleCore

/// Writes to standard error (progress, warnings, notes); stdout carries results only.
enum StandardError {
    /// Writes `message` and a newline.
    static func write(_ message: String) {
        writeRaw(message + "\n")
    }

    /// Writes `text` as it is. A failed write (standard error closed or on a full disk) is
    /// dropped: there is nowhere left to report it, and the run's result does not depend on it
    /// (`FileHandle.write(_:)` would trap).
    static func writeRaw(_ text: String) {
        try? FileDescriptorIO.writeAll(Data(text.utf8), to: STDERR_FILENO)
    }
}

/// Writes results to standard output through ``AtomicFile`` (`-`): a failed write is an
/// `AtomicFile.WriteError` (exit 73), never a trap or a silent loss as with `print`.
enum StandardOutput {
    static func write(_ text: String) throws {
        try AtomicFile.write(text, to: "-")
    }
}
