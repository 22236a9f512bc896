import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files all-or-nothing: the bytes go to a temporary file beside the destination
/// (`.<name>.<pid>.tmp`), which is flushed to disk (`fsync`) and then renamed over the
/// destination, and the directory is flushed too, so neither a failed run nor a crash or power
/// loss right after it leaves partial output. `-` writes to standard output.
///
/// - An existing destination keeps its permission mode (a `0600` model stays `0600`); a new file
///   gets `0666` less the umask, as `open(2)` gives.
/// - Temporary files left by a killed run (`.<name>.<pid>.tmp` beside the destination) are removed
///   on the next write to that destination, when their process is no longer alive or when they are
///   older than ``staleTemporaryAge`` (a process id can be reused, and a write takes well under a
///   second, so an hour-old temporary file is never a live write's).
/// - A full disk or quota (`ENOSPC`, `EDQUOT`) is a ``WriteError`` like any other failure to
///   write, so the CLI exits 73 (`EX_CANTCREAT`), never 65.
public enum AtomicFile {
    /// An output file could not be written.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        /// The `errno` of the failing call, when a system call failed.
        public let code: Int32?

        public init(path: String, reason: String, code: Int32? = nil) {
            self.path = path
            self.reason = reason
            self.code = code
        }

        public var description: String { "cannot write \(path): \(reason)" }

