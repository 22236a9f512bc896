import Foundation
import GRDB
import TestSupport

/// Small SQLite files built for schema and error tests, in fresh temporary directories.
enum TestDatabases {
    /// A fresh empty temporary directory.
    static func directory() throws -> URL {
        let url = Scratch.path("reveille-di-")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A database at a fresh path holding what `sql` creates (rollback-journal mode).
    static func make(_ sql: String, name: String = "test.sqlite") throws -> String {
        let path = try directory().appendingPathComponent(name).path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        return path
    }

    /// `count` bytes from a seeded generator written to a fresh file.
    static func randomBytes(_ count: Int, seed: UInt64) throws -> String {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: count)
        for i in bytes.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[i] = UInt8(truncatingIfNeeded: state >> 33)
        }
        let path = try directory().appendingPathComponent("random.bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Copies a fixture into a fresh writable directory (so SQLite could create sidecars there).
    static func writableCopy(of fixture: String) throws -> (path: String, directory: URL) {
        let dir = try directory()
        let copy = dir.appendingPathComponent((fixture as NSString).lastPathComponent)
        try FileManager.default.copyItem(atPath: fixture, toPath: copy.path)
        return (copy.path, dir)
    }

    /// A minimal knowledgeC ZOBJECT with the given rows `(stream, string, int, start, end, offset)`.
    static func knowledgeC(_ rows: [(String, String?, Int?, Double, Double, Int)]) throws -> String {
        var sql = """
            CREATE TABLE ZOBJECT (Z_PK INTEGER PRIMARY KEY, ZSTREAMNAME VARCHAR, ZVALUESTRING VARCHAR,
              ZVALUEINTEGER INTEGER, ZSTARTDATE TIMESTAMP, ZENDDATE TIMESTAMP, ZSECONDSFROMGMT INTEGER, Z7_VALUE INTEGER);
            """
        for (stream, string, int, start, end, offset) in rows {
            let s = string.map { "'\($0)'" } ?? "NULL"
            let i = int.map(String.init) ?? "NULL"
            sql += "INSERT INTO ZOBJECT (ZSTREAMNAME, ZVALUESTRING, ZVALUEINTEGER, ZSTARTDATE, ZENDDATE, ZSECONDSFROMGMT) VALUES ('\(stream)', \(s), \(i), \(start), \(end), \(offset));\n"
        }
        return try make(sql, name: "knowledgeC.db")
    }
}

/// File bytes, for before/after comparisons (a stronger check than a checksum).
func fileBytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

/// The names in a directory, sorted.
func listing(_ url: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
}
