import DeviceImport
import FuzzSupport

/// Digital Wellbeing app_usage: cell edits (fuzz input) applied to rows of a real database's tables.
let template = SQLiteTemplate(variable: "REVEILLE_FUZZ_WELLBEING", tables: ["events", "packages"])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = "\(ScratchFile.directory)/evidence.db"
    template.write(ScratchFile.bytes(data, size), to: path)
    importAndReadBack(.wellbeing, path: path)
    return 0
}
