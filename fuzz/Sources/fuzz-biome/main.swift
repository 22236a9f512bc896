import DeviceImport
import FuzzSupport

/// Biome SEGB stream files (v1 and v2 framing, protobuf records), with the output read back.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = ScratchFile.bytes(data, size)
    _ = try? Biome.focusEvents(in: bytes, file: "input.segb")
    importAndReadBack(.biome, path: ScratchFile.write(data, size, name: "input.segb"))
    return 0
}

runFuzzer(fuzz)
