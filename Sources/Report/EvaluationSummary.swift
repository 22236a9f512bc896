import Foundation

/// The parts of a `reveille-v1` evaluation JSON (see the evaluation protocol) that the report
/// draws: per policy and budget results, and optional calibration bins. Decoded leniently: extra
/// fields are ignored, metrics other than `policy`, `budget` and `hitRate` may be absent or `null`.
public struct EvaluationSummary: Sendable, Equatable {
    /// One row of `results`.
    public struct Result: Sendable, Equatable, Decodable {
        /// Policy name (`reveille`, `interval`, `histogram`, `oracle`, …).
        public var policy: String
        /// Fetches per device per local day.
        public var budget: Int
        /// hits / cold launches, in [0, 1].
        public var hitRate: Double
        /// hits / oracle hits at the same budget.
        public var oracleRatio: Double?
        /// used fetches / fetches.
        public var precision: Double?
        /// Mean fetches per scored device-day.
        public var fetchesPerDay: Double?
        /// Mean of per-device hit rates.
        public var macroHitRate: Double?
        /// ROC AUC of the hourly probabilities (`nil` for policies without probabilities).
        public var rocAuc: Double?
        /// Brier score of the hourly probabilities.
        public var brier: Double?
        /// Log loss of the hourly probabilities (p clipped to [1e-6, 1 − 1e-6]).
        public var logLoss: Double?

        /// Creates a result row; unknown metrics stay `nil`.
        public init(policy: String, budget: Int, hitRate: Double, oracleRatio: Double? = nil, precision: Double? = nil,
                    fetchesPerDay: Double? = nil, macroHitRate: Double? = nil, rocAuc: Double? = nil,
                    brier: Double? = nil, logLoss: Double? = nil) {
            self.policy = policy
            self.budget = budget
            self.hitRate = hitRate
            self.oracleRatio = oracleRatio
            self.precision = precision
            self.fetchesPerDay = fetchesPerDay
            self.macroHitRate = macroHitRate
            self.rocAuc = rocAuc
            self.brier = brier
            self.logLoss = logLoss
        }
    }

    /// One policy's reliability diagram.
    public struct Calibration: Sendable, Equatable, Decodable {
        /// Policy name.
        public var policy: String
        /// Bins in file order (drawn sorted by `predicted`).
        public var bins: [CalibrationBin]

        /// Creates a policy's calibration.
        public init(policy: String, bins: [CalibrationBin]) {
            self.policy = policy
            self.bins = bins
        }
    }

    /// `protocol` (e.g. `reveille-v1`), `mode` (`daily`/`online`), when given.
    public var protocolName: String?
    /// `daily` or `online`.
    public var mode: String?
    /// Freshness window of the evaluation, minutes.
    public var tauMinutes: Double?
    /// Scored devices.
    public var devices: Int?
    /// Scored device-days.
    public var deviceDays: Int?
    /// Scored cold launches.
    public var coldLaunches: Int?
    /// Results in file order.
    public var results: [Result]
    /// Calibration bins per policy (the optional `calibration` field), in file order.
    public var calibration: [Calibration]

    /// Creates a summary (for callers that evaluate in-process).
    public init(protocolName: String? = nil, mode: String? = nil, tauMinutes: Double? = nil, devices: Int? = nil,
                deviceDays: Int? = nil, coldLaunches: Int? = nil, results: [Result], calibration: [Calibration] = []) {
        self.protocolName = protocolName
        self.mode = mode
        self.tauMinutes = tauMinutes
        self.devices = devices
        self.deviceDays = deviceDays
        self.coldLaunches = coldLaunches
        self.results = results
        self.calibration = calibration
    }

    /// Policy names, sorted, with `oracle` last.
    public var policies: [String] {
        Set(results.map(\.policy)).sorted { ($0 == "oracle" ? 1 : 0, $0) < ($1 == "oracle" ? 1 : 0, $1) }
    }

    /// Decodes evaluation JSON. O(size of the file).
    /// - Throws: ``ReportInputError`` naming the file and the JSON path of the bad value.
    public static func decode(_ data: Data, file: String) throws(ReportInputError) -> EvaluationSummary {
        let summary: EvaluationSummary
        do {
            let raw = try JSONDecoder().decode(_RawEvaluation.self, from: data)
            summary = EvaluationSummary(
                protocolName: raw.protocol, mode: raw.mode, tauMinutes: raw.tauMinutes, devices: raw.devices,
                deviceDays: raw.deviceDays, coldLaunches: raw.coldLaunches, results: raw.results,
                calibration: raw.calibration ?? [])
        } catch let error as DecodingError {
            throw _reportError(error, file: file, data: data,
                               expected: "reveille-v1 evaluation JSON (results[{policy, budget, hitRate}])")
        } catch {
            throw ReportInputError(.malformedJSON, file: file, expected: "JSON")
        }
        try summary._checkRanges(file: file)
        return summary
    }

    /// Every rate, ratio and probability in [0, 1], the other metrics finite and non-negative
    /// (what `reveille evaluate` writes).
    /// - Throws: ``ReportInputError`` (`outOfRange`) naming the field.
    func _checkRanges(file: String) throws(ReportInputError) {
        func check(_ value: Double?, _ field: String, unit: Bool) throws(ReportInputError) {
            guard let value else { return }
            guard value.isFinite, value >= 0, !unit || value <= 1 else {
                throw ReportInputError(.outOfRange, file: file, field: field,
                                       expected: unit ? "a number in [0, 1]" : "a finite number ≥ 0")
            }
        }
        for (i, r) in results.enumerated() {
            let p = "results[\(i)]."
            try check(r.hitRate, p + "hitRate", unit: true)
            try check(r.precision, p + "precision", unit: true)
            try check(r.macroHitRate, p + "macroHitRate", unit: true)
            try check(r.rocAuc, p + "rocAuc", unit: true)
            try check(r.brier, p + "brier", unit: true)
            try check(r.oracleRatio, p + "oracleRatio", unit: false)
            try check(r.fetchesPerDay, p + "fetchesPerDay", unit: false)
            try check(r.logLoss, p + "logLoss", unit: false)
        }
        for (i, c) in calibration.enumerated() {
            for (j, bin) in c.bins.enumerated() {
                try check(bin.predicted, "calibration[\(i)].bins[\(j)].predicted", unit: true)
                try check(bin.observed, "calibration[\(i)].bins[\(j)].observed", unit: true)
            }
        }
    }
}

/// One reliability bin: mean predicted probability, observed frequency and cell count.
public struct CalibrationBin: Sendable, Equatable, Decodable {
    /// Mean predicted probability of the bin's cells, in [0, 1].
    public var predicted: Double
    /// Share of the bin's cells with a cold launch, in [0, 1].
    public var observed: Double
    /// Cells in the bin.
    public var count: Int

    /// Creates a bin.
    public init(predicted: Double, observed: Double, count: Int) {
        self.predicted = predicted
        self.observed = observed
        self.count = count
    }
}

struct _RawEvaluation: Decodable {
    let `protocol`: String?
    let mode: String?
    let tauMinutes: Double?
    let devices: Int?
    let deviceDays: Int?
    let coldLaunches: Int?
    let results: [EvaluationSummary.Result]
    let calibration: [EvaluationSummary.Calibration]?
}
