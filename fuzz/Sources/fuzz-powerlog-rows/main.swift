import DeviceImport
import FuzzSupport

/// PowerLog's row decoding without SQLite: time-zone rows, then application-state and DAS
/// prediction rows built from the fuzz input, through `PowerLog.launches(applicationRows:…)` and
/// `usagePredictions(rows:…)`, the decoders `reveille import powerlog` and `powerlog-predictions`
/// run on the rows they query; launches are read back as CSV, predictions written as CSV.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = FuzzedData(data, size)
    let time = CellHint.time(base: 1_640_000_000, step: 60)
    let zones = (0..<Int(input.byte() % 6)).map { _ in
        PowerLog.TimeZoneRow(rowid: input.rowid(), timestamp: input.cell(time), secondsFromGMT: input.cell(.offset))
    }
    var applications: [PowerLog.ApplicationRow] = []
    var predictions: [PowerLog.PredictionRow] = []
    while !input.isExhausted, applications.count + predictions.count < 64 {
        if input.byte() % 4 != 0 {
            applications.append(PowerLog.ApplicationRow(rowid: input.rowid(), timestamp: input.cell(time), identifier: input.cell(.name),
                                                        state: input.cell(.code([8, 8, 4, 2, 1, 0]))))
        } else {
            predictions.append(PowerLog.PredictionRow(rowid: input.rowid(), timestamp: input.cell(time), bundleID: input.cell(.name),
                                                      slots: (0..<Int(input.byte() % 5)).map { _ in input.cell(.count) }))
        }
    }
    readBack((try? PowerLog.launches(applicationRows: applications, timeZoneRows: zones, file: "powerlog.PLSQL", device: "powerlog",
                                     assumedUTCOffsetSeconds: 3600)) ?? [], source: "powerlog")
    if let rows = try? PowerLog.usagePredictions(rows: predictions, timeZoneRows: zones, file: "powerlog.PLSQL", assumedUTCOffsetSeconds: 3600) {
        _ = DASUsagePrediction.csv(rows)
    }
    return 0
}

runFuzzer(fuzz)
