import Foundation
import LaunchHistory
import ReveilleCore

extension UsageModel {
    /// P(at least one cold launch of each app in each slot
    /// `[start + i·slotSeconds, start + (i + 1)·slotSeconds)`), `i` in `0..<slots`.
    ///
    /// Knowledge is cut at `start`: the fitted history plus `recentLaunches` before `start`. The
    /// scorer gives `P_τ = σ(βᵀx)` for the window `(t, t + τ]`; a slot of another length `L` gets
    /// `1 − (1 − P_τ)^(L/τ)` (constant hazard over the window), so `slotSeconds = τ` returns `P_τ`.
    ///
    /// - Parameters:
    ///   - start: first slot's instant (Unix seconds).
    ///   - utcOffsetSeconds: the offset in effect, for local time (`instant + offset`).
    ///   - slots: number of slots (≤ 0 gives empty arrays).
    ///   - slotSeconds: slot length in seconds (> 0).
    ///   - recentLaunches: launches after the fitted history (any order, other apps ignored) that
    ///     update recency features without refitting; those at or after `start` are ignored.
    /// - Returns: per app of ``apps``, `slots` probabilities in `[0, 1]`; all zeros when `start` or
    ///   `slotSeconds` is not a finite time within ±3,000 years of 1970 or `slotSeconds ≤ 0`.
    /// - Complexity: `O(apps · slots · (p + τ/slot))`; ~2 ms for 288 slots × 80 apps.
    public func slotProbabilities(
        from start: Double, utcOffsetSeconds: Int, slots: Int, slotSeconds: Double,
        recentLaunches: [LaunchEvent] = []
    ) -> [String: [Double]] {
        let rows = slotProbabilityRows(from: start, utcOffsetSeconds: utcOffsetSeconds, slots: slots,
                                       slotSeconds: slotSeconds, recentLaunches: recentLaunches)
        return Dictionary(uniqueKeysWithValues: zip(apps, rows).map { ($0, $1) })
    }

    /// ``slotProbabilities(from:utcOffsetSeconds:slots:slotSeconds:recentLaunches:)`` as one row
    /// per app, aligned with ``apps`` (sorted), for callers that keep apps by index.
    public func slotProbabilityRows(
        from start: Double, utcOffsetSeconds: Int, slots: Int, slotSeconds: Double,
        recentLaunches: [LaunchEvent] = []
    ) -> [[Double]] {
        var memo = ForecastMemo()
        return slotProbabilityRows(from: start, utcOffsetSeconds: utcOffsetSeconds, slots: slots, slotSeconds: slotSeconds,
                                   recentLaunches: recentLaunches, memo: &memo)
    }

