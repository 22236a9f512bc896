import Foundation
import ReveilleCore
import LaunchHistory

extension UsageModel {
    enum CodingKeys: String, CodingKey {
        case schemaVersion, engineVersion, options, device, apps, profiles, coefficients
        case historyEndInstant, summary, notes, dataDigest, recentHourlyFrequencies
        case reactive
    }

    /// Encodes every field; with `.sortedKeys` the output is byte-identical for the same model.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(engineVersion, forKey: .engineVersion)
        try c.encode(options, forKey: .options)
        try c.encode(device, forKey: .device)
        try c.encode(apps, forKey: .apps)
        try c.encode(profiles, forKey: .profiles)
        try c.encode(coefficients, forKey: .coefficients)
        try c.encode(historyEndInstant, forKey: .historyEndInstant)
        try c.encode(summary, forKey: .summary)
        try c.encode(notes, forKey: .notes)
        try c.encode(dataDigest, forKey: .dataDigest)
        try c.encodeIfPresent(recentHourlyFrequencies, forKey: .recentHourlyFrequencies)
        try c.encodeIfPresent(reactive, forKey: .reactive)
    }

    /// Decodes and checks a model.
    /// - Throws: ``UsageModelError`` (`unsupportedModel`) for another schema version or
    ///   inconsistent arrays; `DecodingError` for malformed JSON.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try _supportedSchemaVersion(c.decode(Int.self, forKey: .schemaVersion), of: "a model")
        engineVersion = try c.decode(String.self, forKey: .engineVersion)
        options = try c.decode(UsageModelOptions.self, forKey: .options)
        device = try c.decode(String.self, forKey: .device)
        apps = try c.decode([String].self, forKey: .apps)
        profiles = try c.decode([AppProfile].self, forKey: .profiles)
        coefficients = try c.decode([Double].self, forKey: .coefficients)
        historyEndInstant = try c.decode(Double.self, forKey: .historyEndInstant)
        summary = try c.decode(FitSummary.self, forKey: .summary)
        notes = try c.decode([String].self, forKey: .notes)
        dataDigest = try c.decode(String.self, forKey: .dataDigest)
        recentHourlyFrequencies = try c.decodeIfPresent(HourlyFrequencies.self, forKey: .recentHourlyFrequencies)
        reactive = try c.decodeIfPresent(ReactiveStatistics.self, forKey: .reactive)
        try reactive?.validate()
        try _checkConsistency()
    }

    func _checkConsistency() throws {
        try options.validate()
        let n = options.slotsPerDay
        func fail(_ what: String) -> UsageModelError { UsageModelError(.unsupportedModel, expected: what) }
        guard apps == apps.sorted(), Set(apps).count == apps.count else { throw fail("sorted, distinct apps") }
        guard profiles.map(\.app) == apps else { throw fail("one profile per app, in app order") }
        guard profiles.allSatisfy({ $0.dayRates.count == n && $0.weekdayRates.count == 7 * n }) else {
            throw fail("\(n) day rates and \(7 * n) weekday rates per profile")
        }
        guard coefficients.count == Features.count else { throw fail("\(Features.count) coefficients") }
        if let hourly = recentHourlyFrequencies {
            guard hourly.apps == hourly.apps.sorted(), Set(hourly.apps).count == hourly.apps.count,
                  hourly.rows.count == hourly.apps.count,
                  hourly.rows.allSatisfy({ $0.count == 24 && $0.allSatisfy { $0.isFinite && $0 >= 0 } }) else {
                throw fail("recentHourlyFrequencies: sorted distinct apps with 24 finite, non-negative values each")
            }
        }
        guard coefficients.allSatisfy(\.isFinite) else { throw fail("finite coefficients") }
        for p in profiles {
            let rates = [p.dailyRate, p.launchEvidence] + p.dayRates + p.weekdayRates
            guard rates.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= Self.maximumRate }) else {
                throw fail("finite, non-negative rates of at most \(Int(Self.maximumRate)) for app '\(p.app)'")
            }
            guard p.bandwidthMinutes.isFinite, p.bandwidthMinutes > 0 else {
                throw fail("a finite, positive bandwidth for app '\(p.app)'")
            }
            // Minutes are counted back from the end instant rounded down to the minute and then
            // rounded, so the last launch itself can be −1 minutes ago.
            guard (p.minutesSinceLastLaunch ?? 0) >= -1,
                  p.coldLaunchMinutesAgo.allSatisfy({ (-1...AppProfile.recencyHorizonMinutes).contains($0) }) else {
                throw fail("recency minutes in -1…\(AppProfile.recencyHorizonMinutes) for app '\(p.app)'")
            }
        }
        guard LocalClock.isValidInstant(historyEndInstant) else {
            throw fail("historyEndInstant: \(LocalClock.validInstantDescription)")
        }
    }

    /// The largest rate a model file may hold (launches per day or per slot-day): far above any
    /// person's use, far below where sums could overflow to infinity.
    static let maximumRate = 1e6
}

