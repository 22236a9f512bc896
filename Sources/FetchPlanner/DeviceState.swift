import Foundation
import ReveilleCore

/// Device state and per-app settings: the small JSON file a caller keeps beside the model.
///
/// ```json
/// {"lowPowerMode": false,
///  "apps": [{"app": "com.example.news", "forceQuit": false, "backgroundRefresh": true,
///            "earliestBegin": 1700000000, "maxFetchesPerDay": 4, "bytesPerFetch": 250000,
///            "fetchResults": {"newData": 12, "noData": 3, "failed": 1}}]}
/// ```
/// Every key is optional; missing ones take the defaults documented on the properties.
public struct DeviceState: Sendable, Codable, Equatable {
    /// Low Power Mode scales the energy budget by ``PlanningBudget/lowPowerScale``. Default false.
    public var lowPowerMode: Bool
    /// Per-app settings; apps not listed use ``AppSettings`` defaults. App names must be unique.
    public var apps: [AppSettings]

    /// Creates a state.
    public init(lowPowerMode: Bool = false, apps: [AppSettings] = []) {
        self.lowPowerMode = lowPowerMode
        self.apps = apps
    }

    /// Decodes a state, taking defaults for missing keys.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lowPowerMode = try c.decodeIfPresent(Bool.self, forKey: .lowPowerMode) ?? false
        apps = try c.decodeIfPresent([AppSettings].self, forKey: .apps) ?? []
    }

    /// Reads a state file; a missing, unreadable, malformed or invalid file (negative counts, a
    /// repeated app, …) throws ``PlanningError`` naming `path` and the field.
    public static func read(path: String) throws -> DeviceState {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlanningError(.unreadableState, field: path, expected: "a readable JSON file")
        }
        let state: DeviceState
        do {
            state = try JSONDecoder().decode(DeviceState.self, from: data)
        } catch let error as DecodingError {
            let field = DecodingErrorText.field(error).map { "\(path): \($0)" } ?? path
            throw PlanningError(.unreadableState, field: field, expected: "device-state JSON (\(DecodingErrorText.reason(error, in: data)))")
        } catch {
            throw PlanningError(.unreadableState, field: path, expected: "device-state JSON (\(error))")
        }
        do {
            try _Validation._state(state)
        } catch let error as PlanningError {
            throw PlanningError(error.code, field: "\(path): \(error.field)", expected: error.expected)
        }
        return state
    }
}

/// One app's platform settings and fetch-result history.
public struct AppSettings: Sendable, Codable, Equatable {
    /// The app identifier.
    public var app: String
    /// The user swiped the app away: iOS launches it in the background no more. Default false.
    public var forceQuit: Bool
    /// Background App Refresh enabled for the app. Default true.
    public var backgroundRefresh: Bool
    /// The app's requested earliest begin date (Unix seconds); no fetch before it. Default none.
    public var earliestBegin: Double?
    /// Cap on this app's fetches per local day, overriding ``PlatformRules/maxFetchesPerAppPerDay``.
    public var maxFetchesPerDay: Int?
    /// Bytes one fetch downloads, counted against ``PlanningBudget/dataBytesPerDay``. Default 0;
    /// at most ``maximumBytesPerFetch``.
    public var bytesPerFetch: Double
    /// The largest ``bytesPerFetch`` accepted: 10¹² bytes (a terabyte), far beyond any
    /// background fetch, and small enough that a day's summed bytes stay finite (a larger value
    /// such as 10³⁰⁸ summed to infinity, which a schedule cannot be written with).
    public static let maximumBytesPerFetch = 1e12
    /// Outcomes of past fetches. Default none.
    public var fetchResults: FetchResultCounts?

    /// Creates settings with the documented defaults.
    public init(app: String, forceQuit: Bool = false, backgroundRefresh: Bool = true, earliestBegin: Double? = nil,
                maxFetchesPerDay: Int? = nil, bytesPerFetch: Double = 0, fetchResults: FetchResultCounts? = nil) {
        self.app = app
        self.forceQuit = forceQuit
        self.backgroundRefresh = backgroundRefresh
        self.earliestBegin = earliestBegin
        self.maxFetchesPerDay = maxFetchesPerDay
        self.bytesPerFetch = bytesPerFetch
        self.fetchResults = fetchResults
    }

    /// Decodes settings, taking defaults for missing keys (`app` is required).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        app = try c.decode(String.self, forKey: .app)
        forceQuit = try c.decodeIfPresent(Bool.self, forKey: .forceQuit) ?? false
        backgroundRefresh = try c.decodeIfPresent(Bool.self, forKey: .backgroundRefresh) ?? true
        earliestBegin = try c.decodeIfPresent(Double.self, forKey: .earliestBegin)
        maxFetchesPerDay = try c.decodeIfPresent(Int.self, forKey: .maxFetchesPerDay)
        bytesPerFetch = try c.decodeIfPresent(Double.self, forKey: .bytesPerFetch) ?? 0
        fetchResults = try c.decodeIfPresent(FetchResultCounts.self, forKey: .fetchResults)
    }
}

/// Counts of past background-fetch outcomes (`UIBackgroundFetchResult`).
public struct FetchResultCounts: Sendable, Codable, Equatable {
    /// Fetches that found new content.
    public var newData: Int
    /// Fetches that found nothing new.
    public var noData: Int
    /// Fetches that failed (counted as bringing nothing).
    public var failed: Int
    /// Creates counts (each ≥ 0).
    public init(newData: Int, noData: Int, failed: Int) {
        self.newData = newData
        self.noData = noData
        self.failed = failed
    }

    /// Beta–Bernoulli posterior mean of P(new data):
    /// `(newData + alpha) / (newData + noData + failed + alpha + beta)`, summed in `Double` so
    /// counts near `Int.max` cannot overflow; clamped to `[0, 1]` (negative counts, which
    /// validation rejects, cannot push it outside).
    public func posteriorNewData(alpha: Double, beta: Double) -> Double {
        let total = Double(newData) + Double(noData) + Double(failed) + alpha + beta
        guard total > 0, total.isFinite else { return 1 }
        return min(1, max(0, (Double(newData) + alpha) / total))
    }
}

