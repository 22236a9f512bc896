import DeviceImport
import Foundation
import FuzzSupport

/// The `dumpsys usagestats` text importer on text in memory (`DumpsysUsageStats.launches(text:)`,
/// which the file importer calls after reading the file as UTF-8), with its output read back.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let text = String(data: Data(bytes: data, count: size), encoding: .utf8) else { return 0 }
    readBack((try? DumpsysUsageStats.launches(text: text, file: "usagestats.txt", device: "usagestats", zone: .fixed(3600))) ?? [],
             source: "dumpsys")
    return 0
}

runFuzzer(fuzz)
