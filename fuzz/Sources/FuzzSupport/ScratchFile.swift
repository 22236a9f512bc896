import Foundation

/// A file in a private scratch directory (under `/dev/shm` when it exists) that each fuzz input
/// is written to, for the readers that take a path.
public enum ScratchFile {
    /// This process's scratch directory, created once.
    public static let directory: String = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let path = "\(base)/reveille-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Writes `size` bytes at `data` to `directory/name` (replacing it) and returns the path.
    public static func write(_ data: UnsafePointer<UInt8>, _ size: Int, name: String) -> String {
        let path = "\(directory)/\(name)"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { fatalError("fuzz harness: cannot create \(path)") }
        var written = 0
        while written < size {
            let n = Foundation.write(fd, data + written, size - written)
            guard n > 0 else { fatalError("fuzz harness: cannot write \(path)") }
            written += n
        }
        close(fd)
        return path
    }

    /// The bytes as an array.
    public static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }
}
