import DeviceImport
import FuzzSupport

/// knowledgeC.db (launches and plugged-in intervals): cell edits (the fuzz input) applied to the first rows of a real store's tables.
enum Store { static let template = SQLiteTemplate(variable: "REVEILLE_FUZZ_KNOWLEDGEC", tables: ["ZOBJECT"]) }

func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 { Store.template.fuzz(data, size, importing: [.knowledgec, .knowledgecPlugged]) }

runFuzzer(fuzz)
