import DeviceImport
import FuzzSupport

/// The "App Usage" tracker CSV export importer, with its output read back.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    importAndReadBack(.appUsage, path: ScratchFile.write(data, size, name: "app-usage.csv"))
    return 0
}

runFuzzer(fuzz)
