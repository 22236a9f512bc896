import ReveilleCore

/// Per-app launch probabilities over a grid of equal slots: what a forecaster produces and what
/// the planners (fetch, push, processing) consume.
///
/// Slot `i` is `[horizonStart + i·slotSeconds, horizonStart + (i+1)·slotSeconds)`; row `k` of
/// ``probabilities`` belongs to `apps[k]` and holds `slotCount` values, each P(at least one cold
/// launch of the app in that slot), in [0, 1]. Apps are sorted and distinct, so equal forecasts
/// are equal values and lookups are binary searches.
public struct SlotForecast: Sendable, Equatable {
    /// The first slot's start, Unix seconds.
    public let horizonStart: Double
    /// Slot length in seconds (positive).
    public let slotSeconds: Double
    /// Number of slots.
    public let slotCount: Int
    /// App identifiers, sorted and distinct.
    public let apps: [String]
    /// One row of `slotCount` probabilities per app, aligned with ``apps``.
    public let probabilities: [[Double]]

    /// A forecast from rows keyed by app (any order). Values are clamped into [0, 1] and
    /// non-finite ones become 0; a row of the wrong length is padded with zeros or cut.
    public init(horizonStart: Double, slotSeconds: Double, slotCount: Int, rows: [(app: String, probabilities: [Double])]) {
        self.horizonStart = horizonStart
        self.slotSeconds = slotSeconds
        self.slotCount = max(0, slotCount)
        let sorted = rows.sorted { $0.app < $1.app }
        var apps: [String] = [], values: [[Double]] = []
        for row in sorted where apps.last != row.app {
            apps.append(row.app)
            // A row of the right length whose values all lie in [0, 1] is kept as it is (the
            // forecasters' rows): clamping would copy it unchanged.
            if row.probabilities.count == self.slotCount, row.probabilities.allSatisfy({ $0 >= 0 && $0 <= 1 }) {
                values.append(row.probabilities)
                continue
            }
            var p = row.probabilities.prefix(self.slotCount).map { $0.isFinite ? min(1, max(0, $0)) : 0 }
            if p.count < self.slotCount { p += [Double](repeating: 0, count: self.slotCount - p.count) }
            values.append(p)
        }
        self.apps = apps
        self.probabilities = values
    }

    /// The horizon's end (exclusive), Unix seconds.
    public var horizonEnd: Double { horizonStart + Double(slotCount) * slotSeconds }

    /// Every row keyed by its app (the apps are distinct). O(apps).
    public var probabilitiesByApp: [String: [Double]] {
        Dictionary(uniqueKeysWithValues: zip(apps, probabilities).map { ($0, $1) })
    }

    /// The row of `app`, or `nil` when the forecast does not know it. O(log apps).
    public func probabilities(of app: String) -> [Double]? {
        var lo = 0, hi = apps.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if apps[mid] < app { lo = mid + 1 } else { hi = mid }
        }
        return lo < apps.count && apps[lo] == app ? probabilities[lo] : nil
    }
}

extension PlanningRequest {
    /// A request planning `forecast`'s horizon and apps; `evidence(app)` gives each app's reason
    /// evidence. See ``init(device:horizonStart:slotSeconds:slotCount:utcOffsetSeconds:offsetChanges:tauSeconds:budget:apps:rules:state:spentFetches:generatedAt:floorApps:)``
    /// for the other parameters.
    public init(device: String, forecast: SlotForecast, utcOffsetSeconds: Int, offsetChanges: [OffsetChange] = [],
                tauSeconds: Double, budget: PlanningBudget, rules: PlatformRules = PlatformRules(),
                state: DeviceState = DeviceState(), spentFetches: [SpentFetch] = [], generatedAt: Double,
                floorApps: [String] = [], evidence: (String) -> ReasonEvidence? = { _ in nil }) {
        let apps = zip(forecast.apps, forecast.probabilities).map {
            AppForecast(app: $0, slotProbabilities: $1, evidence: evidence($0))
        }
        self.init(device: device, horizonStart: forecast.horizonStart, slotSeconds: forecast.slotSeconds,
                  slotCount: forecast.slotCount, utcOffsetSeconds: utcOffsetSeconds, offsetChanges: offsetChanges,
                  tauSeconds: tauSeconds, budget: budget, apps: apps, rules: rules, state: state,
                  spentFetches: spentFetches, generatedAt: generatedAt, floorApps: floorApps)
    }
}
