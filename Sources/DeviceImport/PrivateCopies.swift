import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The private directories holding copies of evidence databases (see ``_EvidenceDatabase``), so
/// that they are removed on every way out: ``_EvidenceDatabase/close()`` on return or throw, and a
/// handler for SIGINT and SIGTERM that removes what is still registered and then lets the signal
/// end the process as it would have (its default action, re-raised).
///
/// The handlers are installed the first time a copy is made. A signal handler may only do
/// async-signal-safe work, so it writes the signal's number to a pipe (the self-pipe pattern); a
/// thread waiting on the pipe removes the directories, restores the default action and re-raises
/// (from that thread, which has both signals unblocked).
enum _PrivateCopies {
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var directories: Set<String> = []
        var installed = false
    }

    private static let state = State()
    /// The pipe's write end, for the signal handler (set once, before the handler is installed).
    nonisolated(unsafe) private static var signalPipe: Int32 = -1

    /// Registers `directory` for removal on SIGINT/SIGTERM (installing the handlers once).
    static func register(_ directory: String) {
        state.lock.lock()
        defer { state.lock.unlock() }
        state.directories.insert(directory)
        guard !state.installed else { return }
        state.installed = true
        _installHandlers()
    }

    private static func _installHandlers() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        let readEnd = fds[0]
        signalPipe = fds[1]
        Thread.detachNewThread {
            // A process may start with these signals blocked (masks are inherited across exec):
            // this thread accepts them, so the kernel delivers them here.
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGINT)
            sigaddset(&set, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1 {
                removeAll()
                signal(Int32(byte), SIG_DFL)
                raise(Int32(byte))
            }
        }
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(_PrivateCopies.signalPipe, &byte, 1)
            }
        }
    }

    /// Removes `directory` and forgets it.
    static func remove(_ directory: String) {
        try? FileManager.default.removeItem(atPath: directory)
        state.lock.lock()
        state.directories.remove(directory)
        state.lock.unlock()
    }

    /// Removes every registered directory.
    static func removeAll() {
        state.lock.lock()
        let all = state.directories
        state.directories = []
        state.lock.unlock()
        for directory in all { try? FileManager.default.removeItem(atPath: directory) }
    }
}
