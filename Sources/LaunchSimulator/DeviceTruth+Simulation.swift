import LaunchHistory
import ReveilleCore

extension DeviceTruth {
    /// Simulates this device's launches over `[startInstant, endInstant)`, deterministically for
    /// `seed`.
    ///
    /// Algorithm (exact for the model in ``AppParameters``):
    /// 1. Baseline launches: on every piece where `μ` is constant, a Poisson(`μ × length`) count at
    ///    uniform positions (the exact per-piece Poisson construction of an inhomogeneous process).
    /// 2. Bursts: the Hawkes cluster representation — every launch has Poisson(α) children after
    ///    `max(1 s, Exp(mean burstDecaySeconds))`, recursively.
    /// 3. Companions: after each launch of `a`, with probability `companions[b]`, one launch of `b`
    ///    at `t + duration + U(3 s, 20 s)`; companion launches trigger nothing further.
    /// 4. Instants are floored to whole seconds; each launch carries the offset in effect;
    ///    a second launch of the same app in the same second is dropped.
    ///
    /// Each app draws from its own stream (`SimulationRandom(seed:stream:)`), so the result does
    /// not depend on app order. Output is sorted by instant, then app, then duration.
    /// `progress` is advanced by the device's ``days`` in proportion to the apps simulated.
    /// Complexity: O(hours × apps + launches log launches).
    public func simulateLaunches(seed: UInt64, progress: DeviceDayTally? = nil) -> [LaunchEvent] {
        let start = startInstant, end = endInstant
        var raw: [(instant: Double, app: String, duration: Double)] = []
        var daysReported = 0
        defer { progress?.finishDays(max(0, days) - daysReported) }
        for (index, app) in apps.enumerated() {
            let daysDone = Int(Double(max(0, days)) * Double(index) / Double(apps.count))
            progress?.finishDays(daysDone - daysReported)
            daysReported = daysDone
            var random = SimulationRandom(seed: seed, stream: UInt64(index + 1))
            let own = _ownLaunches(app, from: start, to: end, random: &random)
            for t in own {
                let duration = _duration(app, random: &random)
                raw.append((t, app.app, duration))
                if let follower = _companion(of: app, random: &random), let b = apps.first(where: { $0.app == follower }) {
                    let at = t + duration + random.uniform(3, 20)
                    if at < end { raw.append((at, b.app, _duration(b, random: &random))) }
                }
            }
        }
        return _finalise(raw)
    }

    /// Baseline launches plus their burst descendants, sorted, inside `[from, to)`.
    func _ownLaunches(_ app: AppParameters, from: Double, to: Double, random: inout SimulationRandom) -> [Double] {
        var launches: [Double] = []
        _forEachBaselinePiece(app, from: from, to: to) { s, e, rate in
            guard rate > 0 else { return }
            let n = random.poisson(mean: rate * (e - s))
            var times: [Double] = []
            for _ in 0..<n { times.append(random.uniform(s, e)) }
            launches.append(contentsOf: times.sorted())
        }
        let alpha = min(0.95, max(0, app.burstBranchingRatio))
        guard alpha > 0 else { return launches }
        var pending = launches
        while let parent = pending.popLast() {
            for _ in 0..<random.poisson(mean: alpha) {
                let child = parent + max(1, random.exponential(mean: app.burstDecaySeconds))
                if child < to {
                    launches.append(child)
                    pending.append(child)
                }
            }
        }
        return launches.sorted()
    }

    /// A log-normal foreground duration in whole seconds, at least 1 s.
    func _duration(_ app: AppParameters, random: inout SimulationRandom) -> Double {
        max(1, random.logNormal(median: app.durationMedianSeconds, sigma: app.durationSigma).rounded())
    }

    /// The companion chosen after one launch of `app`, if any.
    func _companion(of app: AppParameters, random: inout SimulationRandom) -> String? {
        let companions = app._sortedCompanions
        guard !companions.isEmpty else { return nil }
        var u = random.uniform()
        for c in companions {
            if u < c.probability { return c.app }
            u -= c.probability
        }
        return nil
    }

    /// Floors to whole seconds, attaches offsets, sorts and drops same-second repeats of an app.
    func _finalise(_ raw: [(instant: Double, app: String, duration: Double)]) -> [LaunchEvent] {
        let sorted = raw.map { (instant: $0.instant.rounded(.down), app: $0.app, duration: $0.duration) }
            .sorted { ($0.instant, $0.app, $0.duration) < ($1.instant, $1.app, $1.duration) }
        var events: [LaunchEvent] = []
        events.reserveCapacity(sorted.count)
        var lastSecond: [String: Double] = [:]
        for r in sorted where lastSecond[r.app] != r.instant {
            lastSecond[r.app] = r.instant
            events.append(LaunchEvent(device: device, app: r.app, instant: r.instant,
                                      utcOffsetSeconds: offsets.offset(at: r.instant), durationSeconds: r.duration))
        }
        return events
    }
}
