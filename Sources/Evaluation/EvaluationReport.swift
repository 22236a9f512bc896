import LaunchHistory
import ReveilleCore
import Foundation

/// Metrics of one policy at one budget, pooled over scored device-days (protocol `reveille-v1`).
public struct PolicyResult: Sendable, Equatable, Codable {
    /// Policy name.
    public var policy: String
    /// Daily budget `B`.
    public var budget: Int
    /// Scored device-days.
    public var deviceDays: Int
    /// Cold launches on scored days.
    public var coldLaunches: Int
    /// Cold launches with a fetch of the app in `[t − tau, t)`.
    public var hits: Int
    /// `hits / coldLaunches` (0 when there are none).
    public var hitRate: Double
    /// The oracle's hits at the same budget.
    public var oracleHits: Int
    /// `hits / oracleHits` (0 when the oracle hits nothing).
    public var oracleRatio: Double
    /// Executed fetches.
    public var fetches: Int
    /// Fetches followed by a cold launch of the app on the same day in `(f, f + tau]`.
    public var usedFetches: Int
    /// `usedFetches / fetches` (0 without fetches).
    public var precision: Double
    /// Like `precision`, but counting cold launches of any day (a late fetch used after midnight).
    public var precisionTimeline: Double
    /// `fetches / deviceDays`.
    public var fetchesPerDay: Double
    /// Mean over cold launches of `min(1440, minutes since the later of the app's last fetch and last launch)`.
    public var meanStalenessMinutes: Double
    /// Mean of per-device hit rates over devices with at least one scored cold launch.
    public var macroHitRate: Double
    /// Mean clipped log loss over probability cells; `nil` for policies without probabilities.
    public var logLoss: Double?
    /// Mean squared error of the probabilities; `nil` without probabilities.
    public var brier: Double?
    /// Mann–Whitney ROC AUC with average ranks; `nil` without probabilities or with one class only.
    public var rocAuc: Double?
    /// Number of probability cells (absent without probabilities).
    public var probCells: Int?
    /// Cells labelled 1 (absent without probabilities).
    public var probPositives: Int?
    /// Share of (day, app) floor obligations that received a fetch (absent for policies without
    /// a daily floor).
    public var floorShare: Double? = nil

    private enum CodingKeys: String, CodingKey {
        case policy, budget, deviceDays, coldLaunches, hits, hitRate, oracleHits, oracleRatio, fetches
        case usedFetches, precision, precisionTimeline, fetchesPerDay, meanStalenessMinutes, macroHitRate
        case logLoss, brier, rocAuc, probCells, probPositives, floorShare
    }

    /// Encodes `logLoss`, `brier` and `rocAuc` as `null` when absent (the protocol wants them present).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(policy, forKey: .policy)
        try c.encode(budget, forKey: .budget)
        try c.encode(deviceDays, forKey: .deviceDays)
        try c.encode(coldLaunches, forKey: .coldLaunches)
        try c.encode(hits, forKey: .hits)
        try c.encode(hitRate, forKey: .hitRate)
        try c.encode(oracleHits, forKey: .oracleHits)
        try c.encode(oracleRatio, forKey: .oracleRatio)
        try c.encode(fetches, forKey: .fetches)
        try c.encode(usedFetches, forKey: .usedFetches)
        try c.encode(precision, forKey: .precision)
        try c.encode(precisionTimeline, forKey: .precisionTimeline)
        try c.encode(fetchesPerDay, forKey: .fetchesPerDay)
        try c.encode(meanStalenessMinutes, forKey: .meanStalenessMinutes)
        try c.encode(macroHitRate, forKey: .macroHitRate)
        try c.encode(logLoss, forKey: .logLoss)
        try c.encode(brier, forKey: .brier)
        try c.encode(rocAuc, forKey: .rocAuc)
        try c.encodeIfPresent(probCells, forKey: .probCells)
        try c.encodeIfPresent(probPositives, forKey: .probPositives)
        try c.encodeIfPresent(floorShare, forKey: .floorShare)
    }
}

/// One device's results (with `--per-device`).
public struct DeviceResult: Sendable, Equatable, Codable {
    /// Device identifier.
    public var device: String
    /// Scored days of this device.
    public var deviceDays: Int
    /// Cold launches on its scored days.
    public var coldLaunches: Int
    /// Results per policy and budget.
    public var results: [PolicyResult]
}

/// The output of `reveille evaluate --json` (protocol `reveille-v1`), described by
/// `schemas/evaluation.schema.json`.
public struct EvaluationReport: Sendable, Equatable, Codable {
    /// Always `reveille-v1`.
    public var `protocol` = "reveille-v1"
    /// Which implementation produced the report.
    public var implementation = "Reveille Evaluation module"
    /// `daily` or `online`.
    public var mode: EvaluationMode
    /// tau in minutes.
    public var tauMinutes: Double
    /// Warm-up days `W`.
    public var warmupDays: Int
    /// Scored devices.
    public var devices: Int
    /// Devices in the history.
    public var devicesTotal: Int
    /// Devices with `last − first < W + 7`.
    public var skippedDevices: Int
    /// Scored device-days.
    public var deviceDays: Int
    /// Cold launches on scored days.
    public var coldLaunches: Int
    /// Launches in the history (all devices, all days).
    public var launches: Int
    /// Pooled results, per policy (in the requested order) and budget (ascending).
    public var results: [PolicyResult]
    /// Per-device results when requested, devices sorted by identifier.
    public var perDevice: [DeviceResult]?
    /// Every executed fetch in device order, then day, policy, budget and time, when
    /// ``EvaluationOptions/recordsFetches`` was on (not part of the JSON; see ``ExecutedFetch/csv(_:)``).
    public var executedFetches: [ExecutedFetch] = []

    private enum CodingKeys: String, CodingKey {
        case `protocol`, implementation, mode, tauMinutes, warmupDays, devices, devicesTotal, skippedDevices
        case deviceDays, coldLaunches, launches, results, perDevice
    }

    /// Sorted-key, pretty-printed JSON; byte-identical for identical inputs.
    public func json() throws -> String {
        try DeterministicJSON.text(self)
    }

    /// The pooled result of `policy` at `budget`.
    public func result(policy: String, budget: Int) -> PolicyResult? {
        results.first { $0.policy == policy && $0.budget == budget }
    }
}
