import Foundation

/// A 64 KiB tmpfs mounted for the test process, to make a real "no space left on device"
/// (`ENOSPC`). Mounting needs root (and a kernel that allows it in this container); where it
/// cannot mount, ``mountPoint`` is `nil` and the tests that need it are skipped with
/// ``skipReason``.
public enum TinyFileSystem {
    /// The mount point, mounted once per process (and unmounted at exit), or `nil`.
    public static let mountPoint: String? = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-tinyfs-\(UUID().uuidString)").path
        guard (try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)) != nil else { return nil }
        guard run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k,mode=0777", "tmpfs", dir]) == 0 else {
            try? FileManager.default.removeItem(atPath: dir)
            return nil
        }
        atexit {
            if let dir = TinyFileSystem.mountPoint {
                _ = TinyFileSystem.run("/usr/bin/umount", ["-l", dir])
                rmdir(dir)
            }
        }
        return dir
    }()

    /// Why tests needing the tiny file system are skipped here.
    public static let skipReason: String = "cannot mount a 64 KiB tmpfs (needs root and mount permission): skipped"

    /// A fresh empty directory on the tiny file system, or `nil` when it is not mounted.
    public static func directory() -> String? {
        guard let root = mountPoint else { return nil }
        let dir = root + "/" + UUID().uuidString
        return (try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)) == nil ? nil : dir
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
