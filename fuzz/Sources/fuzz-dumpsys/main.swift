import DeviceImport
import FuzzSupport

/// The `dumpsys usagestats` text importer, with its output read back.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    importAndReadBack(.dumpsys, path: ScratchFile.write(data, size, name: "usagestats.txt"))
    return 0
}

runFuzzer(fuzz)
