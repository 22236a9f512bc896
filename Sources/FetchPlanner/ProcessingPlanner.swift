import Foundation
import ReveilleCore

/// What ``ProcessingPlanner/plan(_:)`` needs: the horizon (as in ``PlanningRequest``), every app's
/// launch forecast on it, and the device's charging profile.
public struct ProcessingRequest: Sendable, Codable, Equatable {
    /// The device.
    public var device: String
    /// First slot's start, Unix seconds.
    public var horizonStart: Double
    /// Slot length in seconds (default 300).
    public var slotSeconds: Double
    /// Number of slots.
    public var slotCount: Int
    /// UTC offset at `horizonStart`.
    public var utcOffsetSeconds: Int
    /// Per app, `P(a cold launch in slot i)`; each array has `slotCount` entries in [0, 1].
    public var appSlotProbabilities: [[Double]]
    /// When the device charges.
    public var charging: ChargingProfile
    /// A slot qualifies when `P(charging) · P(idle) ≥` this (default 0.5, in (0, 1]).
    public var minimumProbability: Double
    /// Windows shorter than this are dropped (default 1800 s).
    public var minimumWindowSeconds: Double
    /// When the plan is made, Unix seconds.
    public var generatedAt: Double

    /// Creates a request; see the properties for units and defaults.
    public init(device: String, horizonStart: Double, slotSeconds: Double = 300, slotCount: Int, utcOffsetSeconds: Int,
                appSlotProbabilities: [[Double]], charging: ChargingProfile, minimumProbability: Double = 0.5,
                minimumWindowSeconds: Double = 1800, generatedAt: Double) {
        self.device = device
        self.horizonStart = horizonStart
        self.slotSeconds = slotSeconds
        self.slotCount = slotCount
        self.utcOffsetSeconds = utcOffsetSeconds
        self.appSlotProbabilities = appSlotProbabilities
        self.charging = charging
        self.minimumProbability = minimumProbability
        self.minimumWindowSeconds = minimumWindowSeconds
        self.generatedAt = generatedAt
    }
}

/// Processing windows of one device (JSON via ``jsonText()``, sorted keys, stable bytes;
/// `schemas/processing-plan.schema.json` describes it).
public struct ProcessingPlan: Codable, Sendable, Equatable {
    /// Layout version (1).
    public var schemaVersion: Int
    /// Always `processing`.
    public var channel: String
    /// The device.
    public var device: String
    /// The request's `generatedAt`, ISO-8601.
    public var generatedAt: String
    /// The planned horizon (`tauSeconds` is the slot length here).
    public var horizon: FetchSchedule.Horizon
    /// The threshold used.
    public var minimumProbability: Double
    /// The windows, by time.
    public var windows: [Window]

    /// A run of slots where the conditions likely hold.
    public struct Window: Codable, Sendable, Equatable {
        /// Start, ISO-8601.
        public var start: String
        /// End (exclusive), ISO-8601.
        public var end: String
        /// `start` in Unix seconds.
        public var startUnix: Double
        /// `end` in Unix seconds.
        public var endUnix: Double
        /// Mean over the window's slots of `P(charging) · P(idle)`: the probability that the
        /// conditions hold at a random moment of the window.
        public var probability: Double
        /// Mean P(charging).
        public var chargingProbability: Double
        /// Mean P(no launch of any app in the slot).
        public var idleProbability: Double
        /// The median time of the next use after the window: the first slot end at which
        /// `P(some launch since the window's end) ≥ 0.5`; `nil` beyond the horizon.
        public var nextExpectedUse: String?
    }

    /// Pretty-printed JSON with sorted keys and a final newline.
    public func jsonText() throws -> String { try DeterministicJSON.text(self) }
}

/// Plans background-processing windows: maximal runs of slots where the device is likely charging
/// (``ChargingProfile``) and idle (`P(idle) = Π_apps (1 − p_app)`, the model's probability that no
/// app is launched in the slot), treating the two as independent: `P = P(charging) · P(idle)`.
/// A run keeps going while `P ≥ minimumProbability`, so it ends before the next expected use;
/// runs shorter than `minimumWindowSeconds` are dropped. Complexity O(apps · slots).
public enum ProcessingPlanner {
    /// Plans the windows.
    /// - Throws: ``PlanningError`` for an invalid horizon, probabilities or thresholds.
    public static func plan(_ r: ProcessingRequest) throws -> ProcessingPlan {
        try _check(r)
        let n = r.slotCount, line = _LocalTimeline(initialOffset: r.utcOffsetSeconds, changes: [])
        let instant = { (i: Int) in r.horizonStart + Double(i) * r.slotSeconds }
        let idle = (0..<n).map { i in r.appSlotProbabilities.reduce(1.0) { $0 * (1 - $1[i]) } }
        let charging = (0..<n).map { r.charging.probability(at: instant($0), utcOffsetSeconds: r.utcOffsetSeconds) }
        let joint = (0..<n).map { charging[$0] * idle[$0] }
        var windows: [ProcessingPlan.Window] = []
        var i = 0
        while i < n {
            guard joint[i] >= r.minimumProbability else { i += 1; continue }
            var j = i
            while j < n, joint[j] >= r.minimumProbability { j += 1 }
            if Double(j - i) * r.slotSeconds >= r.minimumWindowSeconds - 1e-9 {
                let mean = { (x: [Double]) in _round(x[i..<j].reduce(0, +) / Double(j - i)) }
                windows.append(.init(start: line.iso(instant(i)), end: line.iso(instant(j)), startUnix: instant(i), endUnix: instant(j),
                                     probability: mean(joint), chargingProbability: mean(charging), idleProbability: mean(idle),
                                     nextExpectedUse: _nextUse(after: j, idle: idle).map { line.iso(instant($0)) }))
            }
            i = j
        }
        return ProcessingPlan(schemaVersion: 1, channel: "processing", device: r.device, generatedAt: line.iso(r.generatedAt),
                              horizon: .init(start: line.iso(r.horizonStart), end: line.iso(instant(n)), startUnix: r.horizonStart,
                                             endUnix: instant(n), slotSeconds: r.slotSeconds, tauSeconds: r.slotSeconds),
                              minimumProbability: r.minimumProbability, windows: windows)
    }

    /// The first slot boundary `b > start` with `Π_{start ≤ i < b} idle_i ≤ 0.5`.
    static func _nextUse(after start: Int, idle: [Double]) -> Int? {
        var none = 1.0
        for i in start..<idle.count {
            none *= idle[i]
            if none <= 0.5 { return i + 1 }
        }
        return nil
    }

    static func _check(_ r: ProcessingRequest) throws {
        let probe = PlanningRequest(device: r.device, horizonStart: r.horizonStart, slotSeconds: r.slotSeconds, slotCount: r.slotCount,
                                    utcOffsetSeconds: r.utcOffsetSeconds, tauSeconds: r.slotSeconds,
                                    budget: PlanningBudget(energyUnitsPerDay: 0),
                                    apps: r.appSlotProbabilities.enumerated().map { AppForecast(app: "\($0.offset)", slotProbabilities: $0.element) },
                                    generatedAt: r.generatedAt)
        try _Validation.check(probe)
        guard r.minimumProbability > 0, r.minimumProbability <= 1, r.minimumWindowSeconds.isFinite, r.minimumWindowSeconds >= 0 else {
            throw PlanningError(.invalidRule, field: "minimumProbability/minimumWindowSeconds", expected: "a threshold in (0, 1] and a duration ≥ 0")
        }
    }
}
