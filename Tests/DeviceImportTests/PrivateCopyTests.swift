import Foundation
import Testing
import TestSupport
@testable import DeviceImport

/// Regression tests of issue 15: the private evidence copy is 0700/0600 and removed on every exit
/// path, including SIGTERM and SIGINT.
@Suite struct PrivateCopyTests {
    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).intValue & 0o777
    }

    @Test func theCopyIsPrivateAndRemovedOnClose() throws {
        let path = try TestDatabases.knowledgeC([("/app/inFocus", "a", nil, 600_000_000, 600_000_100, 0)])
        let db = try _EvidenceDatabase(path: path)
        let directory = try #require(db.directory).path
        #expect(directory.contains("reveille-import-"))
        #expect(try Self.mode(directory) == 0o700)
        #expect(try Self.mode(directory + "/evidence.sqlite") == 0o600)
        db.close()
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    /// Other tests import in parallel into the same temporary directory, so a directory that
    /// appeared during the call may be theirs: each must be gone within a few seconds (theirs
    /// when their import ends), while a copy this import left behind would stay.
    @Test func theCopyIsRemovedWhenReadingThrows() throws {
        let path = try TestDatabases.knowledgeC([("/app/inFocus", "a", nil, 1e300, 600_000_100, 0)])
        let temporary = FileManager.default.temporaryDirectory
        let before = Set(try Self.importDirectories(temporary))
        #expect(throws: DeviceImportError.self) { try KnowledgeC.launches(path: path, device: "d") }
        var left = Set(try Self.importDirectories(temporary)).subtracting(before)
        let deadline = Date().addingTimeInterval(30)
        while !left.isEmpty, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            left = left.filter { FileManager.default.fileExists(atPath: temporary.appendingPathComponent($0).path) }
        }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    static func importDirectories(_ url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasPrefix("reveille-import-") }
    }

    /// A knowledgeC store large enough that importing it takes a while.
    static func largeStore() throws -> String {
        try TestDatabases.make("""
            CREATE TABLE ZOBJECT (Z_PK INTEGER PRIMARY KEY, ZSTREAMNAME VARCHAR, ZVALUESTRING VARCHAR,
              ZVALUEINTEGER INTEGER, ZSTARTDATE TIMESTAMP, ZENDDATE TIMESTAMP, ZSECONDSFROMGMT INTEGER);
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 400000)
            INSERT INTO ZOBJECT (ZSTREAMNAME, ZVALUESTRING, ZSTARTDATE, ZENDDATE, ZSECONDSFROMGMT)
            SELECT '/app/inFocus', 'com.app' || (x % 50), 600000000 + x * 60, 600000000 + x * 60 + 30, 3600 FROM c;
            """, name: "knowledgeC.db")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func theCopyIsRemovedOnASignal(signalNumber: Int32) throws {
        let store = try Self.largeStore()
        let tmp = try TestDatabases.directory()
        let out = tmp.appendingPathComponent("out.csv").path
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["import", "knowledgec", store, "-o", out]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = tmp.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while try Self.importDirectories(tmp).isEmpty, process.isRunning, Date() < deadline { usleep(2000) }
        let sawCopy = try !Self.importDirectories(tmp).isEmpty
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        #expect(sawCopy, "the import ended before its copy was seen")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signalNumber)
        #expect(try Self.importDirectories(tmp).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
