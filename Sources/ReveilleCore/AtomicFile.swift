import Foundation

/// Writes output files all-or-nothing: the bytes go to a temporary file beside the destination,
/// which is then renamed over it, so a failed run never leaves partial output. `-` writes to
/// standard output.
public enum AtomicFile {
    /// An output file could not be written.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }

        /// `path` could not be written because of `reason` (for writers streaming into a file).
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
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
        // Devices and pipes (e.g. /dev/null) are written in place: renaming over them would replace them.
        if let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType,
           type == .typeCharacterSpecial || type == .typeBlockSpecial || type == .typeUnknown {
            do {
                let handle = try FileHandle(forWritingTo: url)
                defer { try? handle.close() }
                try handle.write(contentsOf: data)
            } catch {
                throw WriteError(path: path, reason: error.localizedDescription)
            }
            return
        }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: error.localizedDescription)
        }
        // rename(2) replaces an existing destination atomically (FileManager.replaceItemAt fails on
        // every second overwrite on Linux).
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: reason)
        }
    }
}
