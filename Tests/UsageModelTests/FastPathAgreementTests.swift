import Foundation
import LaunchHistory
import LinearAlgebra
import ReveilleCore
import Testing
import TestSupport
@testable import UsageModel

/// The shortcuts taken for speed give the values of the computations they replace, bit for bit:
/// rate codes placed by comparison (``_RateCodes/codes(_:scale:)``) against `round(50·log10)`,
/// and the logs of a zero rate and of capped hours against `log` on the spot.
@Suite struct FastPathAgreementTests {
    /// Every interval bound, its neighbours and values a hair inside and outside it get the code
    /// of the definition; so do random ratios over the whole scale and beyond it, in random,
    /// rising and falling order (the walk starts from the code before).
    @Test func rateCodesByComparisonEqualTheLogDefinition() {
        var values: [Double] = []
        for bound in _RateCodes.lowerBounds where bound > 0 && bound.isFinite {
            values += [bound, bound.nextUp, bound.nextDown, bound * (1 + 1e-9), bound * (1 - 1e-9),
                       bound * (1 + 2e-9), bound * (1 - 2e-9), bound * 1.01, bound * 0.99]
        }
        for c in 0...255 { values.append(_RateCodes.table[c]) }
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<100_000 { values.append(pow(10, Double.random(in: -7...1, using: &generator))) }
        values += [.leastNormalMagnitude, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1, 0, -0.0, -1, .nan, .infinity]
        values.shuffle(using: &generator)
        for order in [values, values.sorted(), values.sorted(by: >)] {
            for scale in [1.0, 0.37, 3.0e-4, 12.5, 1e-300, 1e300, 0, -1, .infinity] {
                let scaled = order.map { $0 * abs(scale) }
                let byDefinition = scaled.map { _RateCodes.code($0, scale: scale) }
                #expect(_RateCodes.codes(scaled, scale: scale) == byDefinition, "scale \(scale)")
                #expect(_RateCodes.quantized(scaled, scale: scale) == byDefinition.map { _RateCodes.value($0, scale: scale) })
            }
        }
        // Known answers: the scale itself is the top code; a tenth is 50 steps down; far below is 0.
        #expect(_RateCodes.codes([2, 0.2, 2e-6, 5, 0.2], scale: 2) == [255, 205, 0, 255, 205])
    }

    /// Each bucket's start code is the code of its smallest ratio: the largest `c` whose lower
    /// bound does not exceed it, found here by a scan from code 0 per bucket (the table is built
    /// by one walk up the bounds). A wrong start would only send ratios to the slow path, which
    /// the test above cannot see.
    @Test func bucketStartCodesAreTheCodesOfTheBucketsSmallestRatios() {
        let bits = _RateCodes.bucketBits
        var expected: [UInt8] = []
        for e in _RateCodes.lowestBucketExponent..._RateCodes.highestBucketExponent {
            for b in 0..<(1 << bits) {
                let lower = Double(sign: .plus, exponent: e, significand: 1 + Double(b) / Double(1 << bits))
                var c = 0
                while c < 255, _RateCodes.lowerBounds[c + 1] <= lower { c += 1 }
                expected.append(UInt8(c))
            }
        }
        #expect(_RateCodes.bucketStartCodes == expected)
        // Known answers: 2⁻²⁰ (≈ 9.5·10⁻⁷) is below code 1's bound 10^(−254.5/50) ≈ 8.1·10⁻⁶,
        // and 2¹·(1 + 127/128) ≈ 3.98 is above code 255's ≈ 0.977.
        #expect(_RateCodes.bucketStartCodes.first == 0)
        #expect(_RateCodes.bucketStartCodes.last == 255)
        #expect(_RateCodes.bucketStartCodes.count == 22 << bits)
    }

