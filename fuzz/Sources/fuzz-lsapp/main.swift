import FuzzSupport
import LaunchHistory

/// LSApp (`timestamp,app,event` TSV) history through the streaming reader.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = ScratchFile.write(data, size, name: "input.tsv")
    _ = try? HistoryReader.read(path: path, options: HistoryReadOptions(format: .lsapp))
    _ = try? HistoryReader.read(path: path, options: HistoryReadOptions(format: .lsapp, skipInvalid: true, defaultUTCOffsetSeconds: -36_000))
    return 0
}

runFuzzer(fuzz)
