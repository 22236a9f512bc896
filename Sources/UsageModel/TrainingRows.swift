import Foundation
import LaunchHistory
import ReveilleCore
import LinearAlgebra

/// Training cells for the logistic scorer: every local hour of the last `trainingDays` days × every
/// app already launched before the knowledge cutoff. Label: a cold launch in `(t, t + tau]`.
///
/// Cutoffs alternate between the start of the day (daily planning) and `t` itself (online
/// re-planning), so the scorer learns how recency fades with planning lead. Density features are
/// computed leaving the cell's own day out (its launches' kernel mass and its day weight are
/// subtracted), as they would be when the model is refitted before that day.
struct _TrainingRows {
    var x: [Double] = []
    var y: [Double] = []
    var count: Int { y.count }

    /// The most training cells (local hours × apps) a fit is built from: the most recent of the
    /// ``UsageModelOptions/trainingDays`` whose cells fit, at least one day. Real devices are far
    /// below it (a 60-app device's 28 days are 40,320 cells); one with 3,000 apps trains on its
    /// last 6 days instead of 28, and its fit holds about 100 MB of rows and their scaled copy
    /// instead of 630 MB (`evaluate` on such a device peaked at 725 MB).
    static let maximumCells = 500_000

    /// The first training day: the last ``UsageModelOptions/trainingDays`` days after the
    /// first, and no more than ``maximumCells`` allows for `apps` apps.
    static func firstDay(firstDay: Int, lastDay: Int, trainingDays: Int, apps: Int) -> Int {
        let fitting = max(1, maximumCells / max(1, 24 * apps))
        return max(firstDay + 1, lastDay - min(trainingDays, fitting) + 1)
    }

    init(_ data: _FitData, _ density: _DensityFit) {
        let context = _LeaveDayOut(data, density)
        let o = data.options
        let firstTrainingDay = Self.firstDay(firstDay: data.firstDay, lastDay: data.lastDay, trainingDays: o.trainingDays,
                                             apps: data.apps.count)
        guard firstTrainingDay <= data.lastDay else { return }
        let cells = (data.lastDay - firstTrainingDay + 1) * 24 * data.apps.count
        x.reserveCapacity(cells * Features.count)
        y.reserveCapacity(cells)
        let firstLaunch = data.recency.map { $0.launches.first ?? .infinity }
        let hourTerms = (0..<24).map { _TimeOfDayTerms(secondOfDay: Double($0) * 3600) }
        for d in firstTrainingDay...data.lastDay {
            let dayStart = LocalClock.startOfDay(d, utcOffsetSeconds: data.dayOffsets[d - data.firstDay])
            // What each app shows at the day's start, made once for the day's hours cut there.
            var atDayStart = [_VisibleRecency?](repeating: nil, count: data.apps.count)
            for h in 0..<24 {
                let t = dayStart + Double(h) * 3600
                guard t + o.tauSeconds <= data.end else { break }
                let cutoff = (d + h) % 2 == 0 ? dayStart : t
                let lead = _LeadTerms(t: t, visible: min(cutoff, t))
                for a in data.apps.indices where firstLaunch[a] < cutoff {
                    let rates = context.rates(app: a, day: d, hour: h)
                    let visible: _VisibleRecency
                    if cutoff == dayStart, let kept = atDayStart[a] {
                        visible = kept
                    } else {
                        visible = _VisibleRecency(data.recency[a], visible: min(cutoff, t))
                        if cutoff == dayStart { atDayStart[a] = visible }
                    }
                    Features._append(
                        logDayRate: Features._logRate(rates.day), logWeekdayRate: Features._logRate(rates.weekday),
                        logDailyRate: Features._logRate(rates.daily),
                        recency: data.recency[a], visible: visible,
                        t: t, timeOfDay: hourTerms[h], lead: lead, tau: o.tauSeconds, to: &x)
                    y.append(Features._anyCold(data.recency[a].cold, after: t, through: t + o.tauSeconds) ? 1 : 0)
                }
            }
        }
    }

    /// The design matrix (`count × Features.count`).
    func matrix() throws -> Matrix {
        try Matrix(rows: count, columns: Features.count, storage: x)
    }
}

/// Window rates of an app with one day's launches left out.
struct _LeaveDayOut {
    let data: _FitData
    let density: _DensityFit
    let windowSlots: Int
    /// The options ``rates(app:day:hour:)`` reads, kept as numbers (copying the options would
    /// retain their arrays once per cell).
    let slotSeconds: Double
    let minimumAppLaunches: Double
    let weekdayShrinkageDays: Double
    let dayWindowKernel: [[Double]]
    /// Per app, the week-circle window kernel of its bandwidth (empty when none was made).
    let weekWindowKernelOfApp: [[Double]]
    /// Cold launches of each (app, day), at `app · dayCount + (day − firstDay)`, in time order.
    let coldByAppDay: [[_ColdLaunch]]
    let dWeekday: [Double]
    /// Per weekday, the day weight of its group (``WeekdayShrinkage/group(ofWeekday:)``), summed in group order.
    let dGroup: [Double]
    let dAll: Double
    /// Window sums at each local hour start: all-days `[app][hour]`, weekday and weekday-group
    /// `[app][weekday · 24 + hour]`, device shape `[hour]`.
    let hourlyDay: [[Double]]
    let hourlyWeekday: [[Double]]
    let hourlyGroup: [[Double]]
    let hourlyShape: [Double]

