import FetchPlanner
import FuzzSupport

/// Platform rules files (`plan --rules`).
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = try? PlatformRules.read(path: ScratchFile.write(data, size, name: "rules.json"))
    return 0
}

runFuzzer(fuzz)
