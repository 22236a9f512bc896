import DeviceImport
import FuzzSupport

/// PowerLog (application states, time zones, DAS predictions): cell edits (the fuzz input) applied to the first rows of a real store's tables.
enum Store { static let template = SQLiteTemplate(variable: "REVEILLE_FUZZ_POWERLOG", tables: [PowerLog.applicationTable, PowerLog.timeZoneTable, PowerLog.predictionTable]) }

func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 { Store.template.fuzz(data, size, importing: [.powerlog, .powerlogPredictions]) }

runFuzzer(fuzz)
