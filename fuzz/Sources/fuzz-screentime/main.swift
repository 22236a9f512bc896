import DeviceImport
import FuzzSupport

/// Screen Time RMAdminStore (hourly usage): cell edits (the fuzz input) applied to the first rows of a real store's tables.
enum Store { static let template = SQLiteTemplate(variable: "REVEILLE_FUZZ_SCREENTIME", tables: ["ZUSAGETIMEDITEM", "ZUSAGECATEGORY", "ZUSAGEBLOCK", "ZUSAGECOUNTEDITEM", "ZUSAGE", "ZCOREDEVICE"]) }

func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 { Store.template.fuzz(data, size, importing: [.screentime]) }

runFuzzer(fuzz)
