import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files all-or-nothing: the bytes go to a temporary file beside the destination,
/// which is then renamed over it, so a failed run never leaves partial output. `-` writes to
/// standard output.
public enum AtomicFile {
    /// An output file could not be written.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `text` to `path` atomically (or to standard output for `-`).
    public static func write(_ text: String, to path: String) throws(WriteError) {
        try write(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path` atomically (or to standard output for `-`).
    public static func write(_ data: Data, to path: String) throws(WriteError) {
        if path == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: error.localizedDescription)
        }
        // rename(2) replaces an existing destination atomically (FileManager's replaceItemAt fails
        // on Linux when the destination exists, and moveItem refuses to overwrite).
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: reason)
        }
    }
}