    /// ``slotProbabilityRows(from:utcOffsetSeconds:slots:slotSeconds:recentLaunches:)``, reusing
    /// what `memo` kept of earlier forecasts of this model on the same slot grid: each slot's
    /// window rates (their logs) depend on the slot's instant alone, not on the cutoff, so a
    /// forecaster that re-forecasts the rest of a day every hour computes them once. The same
    /// values, bit for bit; `memo` is emptied when the model, offset or grid differs.
    ///
    /// `slotOffsets`, when given (one per slot), is the offset of each slot's local time (a DST
    /// change inside the horizon); `utcOffsetSeconds` is then unused and `memo` is not read.
    public func slotProbabilityRows(
        from start: Double, utcOffsetSeconds: Int, slots: Int, slotSeconds: Double,
        recentLaunches: [LaunchEvent] = [], slotOffsets: [Int]? = nil, memo: inout ForecastMemo
    ) -> [[Double]] {
        let count = max(0, slots)
        let last = start + Double(count) * slotSeconds
        guard _plausible(start), _plausible(last), slotSeconds > 0 else {
            return apps.map { _ in [Double](repeating: 0, count: count) }
        }
        let exponent = slotSeconds / options.tauSeconds
        let known = recentLaunches.filter { $0.instant < start }
        let perSlot = slotOffsets.flatMap { $0.count == count ? $0 : nil }
        let clocks = (0..<count).map { i in
            _SlotClock(self, t: start + Double(i) * slotSeconds, utcOffsetSeconds: perSlot?[i] ?? utcOffsetSeconds)
        }
        // Every slot starts at or after the cutoff `start`, so what is visible is the same for
        // every slot of an app, and the planning lead the same for every app of a slot.
        let leads = clocks.map { _LeadTerms(t: $0.t, visible: start) }
        let base = perSlot == nil
            ? memo._base(self, start: start, utcOffsetSeconds: utcOffsetSeconds, slotSeconds: slotSeconds, slots: count) : nil
        var row: [Double] = []
        row.reserveCapacity(Features.count)
        var rows: [[Double]] = []
        rows.reserveCapacity(apps.count)
        for a in apps.indices {
            let recency = _recency(of: a, recent: known)
            let visible = _VisibleRecency(recency, visible: start)
            let logDailyRate = Features._logRate(profiles[a].dailyRate)
            if let base { memo._usePrefixes(app: a, key: _PrefixKey(recency, visible), slots: base + count) }
            var values = [Double](repeating: 0, count: count)
            for i in clocks.indices {
                // A slot's features 0–12 are kept for the next forecast when they do not read
                // the cutoff (then only the recency, in the memo's key, can change them).
                let keeps = base != nil && _leadFree(t: clocks[i].t, visible: start)
                let p: Double
                if keeps, let base, let prefix = memo._prefix(app: a, slot: base + i) {
                    p = _windowProbability(prefix: prefix, visible: visible, clock: clocks[i], lead: leads[i])
                } else {
                    let rates = base.map { memo._logRates(self, app: a, slot: $0 + i, clock: clocks[i]) } ?? _logRates(a, clock: clocks[i])
                    let prefix: _Prefix
                    (p, prefix) = _windowProbability(a, recency: recency, visible: visible, logDailyRate: logDailyRate,
                                                     logRates: rates, clock: clocks[i], lead: leads[i], row: &row)
                    if keeps, let base { memo._keep(prefix, app: a, slot: base + i) }
                }
                values[i] = Self.atLeastOnce(p, exponent: exponent)
            }
            rows.append(values)
        }
        return rows
    }

    /// Whether features 0–12 of the window from `t` known up to `visible` do not read
    /// `visible` beyond the app's recency: the same-window-yesterday check (and a week
    /// earlier) ends before it, so it reads only launches every cutoff up to `visible` shows.
    @inline(__always)
    func _leadFree(t: Double, visible: Double) -> Bool {
        t - 86_400 + options.tauSeconds <= visible - 1e-9
    }

    /// Features 1 and 2 of app `a` for the window of `clock`: the logs of its all-days and
    /// weekday window rates.
    func _logRates(_ a: Int, clock: _SlotClock) -> (day: Double, weekday: Double) {
        let profile = profiles[a]
        let day = _circularWindowSum(profile.dayRates, start: clock.daySlot, count: clock.windowSlots, fraction: clock.fraction)
        let weekday = _circularWindowSum(profile.weekdayRates, start: clock.weekSlot, count: clock.windowSlots,
                                         fraction: clock.fraction)
        return (Features._logRate(day), Features._logRate(weekday))
    }

    /// `1 − (1 − p)^exponent`: the chance of a launch in a slot `exponent` τ-windows long, each with
    /// launch probability `p`. A zero `p` gives 0 without `pow` (`pow(1, x)` is exactly 1: the same
    /// bits, and most cells of most apps are zero).
    @inline(__always)
    public static func atLeastOnce(_ p: Double, exponent: Double) -> Double {
        p == 0 ? 0 : 1 - pow(1 - p, exponent)
    }

    /// The readable reference of ``slotProbabilityRows(from:utcOffsetSeconds:slots:slotSeconds:recentLaunches:)``:
    /// every cell computed on its own (the fast path shares each slot's clock terms across apps
    /// and reuses one feature buffer). Tests check that the two agree exactly.
    func _slotProbabilityRowsReference(
        from start: Double, utcOffsetSeconds: Int, slots: Int, slotSeconds: Double, recentLaunches: [LaunchEvent] = []
    ) -> [[Double]] {
        let count = max(0, slots)
        guard _plausible(start), _plausible(start + Double(count) * slotSeconds), slotSeconds > 0 else {
            return apps.map { _ in [Double](repeating: 0, count: count) }
        }
        let exponent = slotSeconds / options.tauSeconds
        let known = recentLaunches.filter { $0.instant < start }
        return apps.indices.map { a in
            let recency = _recency(of: a, recent: known)
            return (0..<count).map { i in
                let t = start + Double(i) * slotSeconds
                let p = _windowProbability(a, recency: recency, t: t, cutoff: start, utcOffsetSeconds: utcOffsetSeconds)
                return Self.atLeastOnce(p, exponent: exponent)
            }
        }
    }

