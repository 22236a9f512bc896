import DeviceImport
import FuzzSupport

/// PowerLog (application states, time zones, DAS predictions): cell edits (fuzz input) applied to rows of a real database's tables.
let template = SQLiteTemplate(variable: "REVEILLE_FUZZ_POWERLOG", tables: [PowerLog.applicationTable, PowerLog.timeZoneTable, PowerLog.predictionTable])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = "\(ScratchFile.directory)/evidence.db"
    template.write(ScratchFile.bytes(data, size), to: path)
    importAndReadBack(.powerlog, path: path)
    importAndReadBack(.powerlogPredictions, path: path)
    return 0
}
