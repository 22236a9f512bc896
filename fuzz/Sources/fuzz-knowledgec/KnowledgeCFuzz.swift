import DeviceImport
import FuzzSupport

/// knowledgeC.db (launches and plugged-in intervals): cell edits (fuzz input) applied to rows of a real database's tables.
let template = SQLiteTemplate(variable: "REVEILLE_FUZZ_KNOWLEDGEC", tables: ["ZOBJECT"])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = "\(ScratchFile.directory)/evidence.db"
    template.write(ScratchFile.bytes(data, size), to: path)
    importAndReadBack(.knowledgec, path: path)
    importAndReadBack(.knowledgecPlugged, path: path)
    return 0
}
