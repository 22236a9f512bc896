import LaunchHistory
import Foundation
import LaunchSimulator
import Testing

/// Usage drift settles: a year of simulation keeps each person's launches per day near their first
/// month (issue 15: one device went from 2,213 launches in March to 42,556 in February, because
/// `exp(rateDriftPerDay × day)` compounded for the whole run).
@Suite struct LongRunDriftTests {
    @Test func aYearKeepsEveryMonthWithinThreeTimesTheFirst() throws {
        // Seed 20240304 (the bundled dataset's) grew sim-001 ×43 over the year before the fix.
        let run = try LaunchSimulator.simulate(.init(devices: 4, days: 365, seed: 20240304))
        for truth in run.truth.devices {
            var months = [Int](repeating: 0, count: 12)  // 30-day blocks; the last 5 days are left out
            for event in run.events where event.device == truth.device {
                let block = (event.localDay - truth.firstDay) / 30
                if (0..<12).contains(block) { months[block] += 1 }
            }
            let first = Double(months[0])
            #expect(first > 0)
            for (index, count) in months.enumerated() {
                let ratio = Double(count) / first
                #expect(ratio <= 3 && ratio >= 1.0 / 3, "\(truth.device) month \(index): \(count) launches vs \(months[0]) in the first")
            }
        }
    }

    @Test func driftDaysAreTheDayCountForFiveWeeksThenSettleSmoothly() {
        #expect(AppParameters.driftDays(0) == 0)
        #expect(AppParameters.driftDays(35) == 35)
        // Just past the ramp the slope is still 1 (continuous derivative) …
        #expect(abs(AppParameters.driftDays(36) - (35 + 28 * (1 - exp(-1.0 / 28)))) < 1e-12)
        #expect(AppParameters.driftDays(36) - 35 > 0.98)
        // … and after a year the plateau 35 + 28 is all but reached, never passed.
        #expect(abs(AppParameters.driftDays(365) - 63) < 1e-3)
        #expect(AppParameters.driftDays(3_660) <= 63)
        // Before the drift day (negative day counts do not occur, but stay linear).
        #expect(AppParameters.driftDays(-3) == -3)
    }
}
