import ArgumentParser
import Foundation
import LaunchHistory
import ReveilleCore

/// JSON Lines output written record by record: straight to standard output for `-` (so a pipe
/// sees each device as soon as it ends), else into a temporary file renamed over `path` by
/// ``finish()`` (no partial file after an error, as `AtomicFile`). An existing device or pipe
/// (`/dev/null`, a FIFO, a link to one) is written in place, as `AtomicFile` writes it:
/// renaming over it would replace the node with a regular file.
struct LineOutput {
    private let path: String
    private let temporary: String?
    private let handle: FileHandle

    init(path: String) throws {
        self.path = path
        switch try AtomicFile.destination(of: path) {
        case .standardOutput:
            temporary = nil
            handle = FileHandle.standardOutput
            return
        case .inPlace:
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw AtomicFile.WriteError(path: path, reason: String(cString: strerror(errno)))
            }
            temporary = nil
            self.handle = handle
            return
        case .file:
            break
        }
        let url = URL(fileURLWithPath: path)
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(AtomicFile.temporaryName(of: url.lastPathComponent, pid: getpid())).path
        guard FileManager.default.createFile(atPath: temp, contents: nil), let handle = FileHandle(forWritingAtPath: temp) else {
            throw AtomicFile.WriteError(path: path, reason: "cannot create a file in its directory")
        }
        temporary = temp
        self.handle = handle
    }

    /// Writes one record (a line ending in a newline).
    func write(_ line: String) throws {
        do {
            try handle.write(contentsOf: Data(line.utf8))
        } catch {
            // The system's words for it ("No space left on device"), as AtomicFile says them.
            let failure = FileDescriptorIO.Failure(error)
            throw AtomicFile.WriteError(path: path, reason: failure.reason, code: failure.code)
        }
    }

    /// Closes the output; a file is moved into place.
    func finish() throws {
        guard let temporary else {
            if path != "-" { try? handle.close() }
            return
        }
        try? handle.close()
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw AtomicFile.WriteError(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Removes the temporary file after an error.
    func abandon() {
        guard let temporary else { return }
        try? handle.close()
        unlink(temporary)
    }
}

/// Device histories one at a time: from a device-sorted canonical CSV (`--stream`), or from a
/// history already loaded.
struct DeviceSource {
    private var stream: DeviceStream?
    private var loaded: IndexingIterator<[DeviceHistory]>?
    private let only: String?

    /// `--stream`: devices read one by one from `input.history`; else the loaded history.
    init(_ input: HistoryInputOptions, _ common: CommonOptions, stream: Bool, device: String?) throws {
        only = device
        if stream {
            guard input.format == nil || input.format == .csv else {
                throw ValidationError("--stream reads canonical CSV sorted by device (give --input-format csv or none)")
            }
            self.stream = try DeviceStream(path: input.history, options: input.readOptions(format: .csv))
        } else {
            loaded = try input.load(common).only(device: device, source: input.history).devices.makeIterator()
        }
    }

    /// The next device (only `device`'s when one was asked for), `nil` at the end.
    mutating func next() throws -> DeviceHistory? {
        if loaded != nil { return loaded?.next() }
        while let d = try stream?.next() {
            if only == nil || d.device == only { return d }
        }
        return nil
    }
}

/// Runs `body` with a ``LineOutput`` for `path`, finishing it on success and removing its
/// temporary file on error.
func withLineOutput(_ path: String, _ body: (LineOutput) throws -> Void) throws {
    let output = try LineOutput(path: path)
    do {
        try body(output)
        try output.finish()
    } catch {
        output.abandon()
        throw error
    }
}
