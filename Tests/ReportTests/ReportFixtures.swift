import Foundation
import LaunchHistory
import ReveilleCore
import Report
import TestSupport

/// Inputs shared by the report tests: the StudentLife sample, a hand-written schedule for
/// studentlife-u00 on 2013-04-26 (8 fetches placed before real launches, so 8 of that day's 34 cold
/// launches are hits), and a small evaluation with calibration bins.
enum ReportFixtures {
    static let historyPath = Fixtures.dataset("studentlife-small/launches.csv")

    static func history() throws -> LaunchHistory {
        try HistoryReader.read(path: historyPath)
    }

    static let scheduleJSON = #"""
    {
      "device": "studentlife-u00",
      "generatedAt": "2013-04-25T23:59:00-04:00",
      "engineVersion": "test",
      "horizon": {"start": "2013-04-26T00:00:00-04:00", "end": "2013-04-27T00:00:00-04:00"},
      "budget": {"limit": 8, "planned": 8},
      "windows": [
        {"app": "com.google.android.gm", "at": "2013-04-26T07:05:00-04:00", "earliestBegin": "2013-04-26T06:45:00-04:00", "latestBegin": "2013-04-26T07:15:00-04:00", "probability": 0.62, "expectedHits": 0.55, "energyCost": 1, "reason": "morning mail"},
        {"app": "com.google.android.calendar", "at": "2013-04-26T08:00:00-04:00", "earliestBegin": "2013-04-26T07:40:00-04:00", "latestBegin": "2013-04-26T08:10:00-04:00", "probability": 0.41, "expectedHits": 0.35, "energyCost": 1, "reason": "peak hour"},
        {"app": "com.google.android.apps.paco", "at": "2013-04-26T09:00:00-04:00", "earliestBegin": "2013-04-26T08:30:00-04:00", "latestBegin": "2013-04-26T09:10:00-04:00", "probability": 0.5, "expectedHits": 0.45, "energyCost": 1, "reason": "peak hour"},
        {"app": "com.google.android.gm", "at": "2013-04-26T12:30:00-04:00", "earliestBegin": "2013-04-26T12:00:00-04:00", "latestBegin": "2013-04-26T12:45:00-04:00", "probability": 0.48, "expectedHits": 0.4, "energyCost": 1, "reason": "peak hour"},
        {"app": "com.google.android.calendar", "at": "2013-04-26T13:00:00-04:00", "earliestBegin": "2013-04-26T12:40:00-04:00", "latestBegin": "2013-04-26T13:20:00-04:00", "probability": 0.33, "expectedHits": 0.3, "energyCost": 1, "reason": "peak hour"},
        {"app": "com.google.android.apps.paco", "at": "2013-04-26T16:00:00-04:00", "earliestBegin": "2013-04-26T15:30:00-04:00", "latestBegin": "2013-04-26T16:10:00-04:00", "probability": 0.45, "expectedHits": 0.4, "energyCost": 1, "reason": "peak hour"},
        {"app": "com.google.android.gm", "at": "2013-04-26T19:00:00-04:00", "earliestBegin": "2013-04-26T18:40:00-04:00", "latestBegin": "2013-04-26T19:10:00-04:00", "probability": 0.44, "expectedHits": 0.38, "energyCost": 1, "reason": "evening"},
        {"app": "com.google.android.apps.paco", "at": "2013-04-26T22:00:00-04:00", "earliestBegin": "2013-04-26T21:40:00-04:00", "latestBegin": "2013-04-26T22:10:00-04:00", "probability": 0.39, "expectedHits": 0.33, "energyCost": 1, "reason": "evening"}
      ],
      "leftOut": [
        {"app": "com.jawbone.up", "constraint": "budget", "detail": "expected hits 0.21 below the 8th fetch"},
        {"app": "<b>evil</b> & \"app\"", "constraint": "minimumInterval", "detail": "x < y"}
      ]
    }
    """#

    /// Evaluation JSON in the reveille-v1 shape, with extra fields, nulls and a calibration field.
    static let evaluationJSON = #"""
    {
      "protocol": "reveille-v1", "mode": "daily", "tauMinutes": 60, "warmupDays": 7,
      "devices": 3, "skippedDevices": 0, "deviceDays": 199, "coldLaunches": 2784, "extra": {"any": [1, 2]},
      "results": [
        {"policy": "reveille", "budget": 8, "hits": 600, "hitRate": 0.2155, "oracleRatio": 0.46, "precision": 0.38, "rocAuc": 0.93, "brier": 0.01, "logLoss": 0.06},
        {"policy": "reveille", "budget": 16, "hitRate": 0.36, "rocAuc": 0.93},
        {"policy": "histogram", "budget": 8, "hitRate": 0.1677, "rocAuc": 0.845, "brier": null},
        {"policy": "histogram", "budget": 16, "hitRate": 0.2780, "rocAuc": 0.845},
        {"policy": "oracle", "budget": 16, "hitRate": 0.7899, "rocAuc": null},
        {"policy": "oracle", "budget": 8, "hitRate": 0.4641, "rocAuc": null}
      ],
      "calibration": [
        {"policy": "reveille", "bins": [{"predicted": 0.05, "observed": 0.04, "count": 9000},
                                        {"predicted": 0.35, "observed": 0.30, "count": 700},
                                        {"predicted": 0.75, "observed": 0.81, "count": 60}]},
        {"policy": "histogram", "bins": [{"predicted": 0.04, "observed": 0.05, "count": 9100},
                                         {"predicted": 0.45, "observed": 0.28, "count": 500}]}
      ]
    }
    """#

    static func schedules() throws -> [PlannedSchedule] {
        try PlannedSchedule.decode(Data(scheduleJSON.utf8), file: "schedule.json")
    }

    static func evaluation() throws -> EvaluationSummary {
        try EvaluationSummary.decode(Data(evaluationJSON.utf8), file: "evaluation.json")
    }

    /// Honest stand-in profiles for the top apps of each device: the share of the device's local days
    /// of each weekday on which the app had a launch in that hour (the empirical frequency).
    static func empiricalProfiles(_ history: LaunchHistory, appsPerDevice: Int = 3) -> [ProbabilityProfile] {
        history.devices.flatMap { device -> [ProbabilityProfile] in
            guard let first = device.firstLocalDay, let last = device.lastLocalDay else { return [] }
            var daysPerWeekday = Array(repeating: 0, count: 7)
            for day in first...last { daysPerWeekday[LocalClock.weekday(day: day)] += 1 }
            var counts: [String: Int] = [:]
            for e in device.launches { counts[e.app, default: 0] += 1 }
            let top = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(appsPerDevice).map(\.key)
            return top.map { app in
                var cells = Set<Int>()
                for e in device.launches where e.app == app { cells.insert(e.localDay * 24 + e.localHour) }
                var table = Array(repeating: Array(repeating: 0.0, count: 24), count: 7)
                for cell in cells { table[LocalClock.weekday(day: cell / 24)][cell % 24] += 1 }
                for w in 0..<7 { table[w] = table[w].map { $0 / Double(max(1, daysPerWeekday[w])) } }
                return ProbabilityProfile(device: device.device, app: app, byWeekdayHour: table)
            }
        }
    }
}
