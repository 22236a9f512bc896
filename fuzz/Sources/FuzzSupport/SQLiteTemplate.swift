import Foundation
@_spi(Fuzzing) import DeviceImport
import GRDB
import GRDBSQLite

/// The tables an importer reads, copied (schema and the first rows) from a real evidence database
/// once; each fuzz input is a list of cell edits applied to that copy, written into a scratch
/// database that then holds exactly the edited rows, as a fresh file would. This fuzzes the importers' row decoding (timestamps, offsets, counts,
/// strings, NULLs, wrong types) rather than SQLite's own page parser.
public struct SQLiteTemplate: Sendable {
    struct Table: Sendable {
        let name: String
        let create: String
        let columnCount: Int
        let rows: [[DatabaseValue]]
    }

    let tables: [Table]
    /// The name the importers give the scratch evidence database (``database``) in errors.
    public let path = "\(ScratchFile.directory)/evidence.db"
    /// The connection that writes it, open for the whole run.
    let database: DatabaseQueue

    /// Loads `tables` (those present) from the database at the path in environment variable
    /// `variable`, keeping at most `rowsPerTable` rows of each, in rowid order.
    public init(variable: String, tables names: [String], rowsPerTable: Int = 24) {
        guard let fixture = ProcessInfo.processInfo.environment[variable] else {
            fatalError("fuzz harness: set \(variable) to a real evidence database (fuzz/run.sh does)")
        }
        var config = Configuration()
        config.readonly = true
        do {
            // Read a private copy: even a read-only open of a WAL database leaves -wal/-shm files
            // beside it, and the shared fixtures must stay untouched.
            let copy = "\(ScratchFile.directory)/template.db"
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: fixture, toPath: copy)
            let queue = try DatabaseQueue(path: copy, configuration: config)
            tables = try queue.read { db in
                try names.compactMap { name -> Table? in
                    guard let create = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [name]) else { return nil }
                    let rows = try Row.fetchAll(db, sql: "SELECT * FROM \"\(name)\" ORDER BY rowid LIMIT \(rowsPerTable)")
                    let count = try db.columns(in: name).count
                    return Table(name: name, create: create, columnCount: count, rows: rows.map { Array($0.databaseValues) })
                }
            }
            try queue.close()
        } catch {
            fatalError("fuzz harness: cannot read \(fixture): \(error)")
        }
        guard !tables.isEmpty else { fatalError("fuzz harness: none of \(names) in \(fixture)") }
        do {
            database = try Self.scratchDatabase(path, tables: tables)
        } catch {
            fatalError("fuzz harness: cannot create \(path): \(error)")
        }
    }

    static let specialDoubles: [Double] = [
        1e300, -1e300, .infinity, -.infinity, .nan, 0, -0.0, 9.3e18, -9.3e18, 978_307_200, 1e15, -1,
        Double(Int64.max), 0.5, 4_102_444_800, 631_152_000,
    ]
    static let specialIntegers: [Int64] = [
        .min, .max, 0, -1, 1, Int64(Int32.max), Int64(Int32.min), 86_400, -86_400, 50_400, -50_400,
        978_307_200, 1_600_000_000_000, 4, 3, 2,
    ]

    /// The tables with the edits `bytes` encodes applied.
    func edited(_ bytes: [UInt8]) -> [Table] {
        var rowsOf = tables.map(\.rows)
        var i = 0
        func next() -> UInt8? { defer { i += 1 }; return i < bytes.count ? bytes[i] : nil }
        func word() -> UInt64 { (0..<8).reduce(0) { acc, k in acc | UInt64(next() ?? 0) << (8 * k) } }
        while let op = next(), let t = next(), let r = next(), let c = next() {
            let table = Int(t) % tables.count
            var rows = rowsOf[table]
            let row = Int(r) % (rows.count + 1)
            if row == rows.count {
                guard let last = rows.last ?? Optional([DatabaseValue](repeating: .null, count: tables[table].columnCount)) else { continue }
                rows.append(last)
            }
            let column = Int(c) % max(1, tables[table].columnCount)
            let value: DatabaseValue?
            switch op % 8 {
            case 0: value = .null
            case 1: value = Int64(bitPattern: word()).databaseValue
            case 2: value = Double(bitPattern: word()).databaseValue
            case 3:
                let n = Int(next() ?? 0) % 64
                value = String(decoding: (0..<n).map { _ in next() ?? 0 }, as: UTF8.self).databaseValue
            case 4:
                let n = Int(next() ?? 0) % 64
                value = Data((0..<n).map { _ in next() ?? 0 }).databaseValue
            case 5: value = Self.specialDoubles[Int(next() ?? 0) % Self.specialDoubles.count].databaseValue
            case 6: value = Self.specialIntegers[Int(next() ?? 0) % Self.specialIntegers.count].databaseValue
            default: value = nil
            }
            if let value {
                if column < rows[row].count { rows[row][column] = value }
            } else {
                rows.remove(at: row)
            }
            rowsOf[table] = rows
        }
        return zip(tables, rowsOf).map { Table(name: $0.name, create: $0.create, columnCount: $0.columnCount, rows: $1) }
    }

    /// Writes the edited tables into `database` (the scratch evidence database, see ``init``): one
    /// transaction that empties each table and inserts the edited rows; rows the schema refuses
    /// (constraints) are left out. It then holds exactly the edited rows, as a fresh
    /// database would, without a new file, connection and schema per input (building a fresh
    /// database per input was a third of fuzz-knowledgec's time), and the cells are bound with
    /// SQLite's own calls (GRDB's `StatementArguments` from a row of `DatabaseValue`s was 11 %).
    ///
    /// Two differences from the fresh file that each input used to get: text is bound in full
    /// (GRDB binds it up to its first NUL byte), and the row after a refused one is kept (GRDB's
    /// statement re-threw the refusal when it was reset for that next row, which dropped it too).
    ///
    /// Returns false when SQLite aborted the transaction (an insert that ran out of rowids,
    /// `SQLITE_FULL`, rolls the whole transaction back: found by fuzz-powerlog): the database then
    /// holds the previous input's tables, and this input is not imported.
    public func write(_ bytes: [UInt8]) -> Bool {
        do {
            try database.write { db in
                // AUTOINCREMENT tables (PowerLog's) remember the largest rowid ever used: forget
                // it, so that a row without an ID gets the one it would in a fresh file.
                if try db.tableExists("sqlite_sequence") { try db.execute(sql: "DELETE FROM sqlite_sequence") }
                for table in edited(bytes) {
                    try db.execute(sql: "DELETE FROM \"\(table.name)\"")
                    let marks = Array(repeating: "?", count: table.columnCount).joined(separator: ",")
                    let insert = try db.cachedStatement(sql: "INSERT INTO \"\(table.name)\" VALUES (\(marks))")
                    for row in table.rows where row.count == table.columnCount {
                        Self.insert(row, with: insert.sqliteStatement)
                    }
                }
            }
        } catch let error as DatabaseError where [.SQLITE_ABORT, .SQLITE_FULL].contains(error.resultCode.primaryResultCode) {
            return false
        } catch {
            fatalError("fuzz harness: cannot write \(path): \(error)")
        }
        return true
    }

    /// Binds `row` to `insert` and runs it once; a row the schema refuses is left out.
    static func insert(_ row: [DatabaseValue], with insert: OpaquePointer) {
        sqlite3_reset(insert)
        for (i, value) in row.enumerated() {
            let index = Int32(i + 1)
            switch value.storage {
            case .null: sqlite3_bind_null(insert, index)
            case .int64(let v): sqlite3_bind_int64(insert, index, v)
            case .double(let v): sqlite3_bind_double(insert, index, v)
            case .string(let v): sqlite3_bind_text(insert, index, v, Int32(clamping: v.utf8.count), transient)
            case .blob(let v): v.withUnsafeBytes { _ = sqlite3_bind_blob(insert, index, $0.baseAddress, Int32(clamping: $0.count), transient) }
            }
        }
        _ = sqlite3_step(insert)
        sqlite3_reset(insert)
    }

    /// SQLite copies what is bound (SQLITE_TRANSIENT).
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Creates the scratch evidence database with the tables' schema, and the connection that
    /// ``write(_:)`` keeps using and the imports borrow: in memory (a file under `/dev/shm` cost
    /// the same user time and 1.2 s more system time per 20,000 inputs), the rollback journal in
    /// memory (a transaction SQLite aborts is rolled back properly), no foreign keys (rows may
    /// dangle). `path` only names it in the importers' errors and gives the default device.
    static func scratchDatabase(_ path: String, tables: [Table]) throws -> DatabaseQueue {
        var config = Configuration()
        config.foreignKeysEnabled = false
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF")
        }
        let queue = try DatabaseQueue(named: nil, configuration: config)
        try queue.write { db in
            for table in tables { try db.execute(sql: table.create) }
        }
        return queue
    }
}

extension SQLiteTemplate {
    /// One fuzz input: the edited tables written through ``database``, then each of `kinds`
    /// imported from that same connection (``importAndReadBack(_:store:)``).
    ///
    /// The import borrows the writing connection (`EvidenceStore(borrowing:file:)`) instead of
    /// opening ``path`` as `reveille import` does: what that open adds per input — the header and
    /// journal checks, a private copy, a GRDB connection and SQLite's schema parse — is the same
    /// for every input (the harness only edits rows, never the schema or the file header) and
    /// was half of each execution (fuzz-wellbeing ≈ 500 → ≈ 950 inputs per CPU second); the importers' schema checks, SQL and row decoding, which
    /// the input does change, run as before. The open path itself is covered by the
    /// `DeviceImportTests` and the bad-input corpus.
    public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int, importing kinds: [DeviceKind]) -> Int32 {
        guard write(ScratchFile.bytes(data, size)) else { return 0 }
        let store = EvidenceStore(borrowing: database, file: path)
        for kind in kinds { importAndReadBack(kind, store: store) }
        return 0
    }
}
