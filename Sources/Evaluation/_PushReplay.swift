import FetchPlanner
import LaunchHistory

/// Walk-forward replay of one device for one app under the push rules: every scored day (as in
/// protocol daily mode), every push policy. The spacing holds across local midnight: each policy
/// carries its previous day's last push.
struct _PushReplay {
    let timeline: _DeviceTimeline
    let app: String
    let options: PushEvaluationOptions
    /// The scored days, ascending.
    let days: [Int]
    /// The forecaster of `model`, refit once per day.
    private var forecaster: UsageModelForecaster

    init(timeline: _DeviceTimeline, app: String, options: PushEvaluationOptions, days: [Int]) {
        self.timeline = timeline
        self.app = app
        self.options = options
        self.days = days
        self.forecaster = UsageModelForecaster(options: options.modelOptions)
    }

    /// Per-policy results in the options' order.
    mutating func run() throws -> [PushPolicyResult] {
        let policies = options.policies
        var results = policies.map { PushPolicyResult(policy: $0.rawValue) }
        var lastPush = Array(repeating: -Double.infinity, count: policies.count)
        let appIndex = timeline.appIndex[app]
        for day in days {
            let cold = timeline.coldLaunches(onDay: day).filter { timeline.appOfLaunch[$0] == appIndex }
                .map { timeline.events[$0].instant }
            for (p, policy) in policies.enumerated() {
                let pushes = try _dayPushes(policy, day: day, cold: cold, lastPush: lastPush[p])
                try _check(pushes, policy: policy, day: day, lastPush: lastPush[p])
                if let last = pushes.last { lastPush[p] = last }
                let tau = timeline.tauSeconds
                results[p].merge(PushPolicyResult(
                    policy: policy.rawValue, days: 1, coldLaunches: cold.count,
                    hits: PushOracle.covered(times: cold, pushes: pushes, tauSeconds: tau), pushes: pushes.count,
                    usedPushes: pushes.filter { f in cold.contains { f < $0 && $0 <= f + tau } }.count))
            }
        }
        return results
    }

    /// The executed push instants of `policy` on `day`, ascending, given the policy's previous
    /// push (`-infinity` when none).
    mutating func _dayPushes(_ policy: PushPolicyKind, day: Int, cold: [Double], lastPush: Double) throws -> [Double] {
        let (dayStart, offset) = timeline.start(day)
        let dayEnd = timeline.start(day + 1).instant
        let rules = options.rules, spacing = rules.minimumSpacingSeconds
        let notBefore = max(dayStart, lastPush + spacing)
        switch policy {
        case .every6h:
            var kept: [Double] = []
            for hour in [0.0, 6, 12, 18] where kept.count < rules.maxPushesPerDay {
                let f = dayStart + hour * 3600
                if f < dayEnd, f >= max(notBefore, (kept.last ?? -.infinity) + spacing) { kept.append(f) }
            }
            return kept
        case .oracle:
            let coverable = cold.filter { $0 - 1 >= notBefore && $0 - 1 < dayEnd }
            return PushOracle.pushInstants(times: coverable, tauSeconds: timeline.tauSeconds, maxPushes: rules.maxPushesPerDay,
                                           spacingSeconds: spacing, notBefore: notBefore)
        case .model:
            return try _modelPushes(day: day, dayStart: dayStart, dayEnd: dayEnd, offset: offset, notBefore: notBefore)
        }
    }

    /// `model`: the horizon starts one second after the earliest allowed push so that every push,
    /// executed at `sendAt − 1 s`, keeps the spacing and stays inside the day.
    private mutating func _modelPushes(day: Int, dayStart: Double, dayEnd: Double, offset: Int, notBefore: Double) throws -> [Double] {
        let slotSeconds = 300.0, start = notBefore + 1
        let slots = Int(((dayEnd - start) / slotSeconds).rounded(.down))
        guard slots > 0, options.rules.maxPushesPerDay > 0 else { return [] }
        let history = timeline.launches(before: dayStart)
        let context = PolicyContext(
            device: timeline.history.device, history: history, dayStart: dayStart, dayEnd: dayEnd, windowStart: dayStart,
            windowEnd: dayEnd, utcOffsetSeconds: offset, localDay: day, budget: options.rules.maxPushesPerDay,
            remainingBudget: options.rules.maxPushesPerDay, fetchesToday: [], tauSeconds: timeline.tauSeconds,
            firstLocalDay: timeline.firstDay)
        let forecast = forecaster.slotProbabilities(context, from: start, slots: slots, slotSeconds: slotSeconds)[app]
            ?? Array(repeating: 0, count: slots)
        let local = Self._plannerOffsets(day: day, dayStart: dayStart, dayEnd: dayEnd, offset: offset, from: start)
        let request = PushRequest(
            device: timeline.history.device, app: app, horizonStart: start, slotSeconds: slotSeconds,
            slotProbabilities: forecast.map { $0.isFinite ? min(1, max(0, $0)) : 0 }, utcOffsetSeconds: local.initial,
            offsetChanges: local.changes, tauSeconds: timeline.tauSeconds, rules: options.rules, generatedAt: dayStart)
        return try PushPlanner.plan(request).pushes.map { $0.sendAtUnix - 1 }.filter { $0 < dayEnd }
    }

    /// The offsets under which the planner sees every instant of `[dayStart, dayEnd)` on local day
    /// `day`, so its daily cap is the replay day's cap. A replay day is longer than 24 hours when
    /// the device moved west during it (a flight from +04:00 to +02:00 makes a 26-hour day): at
    /// `dayStart`'s offset its last hours would fall on the next local day and get a second cap.
    /// The next day's offset (the one `dayEnd` is local midnight in) is therefore in effect from
    /// `dayEnd − 24 h` on; shorter days need no change.
    static func _plannerOffsets(day: Int, dayStart: Double, dayEnd: Double, offset: Int, from start: Double)
        -> (initial: Int, changes: [OffsetChange]) {
        guard dayEnd - dayStart > LocalClock.secondsPerDay else { return (offset, []) }
        let next = LocalClock.startOfDay(day + 1, utcOffsetSeconds: 0) - dayEnd
        guard next.isFinite, abs(next) <= Double(LocalClock.maximumOffsetSeconds), next == next.rounded() else { return (offset, []) }
        let change = dayEnd - LocalClock.secondsPerDay
        return change <= start ? (Int(next), []) : (offset, [OffsetChange(at: change, utcOffsetSeconds: Int(next))])
    }

    /// Throws ``PushRuleViolation`` unless the pushes are inside the day, ascending, within the cap
    /// and spaced (also from the previous day's last push).
    private func _check(_ pushes: [Double], policy: PushPolicyKind, day: Int, lastPush: Double) throws(PushRuleViolation) {
        let dayStart = timeline.start(day).instant, dayEnd = timeline.start(day + 1).instant
        let spacing = options.rules.minimumSpacingSeconds
        func fail(_ detail: String) -> PushRuleViolation {
            PushRuleViolation(policy: policy.rawValue, device: timeline.history.device, localDay: day, detail: detail)
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
