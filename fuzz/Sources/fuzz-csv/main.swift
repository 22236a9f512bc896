import FuzzSupport
import LaunchHistory

/// Canonical launch CSV through the streaming reader (strict, then with --skip-invalid).
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = ScratchFile.write(data, size, name: "input.csv")
    _ = try? HistoryReader.read(path: path, options: HistoryReadOptions(format: .csv))
    _ = try? HistoryReader.read(path: path, options: HistoryReadOptions(format: .csv, skipInvalid: true, defaultUTCOffsetSeconds: 19_800))
    return 0
}

runFuzzer(fuzz)
