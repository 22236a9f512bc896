import DeviceImport
import Foundation
import GRDB
import Testing
import TestSupport

@Suite struct ImportErrorTests {
    /// The error `body` throws, if it is a ``DeviceImportError`` (any other error fails the test).
    func code(_ body: () throws -> Void) -> DeviceImportError? {
        do { try body() } catch {
            #expect(error is DeviceImportError)
            return error as? DeviceImportError
        }
        return nil
    }

    @Test func randomBytesAreNotSQLite() throws {
        let path = try TestDatabases.randomBytes(1000, seed: 7)
        let error = code { _ = try KnowledgeC.launches(path: path, device: "d") }
        #expect(error?.code == .notSQLite)
        #expect(error?.description.contains(path) == true)
    }

    @Test func pageSizedRandomBytesLookEncrypted() throws {
        let path = try TestDatabases.randomBytes(8192, seed: 11)
        #expect(code { _ = try Wellbeing.launches(path: path, device: "d", utcOffsetSeconds: 0) }?.code == .encrypted)
    }

    @Test func validHeaderWithGarbagePagesIsReportedAsEncrypted() throws {
        let source = try TestDatabases.randomBytes(8192, seed: 13)
        var bytes = try fileBytes(source)
        bytes.replaceSubrange(0..<16, with: Array("SQLite format 3\u{0}".utf8))
        try bytes.write(to: URL(fileURLWithPath: source))
        let error = code { _ = try ScreenTime.hourlyUsage(path: source) }
        #expect(error?.code == .encrypted || error?.code == .unreadable)
    }

    @Test func missingFileIsNamed() {
        #expect(code { _ = try KnowledgeC.launches(path: "/nonexistent/knowledgeC.db", device: "d") }?.code == .fileNotFound)
    }

    /// Regression: a directory was reported as `fileNotFound` (it exists); it is `unreadable`, saying
    /// a database file is expected, not a directory.
    @Test func aDirectoryIsNotADatabaseFile() {
        let error = code { _ = try KnowledgeC.launches(path: FileManager.default.temporaryDirectory.path, device: "d") }
        #expect(error?.code == .unreadable && error?.description.contains("not a directory") == true)
    }

    @Test func missingTableIsNamed() throws {
        let path = try TestDatabases.make("CREATE TABLE other (x INTEGER);")
        let error = code { _ = try KnowledgeC.launches(path: path, device: "d") }
        #expect(error?.code == .missingTable)
        #expect(error?.table == "ZOBJECT")
        #expect(error?.description.contains("ZOBJECT") == true)
    }

    @Test func missingColumnIsNamed() throws {
        let path = try TestDatabases.make("""
            CREATE TABLE ZOBJECT (Z_PK INTEGER PRIMARY KEY, ZSTREAMNAME VARCHAR, ZVALUESTRING VARCHAR,
              ZSTARTDATE TIMESTAMP, ZENDDATE TIMESTAMP);
            """)
        let error = code { _ = try KnowledgeC.launches(path: path, device: "d") }
        #expect(error?.code == .missingColumn)
        #expect(error?.column == "ZSECONDSFROMGMT")
    }

    @Test func wellbeingWithoutPackagesTableIsNamed() throws {
        let path = try TestDatabases.make("CREATE TABLE events (_id INTEGER PRIMARY KEY, timestamp INTEGER, type INTEGER, package_id INTEGER);")
        let error = code { _ = try Wellbeing.launches(path: path, device: "d", utcOffsetSeconds: 0) }
        #expect(error?.code == .missingTable && error?.table == "packages")
    }

    @Test func emptyFocusStreamIsReported() throws {
        let path = try TestDatabases.knowledgeC([("/display/isBacklit", nil, 1, 600_000_000, 600_000_100, 0)])
        let error = code { _ = try KnowledgeC.launches(path: path, device: "d") }
        #expect(error?.code == .emptyStream)
        #expect(error?.description.contains("/app/inFocus") == true)
    }

    @Test func emptyWellbeingEventsAreReported() throws {
        let path = try TestDatabases.make("""
            CREATE TABLE packages (_id INTEGER PRIMARY KEY, package_name TEXT);
            CREATE TABLE events (_id INTEGER PRIMARY KEY, timestamp INTEGER, type INTEGER, package_id INTEGER, instance_id INTEGER);
            INSERT INTO packages VALUES (1, 'com.whatsapp');
            INSERT INTO events VALUES (1, 1685392303291, 12, 1, NULL);
            """)
        #expect(code { _ = try Wellbeing.launches(path: path, device: "d", utcOffsetSeconds: 0) }?.code == .emptyStream)
    }

    @Test func databaseBeingWrittenIsLocked() throws {
        let path = try TestDatabases.knowledgeC([("/app/inFocus", "com.apple.Safari", nil, 600_000_000, 600_000_100, 0)])
        let writer = try DatabaseQueue(path: path)
        let error = try writer.inDatabase { db -> DeviceImportError? in
            try db.execute(sql: "BEGIN IMMEDIATE; INSERT INTO ZOBJECT (ZSTREAMNAME) VALUES ('/app/inFocus');")
            defer { try? db.execute(sql: "ROLLBACK") }
            return code { _ = try KnowledgeC.launches(path: path, device: "d") }
        }
        #expect(error?.code == .locked)
        #expect(try KnowledgeC.launches(path: path, device: "d").count == 1)
    }

    @Test func tableKindsHaveNoLaunchTimes() {
        let error = code { _ = try DeviceImporter.launches(.screentime, path: Fixtures.dataset("apple/RMAdminStore-Local.sqlite")) }
        #expect(error?.code == .noLaunchTimes)
    }

    @Test func pluggedCSVWithoutIntervalsIsAnEmptyStream() {
        let error = code { _ = try DeviceImporter.csv(.knowledgecPlugged, path: Fixtures.dataset("apple/knowledgec-10.14.db")) }
        #expect(error?.code == .emptyStream)
    }
}