    /// P(cold launch of `app` in `(t, t + τ]`), knowing the fitted history and `recentLaunches`
    /// before `t`. Returns 0 for an app the model has never seen or an implausible `t`.
    public func launchProbability(
        app: String, from t: Double, utcOffsetSeconds: Int, recentLaunches: [LaunchEvent] = []
    ) -> Double {
        guard let a = _appIndex(app), _plausible(t) else { return 0 }
        let recency = _recency(of: a, recent: recentLaunches.filter { $0.instant < t })
        return _windowProbability(a, recency: recency, t: t, cutoff: t, utcOffsetSeconds: utcOffsetSeconds)
    }

    /// The feature row of one (app, time) cell, in ``Features/names`` order (for inspection).
    public func features(
        app: String, at t: Double, knowledgeCutoff cutoff: Double, utcOffsetSeconds: Int, recentLaunches: [LaunchEvent] = []
    ) -> [Double]? {
        guard let a = _appIndex(app), _plausible(t), _plausible(cutoff) else { return nil }
        let recency = _recency(of: a, recent: recentLaunches.filter { $0.instant < cutoff })
        return _features(a, recency: recency, t: t, cutoff: cutoff, utcOffsetSeconds: utcOffsetSeconds)
    }

    /// A finite instant within ±3,000 years of 1970 (so local-day arithmetic cannot overflow).
    func _plausible(_ t: Double) -> Bool { t.isFinite && abs(t) < 9.5e10 }

