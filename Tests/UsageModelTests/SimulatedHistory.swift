import Foundation
import LaunchHistory
import ReveilleCore
import TestSupport

/// A small simulated device with known habits (UTC offset +01:00, starting Monday 2024-01-01):
/// `mail` daily near 08:00 and 18:00, `news` on weekdays near 12:30, `game` on weekends near 21:00,
/// and `rare` twice.
enum SimulatedHistory {
    static let monday: Double = 1_704_067_200 - 3600 // 2024-01-01T00:00+01:00
    static let offset = 3600

    static func launches(days: Int, seed: UInt64 = 1) -> [LaunchEvent] {
        var rng = SeededGenerator(seed: seed)
        var out: [LaunchEvent] = []
        func add(_ app: String, day: Int, hour: Double) {
            let jitter = Double.random(in: -600...600, using: &rng)
            out.append(LaunchEvent(device: "sim", app: app, instant: monday + Double(day) * 86_400 + hour * 3600 + jitter,
                                   utcOffsetSeconds: offset))
        }
        for d in 0..<days {
            add("mail", day: d, hour: 8)
            add("mail", day: d, hour: 18)
            if d % 7 < 5 { add("news", day: d, hour: 12.5) } else { add("game", day: d, hour: 21) }
        }
        add("rare", day: 0, hour: 15)
        if days > 3 { add("rare", day: 3, hour: 15) }
        return Array(DeviceHistory(device: "sim", launches: out).launches)
    }
}
