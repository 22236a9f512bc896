import LaunchHistory
import ReveilleCore
import LaunchSimulator
import Testing

@Suite struct TimeZoneTests {
    @Test func unitedStatesAndEuropeanRulesGiveTheKnownDates() {
        // 2024: US 10 March 02:00 EST = 07:00Z, 3 November 02:00 EDT = 06:00Z;
        // EU 31 March and 27 October at 01:00Z.
        let us = DaylightSavingRule.unitedStates.transitions(year: 2024, standardOffsetSeconds: -18_000)
        #expect(us?.start == 1_710_054_000)
        #expect(us?.end == 1_730_613_600)
        let eu = DaylightSavingRule.europeanUnion.transitions(year: 2024, standardOffsetSeconds: 3_600)
        #expect(eu?.start == 1_711_846_800)
        #expect(eu?.end == 1_729_990_800)
        let eu2025 = DaylightSavingRule.europeanUnion.transitions(year: 2025, standardOffsetSeconds: 0)
        #expect(eu2025?.start == 1_743_296_400) // 30 March 2025 01:00Z
        #expect(DaylightSavingRule.none.transitions(year: 2024, standardOffsetSeconds: 0) == nil)
    }

    @Test func aHabitAtEightStaysAtEightLocalAcrossDSTAndATrip() throws {
        // Eastern time from Mon 4 March 2024 for 21 days: EST (-5) until 10 March, then EDT (-4);
        // a trip to UTC+1 on local days 14–17 (18–21 March).
        let first = SimulatorFixtures.march4th2024
        let trip = DeviceTruth.DayRange(fromDay: first + 14, untilDay: first + 18)
        let device = SimulatorFixtures.device(days: 21, trip: trip, tripOffset: 3_600,
                                              apps: [SimulatorFixtures.singleHourApp("a", hour: 8, perHour: 4)])
        let events = device.simulateLaunches(seed: 9)
        #expect(events.count > 40)
        for e in events { #expect(e.localHour == 8) }
        var utcHours: [Int: Set<Int>] = [:]
        for e in events { utcHours[e.localDay - first, default: []].insert(LocalClock.hour(localSeconds: e.instant)) }
        #expect(utcHours[1] == [13]) // 08:00 EST = 13:00Z
        #expect(utcHours[8] == [12]) // 08:00 EDT = 12:00Z
        #expect(utcHours[15] == [7]) // 08:00 UTC+1 = 07:00Z
        #expect(utcHours[19] == [12])
        let offsets = Set(events.map(\.utcOffsetSeconds))
        #expect(offsets == [-18_000, -14_400, 3_600])
    }

    @Test func offsetTimelineKeepsOnlyRealChanges() {
        let t = OffsetTimeline(initialUTCOffsetSeconds: 0, changes: [
            .init(instant: 20, utcOffsetSeconds: 3_600), .init(instant: 10, utcOffsetSeconds: 0),
            .init(instant: 30, utcOffsetSeconds: 3_600),
        ])
        #expect(t.changes == [.init(instant: 20, utcOffsetSeconds: 3_600)])
        #expect(t.offset(at: 19.9) == 0 && t.offset(at: 20) == 3_600)
    }
}
