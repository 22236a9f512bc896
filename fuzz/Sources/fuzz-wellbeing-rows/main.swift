import DeviceImport
import Foundation
import FuzzSupport

enum Zones {
    static let all: [AppUsageCSV.Zone] = [.fixed(3600), .fixed(-64_800)]
        + ["Europe/Berlin", "America/St_Johns"].compactMap { TimeZone(identifier: $0).map { .named($0) } }
}

/// Digital Wellbeing's row decoding without SQLite: `events` rows joined with package names,
/// built from the fuzz input (millisecond times around 2022, event types 1/2/23, instance ids),
/// through `Wellbeing.launches(rows:…)`, the decoder `reveille import wellbeing` runs on the rows
/// it queries, in a fixed offset or a zone with daylight saving; launches are read back as CSV.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = FuzzedData(data, size)
    let zone = input.pick(Zones.all)
    let rows = input.rows { d in
        Wellbeing.EventRow(rowid: d.rowid(), timestamp: d.cell(.time(base: 1_650_000_000_000, step: 30_000)),
                           type: d.cell(.code([1, 1, 2, 23, 7])), package: d.cell(.name), instance: d.cell(.code([0, 1, 2])))
    }
    readBack((try? Wellbeing.launches(rows: rows, file: "app_usage.sqlite", device: "app_usage", zone: zone)) ?? [], source: "wellbeing")
    return 0
}

runFuzzer(fuzz)
