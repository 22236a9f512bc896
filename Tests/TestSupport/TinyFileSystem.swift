import Foundation

/// A 64 KiB tmpfs mounted for the test process, to make a real "no space left on device"
/// (`ENOSPC`). Mounting needs root (and a kernel that allows it in this container); where it
/// cannot mount, ``mountPoint`` is `nil` and the tests that need it are skipped with
/// ``skipReason``.
public enum TinyFileSystem {
    /// The mount point, mounted once per process (and unmounted at exit), or `nil`.
    public static let mountPoint: String? = {
        let dir = Scratch.path("reveille-tinyfs-").path
        guard (try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)) != nil else { return nil }
        guard run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k,mode=0777", "tmpfs", dir]) == 0 else {
            try? FileManager.default.removeItem(atPath: dir)
            return nil
        }
        mounts.add(dir)
        atexit {
            for dir in TinyFileSystem.mounts.all() {
                _ = TinyFileSystem.run("/usr/bin/umount", ["-l", dir])
                rmdir(dir)
            }
        }
        return dir
    }()

    /// Every tmpfs mounted, for unmounting at exit.
    static let mounts = MountList()

    final class MountList: @unchecked Sendable {
        private var paths: [String] = []
        private let lock = NSLock()
        func add(_ path: String) { lock.lock(); paths.append(path); lock.unlock() }
        func all() -> [String] { lock.lock(); defer { lock.unlock() }; return paths }
    }

    /// Why tests needing the tiny file system are skipped here.
    public static let skipReason: String = "cannot mount a 64 KiB tmpfs (needs root and mount permission): skipped"

    /// A fresh 64 KiB tmpfs of its own (so tests filling it never meet), or `nil` when mounting
    /// is not possible here. Unmounted at exit.
    public static func directory() -> String? {
        guard mountPoint != nil else { return nil }
        let dir = Scratch.path("reveille-tinyfs-").path
        guard (try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)) != nil,
              run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k,mode=0777", "tmpfs", dir]) == 0 else { return nil }
        mounts.add(dir)
        return dir
    }

    /// Fills the rest of the file system at `directory` with a filler file, so the next write fails.
    public static func fill(_ directory: String) {
        let handle = FileManager.default.createFile(atPath: directory + "/filler", contents: nil) ? FileHandle(forWritingAtPath: directory + "/filler") : nil
        let block = Data(count: 4096)
        while let handle, (try? handle.write(contentsOf: block)) != nil {}
        try? handle?.close()
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return -1 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
