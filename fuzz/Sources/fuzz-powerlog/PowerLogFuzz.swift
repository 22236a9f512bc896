import DeviceImport
import FuzzSupport

/// PowerLog (application states, time zones, DAS predictions): cell edits (the fuzz input) applied to the first rows of a real store's tables.
let template = SQLiteTemplate(variable: "REVEILLE_FUZZ_POWERLOG", tables: [PowerLog.applicationTable, PowerLog.timeZoneTable, PowerLog.predictionTable])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 { template.fuzz(data, size, importing: [.powerlog, .powerlogPredictions]) }
