import Foundation
import FuzzSupport
import UsageModel

/// Model files through the public decoder, then one prediction per decoded device.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let file = try? UsageModelFile.decode(Data(bytes: data, count: size)) else { return 0 }
    for device in file.deviceIDs {
        guard let model = try? file.model(device: device), let app = model.apps.first else { continue }
        _ = model.launchProbability(app: app, from: 1_700_000_000, utcOffsetSeconds: 3600)
    }
    return 0
}

runFuzzer(fuzz)