    /// A zero rate and hours at the cap take stored logs equal to `log` computed now.
    @Test func storedLogsEqualLogsComputedNow() {
        let zeros = [0.0, -0.0].map { $0 + Double(Features.names.count - Features.count) }
        for zero in zeros { #expect(Features._logRate(zero) == log(zero + 1e-3)) }
        let cap = Features.hoursCap * Double(Features.names.count / Features.count)
        #expect(Features._logHours(cap) == log(cap + 0.1))
        for hours in [0.0, 0.5, 719.999, 24] { #expect(Features._logHours(hours) == log(hours + 0.1)) }
        for rate in [1e-9, 0.25, 3] { #expect(Features._logRate(rate) == log(rate + 1e-3)) }
    }
}

/// Training rows made with what is shared across cells (each app's recency at the day's start,
/// each weekday group's day weight, counts' `log1p` from a table) equal rows made cell by cell.
@Suite struct TrainingRowsAgreementTests {
    @Test func rowsEqualCellByCellRows() throws {
        let history = SimulatedHistory.launches(days: 40, seed: 5)
        let data = _FitData(LaunchEvent.sortedByInstant(history)[...], options: UsageModelOptions())
        let density = try _DensityFit(data)
        let rows = _TrainingRows(data, density)
        let context = _LeaveDayOut(data, density)
        let o = data.options
        var expected: [Double] = [], labels: [Double] = []
        let firstLaunch = data.recency.map { $0.launches.first ?? .infinity }
        for d in max(data.firstDay + 1, data.lastDay - o.trainingDays + 1)...data.lastDay {
            let dayStart = LocalClock.startOfDay(d, utcOffsetSeconds: data.dayOffsets[d - data.firstDay])
            for h in 0..<24 {
                let t = dayStart + Double(h) * 3600
                guard t + o.tauSeconds <= data.end else { break }
                let cutoff = (d + h) % 2 == 0 ? dayStart : t
                for a in data.apps.indices where firstLaunch[a] < cutoff {
                    let rates = context.rates(app: a, day: d, hour: h)
                    Features._append(dayRate: rates.day, weekdayRate: rates.weekday, dailyRate: rates.daily,
                                     recency: data.recency[a], t: t, cutoff: cutoff,
                                     secondOfDay: Double(h) * 3600, tau: o.tauSeconds, to: &expected)
                    labels.append(Features._anyCold(data.recency[a].cold, after: t, through: t + o.tauSeconds) ? 1 : 0)
                }
            }
        }
        #expect(rows.count > 1_000)
        #expect(rows.x == expected)
        #expect(rows.y == labels)
        let weights = data.weekdayWeights
        for k in 0..<7 {
            #expect(context.dGroup[k] == WeekdayShrinkage.group(ofWeekday: k).reduce(0) { $0 + weights[$1] })
        }
    }

    /// Counts' `log1p` from the table, and past its end, equal `log1p` computed now.
    @Test func logOnePlusOfCountsEqualsLog1p() {
        for k in 0..<2_000 { #expect(_VisibleRecency.logOnePlus(count: k) == log1p(Double(k))) }
    }
}

/// An app's launches grouped by day once for every bandwidth's score: days in order, each
/// day's weight, the total; and the score from them is the leave-one-day-out likelihood.
@Suite struct BandwidthDaysTests {
    @Test func daysAreOrderedWithTheirWeightsAndTheScoreIsTheKnownAnswer() throws {
        func launch(day: Int, slot: Int, weight: Double) -> _ColdLaunch {
            _ColdLaunch(app: 0, instant: Double(day) * 86_400, day: day, daySlot: slot, weekSlot: slot, weight: weight)
        }
        let byDay = [9: [launch(day: 9, slot: 1, weight: 0.5)],
                     3: [launch(day: 3, slot: 0, weight: 1), launch(day: 3, slot: 2, weight: 0.25)],
                     5: [launch(day: 5, slot: 3, weight: 2)]]
        let days = _BandwidthSelection._Days(byDay)
        #expect(days.launches.map { $0.map(\.day) } == [[3, 3], [5], [9]])
        #expect(days.weights == [1.25, 2, 0.5])
        #expect(days.total == 3.75)
        // A delta kernel on 4 slots: leaving a day out removes exactly its own mass.
        var smoothed = Matrix(rows: 4, columns: 1)
        for (s, w) in [(0, 1.0), (2, 0.25), (3, 2), (1, 0.5)] { smoothed[s, 0] = w }
        let score = _BandwidthSelection._score(days, app: 0, smoothed: smoothed, kernel: [1, 0, 0, 0])
        // Every launch's own day removes all of its slot's mass: f = 0, log(ε/4) per unit weight.
        #expect(abs(score - 3.75 * log(1e-3 / 4)) < 1e-12)
    }

    /// Launches in time order are split into day runs without a dictionary; when a flight west
    /// across the date line puts a later launch on an earlier day they are grouped by one. Both
    /// give what grouping by day gives: the same days in order, launches, weights and total bits.
    @Test func timeOrderedDaysEqualGroupedDays() {
        var rng = SeededGenerator(seed: 12)
        for crossing in [false, true] {
            var launches: [_ColdLaunch] = []
            var day = 100
            for k in 0..<200 {
                if Int.random(in: 0..<4, using: &rng) == 0 { day += Int.random(in: 1...3, using: &rng) }
                if crossing && k == 120 { day -= 1 }
                launches.append(_ColdLaunch(app: 0, instant: Double(k) * 3_000, day: day, daySlot: Int.random(in: 0..<96, using: &rng),
                                            weekSlot: 0, weight: Double.random(in: 0.01...1, using: &rng)))
            }
            let runs = _BandwidthSelection._Days(timeOrdered: launches)
            let grouped = _BandwidthSelection._Days(Dictionary(grouping: launches, by: \.day))
            #expect(runs.launches.map { $0.map(\.instant) } == grouped.launches.map { $0.map(\.instant) })
            #expect(runs.launches.map { $0.first?.day } == grouped.launches.map { $0.first?.day })
            #expect(runs.weights.map(\.bitPattern) == grouped.weights.map(\.bitPattern))
            #expect(runs.total.bitPattern == grouped.total.bitPattern)
            #expect(runs.ranges.count > 40)
        }
        #expect(_BandwidthSelection._Days(timeOrdered: []).ranges.isEmpty)
    }

    /// Regression: the total was summed in the dictionary's order, which changes with the hash
    /// seed and the dictionary's history; with weights whose sum depends on the order (1e16 + 1 −
    /// 1e16), two dictionaries of the same days gave different totals. Now the day-order sum.
    @Test func totalIsSummedInDayOrderWhateverTheDictionaryOrder() {
        func launch(day: Int, weight: Double) -> _ColdLaunch {
            _ColdLaunch(app: 0, instant: Double(day) * 86_400, day: day, daySlot: 0, weekSlot: 0, weight: weight)
        }
        let weights: [Double] = [1e16, 1, -1e16, 1, 3, 1e16, -1e16, 0.5]
        let expected = weights.reduce(0, +)   // day order
        var totals = Set<Double>()
        for capacity in [0, 8, 64, 1_000] {
            for reversed in [false, true] {
                var byDay: [Int: [_ColdLaunch]] = [:]
                byDay.reserveCapacity(capacity)
                let days = reversed ? Array(weights.indices.reversed()) : Array(weights.indices)
                for day in days { byDay[day] = [launch(day: day, weight: weights[day])] }
                totals.insert(_BandwidthSelection._Days(byDay).total)
            }
        }
        #expect(totals == [expected])
    }
}
