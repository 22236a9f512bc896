import Foundation
import LaunchHistory
import ReveilleCore

/// The parameters that generated a simulated dataset: per device, every app's intensity profile,
/// burst parameters, active days, drift and the offsets timeline — enough to recompute the true
/// launch intensities and, from them, the true probabilities a perfect model would predict
/// (``slotProbabilities(device:from:slots:slotSeconds:history:tauSeconds:)``).
///
/// Stored as JSON with sorted keys (`reveille simulate --truth truth.json`).
public struct GroundTruth: Codable, Sendable, Equatable {
    /// Version of this JSON layout.
    public var schemaVersion: Int
    /// The generator that wrote it.
    public var generator: String
    /// Seed of the simulation.
    public var seed: UInt64
    /// First simulated local day, `YYYY-MM-DD`.
    public var startDate: String
    /// Simulated local days per device.
    public var days: Int
    /// Devices sorted by identifier.
    public var devices: [DeviceTruth]

    /// The current ``schemaVersion``.
    public static let currentSchemaVersion = 1

    /// A truth value; devices are sorted by identifier.
    public init(seed: UInt64, startDate: String, days: Int, devices: [DeviceTruth]) {
        self.schemaVersion = Self.currentSchemaVersion
        self.generator = "reveille-simulate/1"
        self.seed = seed
        self.startDate = startDate
        self.days = days
        self.devices = devices.sorted { $0.device < $1.device }
    }

    /// Reads a truth file written by `reveille simulate --truth`. Throws ``GroundTruthError``
    /// (an ``InputDataError``) when the file is missing, not JSON of this shape, or of another
    /// schema version.
    public static func load(path: String) throws(GroundTruthError) -> GroundTruth {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw GroundTruthError(path: path, reason: "cannot read the file")
        }
        let truth: GroundTruth
        do { truth = try JSONDecoder().decode(GroundTruth.self, from: data) } catch {
            throw GroundTruthError(path: path, reason: "not a ground-truth JSON file (\(Self._describe(error)))")
        }
        guard truth.schemaVersion == currentSchemaVersion else {
            throw GroundTruthError(path: path, reason: "schemaVersion \(truth.schemaVersion), expected \(currentSchemaVersion)")
        }
        return truth
    }

    /// The JSON encoding: sorted keys and no insignificant whitespace (one line; about 60 kB per
    /// device), so the same truth gives the same bytes.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The device with identifier `id`, if simulated. Complexity: O(log devices).
    public func device(_ id: String) -> DeviceTruth? {
        var low = 0, high = devices.count
        while low < high {
            let mid = (low + high) / 2
            if devices[mid].device < id { low = mid + 1 } else { high = mid }
        }
        return low < devices.count && devices[low].device == id ? devices[low] : nil
    }

    static func _describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "missing field \(key.stringValue)"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            return "bad field \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted: return "malformed JSON"
        default: return "undecodable"
        }
    }
}

/// A ground-truth file that cannot be used (CLI exit 65).
public struct GroundTruthError: InputDataError, Equatable {
    /// The file.
    public var path: String
    /// What is wrong with it.
    public var reason: String
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }

    /// An error naming `path` and what is wrong with it.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
