import Testing
@testable import UsageModel

@Suite struct WeekdayShrinkageTests {
    @Test func shrinksInProportionToEvidence() {
        // Own weekday rate 4/2 = 2 against a group rate near 10/50: few weekday days, strong pull.
        let s = WeekdayShrinkage.Sums(all: 7, weekday: 4, group: 10, deviceShape: 0.5)
        let e = WeekdayShrinkage.Evidence(launches: 100, days: 70, weekdayDays: 2, groupDays: 50)
        let r = WeekdayShrinkage.rates(s, evidence: e, minimumLaunches: 5, shrinkageDays: 3)
        let all = (100.0 * 0.1 + 5 * (100.0 / 70) * 0.5) / 105
        let group = (10 + 3 * all) / 53
        #expect(abs(r.day - all) < 1e-15)
        #expect(abs(r.weekday - (4 + 3 * group) / 5) < 1e-15)
    }

    @Test func sparseAppTakesTheDeviceShapeAndRichAppKeepsItsOwn() {
        let e = { (n: Double) in WeekdayShrinkage.Evidence(launches: n, days: 10, weekdayDays: 1, groupDays: 7) }
        // Own time-of-day mass 0 here, device shape 0.2: a sparse app is pulled toward 0.2·rate.
        let sparse = WeekdayShrinkage.rates(.init(all: 0, weekday: 0, group: 0, deviceShape: 0.2),
                                            evidence: e(1), minimumLaunches: 5, shrinkageDays: 0)
        #expect(abs(sparse.day - (5 * 0.1 * 0.2) / 6) < 1e-15)
        let rich = WeekdayShrinkage.rates(.init(all: 0, weekday: 0, group: 0, deviceShape: 0.2),
                                          evidence: e(10_000), minimumLaunches: 5, shrinkageDays: 0)
        // The rich app keeps its own (zero) mass here: under 0.1% of the device-shape prior 1000·0.2.
        #expect(rich.day / (1000 * 0.2) < 0.001)
    }

    @Test func noDaysGivesZeroRates() {
        let r = WeekdayShrinkage.rates(.init(all: 1, weekday: 1, group: 1, deviceShape: 1),
                                       evidence: .init(launches: 1, days: 0, weekdayDays: 0, groupDays: 0),
                                       minimumLaunches: 5, shrinkageDays: 3)
        #expect(r.day == 0 && r.weekday == 0)
    }
}
