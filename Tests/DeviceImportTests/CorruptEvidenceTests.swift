import ReveilleCore
import DeviceImport
import Foundation
import LaunchHistory
import Testing
import TestSupport

/// Regression tests of issue 15: impossible values in evidence databases are typed errors naming the
/// file, table, row and column — never a trap, never silently dropped.
@Suite struct CorruptEvidenceTests {
    func thrown(_ body: () throws -> Void) -> DeviceImportError? {
        do { try body() } catch {
            #expect(error is DeviceImportError, "\(error)")
            return error as? DeviceImportError
        }
        Issue.record("no error")
        return nil
    }

    static let range = LocalClock.validInstantDescription

    @Test(arguments: ["1e300", "-1e300", "9e15", "-978307200", "1e999"])
    func knowledgeCStartOutsideTheValidRange(start: String) throws {
        let path = try TestDatabases.make("""
            CREATE TABLE ZOBJECT (Z_PK INTEGER PRIMARY KEY, ZSTREAMNAME VARCHAR, ZVALUESTRING VARCHAR,
              ZVALUEINTEGER INTEGER, ZSTARTDATE TIMESTAMP, ZENDDATE TIMESTAMP, ZSECONDSFROMGMT INTEGER);
            INSERT INTO ZOBJECT VALUES (1, '/app/inFocus', 'a', NULL, 600000000, 600000100, 0);
            INSERT INTO ZOBJECT VALUES (7, '/app/inFocus', 'b', NULL, \(start), 600000100, 0);
            INSERT INTO ZOBJECT VALUES (8, '/device/isPluggedIn', NULL, 1, \(start), 600000100, 0);
            """, name: "knowledgeC.db")
        let expected = start == "1e999" ? "a finite number" : Self.range
        let launches = thrown { _ = try KnowledgeC.launches(path: path, device: "d") }
        #expect(launches == DeviceImportError(.invalidValue, file: path, table: "ZOBJECT", row: 7, column: "ZSTARTDATE", expected: expected))
        #expect(launches?.description == "\(path): invalidValue table 'ZOBJECT' row 7 column 'ZSTARTDATE': expected \(expected)")
        let plugged = thrown { _ = try KnowledgeC.pluggedIntervals(path: path, device: "d") }
        #expect(plugged == DeviceImportError(.invalidValue, file: path, table: "ZOBJECT", row: 8, column: "ZSTARTDATE", expected: expected))
    }

