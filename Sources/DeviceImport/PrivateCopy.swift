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
        let chunk = ReadBufferSize.forInput(ofSize: fstat(input, &info) == 0 ? Int(info.st_size) : nil)
        while true {
            let bytes: Data
            do throws(FileDescriptorIO.Failure) {
                bytes = try FileDescriptorIO.read(upTo: chunk, from: input)
            } catch { throw .source(error.reason) }
            if bytes.isEmpty { break }
            do throws(FileDescriptorIO.Failure) {
                try FileDescriptorIO.writeAll(bytes, to: output)
            } catch { throw .scratch(error.reason) }
        }
        guard fsync(output) == 0 else { throw .scratch(String(cString: strerror(errno))) }
    }

    /// Which side of ``copy(_:to:)`` failed, with `strerror`'s reason.
    enum Failure: Error {
        case source(String)
        case scratch(String)
    }
}
