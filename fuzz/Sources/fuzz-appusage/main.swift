import DeviceImport
import Foundation
import FuzzSupport

/// The "App Usage" tracker CSV export importer on text in memory (`AppUsageCSV.launches(text:)`,
/// which the file importer calls after reading the file as UTF-8), with its output read back.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let text = String(data: Data(bytes: data, count: size), encoding: .utf8) else { return 0 }
    readBack((try? AppUsageCSV.launches(text: text, file: "app-usage.csv", device: "app-usage", zone: .fixed(3600),
                                        excluded: Set(ExcludedApps.defaults))) ?? [], source: "app-usage")
    return 0
}

runFuzzer(fuzz)
