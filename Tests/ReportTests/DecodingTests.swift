import Foundation
import Report
import Testing
import TestSupport

@Suite struct DecodingTests {
    @Test func scheduleFixtureDecodesWithOffsetsAndIgnoresExtraFields() throws {
        let schedules = try ReportFixtures.schedules()
        let s = try #require(schedules.first)
        #expect(schedules.count == 1)
        #expect(s.device == "studentlife-u00")
        #expect(s.windows.count == 8)
        #expect(s.budgetLimit == 8)
        #expect(s.leftOut.count == 2)
        // 2013-04-26T07:05:00-04:00 = 11:05 UTC.
        let first = try #require(s.windows.first)
        #expect(first.at.instant == Double(TimestampDays.april26_2013) * 86_400 + 11 * 3600 + 5 * 60)
        #expect(first.at.utcOffsetSeconds == -4 * 3600)
        #expect(first.probability == 0.62)
        #expect(s.horizonStart?.localSeconds == Double(TimestampDays.april26_2013) * 86_400)
    }

    @Test(arguments: [
        #"[{"device": "a", "windows": [{"app": "x", "at": "2020-01-01T08:00:00Z"}]}, {"device": "b", "windows": []}]"#,
        #"{"schedules": [{"device": "a", "windows": [{"app": "x", "at": "2020-01-01T08:00:00Z"}]}, {"device": "b", "windows": []}]}"#,
    ])
    func severalSchedulesDecodeFromArrayOrWrapper(json: String) throws {
        let schedules = try PlannedSchedule.decode(Data(json.utf8), file: "s.json")
        #expect(schedules.map(\.device) == ["a", "b"])
        #expect(schedules[0].windows.map(\.app) == ["x"])
        #expect(schedules[0].horizonStart == nil)
    }

    @Test func badTimestampNamesTheField() {
        let json = #"{"device": "a", "windows": [{"app": "x", "at": "2020-01-01T08:00:00Z"}, {"app": "y", "at": "noon"}]}"#
        #expect(throws: ReportInputError(.malformedTimestamp, file: "s.json", field: "schedules[0].windows[1].at",
                                         expected: "an ISO-8601 time with offset like 2013-04-01T07:35:00-04:00")) {
            try PlannedSchedule.decode(Data(json.utf8), file: "s.json")
        }
    }

    @Test func missingFieldAndBrokenJSONAreTypedErrors() {
        do {
            _ = try PlannedSchedule.decode(Data(#"{"device": "a", "windows": [{"app": "x"}]}"#.utf8), file: "s.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .missingField)
            #expect(error.field == "windows[0].at")
            #expect(error.description.hasPrefix("s.json: missingField in field 'windows[0].at'"))
        }
        #expect(throws: ReportInputError.self) { try PlannedSchedule.decode(Data("{".utf8), file: "s.json") }
        #expect(throws: ReportInputError.self) { try EvaluationSummary.decode(Data(#"{"results": 3}"#.utf8), file: "e.json") }
    }

    @Test func evaluationDecodesResultsNullsAndCalibration() throws {
        let e = try ReportFixtures.evaluation()
        #expect(e.protocolName == "reveille-v1")
        #expect(e.results.count == 6)
        #expect(e.policies == ["histogram", "reveille", "oracle"])
        #expect(e.results.first { $0.policy == "histogram" }?.brier == nil)
        #expect(e.calibration.map(\.policy) == ["reveille", "histogram"])
        #expect(e.calibration[0].bins[2] == CalibrationBin(predicted: 0.75, observed: 0.81, count: 60))
    }

    @Test func referenceResultsDecodeWithoutCalibration() throws {
        let e = try EvaluationSummary.load(path: Fixtures.referenceResult("studentlife-small.json"))
        #expect(e.results.count == 12)
        #expect(e.calibration.isEmpty)
        let h8 = try #require(e.results.first { $0.policy == "histogram" && $0.budget == 8 })
        #expect(abs(h8.hitRate - 0.16774425287356323) < 1e-12)
    }

    @Test func unreadableFileIsTyped() {
        #expect(throws: ReportInputError(.unreadable, file: "/nonexistent/e.json", expected: "a readable file")) {
            try EvaluationSummary.load(path: "/nonexistent/e.json")
        }
    }
}

/// Day numbers used by the tests.
enum TimestampDays {
    /// 2013-04-26 (a Friday) as days since 1970-01-01.
    static let april26_2013 = 15_821
}
