import LaunchHistory
import ReveilleCore

extension OffsetTimeline {
    /// The offsets a person at home in `zone` lives through around local days
    /// `[firstDay, firstDay + days)` (two days of margin either side): the zone's DST transitions
    /// from its rule, overlaid by an optional trip during which `tripUTCOffsetSeconds` holds. The
    /// trip leaves at 10:00 home time on `trip.fromDay` and returns at 10:00 destination time on
    /// `trip.untilDay`; home transitions during the trip are skipped.
    public init(zone: DeviceTruth.Zone, firstDay: Int, days: Int, trip: DeviceTruth.DayRange? = nil,
                tripUTCOffsetSeconds: Int = 0) {
        let std = zone.standardUTCOffsetSeconds
        let lower = Double(firstDay - 2) * 86_400, upper = Double(firstDay + max(0, days) + 2) * 86_400
        let home = { (t: Double) in zone.daylightSaving.offset(at: t, standardOffsetSeconds: std) }
        var changes: [Change] = []
        let firstYear = TimestampParser.civilFromDays(firstDay - 2).year
        let lastYear = TimestampParser.civilFromDays(firstDay + max(0, days) + 2).year
        for year in firstYear...lastYear {
            guard let t = zone.daylightSaving.transitions(year: year, standardOffsetSeconds: std) else { continue }
            changes += [.init(instant: t.start, utcOffsetSeconds: std + 3_600), .init(instant: t.end, utcOffsetSeconds: std)]
        }
        if let trip {
            let depart = Double(trip.fromDay) * 86_400 + 36_000
            let leave = depart - Double(home(depart - Double(std)))
            let back = Double(trip.untilDay) * 86_400 + 36_000 - Double(tripUTCOffsetSeconds)
            changes.removeAll { $0.instant >= leave && $0.instant < back }
            changes += [.init(instant: leave, utcOffsetSeconds: tripUTCOffsetSeconds),
                        .init(instant: back, utcOffsetSeconds: home(back))]
        }
        changes.removeAll { $0.instant < lower || $0.instant >= upper }
        self.init(initialUTCOffsetSeconds: home(lower), changes: changes)
    }
}
