import Foundation
import ReveilleCore
import LaunchHistory

extension UsageModel {
    enum CodingKeys: String, CodingKey {
        case schemaVersion, engineVersion, options, device, apps, profiles, coefficients
        case zone, utcOffsetSeconds, trainedThroughDay, summary, notes, dataDigest, recentHourlyFrequencies
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
        try c.encodeIfPresent(zone, forKey: .zone)
        try c.encode(utcOffsetSeconds, forKey: .utcOffsetSeconds)
        try c.encode(trainedThroughDay, forKey: .trainedThroughDay)
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
        zone = try c.decodeIfPresent(String.self, forKey: .zone)
        utcOffsetSeconds = try c.decode(Int.self, forKey: .utcOffsetSeconds)
        trainedThroughDay = try c.decode(String.self, forKey: .trainedThroughDay)
        recency = nil
        summary = try c.decode(FitSummary.self, forKey: .summary)
        notes = try c.decode([String].self, forKey: .notes)
        dataDigest = try c.decode(String.self, forKey: .dataDigest)
        recentHourlyFrequencies = try c.decodeIfPresent(HourlyFrequencies.self, forKey: .recentHourlyFrequencies)
        reactive = try c.decodeIfPresent(ReactiveStatistics.self, forKey: .reactive)
        do {
            try reactive?.validate()
            try _checkConsistency()
        } catch let error as UsageModelError {
            throw UsageModelError(error.code, expected: error.expected, field: error.field ?? DecodingErrorText.path(decoder.codingPath))
        }
    }

    func _checkConsistency() throws {
        try options.validate()
        // A tau of, say, 1,439 minutes would plan on 1-minute slots with a 1,439-slot cover: 200×
        // the work of any file `reveille train` writes.
        guard options.tauMinutes.truncatingRemainder(dividingBy: UsageModelOptions.trainedTauStepMinutes) == 0 else {
            throw UsageModelError(.unsupportedModel, expected: "options.tauMinutes a multiple of 5 (as reveille train writes)")
        }
        let n = options.slotsPerDay
        func fail(_ what: String) -> UsageModelError { UsageModelError(.unsupportedModel, expected: what) }
        guard apps == apps.sorted(), Set(apps).count == apps.count else { throw fail("sorted, distinct apps") }
        guard profiles.map(\.app) == apps else { throw fail("one profile per app, in app order") }
        for p in profiles where !(p.rateScale.isFinite && p.rateScale >= 0 && p.rateScale <= Self.maximumRate) {
            throw fail("finite, non-negative rates of at most \(Int(Self.maximumRate)) for app '\(p.app)'")
        }
        for p in profiles where p.dayRates.count != n || p.weekdayRates.count != 7 * n {
            throw fail("profiles.dayRateSteps and .weekdayRateSteps of app '\(p.app)': rate steps of \(n) and \(7 * n) codes (older files: base64 dayRates and weekdayRates)")
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
            let rates = [p.dailyRate, p.launchEvidence, p.rateScale] + p.dayRates + p.weekdayRates
            guard rates.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= Self.maximumRate }) else {
                throw fail("finite, non-negative rates of at most \(Int(Self.maximumRate)) for app '\(p.app)'")
            }
            guard p.bandwidthMinutes.isFinite, p.bandwidthMinutes > 0 else {
                throw fail("a finite, positive bandwidth for app '\(p.app)'")
            }
        }
        // Whole minutes, as every offset since 1990 and every ISO 8601 offset a schedule prints
        // (17 s would print a window's `at` 17 s away from its `atUnix`).
        guard LocalClock.isValidOffset(utcOffsetSeconds), utcOffsetSeconds % 60 == 0 else {
            throw fail("utcOffsetSeconds within ±18:00 (±64800) in whole minutes")
        }
        if let zone, TimeZone(identifier: zone) == nil { throw fail("zone: an IANA time zone such as America/New_York") }
        guard trainedThroughDay.utf8.count == 10, let day = trainedThroughLocalDay,
              LocalClock.isValidInstant(Double(day) * LocalClock.secondsPerDay) else {
            throw fail("trainedThroughDay: a real date YYYY-MM-DD in \(LocalClock.validInstantDescription)")
        }
    }

    /// The largest rate a model file may hold (launches per day or per slot-day): far above any
    /// person's use, far below where sums could overflow to infinity.
    static let maximumRate = 1e6
}