    func _appIndex(_ app: String) -> Int? {
        var lo = 0, hi = apps.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if apps[mid] < app { lo = mid + 1 } else { hi = mid }
        }
        return lo < apps.count && apps[lo] == app ? lo : nil
    }

    func _windowProbability(_ a: Int, recency: _AppRecency, t: Double, cutoff: Double, utcOffsetSeconds: Int) -> Double {
        let x = _features(a, recency: recency, t: t, cutoff: cutoff, utcOffsetSeconds: utcOffsetSeconds)
        var eta = 0.0
        for j in x.indices where j < coefficients.count { eta += x[j] * coefficients[j] }
        return LogisticRegression.sigmoid(eta)
    }

    func _features(_ a: Int, recency: _AppRecency, t: Double, cutoff: Double, utcOffsetSeconds: Int) -> [Double] {
        let profile = profiles[a]
        let n = options.slotsPerDay
        let local = LocalClock.localSeconds(instant: t, utcOffsetSeconds: utcOffsetSeconds)
        let s0 = SlotHistogram.daySlot(localSeconds: local, slotSeconds: options.slotSeconds)
        let k = LocalClock.weekday(day: LocalClock.day(localSeconds: local))
        let l = max(1, Int((options.tauMinutes / Double(options.slotMinutes)).rounded()))
        let f = _slotFraction(localSeconds: local, slotSeconds: options.slotSeconds, slot: s0)
        return Features._row(
            dayRate: _circularWindowSum(profile.dayRates, start: s0, count: l, fraction: f),
            weekdayRate: _circularWindowSum(profile.weekdayRates, start: k * n + s0, count: l, fraction: f),
            dailyRate: profile.dailyRate, recency: recency, t: t, cutoff: cutoff,
            secondOfDay: LocalClock.secondOfDay(localSeconds: local), tau: options.tauSeconds)
    }

    /// ``_windowProbability(_:recency:t:cutoff:utcOffsetSeconds:)`` for a slot whose clock terms,
    /// planning lead, log window rates (``_logRates(_:clock:)``) and the app's visible recency
    /// are computed, writing the features into `row` (cleared first) instead of a new array;
    /// with the cell's ``_Prefix`` (the scorer's sum over features 0–12, and feature 4).
    func _windowProbability(_ a: Int, recency: _AppRecency, visible: _VisibleRecency, logDailyRate: Double,
                            logRates: (day: Double, weekday: Double), clock: _SlotClock, lead: _LeadTerms,
                            row: inout [Double]) -> (Double, _Prefix) {
        row.removeAll(keepingCapacity: true)
        Features._append(
            logDayRate: logRates.day, logWeekdayRate: logRates.weekday, logDailyRate: logDailyRate, recency: recency, visible: visible, t: clock.t, timeOfDay: clock.timeOfDay,
            lead: lead, tau: options.tauSeconds, to: &row)
        // The same sum, in column order, as one loop over every column.
        let end = min(row.count, coefficients.count), middle = min(end, Features._leadFree)
        var eta = 0.0
        for j in 0..<middle { eta += row[j] * coefficients[j] }
        let prefix = _Prefix(sum: eta, logHours: row[4])
        for j in middle..<end { eta += row[j] * coefficients[j] }
        return (LogisticRegression.sigmoid(eta), prefix)
    }

    /// The same cell from its kept ``_Prefix``: features 13–20 added to the prefix's sum in
    /// column order (each term multiplied in as it is computed, without writing a row; a model
    /// with fewer coefficients adds the terms it has coefficients for).
    func _windowProbability(prefix: _Prefix, visible: _VisibleRecency, clock: _SlotClock, lead: _LeadTerms) -> Double {
        var eta = prefix.sum
        let terms = max(0, min(Features._leadTermCount, coefficients.count - Features._leadFree))
        var k = 0
        Features._leadTerms(hours: Features._hours(t: clock.t, visible: visible), logHours: prefix.logHours, lead: lead) { x in
            if k < terms { eta += x * coefficients[Features._leadFree + k] }
            k += 1
        }
        return LogisticRegression.sigmoid(eta)
    }

    /// Recency of app `a`: the history's state (``_ModelRecency``; none for a model read from a
    /// file without ``withRecency(from:)``) plus `recent` launches of that app after the history.
    func _recency(of a: Int, recent: [LaunchEvent]) -> _AppRecency {
        var r = recency.map { $0.apps.indices.contains(a) ? $0.apps[a] : _AppRecency() } ?? _AppRecency()
        let app = apps[a]
        let after = recency.map { $0.end + 60 } ?? -Double.infinity
        let extra = recent.filter { $0.app == app && $0.instant >= after }.map(\.instant).sorted()
        for t in extra {
            let previous = r.launches.last { $0 < t }
            if previous.map({ t - $0 >= options.tauSeconds }) ?? true { r.cold.append(t) }
            r.launches.append(t)
        }
        return r
    }
}

/// What a forecast slot's features need of its instant, the same for every app: the day and
/// week slots of the window start, the window length in slots and the time-of-day terms.
struct _SlotClock: Sendable {
    let t: Double
    let daySlot: Int
    let weekSlot: Int
    let windowSlots: Int
    /// How far into its model slot the window starts, in `[0, 1)`.
    let fraction: Double
    let timeOfDay: _TimeOfDayTerms

    init(_ model: UsageModel, t: Double, utcOffsetSeconds: Int) {
        let o = model.options
        let local = LocalClock.localSeconds(instant: t, utcOffsetSeconds: utcOffsetSeconds)
        let s0 = SlotHistogram.daySlot(localSeconds: local, slotSeconds: o.slotSeconds)
        let k = LocalClock.weekday(day: LocalClock.day(localSeconds: local))
        self.t = t
        daySlot = s0
        weekSlot = k * o.slotsPerDay + s0
        windowSlots = max(1, Int((o.tauMinutes / Double(o.slotMinutes)).rounded()))
        fraction = _slotFraction(localSeconds: local, slotSeconds: o.slotSeconds, slot: s0)
        timeOfDay = _TimeOfDayTerms(secondOfDay: LocalClock.secondOfDay(localSeconds: local))
    }
}

/// How far local time `localSeconds` lies into day slot `slot` of `slotSeconds`, in `[0, 1)`:
/// 0 when a window starts on a model slot boundary (every hourly cell, and every planner slot when
/// the planner's slot is the model's).
func _slotFraction(localSeconds: Double, slotSeconds: Double, slot: Int) -> Double {
    let into = (LocalClock.secondOfDay(localSeconds: localSeconds) - Double(slot) * slotSeconds) / slotSeconds
    return into.isFinite ? min(max(into, 0), 0.999_999) : 0
}
