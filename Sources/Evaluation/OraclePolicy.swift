import LaunchHistory
import ReveilleCore

/// The `oracle` policy: knows day `d`'s cold launches and places at most `B` fetches to cover the
/// most of them (``OracleCover``). Only launches with `t − 1 s ≥ start(d)` (and `t − 1 s <
/// start(d+1)`) can be covered. It is the upper bound: no policy can beat it.
public struct OraclePolicy: FetchPolicy {
    public let name = "oracle"
    private let device: DeviceHistory
    private var coldByDay: [Int: [LaunchEvent]]?
    private var coldTau: Double?
    private var cache = _DayPlanCache()

    /// An oracle for `device`, whose full history (the future included) it reads.
    public init(device: DeviceHistory) {
        self.device = device
    }

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        if coldByDay == nil || coldTau != context.tauSeconds {
            let cold = ColdLaunches.scan(device.launches, tauSeconds: context.tauSeconds).cold
            var byDay: [Int: [LaunchEvent]] = [:]
            for (i, launch) in device.launches.enumerated() where cold[i] {
                byDay[launch.localDay, default: []].append(launch)
            }
            coldByDay = byDay
            coldTau = context.tauSeconds
        }
        let launches = coldByDay?[context.localDay] ?? []
        return cache.plan(context) { Self.dayPlan($0, coldLaunches: launches) }
    }

    /// The day's plan from its cold launches.
    static func dayPlan(_ context: PolicyContext, coldLaunches: [LaunchEvent]) -> PolicyPlan {
        let groups = coverable(coldLaunches, dayStart: context.dayStart, dayEnd: context.dayEnd)
        return PolicyPlan(fetches: OracleCover.plan(launchesByApp: groups, budget: context.budget,
                                                    tauSeconds: context.tauSeconds).fetches)
    }

    /// Cold launches a fetch one second earlier can cover inside the day, grouped by app (apps
    /// in name order, times sorted).
    static func coverable(_ coldLaunches: [LaunchEvent], dayStart: Double, dayEnd: Double) -> [(app: String, times: [Double])] {
        var byApp: [String: [Double]] = [:]
        for launch in coldLaunches where launch.instant - 1 >= dayStart && launch.instant - 1 < dayEnd {
            byApp[launch.app, default: []].append(launch.instant)
        }
        return byApp.keys.sorted().map { ($0, (byApp[$0] ?? []).sorted()) }
    }
}
