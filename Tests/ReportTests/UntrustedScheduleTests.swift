import ReveilleCore
import Foundation
import LaunchHistory
import Report
import Testing
import TestSupport

/// Regression test of issue 15: a schedule file's instants are held to the readers' range, so a
/// horizon ending in the year 9999 cannot make the timeline walk millions of days.
@Suite struct UntrustedScheduleTests {
    @Test(arguments: ["9999-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "2023-02-30T00:00:00Z"])
    func scheduleInstantsOutsideTheRangeAreRejected(stamp: String) {
        let json = #"{"device": "a", "windows": [{"app": "x", "at": "2020-01-01T08:00:00Z"}, {"app": "y", "at": "\#(stamp)"}]}"#
        let expected = stamp.hasPrefix("2023") ? "an ISO-8601 time with offset like 2013-04-01T07:35:00-04:00" : LocalClock.validInstantDescription
        #expect(throws: ReportInputError(.malformedTimestamp, file: "s.json", field: "schedules[0].windows[1].at", expected: expected)) {
            try PlannedSchedule.decode(Data(json.utf8), file: "s.json")
        }
    }
}
