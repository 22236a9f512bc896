import FuzzSupport
import LaunchHistory

/// JSON-lines launch history through the streaming reader (strict, then with --skip-invalid), from memory.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = ScratchFile.bytes(data, size)
    _ = try? HistoryReader.read(bytes: bytes, path: "input.jsonl", options: HistoryReadOptions(format: .jsonl))
    _ = try? HistoryReader.read(bytes: bytes, path: "input.jsonl", options: HistoryReadOptions(format: .jsonl, skipInvalid: true))
    return 0
}

runFuzzer(fuzz)
