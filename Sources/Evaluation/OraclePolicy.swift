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
    /// The day's cover, shared by its budgets.
    private var oracleDay: (day: Int, cover: _OracleDay)?

    /// An oracle for `device`, whose full history (the future included) it reads.
    public init(device: DeviceHistory) {
        self.device = device
    }

    public mutating func plan(_ context: PolicyContext) throws -> PolicyPlan {
        if var shared = context.oracleCover, shared.tauSeconds == context.tauSeconds {
            return cache.plan(context) { PolicyPlan(fetches: shared.plan(budget: $0.budget).fetches) }
        }
        if coldByDay == nil || coldTau != context.tauSeconds {
            let cold = ColdLaunches.scan(device.launches, tauSeconds: context.tauSeconds).cold
            var byDay: [Int: [LaunchEvent]] = [:]
            for (i, launch) in device.launches.enumerated() where cold[i] {
                byDay[launch.localDay, default: []].append(launch)
            }
            coldByDay = byDay
            coldTau = context.tauSeconds
        }
        var cover: _OracleDay
        if let current = oracleDay, current.day == context.localDay, current.cover.tauSeconds == context.tauSeconds {
            cover = current.cover
        } else {
            let groups = Self.coverable(coldByDay?[context.localDay] ?? [], dayStart: context.dayStart, dayEnd: context.dayEnd)
            cover = _OracleDay(launchesByApp: groups, tauSeconds: context.tauSeconds)
        }
        oracleDay = nil  // so the tables below are not copied on write
        let plan = cache.plan(context) { PolicyPlan(fetches: cover.plan(budget: $0.budget).fetches) }
        oracleDay = (context.localDay, cover)
        return plan
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
