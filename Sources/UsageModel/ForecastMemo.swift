import Foundation

extension UsageModel {
    /// What successive forecasts of one model share (``slotProbabilityRows(from:utcOffsetSeconds:slots:slotSeconds:recentLaunches:memo:)``):
    /// each slot's log window rates (features 1–2), which depend on the slot's instant and the
    /// model alone; and per app and slot the scorer's sum over features 0–12 with feature 4
    /// (``_Prefix``), which stay the same from one cutoff to the next while what the app's
    /// recency shows at the cutoff does not change (no launch of the app in between, the same
    /// cold counts). A forecaster that re-forecasts the rest of a day every hour (online
    /// re-planning) keeps one per day. The values are those computed on the spot.
    ///
    /// Kept for one model, UTC offset and slot grid (slots of `slotSeconds` from an origin, whole
    /// seconds): a forecast of another model, offset or grid empties it; one that starts before
    /// the origin, off the grid or more than ``largestSlot`` slots after it is computed without
    /// it. O(apps · slots) memory.
    public struct ForecastMemo: Sendable {
        /// The last slot index (from the origin) kept.
        public static let largestSlot = 100_000

        private var options: UsageModelOptions?
        private var profiles: [AppProfile] = []
        private var coefficients: [Double] = []
        private var utcOffsetSeconds = 0
        private var origin = 0.0
        private var slotSeconds = 0.0
        /// Per app, `[day, weekday]` log rates per slot from the origin (NaN: not computed yet).
        private var logRates: [[Double]] = []
        /// Per app, what its prefixes were computed with (`nil`: none kept).
        private var prefixKeys: [_PrefixKey?] = []
        /// Per app, `[sum, log hours]` per slot from the origin (NaN: not computed for the
        /// app's key).
        private var prefixes: [[Double]] = []

        /// Whether the memo keeps nothing (``off``).
        private var isOff = false

        /// An empty memo.
        public init() {}

        /// A memo that keeps nothing: forecasts given it compute every cell on the spot (the same
        /// values) without filling tables that no later forecast would read, e.g. in a daily
        /// replay, which forecasts each day once per slot grid.
        package static var off: ForecastMemo {
            var memo = ForecastMemo()
            memo.isOff = true
            return memo
        }

        /// The index of the slot starting at `start` on the memo's grid for `model`, after
        /// emptying the memo if it holds another model, offset or grid; `nil` when `start` or
        /// `slotSeconds` is not a whole number of seconds, or `start` is off the grid.
        mutating func _base(_ model: UsageModel, start: Double, utcOffsetSeconds offset: Int, slotSeconds step: Double,
                            slots: Int) -> Int? {
            // Whole seconds below 2⁵¹: every `start + i·step` is exact, so a slot's instant is the
            // same whichever forecast computed it.
            func whole(_ x: Double) -> Bool { x.isFinite && x == x.rounded() && abs(x) < 2e15 }
            guard !isOff, whole(start), whole(step), step > 0 else { return nil }
            if options != model.options || offset != utcOffsetSeconds || step != slotSeconds || profiles != model.profiles
                || coefficients != model.coefficients || start < origin {
                options = model.options
                profiles = model.profiles
                coefficients = model.coefficients
                utcOffsetSeconds = offset
                origin = start
                slotSeconds = step
                logRates = Array(repeating: [], count: model.profiles.count)
                prefixKeys = Array(repeating: nil, count: model.profiles.count)
                prefixes = Array(repeating: [], count: model.profiles.count)
            }
            let into = (start - origin) / step
            guard into == into.rounded(), into + Double(slots) <= Double(Self.largestSlot) else { return nil }
            let base = Int(into)
            for a in logRates.indices where logRates[a].count < 2 * (base + slots) {
                logRates[a] += Array(repeating: .nan, count: 2 * (base + slots) - logRates[a].count)
            }
            return base
        }

        /// Prepares app `a`'s prefixes for a forecast whose recency at the cutoff is `key`:
        /// those kept stay when they were computed with the same key, else they are forgotten.
        /// `slots` is the end of the forecast's slots from the origin.
        mutating func _usePrefixes(app a: Int, key: _PrefixKey, slots: Int) {
            if prefixKeys[a] != key {
                prefixKeys[a] = key
                prefixes[a] = []
            }
            if prefixes[a].count < 2 * slots {
                prefixes[a] += Array(repeating: .nan, count: 2 * slots - prefixes[a].count)
            }
        }

        /// Cells computed from a kept prefix (for tests).
        private(set) var _prefixReuses = 0

        /// App `a`'s prefix at `slot` for the key of the last ``_usePrefixes(app:key:slots:)``, if kept.
        mutating func _prefix(app a: Int, slot: Int) -> _Prefix? {
            let sum = prefixes[a][2 * slot]
            guard !sum.isNaN else { return nil }
            _prefixReuses &+= 1
            return _Prefix(sum: sum, logHours: prefixes[a][2 * slot + 1])
        }

        /// Keeps app `a`'s prefix at `slot` (a NaN sum is not kept).
        mutating func _keep(_ prefix: _Prefix, app a: Int, slot: Int) {
            prefixes[a][2 * slot] = prefix.sum
            prefixes[a][2 * slot + 1] = prefix.logHours
        }

        /// ``UsageModel/_logRates(_:clock:)`` of app `a` at slot `slot` (an index that
        /// ``_base(_:start:utcOffsetSeconds:slotSeconds:slots:)`` made room for), computed on
        /// the first call.
        mutating func _logRates(_ model: UsageModel, app a: Int, slot: Int, clock: _SlotClock) -> (day: Double, weekday: Double) {
            let known = (logRates[a][2 * slot], logRates[a][2 * slot + 1])
            if !known.0.isNaN { return known }
            let rates = model._logRates(a, clock: clock)
            logRates[a][2 * slot] = rates.day
            logRates[a][2 * slot + 1] = rates.weekday
            return rates
        }
    }
}

/// What features 0–12 of an app's cell read of its recency besides the slot: the recency itself
/// and what is visible of it at the cutoff. Two forecasts with the same key have the same
/// features 0–12 at every slot whose same-window-yesterday check ends before both cutoffs
/// (``UsageModel/_cutoffFree(t:visible:)``).
struct _PrefixKey: Equatable, Sendable {
    let recency: _AppRecency
    let lastLaunch: Double?
    let logCold24: Double
    let logCold7d: Double

    init(_ recency: _AppRecency, _ visible: _VisibleRecency) {
        self.recency = recency
        lastLaunch = visible.lastLaunch
        logCold24 = visible.logCold24
        logCold7d = visible.logCold7d
    }
}

/// The scorer's running sum `Σ_{j ≤ 12} x_j·β_j` of one cell (in column order, as the full
/// sum adds them) and its feature 4, `log(hours since the last launch + 0.1)`.
struct _Prefix: Sendable {
    let sum: Double
    let logHours: Double
}
