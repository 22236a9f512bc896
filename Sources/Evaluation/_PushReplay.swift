import FetchPlanner
import LaunchHistory
import ReveilleCore
import Scheduling

/// Walk-forward replay of one device for one app under the push rules: every scored day (as in
/// protocol daily mode), every push policy — `FetchPolicy` values from the options' registry, as
/// `reveille evaluate` runs its policies. The spacing holds across local midnight: each policy
/// carries its previous day's last push, and the replay checks it.
struct _PushReplay {
    let timeline: _DeviceTimeline
    let app: String
    let options: PushEvaluationOptions
    /// The scored days, ascending.
    let days: [Int]
    /// The policies, made by ``PushEvaluationOptions/registry`` for this device and app, in the
    /// options' order.
    private var policies: [any FetchPolicy]

    init(timeline: _DeviceTimeline, app: String, options: PushEvaluationOptions, days: [Int]) throws {
        self.timeline = timeline
        self.app = app
        self.options = options
        self.days = days
        let setup = PolicySetup(device: timeline.history, tauMinutes: options.tauMinutes, targetApp: app)
        let registry = options.registry
        policies = try options.policies.map { name in
            guard let policy = try registry.makePolicy(name: name, setup: setup) else {
                throw EvaluationOptionsError.unknownPolicy(name: name, available: registry.names)
            }
            return policy
        }
    }

    /// Per-policy results in the options' order.
    mutating func run() throws -> [PushPolicyResult] {
        var results = policies.map { PushPolicyResult(policy: $0.name) }
        var lastPush = Array(repeating: -Double.infinity, count: policies.count)
        let appIndex = timeline.appIndex[app]
        for day in days {
            let cold = timeline.coldLaunches(onDay: day).filter { timeline.appOfLaunch[$0] == appIndex }
                .map { timeline.events[$0].instant }
            for p in policies.indices {
                let pushes = try _dayPushes(p, day: day)
                try _check(pushes, policy: policies[p].name, day: day, lastPush: lastPush[p])
                if let last = pushes.last { lastPush[p] = last }
                let tau = timeline.tauSeconds
                results[p].merge(PushPolicyResult(
                    policy: policies[p].name, days: 1, coldLaunches: cold.count,
                    hits: PushOracle.covered(times: cold, pushes: pushes, tauSeconds: tau), pushes: pushes.count,
                    usedPushes: pushes.filter { f in cold.contains { f < $0 && $0 <= f + tau } }.count))
            }
        }
        return results
    }

    /// The executed push instants of policy `p` on `day`, ascending: its plan's fetches of the app,
    /// knowing every launch before `start(d)` (as protocol daily mode).
    mutating func _dayPushes(_ p: Int, day: Int) throws -> [Double] {
        let (dayStart, offset) = timeline.start(day)
        let dayEnd = timeline.start(day + 1).instant
        let cap = options.rules.maxPushesPerDay
        let context = PolicyContext(
            device: timeline.history.device, history: timeline.launches(before: dayStart), dayStart: dayStart, dayEnd: dayEnd,
            windowStart: dayStart, windowEnd: dayEnd, utcOffsetSeconds: offset, localDay: day, budget: cap,
            remainingBudget: cap, fetchesToday: [], tauSeconds: timeline.tauSeconds, firstLocalDay: timeline.firstDay)
        return try policies[p].plan(context).fetches.filter { $0.app == app }.map(\.instant).sorted()
    }

    /// Throws ``PushRuleViolation`` unless the pushes are inside the day, ascending, within the cap
    /// and spaced (also from the previous day's last push).
    private func _check(_ pushes: [Double], policy: String, day: Int, lastPush: Double) throws(PushRuleViolation) {
        let dayStart = timeline.start(day).instant, dayEnd = timeline.start(day + 1).instant
        let spacing = options.rules.minimumSpacingSeconds
        func fail(_ detail: String) -> PushRuleViolation {
            PushRuleViolation(policy: policy, device: timeline.history.device, localDay: day, detail: detail)
        }
        guard pushes.count <= options.rules.maxPushesPerDay else { throw fail("\(pushes.count) pushes over the daily cap") }
        var previous = lastPush
        for f in pushes {
            guard f.isFinite, f >= dayStart, f < dayEnd else { throw fail("push at \(f) outside [\(dayStart), \(dayEnd))") }
            guard f - previous >= spacing - 1e-6 else { throw fail("push at \(f) only \(f - previous) s after the previous one") }
            previous = f
        }
    }
}
