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

    /// Regression: a probability or budget of 10³⁰⁰ in a schedule, or a hit rate of 10³⁰⁰ in an
    /// evaluation, made `report` trap (SIGILL formatting it); they are out of range, naming the field.
    @Test func numbersOutOfTheirRangeAreRejected() {
        let schedule = #"{"device": "a", "budget": {"limit": 1e300}, "windows": [{"app": "x", "at": "2020-01-01T08:00:00Z", "probability": 0.5}]}"#
        #expect(throws: ReportInputError(.outOfRange, file: "s.json", field: "schedules[0].budget.limit", expected: "a number in [0, 10⁶]")) {
            try PlannedSchedule.decode(Data(schedule.utf8), file: "s.json")
        }
        let probability = #"{"device": "a", "windows": [{"app": "x", "at": "2020-01-01T08:00:00Z", "probability": 1e300}]}"#
        #expect(throws: ReportInputError(.outOfRange, file: "s.json", field: "schedules[0].windows[0].probability", expected: "a number in [0, 1]")) {
            try PlannedSchedule.decode(Data(probability.utf8), file: "s.json")
        }
        let evaluation = #"{"results": [{"policy": "reveille", "budget": 8, "hitRate": 1e300}]}"#
        #expect(throws: ReportInputError(.outOfRange, file: "e.json", field: "results[0].hitRate", expected: "a number in [0, 1]")) {
            try EvaluationSummary.decode(Data(evaluation.utf8), file: "e.json")
        }
        let truncated = #"{"results": [{"policy": "#
        let error = #expect(throws: ReportInputError.self) { try EvaluationSummary.decode(Data(truncated.utf8), file: "e.json") }
        #expect(error?.expected.contains("the parser says: Unexpected end of file") == true, "\(String(describing: error))")
    }

    /// `_fixed` never traps: a number too large for fixed point in an `Int` is written shortest.
    @Test func fixedPointOfHugeNumbersDoesNotTrap() {
        #expect(_fixed(1e300, 2) == "1e+300")
        #expect(_fixed(-9.3e18, 0) == "-9.3e+18")
        #expect(_fixed(123.456, 2) == "123.46")
    }
}
