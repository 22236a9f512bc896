import Foundation
import ReveilleCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The private copy of an evidence file that ``_EvidenceDatabase`` opens instead of the original.
enum _PrivateCopy {
    /// Copies `source` to `destination` readable and writable by the owner only (the mode is set
    /// at creation, so the copy is never readable by others). A failure to read `source` is
    /// `.source`; a failure to create or write the copy (a full `$TMPDIR`: `ENOSPC`, `EDQUOT`) is
    /// `.scratch`. The copy is flushed (`fsync`), so a full disk is found here, not by SQLite.
    static func copy(_ source: String, to destination: String) throws(Failure) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .source(String(cString: strerror(errno))) }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw .scratch(String(cString: strerror(errno))) }
        defer { close(output) }
        guard fchmod(output, 0o600) == 0 else { throw .scratch(String(cString: strerror(errno))) }
        // 1 MiB at a time, less for a smaller file (a fuzzer imports thousands of small ones).
        var info = stat()
        var buffer = [UInt8](repeating: 0, count: ReadBufferSize.forInput(ofSize: fstat(input, &info) == 0 ? Int(info.st_size) : nil))
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .source(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            var done = 0
            while done < n {
                let w = buffer.withUnsafeBytes { raw in
                    guard let base = raw.baseAddress else { return -1 }
                    return write(output, base + done, n - done)
                }
                if w < 0 {
                    if errno == EINTR { continue }
                    throw .scratch(String(cString: strerror(errno)))
                }
                done += w
            }
        }
        guard fsync(output) == 0 else { throw .scratch(String(cString: strerror(errno))) }
    }

    /// Which side of ``copy(_:to:)`` failed, with `strerror`'s reason.
    enum Failure: Error {
        case source(String)
        case scratch(String)
    }
}
