import DeviceImport
import Foundation
import Testing
import TestSupport

/// Reveille never reads evidence as UTC because nothing else was given (issue 15): the library's
/// default is no offset, and a source that stores none is then a `.missingOffset` error naming the
/// file (and the table) and the options to give.
@Suite struct MissingOffsetTests {
    func thrown(_ body: () throws -> Void) -> DeviceImportError? {
        do { try body() } catch let error as DeviceImportError { return error } catch { return nil }
        return nil
    }

    /// Regression: a PowerLog without time-zone rows was read at +00:00 when no offset was given.
    @Test func aPowerLogWithoutTimeZoneRowsNeedsAnOffset() throws {
        let path = try TestDatabases.make(CorruptEvidenceTests.powerLogSchema)
        let error = thrown { _ = try PowerLog.launches(path: path, device: "d", assumedUTCOffsetSeconds: nil) }
        #expect(error?.code == .missingOffset && error?.file == path && error?.table == PowerLog.timeZoneTable)
        #expect(error?.description.contains("--utc-offset") == true, "\(String(describing: error))")
        #expect(thrown { _ = try PowerLog.usagePredictions(path: path, assumedUTCOffsetSeconds: nil) }?.code == .missingOffset)
        #expect(thrown { _ = try DeviceImporter.launches(.powerlog, path: path) }?.code == .missingOffset)
        let given = try PowerLog.launches(path: path, device: "d", assumedUTCOffsetSeconds: -14_400)
        #expect(given.map(\.utcOffsetSeconds) == [-14_400])
    }

    /// With time-zone rows, no offset is needed: the table gives it.
    @Test func aPowerLogWithTimeZoneRowsNeedsNone() throws {
        let path = try TestDatabases.make(CorruptEvidenceTests.powerLogSchema + """
            INSERT INTO PLLocaleAgent_EventForward_TimeZone VALUES (1, 1684000000, 7200);
            """)
        #expect(try PowerLog.launches(path: path, device: "d", assumedUTCOffsetSeconds: nil).map(\.utcOffsetSeconds) == [7200])
    }

    /// Wall-clock sources read through the library without an offset or zone are refused.
    @Test func wallClockSourcesWithoutAnOffsetAreRefused() throws {
        let wellbeing = Fixtures.dataset("android-wellbeing/app_usage.sqlite")
        let error = thrown { _ = try DeviceImporter.launches(.wellbeing, path: wellbeing) }
        #expect(error?.code == .missingOffset && error?.file == wellbeing)
        #expect(error?.description.contains("--zone") == true, "\(String(describing: error))")
        let zoned = try DeviceImporter.launches(.wellbeing, path: wellbeing,
                                                options: DeviceImportOptions(timeZone: TimeZone(identifier: "Europe/Paris")))
        #expect(!zoned.isEmpty)
        #expect(thrown { _ = try DeviceImporter.csv(.screentime, path: Fixtures.dataset("apple/RMAdminStore-Local.sqlite")) }?.code == .missingOffset)
    }
}
