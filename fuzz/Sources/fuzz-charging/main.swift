import FetchPlanner
import FuzzSupport

/// Plugged-in interval CSV (`plan --charging`).
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = try? ChargingInterval.readCSV(path: ScratchFile.write(data, size, name: "charging.csv"))
    return 0
}

runFuzzer(fuzz)
