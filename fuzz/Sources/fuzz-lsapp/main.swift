import Foundation
import FuzzSupport
import LaunchHistory

enum Zone { static let newYork = TimeZone(identifier: "America/New_York") }

/// LSApp (`timestamp,app,event` TSV) history through the streaming reader (from memory), at a fixed offset
/// (strict) and in a zone with daylight saving (`--skip-invalid`).
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = ScratchFile.bytes(data, size)
    _ = try? HistoryReader.read(bytes: bytes, path: "input.tsv", options: HistoryReadOptions(format: .lsapp, defaultUTCOffsetSeconds: -36_000))
    _ = try? HistoryReader.read(bytes: bytes, path: "input.tsv", options: HistoryReadOptions(format: .lsapp, skipInvalid: true, defaultZone: Zone.newYork))
    return 0
}

runFuzzer(fuzz)
