import FetchPlanner
import LaunchHistory
import ReveilleCore
import Scheduling
import Testing
@testable import Evaluation

/// Online mode: an hour's call re-plans only when a launch arrived since the day's last plan
/// (``SchedulingOptions/quietHourReplans``).
@Suite struct QuietHourTests {
    /// Forecasts one launch of `mail` half an hour before the end of hour `k − 1`, where `k`
    /// counts its calls: each call moves the launch an hour later, so a fresh plan and a
    /// standing one execute different fetches.
    struct MovingForecaster: Forecaster {
        var calls = 0
        mutating func forecast(_ c: ForecastContext, from start: Double, slotCount: Int, slotSeconds: Double) -> SlotForecast {
            calls += 1
            let launch = c.dayStart + 3600 * (Double(calls) - 0.5)
            var row = Array(repeating: 0.0, count: slotCount)
            let slot = Int(((launch - start) / slotSeconds).rounded(.down))
            if row.indices.contains(slot) { row[slot] = 0.9 }
            return SlotForecast(horizonStart: start, slotSeconds: slotSeconds, slotCount: slotCount,
                                rows: [(app: "mail", probabilities: row)])
        }
    }

    static let dayStart = 1_700_006_400.0  // 2023-11-15T00:00:00Z, local day 19676

    static func policy(quietHourReplans: Bool) throws -> ForecastPolicy<MovingForecaster> {
        var options = SchedulingOptions()
        options.quietHourReplans = quietHourReplans
        return ForecastPolicy(name: "moving", scheduling: try SchedulingPolicy(options: options, forecaster: MovingForecaster()))
    }

    static func context(hour: Int, history: [LaunchEvent], fetchesToday: [Fetch] = []) -> PolicyContext {
        let start = dayStart + Double(hour) * 3600
        return PolicyContext(device: "d", history: history[...], dayStart: dayStart, dayEnd: dayStart + 86_400,
                             windowStart: start, windowEnd: start + 3600, utcOffsetSeconds: 0, localDay: 19676,
                             budget: 4, remainingBudget: 4 - fetchesToday.count, fetchesToday: fetchesToday,
                             tauSeconds: 3600, firstLocalDay: 19670)
    }

    static let earlier = [LaunchEvent(device: "d", app: "mail", instant: dayStart - 86_400, utcOffsetSeconds: 0)]

    @Test func aQuietHourKeepsTheLastPlan() throws {
        var policy = try Self.policy(quietHourReplans: false)
        // Hour 0: the day's forecast and the plan (calls 1 and 2) put mail's launch at 01:30.
        #expect(try policy.plan(Self.context(hour: 0, history: Self.earlier)).fetches.isEmpty)
        // Hour 1, no launch since: the plan stands and its fetch before 01:30 executes.
        let fetches = try policy.plan(Self.context(hour: 1, history: Self.earlier)).fetches
        #expect(fetches.map(\.app) == ["mail"])
        #expect(fetches.allSatisfy { $0.instant >= Self.dayStart + 3600 && $0.instant < Self.dayStart + 5400 })
        #expect(policy.scheduling.forecaster.calls == 2)
    }

    @Test func aLaunchOrTheOptionMakesAFreshPlan() throws {
        let launched = Self.earlier + [LaunchEvent(device: "d", app: "other", instant: Self.dayStart + 600, utcOffsetSeconds: 0)]
        for (quiet, history) in [(false, launched), (true, Self.earlier)] {
            var policy = try Self.policy(quietHourReplans: quiet)
            _ = try policy.plan(Self.context(hour: 0, history: Self.earlier))
            // A fresh plan (call 3) moves mail's launch to 02:30: nothing runs in hour 1.
            #expect(try policy.plan(Self.context(hour: 1, history: history)).fetches.isEmpty, "quietHourReplans \(quiet)")
            #expect(policy.scheduling.forecaster.calls == 3)
        }
    }

    @Test func aPlanStandsOnlyForItsOwnDeviceAndDay() throws {
        let plan = _StandingPlan(Self.context(hour: 0, history: Self.earlier), windows: [])
        #expect(plan.stands(in: Self.context(hour: 2, history: Self.earlier)))
        #expect(!plan.stands(in: Self.context(hour: 0, history: Self.earlier)))  // a day's first call always plans
        var otherDevice = Self.context(hour: 2, history: Self.earlier)
        otherDevice.device = "e"
        #expect(!plan.stands(in: otherDevice))
        var otherDay = Self.context(hour: 2, history: Self.earlier)
        otherDay.localDay += 1
        #expect(!plan.stands(in: otherDay))
    }
}
