import DeviceImport
import Foundation
import LaunchHistory

/// Runs an importer on `path`; when it produces launch CSV, Reveille must read that CSV back
/// (an import whose output Reveille cannot read is a bug, issue 15). Errors are expected; traps
/// and failed read-backs crash the fuzzer.
public func importAndReadBack(_ kind: DeviceKind, path: String) {
    guard let (text, rows) = try? DeviceImporter.csv(kind, path: path, options: DeviceImportOptions(utcOffsetSeconds: 3600)) else { return }
    guard kind.producesLaunches, rows > 0 else { return }
    let csv = ScratchFile.write(text, name: "readback.csv")
    do {
        _ = try HistoryReader.read(path: csv)
    } catch {
        fatalError("import \(kind.rawValue) wrote CSV that Reveille cannot read back: \(error)\n\(text.prefix(2000))")
    }
}

extension ScratchFile {
    /// Writes `text` to `directory/name` and returns the path.
    public static func write(_ text: String, name: String) -> String {
        let path = "\(directory)/\(name)"
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            fatalError("fuzz harness: cannot write \(path)")
        }
        return path
    }
}
