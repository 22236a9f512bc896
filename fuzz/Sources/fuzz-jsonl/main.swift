import FuzzSupport
import LaunchHistory

/// JSON-lines launch history through the streaming reader (strict, then with --skip-invalid).
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = ScratchFile.write(data, size, name: "input.jsonl")
    _ = try? HistoryReader.read(path: path, options: HistoryReadOptions(format: .jsonl))
    _ = try? HistoryReader.read(path: path, options: HistoryReadOptions(format: .jsonl, skipInvalid: true))
    return 0
}

runFuzzer(fuzz)
