import LaunchHistory
import ReveilleCore

extension DeviceTruth {
    /// The baseline (immigrant) intensity of `app` at `instant`, launches per second; the formula
    /// is in ``AppParameters``. Habits live in local time: the offset in effect at `instant` turns
    /// it into local wall-clock time first. Complexity: O(log offset changes).
    public func baselineRate(_ app: AppParameters, at instant: Double) -> Double {
        let local = instant + Double(offsets.offset(at: instant))
        return _localRate(app, localSeconds: local).rate
    }

    /// The baseline rate at local time `localSeconds` and the local time at which it next may
    /// change (an hour edge of the drifted profile or midnight).
    func _localRate(_ app: AppParameters, localSeconds: Double) -> (rate: Double, changesAt: Double) {
        let day = LocalClock.day(localSeconds: localSeconds)
        let midnight = Double(day) * LocalClock.secondsPerDay
        let secondOfDay = localSeconds - midnight
        let dayIndex = AppParameters.driftDays(day - firstDay)
        let shifted = secondOfDay - app.habitShiftSecondsPerDay * dayIndex
        let intoHour = _positiveModulo(shifted, 3600)
        let changesAt = min(midnight + LocalClock.secondsPerDay, localSeconds + (3600 - intoHour))
        guard app.isActive(day: day) else { return (0, changesAt) }
        let hour = min(23, Int(_positiveModulo(shifted, LocalClock.secondsPerDay) / 3600))
        let onVacation = vacation?.contains(day) ?? false
        let row = onVacation ? 5 + (day & 1) : LocalClock.weekday(day: day)
        guard row < app.hourlyRates.count, hour < app.hourlyRates[row].count else { return (0, changesAt) }
        var rate = app.hourlyRates[row][hour] / 3600 * _exp(app.rateDriftPerDay * dayIndex)
        if onVacation { rate *= app.vacationFactor }
        return (max(0, rate), changesAt)
    }

    /// Calls `body(start, end, rate)` for the maximal pieces of `[from, to)` (instants) on which
    /// the baseline rate of `app` is constant, in order. Exact: pieces break at offset changes,
    /// local midnights and the drifted hour edges. Complexity: O(hours in the interval).
    func _forEachBaselinePiece(_ app: AppParameters, from: Double, to: Double,
                               _ body: (Double, Double, Double) -> Void) {
        offsets.forEachSegment(from: from, to: to) { segmentStart, segmentEnd, offset in
            let shift = Double(offset)
            var start = segmentStart
            while start < segmentEnd {
                let (rate, changesAt) = _localRate(app, localSeconds: start + shift)
                let end = min(segmentEnd, max(changesAt - shift, start + 1e-6))
                body(start, end, rate)
                start = end
            }
        }
    }

    /// Expected number of baseline (immigrant) launches of `app` in `[from, to)`: `∫ μ`.
    public func expectedBaselineLaunches(_ app: AppParameters, from: Double, to: Double) -> Double {
        var total = 0.0
        _forEachBaselinePiece(app, from: from, to: to) { s, e, rate in total += rate * (e - s) }
        return total
    }

    /// Expected number of launches of `app` in `[from, to)` from all causes, ignoring edge
    /// effects of bursts at the interval ends: `∫ μ_a / (1 − α_a) + Σ_b p_ba ∫ μ_b / (1 − α_b)`.
    public func expectedLaunches(_ app: AppParameters, from: Double, to: Double) -> Double {
        var total = expectedBaselineLaunches(app, from: from, to: to) / (1 - app.burstBranchingRatio)
        for source in apps {
            guard let p = source.companions[app.app], p > 0 else { continue }
            total += p * expectedBaselineLaunches(source, from: from, to: to) / (1 - source.burstBranchingRatio)
        }
        return total
    }
}
