import Foundation
import ReveilleCore

/// The push budget: how many `content-available` pushes a server may send and how far apart.
/// APNs delivers about four silent pushes a day spaced a few hours apart and throttles (for days)
/// senders that push every few minutes.
public struct PushRules: Sendable, Codable, Equatable {
    /// At most this many pushes per local day (default 4, in `0...maximumPushesPerDay`).
    public var maxPushesPerDay: Int
    /// The largest daily push cap accepted: 288, one push per 5-minute slot. A plan holds at most
    /// one push per slot of its forecast, so on the product's default 15-minute planning slots
    /// (`SchedulingOptions.planningSlotMinutes`) a cap above 96 is never reached.
    public static let maximumPushesPerDay = 288
    /// At least this many seconds between two pushes (default 10 800 = 3 h, ≥ 0).
    public var minimumSpacingSeconds: Double
    /// Creates rules with the documented defaults.
    public init(maxPushesPerDay: Int = 4, minimumSpacingSeconds: Double = 10_800) {
        self.maxPushesPerDay = maxPushesPerDay
        self.minimumSpacingSeconds = minimumSpacingSeconds
    }
}

/// What ``PushPlanner/plan(_:)`` needs: one app's forecast on one device over a horizon of
/// `slotProbabilities.count` slots of `slotSeconds` from `horizonStart` (as in ``PlanningRequest``).
public struct PushRequest: Sendable, Codable, Equatable {
    /// The device.
    public var device: String
    /// The app whose server sends the pushes.
    public var app: String
    /// First slot's start, Unix seconds.
    public var horizonStart: Double
    /// Slot length in seconds (default 300).
    public var slotSeconds: Double
    /// `P(a cold launch of the app in slot i)`, each in [0, 1].
    public var slotProbabilities: [Double]
    /// UTC offset at `horizonStart` (local days for the daily cap, ISO text).
    public var utcOffsetSeconds: Int
    /// Offset changes inside the horizon, sorted by instant.
    public var offsetChanges: [OffsetChange]
    /// Freshness window: a push at `s` serves launches in `(s, s + tau]` (default 3600; a whole
    /// multiple of `slotSeconds`).
    public var tauSeconds: Double
    /// The push budget.
    public var rules: PushRules
    /// Evidence for the reason sentences (optional).
    public var evidence: ReasonEvidence?
    /// When the plan is made, Unix seconds (copied, never read from a clock).
    public var generatedAt: Double

    /// Creates a request; see the properties for units and defaults.
    public init(device: String, app: String, horizonStart: Double, slotSeconds: Double = 300, slotProbabilities: [Double],
                utcOffsetSeconds: Int, offsetChanges: [OffsetChange] = [], tauSeconds: Double = 3600,
                rules: PushRules = PushRules(), evidence: ReasonEvidence? = nil, generatedAt: Double) {
        self.device = device
        self.app = app
        self.horizonStart = horizonStart
        self.slotSeconds = slotSeconds
        self.slotProbabilities = slotProbabilities
        self.utcOffsetSeconds = utcOffsetSeconds
        self.offsetChanges = offsetChanges
        self.tauSeconds = tauSeconds
        self.rules = rules
        self.evidence = evidence
        self.generatedAt = generatedAt
    }
}

/// The planned pushes of one app on one device. JSON via ``jsonText()``: sorted keys, stable bytes;
/// `schemas/push-plan.schema.json` describes it.
public struct PushPlan: Codable, Sendable, Equatable {
    /// Layout version (1).
    public var schemaVersion: Int
    /// Always `push`.
    public var channel: String
    /// The device.
    public var device: String
    /// The app.
    public var app: String
    /// The request's `generatedAt`, ISO-8601.
    public var generatedAt: String
    /// The planned horizon.
    public var horizon: FetchSchedule.Horizon
    /// The push budget obeyed.
    public var rules: PushRules
    /// Expected cold launches served by the pushes (the maximised objective).
    public var expectedCovered: Double
    /// The pushes, by time.
    public var pushes: [Push]

    /// One push to send.
    public struct Push: Codable, Sendable, Equatable {
        /// When to send, ISO-8601 with the local offset.
        public var sendAt: String
        /// `sendAt` in Unix seconds.
        public var sendAtUnix: Double
        /// P(a cold launch in the `tau` after `sendAt` not served by an earlier push): `min(1, Σ p)`.
        public var probability: Double
        /// A short human sentence.
        public var reason: String
    }

