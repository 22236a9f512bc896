import FetchPlanner
import FuzzSupport

/// Device-state files (`plan --state`), then each app's new-data posterior.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let state = try? DeviceState.read(path: ScratchFile.write(data, size, name: "state.json")) else { return 0 }
    for app in state.apps { _ = app.fetchResults?.posteriorNewData(alpha: 1, beta: 1) }
    return 0
}

runFuzzer(fuzz)