        /// The write failed because the file system (or the user's quota) is full.
        public var isOutOfSpace: Bool { code.map(AtomicFile.isOutOfSpace) ?? false }
    }

    /// Age after which a leftover temporary file is removed even if its process id is alive
    /// (one hour).
    public static let staleTemporaryAge: TimeInterval = 3600

    /// Whether `errno` `code` means the file system or quota is full (`ENOSPC`, `EDQUOT`).
    public static func isOutOfSpace(_ code: Int32) -> Bool { code == ENOSPC || code == EDQUOT }

    /// Writes `text` to `path` atomically (or to standard output for `-`).
    public static func write(_ text: String, to path: String) throws(WriteError) {
        try write(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path` atomically (or to standard output for `-`).
    public static func write(_ data: Data, to path: String) throws(WriteError) {
        try write([(data, path)])
    }

    /// Writes several outputs of one run, all or nothing as far as files go: every file's bytes
    /// are first written and flushed to its temporary file; then standard output (`-`) and
    /// devices are written; only then are the files renamed into place. A failure before the
    /// renames leaves no output file written or changed (e.g. `simulate -o x.csv --truth DIR`
    /// wrote `x.csv` and then failed on the truth). A rename failing after another succeeded is
    /// the one case that leaves part of the outputs (rename(2) on a directory just written to).
    /// Outputs to standard output are written in their order.
    public static func write(_ outputs: [(data: Data, path: String)]) throws(WriteError) {
        // A file named twice would have its first output unlinked by the second's staging;
        // standard output may take several, one after the other (`evaluate --fetches -`).
        var named = Set<String>()
        for output in outputs where output.path != "-" && !named.insert(output.path).inserted {
            throw WriteError(path: output.path, reason: "it is named for two outputs of the same run")
        }
        var staged: [_Staged] = []
        do throws(WriteError) {
            var direct: [(data: Data, path: String)] = []
            for output in outputs {
                if let file = try _stage(output.data, to: output.path) { staged.append(file) } else { direct.append(output) }
            }
            for output in direct { try _writeInPlace(output.data, to: output.path) }
        } catch {
            for file in staged { unlink(file.temporary) }
            throw error
        }
        for (k, file) in staged.enumerated() {
            // rename(2) replaces an existing destination atomically (FileManager.replaceItemAt
            // fails on every second overwrite on Linux).
            guard rename(file.temporary, file.path) == 0 else {
                let error = _error(file.path)
                for rest in staged[k...] { unlink(rest.temporary) }
                throw error
            }
            // Make the rename itself durable; some file systems refuse fsync on a directory
            // (EINVAL), which loses nothing that was promised, so only the data's fsync is an error.
            let dirFD = open(file.directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if dirFD >= 0 {
                _ = fsync(dirFD)
                close(dirFD)
            }
        }
    }

    /// A file's bytes written and flushed to its temporary file, not yet renamed over it.
    private struct _Staged {
        let temporary: String
        let path: String
        let directory: String
    }

    /// How an output path is written (``destination(of:)``).
    public enum Destination: Sendable, Equatable {
        /// `-`: standard output.
        case standardOutput
        /// An existing device or pipe (e.g. /dev/null, /dev/full, a FIFO, a link to one): written
        /// in place, since renaming over it would replace the node with a regular file.
        case inPlace
        /// A regular file, through a temporary file renamed over it; `existingMode` is the
        /// permission mode of the file it replaces (`nil`: a new file).
        case file(existingMode: mode_t?)
    }

    /// How `path` is written; an existing directory is refused before anything is written (a
    /// rename over it would fail only at the end). Every writer of outputs (this type's and the
    /// CLI's streamed JSON Lines) asks here.
    /// - Throws: ``WriteError`` (`EISDIR`) for a directory.
    public static func destination(of path: String) throws(WriteError) -> Destination {
        guard path != "-" else { return .standardOutput }
        var existing = stat()
        guard stat(path, &existing) == 0 else { return .file(existingMode: nil) }
        switch existing.st_mode & S_IFMT {
        case S_IFREG: return .file(existingMode: existing.st_mode & 0o7777)
        case S_IFDIR: throw WriteError(path: path, reason: String(cString: strerror(EISDIR)), code: EISDIR)
        default: return .inPlace
        }
    }

    /// Writes `data` to standard output (`-`) or into the existing node at `path`.
    private static func _writeInPlace(_ data: Data, to path: String) throws(WriteError) {
        guard path != "-" else {
            // Through the throwing write: `FileHandle.write(_:)` traps on a failed write (a full
            // disk, a closed pipe with SIGPIPE ignored), which must be an error, not a crash.
            try _writeAll(data, to: STDOUT_FILENO, path: "standard output")
            return
        }
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { throw _error(path) }
        defer { close(fd) }
        try _writeAll(data, to: fd, path: path)
    }

    /// Writes `data` to a fresh temporary file beside `path` (flushed, closed, with the mode of
    /// an existing destination); `nil` for a path written in place (``destination(of:)``). A
    /// directory is refused here, before any output is renamed into place.
    private static func _stage(_ data: Data, to path: String) throws(WriteError) -> _Staged? {
        guard case .file(let existingMode) = try destination(of: path) else { return nil }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        removeStaleTemporaries(of: name, in: directory)
        let temporary = directory + "/" + temporaryName(of: name, pid: getpid())
        unlink(temporary)  // a file of an earlier process that had this pid
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw _error(path) }
        do throws(WriteError) {
            if let existingMode, fchmod(fd, existingMode) != 0 { throw _error(path) }
            try _writeAll(data, to: fd, path: path)
            guard fsync(fd) == 0 else { throw _error(path) }
            guard close(fd) == 0 else { throw _error(path) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        return _Staged(temporary: temporary, path: path, directory: directory)
    }

    /// The temporary file name used while writing `name` from process `pid`.
    public static func temporaryName(of name: String, pid: Int32) -> String { ".\(name).\(pid).tmp" }

    /// Removes `.<name>.<pid>.tmp` files in `directory` whose process is gone or that are older
    /// than ``staleTemporaryAge``; never this process's own. Failures are ignored (the next write
    /// tries again). O(entries in `directory`).
    public static func removeStaleTemporaries(of name: String, in directory: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let prefix = "." + name + "."
        let now = Date().timeIntervalSince1970
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            let middle = entry.dropFirst(prefix.count).dropLast(4)
            guard !middle.isEmpty, middle.allSatisfy(\.isASCII), middle.allSatisfy(\.isNumber),
                  let pid = Int32(middle), pid > 0, pid != getpid() else { continue }
            let file = directory + "/" + entry
            var info = stat()
            guard lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date
            let age = now - (modified?.timeIntervalSince1970 ?? now)
            let gone = kill(pid, 0) != 0 && errno == ESRCH
            if gone || age > staleTemporaryAge { unlink(file) }
        }
    }

    private static func _writeAll(_ data: Data, to fd: Int32, path: String) throws(WriteError) {
        do throws(FileDescriptorIO.Failure) {
            try FileDescriptorIO.writeAll(data, to: fd)
        } catch {
            throw WriteError(path: path, reason: error.reason, code: error.code)
        }
    }

    private static func _error(_ path: String) -> WriteError {
        let code = errno
        return WriteError(path: path, reason: String(cString: strerror(code)), code: code)
    }
}
