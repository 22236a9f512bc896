import Foundation

extension UsageModel {
    /// What successive forecasts of one model share (``slotProbabilityRows(from:utcOffsetSeconds:slots:slotSeconds:recentLaunches:memo:)``):
    /// each slot's log window rates (features 1–2), which depend on the slot's instant and the
    /// model alone. A forecaster that re-forecasts the rest of a day every hour (online
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
        private var utcOffsetSeconds = 0
        private var origin = 0.0
        private var slotSeconds = 0.0
        /// Per app, `[day, weekday]` log rates per slot from the origin (NaN: not computed yet).
        private var logRates: [[Double]] = []

        /// An empty memo.
        public init() {}

        /// The index of the slot starting at `start` on the memo's grid for `model`, after
        /// emptying the memo if it holds another model, offset or grid; `nil` when `start` or
        /// `slotSeconds` is not a whole number of seconds, or `start` is off the grid.
        mutating func _base(_ model: UsageModel, start: Double, utcOffsetSeconds offset: Int, slotSeconds step: Double,
                            slots: Int) -> Int? {
            // Whole seconds below 2⁵¹: every `start + i·step` is exact, so a slot's instant is the
            // same whichever forecast computed it.
            func whole(_ x: Double) -> Bool { x.isFinite && x == x.rounded() && abs(x) < 2e15 }
            guard whole(start), whole(step), step > 0 else { return nil }
            if options != model.options || offset != utcOffsetSeconds || step != slotSeconds || profiles != model.profiles
                || start < origin {
                options = model.options
                profiles = model.profiles
                utcOffsetSeconds = offset
                origin = start
                slotSeconds = step
                logRates = Array(repeating: [], count: model.profiles.count)
            }
            let into = (start - origin) / step
            guard into == into.rounded(), into + Double(slots) <= Double(Self.largestSlot) else { return nil }
            let base = Int(into)
            for a in logRates.indices where logRates[a].count < 2 * (base + slots) {
                logRates[a] += Array(repeating: .nan, count: 2 * (base + slots) - logRates[a].count)
            }
            return base
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
