import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where tests write their files: one directory per test process, `<tmp>/reveille-tests-<pid>`,
/// made on first use and removed with everything in it when the process exits (`atexit`), so a
/// `swift test` run leaves nothing in the system's temporary directory (it used to leave about
/// 300 files per run, and a `/tmp` of thousands of entries slows every output write, which
/// lists the destination's directory for stale temporaries). A run that is killed leaves its
/// directory behind; the next run's first use removes every `reveille-tests-<pid>` whose
/// process is gone.
public enum Scratch {
    /// The name of a process's directory, before its process id.
    public static let prefix = "reveille-tests-"

    /// This process's directory (made on first use; removed at exit).
    public static let directory: URL = {
        let system = FileManager.default.temporaryDirectory
        removeAbandoned(in: system)
        let url = system.appendingPathComponent("\(prefix)\(getpid())")
        // A directory of an earlier process that had this id (its process is gone: this one has it).
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { Scratch.removeOwn() }
        return url
    }()

    /// A fresh path in ``directory``: `name`, a UUID and `suffix` (nothing is created there).
    public static func path(_ name: String, suffix: String = "") -> URL {
        directory.appendingPathComponent("\(name)\(UUID().uuidString)\(suffix)")
    }

    /// Removes the `reveille-tests-<pid>` directories in `system` whose process is gone
    /// (`kill(pid, 0)` fails with `ESRCH`); never this process's. Failures are ignored.
    public static func removeAbandoned(in system: URL) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: system.path) else { return }
        for entry in entries where entry.hasPrefix(prefix) {
            guard let pid = Int32(entry.dropFirst(prefix.count)), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: system.appendingPathComponent(entry))
            }
        }
    }

    /// Removes this process's directory (the `atexit` handler).
    static func removeOwn() {
        try? FileManager.default.removeItem(at: directory)
    }
}