    init(_ data: _FitData, _ density: _DensityFit) {
        self.data = data
        self.density = density
        let l = max(1, Int((data.options.tauMinutes / Double(data.options.slotMinutes)).rounded()))
        windowSlots = l
        slotSeconds = data.options.slotSeconds
        minimumAppLaunches = data.options.minimumAppLaunches
        weekdayShrinkageDays = data.options.weekdayShrinkageDays
        dayWindowKernel = density.dayKernels.map { k in k.indices.map { _circularWindowSum(k, start: $0, count: l) } }
        let weekWindowKernel = density.weekKernels.mapValues { k in k.indices.map { _circularWindowSum(k, start: $0, count: l) } }
        weekWindowKernelOfApp = density.bandwidth.map { weekWindowKernel[$0] ?? [] }
        let stride = data.dayCount
        var byAppDay = [[_ColdLaunch]](repeating: [], count: data.apps.count * stride)
        for c in data.cold {
            let i = c.app * stride + (c.day - data.firstDay)
            if byAppDay.indices.contains(i) { byAppDay[i].append(c) }
        }
        coldByAppDay = byAppDay
        let weekdayWeights = data.weekdayWeights
        dWeekday = weekdayWeights
        dGroup = (0..<7).map { k in WeekdayShrinkage.group(ofWeekday: k).reduce(0) { $0 + weekdayWeights[$1] } }
        dAll = data.dayWeights.reduce(0, +)
        let n = density.slotsPerDay
        let hourSlot = { (h: Int) in min(n - 1, Int(Double(h) * 3600 / data.options.slotSeconds)) }
        hourlyDay = density.day.map { f in (0..<24).map { _circularWindowSum(f, start: hourSlot($0), count: l) } }
        let weekday = density.week.map { f in (0..<168).map { _circularWindowSum(f, start: ($0 / 24) * n + hourSlot($0 % 24), count: l) } }
        hourlyWeekday = weekday
        hourlyGroup = weekday.map { w in
            (0..<168).map { kh in WeekdayShrinkage.group(ofWeekday: kh / 24).reduce(0) { $0 + w[$1 * 24 + kh % 24] } }
        }
        hourlyShape = (0..<24).map { _circularWindowSum(density.deviceShape, start: hourSlot($0), count: l) }
    }

    /// Rates for the window starting at local `hour` of local day `day`, without that day's data.
    func rates(app a: Int, day: Int, hour: Int) -> (day: Double, weekday: Double, daily: Double) {
        let n = density.slotsPerDay
        let s0 = min(n - 1, Int(Double(hour) * 3600 / slotSeconds))
        let k = LocalClock.weekday(day: day)
        let group = WeekdayShrinkage.group(ofWeekday: k)
        var all = hourlyDay[a][hour]
        var weekday = hourlyWeekday[a][k * 24 + hour]
        var groupSum = hourlyGroup[a][k * 24 + hour]
        var launches = density.evidence[a]
        let g = density.bandwidth[a]
        let weekKernel = weekWindowKernelOfApp[a]
        let cell = a * data.dayCount + (day - data.firstDay)
        for c in coldByAppDay.indices.contains(cell) ? coldByAppDay[cell] : [] {
            launches -= c.weight
            all -= c.weight * dayWindowKernel[g][(s0 - c.daySlot + n) % n]
            guard !weekKernel.isEmpty else { continue }
            weekday -= c.weight * weekKernel[(k * n + s0 - c.weekSlot + 7 * n) % (7 * n)]
            for k2 in group { groupSum -= c.weight * weekKernel[(k2 * n + s0 - c.weekSlot + 7 * n) % (7 * n)] }
        }
        let w = data.dayWeight(day)
        let days = dAll - w
        let e = WeekdayShrinkage.Evidence(
            launches: max(0, launches), days: days, weekdayDays: dWeekday[k] - w,
            groupDays: dGroup[k] - w)
        let sums = WeekdayShrinkage.Sums(
            all: max(0, all), weekday: max(0, weekday), group: max(0, groupSum),
            deviceShape: hourlyShape[hour])
        let r = WeekdayShrinkage.rates(sums, evidence: e, minimumLaunches: minimumAppLaunches, shrinkageDays: weekdayShrinkageDays)
        return (r.day, r.weekday, days > 0 ? max(0, launches) / days : 0)
    }
}