/// A model file: one ``UsageModel`` per device, as JSON `{"devices": {id: model}, "schemaVersion": 2}`
/// with sorted keys (byte-identical for the same models). Non-finite numbers (e.g. an infinite
/// `halfLifeDays`) are written as the strings `"inf"`, `"-inf"`, `"nan"`.
///
/// Decoding checks the file's own `schemaVersion` (only 2 is read; 1 is refused with a message to
/// retrain) as well as every model's.
///
/// Layout: the top level holds `schemaVersion` and `devices`; each device's model holds its
/// options, apps, per-app ``AppProfile``s, the scorer's coefficients, the device's clock and the
/// aggregate sections (today `recentHourlyFrequencies`). A new aggregate section is one more
/// optional key of ``UsageModel`` (its `CodingKeys`, `encode(to:)`, `init(from:)` and
/// `_checkConsistency()`), which a reader of this version ignores.
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
        // Each model is its key's: a model whose own `device` differs would be planned and
        // named as another device.
        for key in devices.keys.sorted() where devices[key]?.device != key {
            throw UsageModelError(.unsupportedModel, expected: "the model of device '\(key)' (its device field is "
                                      + "'\(devices[key]?.device ?? "")')", field: "devices.\(key).device")
        }
    }

    /// Device identifiers, sorted.
    public var deviceIDs: [String] { devices.keys.sorted() }

    /// Compact JSON with sorted keys, ending in a newline (compact because a device's rates are
    /// thousands of numbers; pipe through `jq` to read it).
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = DeterministicJSON.nonFiniteAsStrings
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
        } catch let error as DecodingError {
            throw UsageModelError(.unsupportedModel, expected: "a Reveille model JSON file (\(DecodingErrorText.reason(error, in: data)))",
                                  field: DecodingErrorText.field(error))
        } catch {
            throw UsageModelError(.unsupportedModel, expected: "a Reveille model JSON file (\(error))")
        }
    }

    /// The model of `device`, or the only model when `device` is `nil` and there is exactly one.
    /// `source` names the file in errors.
    /// - Throws: `UnknownDeviceError` for a device not in the file, `DeviceChoiceError` (a usage
    ///   mistake: `--device` is needed) when `device` is `nil` and the file holds several,
    ///   ``UsageModelError`` (`unknownDevice`) when it holds none.
    public func model(device: String?, source: String = "the model file") throws -> UsageModel {
        if let device {
            guard let m = devices[device] else {
                throw UnknownDeviceError(device: device, source: source, available: deviceIDs)
            }
            return m
        }
        guard !devices.isEmpty else {
            throw UsageModelError(.unknownDevice, expected: "a model of at least one device (the file holds none)")
        }
        guard devices.count == 1, let only = deviceIDs.first, let m = devices[only] else {
            throw DeviceChoiceError(source: source, available: deviceIDs)
        }
        return m
    }
}

/// `version` when this build reads it (``UsageModel/schemaVersion``), else ``UsageModelError``
/// (`unsupportedModel`) saying what `what` must be.
func _supportedSchemaVersion(_ version: Int, of what: String) throws -> Int {
    if version == 1 {
        throw UsageModelError(.unsupportedModel, expected: "\(what) of schemaVersion \(UsageModel.schemaVersion) (got 1: "
            + "version 1 files held launch times and are no longer read; retrain with `reveille train`)")
    }
    guard version == UsageModel.schemaVersion else {
        throw UsageModelError(.unsupportedModel, expected: "\(what) of schemaVersion \(UsageModel.schemaVersion) (got \(version))")
    }
    return version
}

