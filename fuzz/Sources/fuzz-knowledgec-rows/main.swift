import DeviceImport
import FuzzSupport

/// knowledgeC's row decoding without SQLite: `ZOBJECT` rows built from the fuzz input (cells of
/// any storage class, mostly plausible: Mac-absolute times around 2023, offsets, bundle ids or
/// plug values) through `KnowledgeC.launches(rows:)` and `pluggedIntervals(rows:)`, the decoders
/// `reveille import knowledgec` runs on the rows it queries; launches are read back as CSV.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = FuzzedData(data, size)
    let rows = input.rows { d in
        KnowledgeC.ObjectRow(rowid: d.rowid(), value: d.byte() & 1 == 0 ? d.cell(.name) : d.cell(.code([1, 0, 2])),
                             start: d.cell(.time(base: 700_000_000, step: 60)), end: d.cell(.time(base: 700_000_300, step: 60)),
                             secondsFromGMT: d.cell(.offset))
    }
    readBack((try? KnowledgeC.launches(rows: rows, file: "knowledgeC.db", device: "knowledgeC")) ?? [], source: "knowledgec")
    if let intervals = try? KnowledgeC.pluggedIntervals(rows: rows, file: "knowledgeC.db", device: "knowledgeC") {
        _ = PluggedInterval.csv(intervals)
    }
    return 0
}

runFuzzer(fuzz)