/// A model file: one ``UsageModel`` per device, as JSON `{"devices": {id: model}, "schemaVersion": 1}`
/// with sorted keys (byte-identical for the same models). Non-finite numbers (e.g. an infinite
/// `halfLifeDays`) are written as the strings `"inf"`, `"-inf"`, `"nan"`.
///
/// Decoding checks the file's own `schemaVersion` (only 1 is known) as well as every model's.
public struct UsageModelFile: Sendable, Codable {
    /// File layout version.
    public var schemaVersion: Int = UsageModel.schemaVersion
    /// Models by device identifier.
    public var devices: [String: UsageModel]

    /// A file holding `devices`.
    public init(devices: [String: UsageModel]) {
        self.devices = devices
    }

    enum CodingKeys: String, CodingKey { case schemaVersion, devices }

    /// Decodes and checks a file: ``UsageModelError`` (`unsupportedModel`) for another
    /// `schemaVersion` or any invalid model.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try _supportedSchemaVersion(c.decode(Int.self, forKey: .schemaVersion), of: "a model file")
        devices = try c.decode([String: UsageModel].self, forKey: .devices)
    }

    /// Device identifiers, sorted.
    public var deviceIDs: [String] { devices.keys.sorted() }

    /// Compact JSON with sorted keys, ending in a newline (compact because a device's rates are
    /// thousands of numbers; pipe through `jq` to read it).
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Decodes a model file.
    /// - Throws: ``UsageModelError`` (`unsupportedModel`) for a bad or unknown layout.
    public static func decode(_ data: Data) throws -> UsageModelFile {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return try decoder.decode(UsageModelFile.self, from: data)
        } catch let error as UsageModelError {
            throw error
        } catch {
            throw UsageModelError(.unsupportedModel, expected: "a Reveille model JSON file (\(error))")
        }
    }

    /// The model of `device`, or the only model when `device` is `nil` and there is exactly one.
    /// - Throws: ``UsageModelError`` (`unknownDevice`) otherwise.
    public func model(device: String?) throws -> UsageModel {
        if let device {
            guard let m = devices[device] else {
                throw UnknownDeviceError(device: device, source: "the model file", available: deviceIDs)
            }
            return m
        }
        guard devices.count == 1, let only = deviceIDs.first, let m = devices[only] else {
            throw UsageModelError(.unknownDevice, expected: "--device ID: the file holds \(devices.count) devices")
        }
        return m
    }
}

/// `version` when this build reads it (``UsageModel/schemaVersion``), else ``UsageModelError``
/// (`unsupportedModel`) saying what `what` must be.
func _supportedSchemaVersion(_ version: Int, of what: String) throws -> Int {
    guard version == UsageModel.schemaVersion else {
        throw UsageModelError(.unsupportedModel, expected: "\(what) of schemaVersion \(UsageModel.schemaVersion) (got \(version))")
    }
    return version
}
