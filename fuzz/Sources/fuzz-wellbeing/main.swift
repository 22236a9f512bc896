import DeviceImport
import FuzzSupport

/// Digital Wellbeing app_usage: cell edits (the fuzz input) applied to the first rows of a real store's tables.
enum Store { static let template = SQLiteTemplate(variable: "REVEILLE_FUZZ_WELLBEING", tables: ["events", "packages"]) }

func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 { Store.template.fuzz(data, size, importing: [.wellbeing]) }

runFuzzer(fuzz)
