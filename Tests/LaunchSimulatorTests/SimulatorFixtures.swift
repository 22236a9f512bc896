import LaunchHistory
import ReveilleCore
import LaunchSimulator

/// Hand-built devices for tests with known answers.
enum SimulatorFixtures {
    static let march4th2024 = TimestampParser.daysFromCivil(year: 2024, month: 3, day: 4)
    static let eastern = DeviceTruth.Zone(name: "US Eastern", standardUTCOffsetSeconds: -18_000, daylightSaving: .unitedStates)

    /// `perHour` launches per hour in local hour `hour` only, every day.
    static func singleHourApp(_ name: String, hour: Int, perHour: Double) -> AppParameters {
        let row = (0..<24).map { $0 == hour ? perHour : 0 }
        return AppParameters(app: name, category: "test", hourlyRates: Array(repeating: row, count: 7))
    }

    /// A device in US Eastern time from 2024-03-04 for `days` days, optionally travelling.
    static func device(days: Int, trip: DeviceTruth.DayRange? = nil, tripOffset: Int = 0,
                       apps: [AppParameters]) -> DeviceTruth {
        let offsets = OffsetTimeline(zone: eastern, firstDay: march4th2024, days: days, trip: trip,
                                     tripUTCOffsetSeconds: tripOffset)
        return DeviceTruth(device: "t", firstDay: march4th2024, days: days, homeZone: eastern,
                           offsets: offsets, apps: apps)
    }

    /// The cold launches of `events` by the protocol's definition (no launch of the same app in
    /// the previous `tauSeconds`).
    static func coldLaunches(_ events: [LaunchEvent], tauSeconds: Double) -> [LaunchEvent] {
        var last: [String: Double] = [:]
        var cold: [LaunchEvent] = []
        for e in events.sorted(by: { $0.instant < $1.instant }) {
            if let t = last[e.app], t > e.instant - tauSeconds {} else { cold.append(e) }
            last[e.app] = e.instant
        }
        return cold
    }
}