    @Test func knowledgeCOffsetOfMinusTwoToThe63() throws {
        let path = try TestDatabases.knowledgeC([("/app/inFocus", "a", nil, 600_000_000, 600_000_100, Int.min)])
        #expect(thrown { _ = try KnowledgeC.launches(path: path, device: "d") }
                == DeviceImportError(.invalidValue, file: path, table: "ZOBJECT", row: 1, column: "ZSECONDSFROMGMT",
                                     expected: "seconds that are a whole quarter hour within ±18 h (±64800)"))
    }

    static let powerLogSchema = """
        CREATE TABLE PLApplicationAgent_EventForward_Application (ID INTEGER PRIMARY KEY, timestamp REAL, Identifier TEXT, State INTEGER);
        CREATE TABLE PLLocaleAgent_EventForward_TimeZone (ID INTEGER PRIMARY KEY, timestamp REAL, SecondsFromGMT INTEGER);
        CREATE TABLE PLDuetService_EventForward_DASApplicationUsagePrediction (ID INTEGER PRIMARY KEY, timestamp REAL,
          applicationBundleID TEXT, applicationPredictionArray_0 INTEGER);
        INSERT INTO PLApplicationAgent_EventForward_Application VALUES (1, 1685000000, 'com.a', 8);
        INSERT INTO PLApplicationAgent_EventForward_Application VALUES (2, 1685000100, 'com.a', 4);
        INSERT INTO PLDuetService_EventForward_DASApplicationUsagePrediction VALUES (1, 1685000000, 'com.a', 3);
        """

    @Test func powerLogTimestampsOutsideTheValidRange() throws {
        let path = try TestDatabases.make(Self.powerLogSchema + """
            INSERT INTO PLApplicationAgent_EventForward_Application VALUES (5, 1e300, 'com.b', 8);
            INSERT INTO PLDuetService_EventForward_DASApplicationUsagePrediction VALUES (4, 1e300, 'com.b', 1);
            """)
        #expect(thrown { _ = try PowerLog.launches(path: path, device: "d", assumedUTCOffsetSeconds: 0) }
                == DeviceImportError(.invalidValue, file: path, table: PowerLog.applicationTable, row: 5, column: "timestamp", expected: Self.range))
        #expect(thrown { _ = try PowerLog.usagePredictions(path: path, assumedUTCOffsetSeconds: 0) }
                == DeviceImportError(.invalidValue, file: path, table: PowerLog.predictionTable, row: 4, column: "timestamp", expected: Self.range))
    }

    @Test func powerLogSecondsFromGMTOfMinusTwoToThe63() throws {
        let path = try TestDatabases.make(Self.powerLogSchema + """
            INSERT INTO PLLocaleAgent_EventForward_TimeZone VALUES (1, 1684000000, 7200);
            INSERT INTO PLLocaleAgent_EventForward_TimeZone VALUES (2, 1684500000, -9223372036854775808);
            """)
        let expected = DeviceImportError(.invalidValue, file: path, table: PowerLog.timeZoneTable, row: 2, column: "SecondsFromGMT",
                                         expected: "seconds that are a whole quarter hour within ±18 h (±64800)")
        #expect(thrown { _ = try PowerLog.launches(path: path, device: "d", assumedUTCOffsetSeconds: 0) } == expected)
        #expect(thrown { _ = try PowerLog.usagePredictions(path: path, assumedUTCOffsetSeconds: 0) } == expected)
    }

    static func screenTime(pickups: [String], start: String = "600000000") throws -> String {
        var sql = """
            CREATE TABLE ZUSAGEBLOCK (Z_PK INTEGER PRIMARY KEY, ZSTARTDATE TIMESTAMP, ZUSAGE INTEGER);
            CREATE TABLE ZUSAGECATEGORY (Z_PK INTEGER PRIMARY KEY, ZBLOCK INTEGER);
            CREATE TABLE ZUSAGETIMEDITEM (Z_PK INTEGER PRIMARY KEY, ZCATEGORY INTEGER, ZBUNDLEIDENTIFIER VARCHAR, ZTOTALTIMEINSECONDS FLOAT);
            CREATE TABLE ZUSAGECOUNTEDITEM (Z_PK INTEGER PRIMARY KEY, ZBLOCK INTEGER, ZBUNDLEIDENTIFIER VARCHAR,
              ZNUMBEROFPICKUPS INTEGER, ZNUMBEROFNOTIFICATIONS INTEGER);
            INSERT INTO ZUSAGEBLOCK VALUES (3, \(start), 1);
            INSERT INTO ZUSAGECATEGORY VALUES (1, 3);
            INSERT INTO ZUSAGETIMEDITEM VALUES (1, 1, 'com.a', 120);
            """
        for (i, p) in pickups.enumerated() {
            sql += "INSERT INTO ZUSAGECOUNTEDITEM VALUES (\(i + 10), 3, 'com.a', \(p), 0);\n"
        }
        return try TestDatabases.make(sql, name: "RMAdminStore-Local.sqlite")
    }

    @Test func screenTimePickupsOfIntMaxPlusOne() throws {
        let path = try Self.screenTime(pickups: ["1", "9223372036854775808"])
        #expect(thrown { _ = try ScreenTime.hourlyUsage(path: path) }
                == DeviceImportError(.invalidValue, file: path, table: "ZUSAGECOUNTEDITEM", row: 11, column: "ZNUMBEROFPICKUPS",
                                     expected: "a non-negative integer count"))
    }

    @Test func screenTimePickupsSummingPastIntMax() throws {
        let path = try Self.screenTime(pickups: ["9223372036854775807", "1"])
        #expect(thrown { _ = try ScreenTime.hourlyUsage(path: path) }
                == DeviceImportError(.invalidValue, file: path, table: "ZUSAGECOUNTEDITEM", row: 11, column: "ZNUMBEROFPICKUPS",
                                     expected: "counts whose sum fits in 64 bits"))
    }

    @Test func screenTimeBlockStartOutsideTheValidRange() throws {
        let path = try Self.screenTime(pickups: ["1"], start: "1e300")
        #expect(thrown { _ = try ScreenTime.hourlyUsage(path: path) }
                == DeviceImportError(.invalidValue, file: path, table: "ZUSAGEBLOCK", row: 3, column: "ZSTARTDATE", expected: Self.range))
    }

    @Test func validCountsStillSum() throws {
        let rows = try ScreenTime.hourlyUsage(path: try Self.screenTime(pickups: ["2", "NULL", "5"]))
        #expect(rows.map(\.pickups) == [7])
    }

    @Test func wellbeingAndDumpsysTimesOutsideTheValidRange() throws {
        let path = try TestDatabases.make("""
            CREATE TABLE packages (_id INTEGER PRIMARY KEY, package_name TEXT);
            CREATE TABLE events (_id INTEGER PRIMARY KEY, timestamp INTEGER, type INTEGER, package_id INTEGER, instance_id INTEGER);
            INSERT INTO packages VALUES (1, 'com.whatsapp');
            INSERT INTO events VALUES (4, 0, 1, 1, NULL);
            """)
        #expect(thrown { _ = try Wellbeing.launches(path: path, device: "d", utcOffsetSeconds: 0) }
                == DeviceImportError(.invalidValue, file: path, table: "events", row: 4, column: "timestamp", expected: Self.range))
        let text = "time=\"2023-05-29 20:31:43\" type=ACTIVITY_RESUMED package=a\ntime=\"9999-05-29 20:31:43\" type=ACTIVITY_RESUMED package=b\n"
        #expect(thrown { _ = try DumpsysUsageStats.launches(text: text, file: "dump.txt", device: "d", utcOffsetSeconds: 0) }
                == DeviceImportError(.invalidValue, file: "dump.txt", column: "time", line: 2, expected: Self.range))
    }

    @Test func theCLIExits65NamingTheRow() throws {
        let path = try TestDatabases.knowledgeC([("/app/inFocus", "a", nil, 1e300, 600_000_100, 0),
                                                 ("/device/isPluggedIn", nil, 1, 1e300, 600_000_100, 0)])
        let out = Scratch.path("reveille-corrupt-", suffix: ".csv").path
        for (kind, row) in [("knowledgec", 1), ("knowledgec-plugged", 2)] {
            let r = try CLIRunner.run(["import", kind, path, "-o", out])
            #expect(r.status == 65)
            #expect(r.stderr.contains("\(path): invalidValue table 'ZOBJECT' row \(row) column 'ZSTARTDATE'"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }
}
