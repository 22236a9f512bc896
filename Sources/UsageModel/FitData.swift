import Foundation
import LaunchHistory
import ReveilleCore

/// One device's history prepared for fitting: apps, cold launches with recency weights, day
/// weights and per-app recency.
struct _FitData: Sendable {
    let options: UsageModelOptions
    let apps: [String]
    let end: Double
    let endLocalSeconds: Double
    let firstDay: Int
    let lastDay: Int
    let cold: [_ColdLaunch]
    /// Recency weight of each local day `firstDay…lastDay` (index `d − firstDay`).
    let dayWeights: [Double]
    let recency: [_AppRecency]
    /// UTC offset in effect at the start of each local day (index `d − firstDay`).
    let dayOffsets: [Int]
    let launchCount: Int

    /// `launches` is not empty. `facts`, when given, describe `launches` as a part of their array
    /// at the same indices (``LaunchFacts``; the fit passes a prefix): the apps and cold flags are
    /// read from them, the same values. A slice, not a copy: a daily fit reads every launch of the
    /// history before the day.
    init(_ launches: ArraySlice<LaunchEvent>, options: UsageModelOptions, facts: LaunchFacts? = nil) {
        self.options = options
        launchCount = launches.count
        let known = facts.map { $0.part(launches.indices) }
        let names = known?.apps ?? Array(Set(launches.map(\.app))).sorted()
        apps = names
        let appOf = known?.appOfLaunch ?? {
            let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
            return launches.map { index[$0.app] ?? 0 }
        }()
        let first = launches.startIndex, last = launches[launches.endIndex - 1]
        end = last.instant
        endLocalSeconds = last.localSeconds
        // Local days are not monotone in instants: a flight west across the date line puts a later
        // launch on an earlier local day. The day range is therefore the smallest to the largest
        // local day of any launch, not the first launch's to the last's.
        // Each launch read through its index (its fields, not a copy of the launch: two String
        // retains and releases per launch, every day, in a daily replay).
        var minDay = launches[first].localDay, maxDay = minDay
        for j in launches.indices {
            let d = launches[j].localDay
            minDay = min(minDay, d)
            maxDay = max(maxDay, d)
        }
        firstDay = minDay
        lastDay = maxDay
        let mask = known?.cold ?? SlotHistogram.coldMask(Array(launches), tauSeconds: options.tauSeconds)
        var cold: [_ColdLaunch] = []
        var recency = [_AppRecency](repeating: _AppRecency(), count: apps.count)
        var offsets = [Int](repeating: launches[first].utcOffsetSeconds, count: lastDay - firstDay + 1)
        var offsetDay = firstDay
        for i in 0..<launches.count {
            let a = appOf[i], instant = launches[first + i].instant
            recency[a].launches.append(instant)
            let day = launches[first + i].localDay
            while offsetDay < day {
                offsetDay += 1
                offsets[offsetDay - firstDay] = launches[first + max(0, i - 1)].utcOffsetSeconds
            }
            guard mask[i] else { continue }
            recency[a].cold.append(instant)
            let local = launches[first + i].localSeconds
            cold.append(_ColdLaunch(
                app: a, instant: instant, day: day,
                daySlot: SlotHistogram.daySlot(localSeconds: local, slotSeconds: options.slotSeconds),
                weekSlot: SlotHistogram.weekSlot(localSeconds: local, slotSeconds: options.slotSeconds),
                weight: SlotHistogram.recencyWeight(ageSeconds: end - instant, halfLifeDays: options.halfLifeDays)))
        }
        self.cold = cold
        self.recency = recency
        self.dayOffsets = offsets
        let endLocal = endLocalSeconds
        dayWeights = (firstDay...lastDay).map { d in
            let midday = Double(d) * LocalClock.secondsPerDay + 43_200
            return SlotHistogram.recencyWeight(ageSeconds: endLocal - midday, halfLifeDays: options.halfLifeDays)
        }
    }

    /// Number of local days spanned (first to last, inclusive).
    var dayCount: Int { lastDay - firstDay + 1 }

    /// Weighted day mass per weekday (0 = Monday).
    var weekdayWeights: [Double] {
        var w = [Double](repeating: 0, count: 7)
        for (i, dw) in dayWeights.enumerated() { w[LocalClock.weekday(day: firstDay + i)] += dw }
        return w
    }

    /// Recency weight of local day `d` (0 outside the history).
    func dayWeight(_ d: Int) -> Double {
        let i = d - firstDay
        return dayWeights.indices.contains(i) ? dayWeights[i] : 0
    }
}
