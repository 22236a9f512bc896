import Foundation
import GRDB
import Testing
import TestSupport

/// Issue 15: "import writes CSV rows (`-292275055-…`) that Reveille cannot read back". Every
/// launch import, of real fixtures and of instants at the edges of the valid range with extreme
/// offsets, is read back by `inspect` with every row.
@Suite struct ImportRoundTripTests {
    static func directory() throws -> URL {
        let url = Scratch.path("reveille-roundtrip-")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Imports `kind` from `file` and reads the CSV back; returns (rows imported, launches read).
    static func roundTrip(_ kind: String, _ file: String, _ extra: [String] = []) throws -> (rows: Int, launches: Int, csv: String) {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("launches.csv").path
        let imported = try CLIRunner.run(["import", kind, file, "-o", out, "--no-default-exclusions"] + extra)
        #expect(imported.status == 0, "\(kind): \(imported.stderr)")
        let csv = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let rows = csv.split(separator: "\n").count - 1
        let read = try CLIRunner.run(["inspect", out])
        #expect(read.status == 0, "\(kind): the imported CSV does not read back: \(read.stderr)")
        let launches = read.stdout.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } ?? -1
        return (rows, launches, csv)
    }

    @Test(arguments: [
        ("knowledgec", "apple/knowledgec-10.13.db"), ("knowledgec", "apple/knowledgec-10.14.db"),
        ("wellbeing", "android-wellbeing/app_usage.sqlite"), ("powerlog", "apple/powerlog_2021-12-16_05-54_84E2141B.PLSQL"),
    ])
    func realEvidenceReadsBack(kind: String, dataset: String) throws {
        let (rows, launches, _) = try Self.roundTrip(kind, Fixtures.dataset(dataset), ["--utc-offset=+14:00"])
        #expect(rows > 0)
        #expect(launches == rows, "every imported row is a launch when read back")
    }

    @Test(arguments: [
        ("dumpsys", "usagestats-android10.txt"), ("dumpsys", "usagestats-android9-compact.txt"),
        ("app-usage", "app-usage-export.csv"), ("biome", "biome-infocus-v1.segb"), ("biome", "biome-infocus-v2.segb"),
    ])
    func textAndStreamExportsReadBack(kind: String, fixture: String) throws {
        let path = Fixtures.repositoryRoot.appendingPathComponent("Tests/DeviceImportTests/Fixtures/\(fixture)").path
        let (rows, launches, _) = try Self.roundTrip(kind, path, ["--utc-offset=-12:00"])
        #expect(rows > 0)
        #expect(launches == rows)
    }

    /// knowledgeC rows at the first and last valid instants (1990-01-01T00:00:00Z and
    /// 2100-12-31T23:59:59Z), stored with −12:00 and +14:00: their local dates fall outside
    /// 1990–2100, yet the instants are valid, so the CSV must read back; one second beyond either
    /// edge is refused at import (exit 65), never written.
    @Test func knowledgeCAtTheEdgesOfTheValidRangeReadsBack() throws {
        let macEpoch = 978_307_200
        let first = 631_152_000 - macEpoch, last = 4_133_980_799 - macEpoch
        func store(_ rows: [(Int, Int)]) throws -> String {
            let path = try Self.directory().appendingPathComponent("knowledgeC.db").path
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: """
                    CREATE TABLE ZOBJECT (Z_PK INTEGER PRIMARY KEY, ZSTREAMNAME VARCHAR, ZVALUESTRING VARCHAR,
                      ZVALUEINTEGER INTEGER, ZSTARTDATE TIMESTAMP, ZENDDATE TIMESTAMP, ZSECONDSFROMGMT INTEGER)
                    """)
                for (start, offset) in rows {
                    try db.execute(sql: "INSERT INTO ZOBJECT (ZSTREAMNAME, ZVALUESTRING, ZSTARTDATE, ZENDDATE, ZSECONDSFROMGMT) VALUES ('/app/inFocus', 'com.a', ?, ?, ?)",
                                   arguments: [start, start, offset])
                }
            }
            try queue.close()
            return path
        }
        let edges = try store([(first, -43_200), (last, 50_400)])
        let (rows, launches, csv) = try Self.roundTrip("knowledgec", edges)
        #expect(rows == 2 && launches == 2)
        #expect(csv.contains("1989-12-31T12:00:00-12:00"))
        #expect(csv.contains("2101-01-01T13:59:59+14:00"))
        #expect(!csv.contains("-292275055"))
        for beyond in [first - 1, last + 1] {
            let path = try store([(beyond, 0)])
            let r = try CLIRunner.run(["import", "knowledgec", path, "-o", "-"])
            #expect(r.status == 65, "\(r.stderr)")
            #expect(r.stderr.contains("ZSTARTDATE"))
            #expect(r.stdout.isEmpty)
        }
    }
}
