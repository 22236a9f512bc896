import LaunchHistory
import ReveilleCore

/// Draws one simulated person (a ``DeviceTruth``) from the calibrated ranges documented in the
/// module's DocC catalog.
enum _PersonGenerator {
    static let zones: [DeviceTruth.Zone] = [
        .init(name: "US Eastern", standardUTCOffsetSeconds: -18_000, daylightSaving: .unitedStates),
        .init(name: "US Central", standardUTCOffsetSeconds: -21_600, daylightSaving: .unitedStates),
        .init(name: "US Pacific", standardUTCOffsetSeconds: -28_800, daylightSaving: .unitedStates),
        .init(name: "Central Europe", standardUTCOffsetSeconds: 3_600, daylightSaving: .europeanUnion),
        .init(name: "Western Europe", standardUTCOffsetSeconds: 0, daylightSaving: .europeanUnion),
        .init(name: "India", standardUTCOffsetSeconds: 19_800, daylightSaving: .none),
        .init(name: "Japan", standardUTCOffsetSeconds: 32_400, daylightSaving: .none),
    ]

    static func make(device: String, firstDay: Int, days: Int, random: inout SimulationRandom) -> DeviceTruth {
        let zone = zones[random.integer(0...(zones.count - 1))]
        let routine = _routine(&random)
        let vacation = days >= 14 && random.uniform() < 0.5
            ? { let from = firstDay + random.integer(7...(days - 7)); return DeviceTruth.DayRange(fromDay: from, untilDay: from + 7) }()
            : nil
        var trip: DeviceTruth.DayRange?
        var tripOffset = zone.standardUTCOffsetSeconds
        if days >= 10 && random.uniform() < 0.4 {
            let length = random.integer(3...6)
            let from = firstDay + random.integer(2...(days - length - 1))
            trip = .init(fromDay: from, untilDay: from + length)
            // The destination differs from the home offset in effect when leaving (DST included).
            let leaving = Double(from) * 86_400 + 36_000 - Double(zone.standardUTCOffsetSeconds)
            let home = zone.daylightSaving.offset(at: leaving, standardOffsetSeconds: zone.standardUTCOffsetSeconds)
            let deltas = [-9, -6, -5, -3, 1, 2, 3, 6, 8]
            let delta = deltas[random.integer(0...8)] * 3_600
            tripOffset = (-43_200...50_400).contains(home + delta) ? home + delta : home - delta
        }
        let offsets = OffsetTimeline(zone: zone, firstDay: firstDay, days: days, trip: trip, tripUTCOffsetSeconds: tripOffset)
        let apps = _apps(routine: routine, firstDay: firstDay, days: days, random: &random)
        return DeviceTruth(device: device, firstDay: firstDay, days: days, homeZone: zone, offsets: offsets,
                           vacation: vacation, trip: trip, apps: apps)
    }

    static func _routine(_ random: inout SimulationRandom) -> _AppCatalog.Routine {
        let wake = min(9, max(5, random.normal(mean: 6.9, sd: 0.6)))
        let sleep = min(25.5, max(21.5, random.normal(mean: 23.3, sd: 0.6)))
        return .init(wakeWeekday: wake, wakeWeekend: wake + random.uniform(1, 2.5),
                     sleepWeekday: sleep, sleepWeekend: min(26, sleep + random.uniform(0.3, 1.2)))
    }
}
