import Foundation
import DeviceImport
import GRDB

/// The tables an importer reads, copied (schema and the first rows) from a real evidence database
/// once; each fuzz input is a list of cell edits applied to that copy before it is written out as
/// a fresh SQLite file. This fuzzes the importers' row decoding (timestamps, offsets, counts,
/// strings, NULLs, wrong types) rather than SQLite's own page parser.
public struct SQLiteTemplate: Sendable {
    struct Table: Sendable {
        let name: String
        let create: String
        let columnCount: Int
        let rows: [[DatabaseValue]]
    }

    let tables: [Table]

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

    /// Writes the edited tables as a fresh database at `path` (replacing it); rows the schema
    /// refuses (constraints) are left out.
    public func write(_ bytes: [UInt8], to path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
        do {
            var config = Configuration()
            config.foreignKeysEnabled = false  // tables are created in the listed order, rows may dangle
            config.prepareDatabase { db in  // a scratch file: no journal, no flush
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
            }
            let queue = try DatabaseQueue(path: path, configuration: config)
            try queue.write { db in
                for table in edited(bytes) {
                    try db.execute(sql: table.create)
                    let marks = Array(repeating: "?", count: table.columnCount).joined(separator: ",")
                    let insert = try db.makeStatement(sql: "INSERT INTO \"\(table.name)\" VALUES (\(marks))")
                    for row in table.rows where row.count == table.columnCount {
                        try? insert.execute(arguments: StatementArguments(row))
                    }
                }
            }
            try queue.close()
        } catch {
            fatalError("fuzz harness: cannot build \(path): \(error)")
        }
    }
}

extension SQLiteTemplate {
    /// One fuzz input: the edited tables written as `evidence.db`, then each of `kinds` imported
    /// from it (``importAndReadBack(_:path:)``).
    public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int, importing kinds: [DeviceKind]) -> Int32 {
        let path = "\(ScratchFile.directory)/evidence.db"
        write(ScratchFile.bytes(data, size), to: path)
        for kind in kinds { importAndReadBack(kind, path: path) }
        return 0
    }
}