    /// Pretty-printed JSON with sorted keys and a final newline.
    public func jsonText() throws -> String { try DeterministicJSON.text(self) }
}

/// Times silent pushes for one app: an exact dynamic programme over the slots maximising the
/// expected number of cold launches served, `Σ_{i ∈ ∪_s (s, s+tau]} p_i`, subject to at most
/// ``PushRules/maxPushesPerDay`` pushes per local day and at least
/// ``PushRules/minimumSpacingSeconds`` between pushes. Pushes are sent at slot starts.
public enum PushPlanner {
    /// Plans the pushes.
    /// - Throws: ``PlanningError`` for invalid input (slot length, probabilities, `tau` not a whole
    ///   multiple of the slot, negative rules, bad offsets).
    /// - Complexity: O(slots² · maxPushesPerDay) (≈ 0.3 M steps for a day of 5-minute slots).
    public static func plan(_ request: PushRequest) throws -> PushPlan {
        try _PushValidation.check(request)
        let r = request, line = _LocalTimeline(initialOffset: r.utcOffsetSeconds, changes: r.offsetChanges)
        let n = r.slotProbabilities.count, k = Int((r.tauSeconds / r.slotSeconds).rounded())
        let spacing = Int((r.rules.minimumSpacingSeconds / r.slotSeconds - 1e-9).rounded(.up))
        let days = (0..<n).map { line.localDay(r.horizonStart + Double($0) * r.slotSeconds) }
        let dp = _PushDP(p: r.slotProbabilities, day: days, cover: k, spacing: max(1, spacing), cap: r.rules.maxPushesPerDay)
        let slots = dp.solve()
        var pushes: [PushPlan.Push] = []
        var servedUntil = Int.min, total = 0.0
        for j in slots {
            let lo = max(j, servedUntil), hi = min(n, j + k)
            servedUntil = j + k
            let hits = (lo < hi ? r.slotProbabilities[lo..<hi].reduce(0, +) : 0)
            total += hits
            let at = r.horizonStart + Double(j) * r.slotSeconds
            let first = line.minuteOfDay(r.horizonStart + Double(lo) * r.slotSeconds)
            let minutes = Int(Double(max(0, hi - lo)) * r.slotSeconds / 60)
            let reason = r.evidence?.reason(startMinute: first, lengthMinutes: minutes)
                ?? _probabilityReason(min(1, hits), startMinute: first, lengthMinutes: minutes)
            pushes.append(.init(sendAt: line.iso(at), sendAtUnix: at, probability: _round(min(1, hits)), reason: reason))
        }
        let end = r.horizonStart + Double(n) * r.slotSeconds
        return PushPlan(schemaVersion: 1, channel: "push", device: r.device, app: r.app, generatedAt: line.iso(r.generatedAt),
                        horizon: .init(start: line.iso(r.horizonStart), end: line.iso(end), startUnix: r.horizonStart,
                                       endUnix: end, slotSeconds: r.slotSeconds, tauSeconds: r.tauSeconds),
                        rules: r.rules, expectedCovered: _round(total), pushes: pushes)
    }
}

/// Input checks for ``PushRequest``, reusing ``PlanningError`` codes.
enum _PushValidation {
    static func check(_ r: PushRequest) throws {
        var probe = PlanningRequest(device: r.device, horizonStart: r.horizonStart, slotSeconds: r.slotSeconds,
                                    slotCount: max(1, r.slotProbabilities.count), utcOffsetSeconds: r.utcOffsetSeconds,
                                    offsetChanges: r.offsetChanges, tauSeconds: r.tauSeconds,
                                    budget: PlanningBudget(energyUnitsPerDay: 0), apps: [], generatedAt: r.generatedAt)
        probe.apps = [AppForecast(app: r.app, slotProbabilities: r.slotProbabilities.isEmpty ? [0] : r.slotProbabilities,
                                  evidence: r.evidence)]
        try _Validation.check(probe)
        guard r.rules.maxPushesPerDay >= 0, r.rules.maxPushesPerDay <= PushRules.maximumPushesPerDay, r.rules.minimumSpacingSeconds.isFinite, r.rules.minimumSpacingSeconds >= 0 else {
            throw PlanningError(.invalidRule, field: "rules", expected: "maxPushesPerDay ≥ 0 and a finite minimumSpacingSeconds ≥ 0")
        }
    }
}
