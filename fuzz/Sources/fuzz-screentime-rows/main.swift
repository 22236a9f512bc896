import DeviceImport
import FuzzSupport

/// Screen Time's row decoding without SQLite: device names, then timed and counted item rows
/// built from the fuzz input, through `ScreenTime.hourlyUsage(timed:counted:deviceNames:file:)`,
/// the decoder `reveille import screentime` runs on the rows it queries; the table is written as CSV.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = FuzzedData(data, size)
    let usages: [Int64] = [1, 2, 3, -1, 0]
    var names: [Int: String] = [:]
    for _ in 0..<Int(input.byte() % 4) {
        names[Int(input.pick(usages))] = input.pick(["iPhone", "iPad", "", "Mac,\"x\""])
    }
    let hour = CellHint.time(base: 700_000_000, step: 3600)
    var timed: [ScreenTime.TimedRow] = []
    var counted: [ScreenTime.CountedRow] = []
    while !input.isExhausted, timed.count + counted.count < 64 {
        if input.byte() & 1 == 0 {
            timed.append(ScreenTime.TimedRow(blockRowid: input.rowid(), start: input.cell(hour), usage: input.cell(.code(usages)),
                                             app: input.cell(.name), seconds: input.cell(.seconds)))
        } else {
            counted.append(ScreenTime.CountedRow(blockRowid: input.rowid(), itemRowid: input.rowid(), start: input.cell(hour),
                                                 usage: input.cell(.code(usages)), app: input.cell(.name),
                                                 pickups: input.cell(.count), notifications: input.cell(.count)))
        }
    }
    if let rows = try? ScreenTime.hourlyUsage(timed: timed, counted: counted, deviceNames: names, file: "RMAdminStore-Local.sqlite") {
        _ = HourlyUsage.csv(rows, utcOffsetSeconds: 3600)
    }
    return 0
}

runFuzzer(fuzz)
