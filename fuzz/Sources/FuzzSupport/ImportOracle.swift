import DeviceImport
import Foundation
import LaunchHistory

/// Runs an importer on `store`; when it produces launch CSV, Reveille must read that CSV back
/// (an import whose output Reveille cannot read is a bug, issue 15). Errors are expected; traps
/// and failed read-backs crash the fuzzer.
public func importAndReadBack(_ kind: DeviceKind, store: EvidenceStore) {
    readBack(kind, try? DeviceImporter.csv(kind, store: store, options: options))
}

/// As ``importAndReadBack(_:store:)`` for a file read by path (Biome's stream files).
public func importAndReadBack(_ kind: DeviceKind, path: String) {
    readBack(kind, try? DeviceImporter.csv(kind, path: path, options: options))
}

private let options = DeviceImportOptions(utcOffsetSeconds: 3600)

private func readBack(_ kind: DeviceKind, _ output: (text: String, rows: Int)?) {
    guard let (text, rows) = output, kind.producesLaunches, rows > 0 else { return }
    readBack(text, source: kind.rawValue)
}

/// The row-level oracle: `events` decoded from rows go through what `reveille import` does with
/// them (``DeviceImporter/checkNames(_:file:)``, then canonical CSV), and the CSV must read back.
public func readBack(_ events: [LaunchEvent], source: String) {
    guard let events = try? DeviceImporter.checkNames(events, file: source), !events.isEmpty else { return }
    readBack(CanonicalCSVWriter.csv(events), source: source)
}

/// Reads launch CSV `text` written by an import; a failure stops the fuzzer.
func readBack(_ text: String, source: String) {
    do {
        _ = try HistoryReader.read(bytes: Array(text.utf8), path: "readback.csv", options: HistoryReadOptions(format: .csv))
    } catch {
        fatalError("import \(source) wrote CSV that Reveille cannot read back: \(error)\n\(text.prefix(2000))")
    }
}
