import Foundation
import LaunchHistory
import ReveilleCore

/// Counts and metrics of one push policy over some scored days (one device/app, or pooled).
public struct PushPolicyResult: Sendable, Codable, Equatable {
    /// Policy name (a push registry name: `model`, `every6h`, `oracle`).
    public var policy: String
    /// Scored days counted.
    public var days: Int
    /// Cold launches of the app on the scored days.
    public var coldLaunches: Int
    /// Cold launches with a push at `f`, `t − tau ≤ f < t`, the same day.
    public var hits: Int
    /// Pushes executed.
    public var pushes: Int
    /// Pushes followed by a cold launch of the app the same day in `(f, f + tau]`.
    public var usedPushes: Int

    /// A result with the given counts.
    public init(policy: String, days: Int = 0, coldLaunches: Int = 0, hits: Int = 0, pushes: Int = 0, usedPushes: Int = 0) {
        self.policy = policy
        self.days = days
        self.coldLaunches = coldLaunches
        self.hits = hits
        self.pushes = pushes
        self.usedPushes = usedPushes
    }

    /// `hits / coldLaunches` (0 when there are none).
    public var hitRate: Double { coldLaunches > 0 ? Double(hits) / Double(coldLaunches) : 0 }
    /// `usedPushes / pushes` (0 when there are none).
    public var precision: Double { pushes > 0 ? Double(usedPushes) / Double(pushes) : 0 }
    /// `pushes / days` (0 when there are none).
    public var pushesPerDay: Double { days > 0 ? Double(pushes) / Double(days) : 0 }

    /// Adds `other`'s counts.
    public mutating func merge(_ other: PushPolicyResult) {
        days += other.days
        coldLaunches += other.coldLaunches
        hits += other.hits
        pushes += other.pushes
        usedPushes += other.usedPushes
    }

    private enum CodingKeys: String, CodingKey {
        case policy, days, coldLaunches, hits, pushes, usedPushes, hitRate, precision, pushesPerDay
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(policy: try c.decode(String.self, forKey: .policy), days: try c.decode(Int.self, forKey: .days),
                  coldLaunches: try c.decode(Int.self, forKey: .coldLaunches), hits: try c.decode(Int.self, forKey: .hits),
                  pushes: try c.decode(Int.self, forKey: .pushes), usedPushes: try c.decode(Int.self, forKey: .usedPushes))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(policy, forKey: .policy)
        try c.encode(days, forKey: .days)
        try c.encode(coldLaunches, forKey: .coldLaunches)
        try c.encode(hits, forKey: .hits)
        try c.encode(pushes, forKey: .pushes)
        try c.encode(usedPushes, forKey: .usedPushes)
        try c.encode(hitRate, forKey: .hitRate)
        try c.encode(precision, forKey: .precision)
        try c.encode(pushesPerDay, forKey: .pushesPerDay)
    }
}

/// One (device, app) evaluated: its per-policy results.
public struct PushDeviceResult: Sendable, Codable, Equatable {
    /// Device identifier.
    public var device: String
    /// The app whose pushes were timed.
    public var app: String
    /// Results in the options' policy order.
    public var results: [PushPolicyResult]
}

/// The outcome of ``PushEvaluator/evaluate(_:app:device:options:)``; its JSON (``json()``, the
/// output of `reveille evaluate-push --json`) is described by `schemas/push-evaluation.schema.json`.
public struct PushEvaluationReport: Sendable, Codable, Equatable {
    /// Always `reveille-v1-push` (protocol `reveille-v1`, daily mode, one app, push rules).
    public var `protocol` = "reveille-v1-push"
    /// Freshness window in minutes.
    public var tauMinutes: Double
    /// Warm-up days.
    public var warmupDays: Int
    /// Push cap per local day.
    public var maxPushesPerDay: Int
    /// Minimum spacing between pushes, hours (also across local midnight).
    public var spacingHours: Double
    /// Scored (device, app) pairs, by device.
    public var devices: [PushDeviceResult]
    /// Devices skipped (too short a history), sorted.
    public var skippedDevices: [String]
    /// Counts pooled over every scored (device, app), per policy.
    public var pooled: [PushPolicyResult]

    /// Pretty-printed JSON with sorted keys and a final newline (deterministic).
    public func json() throws -> String {
        try DeterministicJSON.text(self)
    }

    /// A plain-text table: one block of rows per (device, app), then the pooled rows.
    public func table() -> String {
        var lines = ["reveille-v1 push, daily, tau \(_fixed(tauMinutes, 0)) min, warm-up \(warmupDays) days, "
                     + "≤ \(maxPushesPerDay) pushes/day ≥ \(_fixed(spacingHours, 2)) h apart: \(devices.count) scored, "
                     + "\(skippedDevices.count) skipped"]
        let header = ["device", "app", "policy", "days", "cold", "hits", "hitRate", "pushes", "precision", "pushes/day"]
        var rows: [[String]] = []
        for d in devices { rows += d.results.map { Self._row(d.device, d.app, $0) } }
        rows += pooled.map { Self._row("pooled", "-", $0) }
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        for row in [header] + rows {
            let cells = row.enumerated().map { i, cell in
                i < 3 ? cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[i] - cell.count) + cell
            }
            lines.append(cells.joined(separator: "  "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func _row(_ device: String, _ app: String, _ r: PushPolicyResult) -> [String] {
        [device, app, r.policy, "\(r.days)", "\(r.coldLaunches)", "\(r.hits)", _fixed(r.hitRate, 3), "\(r.pushes)",
         _fixed(r.precision, 3), _fixed(r.pushesPerDay, 2)]
    }
}
