import FuzzSupport
import LaunchHistory

/// Canonical launch CSV through the streaming reader (strict, then with --skip-invalid), from
/// memory (`HistoryReader.read(bytes:)`: the same parsing as a file, without a file per input).
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = ScratchFile.bytes(data, size)
    _ = try? HistoryReader.read(bytes: bytes, path: "input.csv", options: HistoryReadOptions(format: .csv))
    _ = try? HistoryReader.read(bytes: bytes, path: "input.csv", options: HistoryReadOptions(format: .csv, skipInvalid: true, defaultUTCOffsetSeconds: 19_800))
    return 0
}

runFuzzer(fuzz)
