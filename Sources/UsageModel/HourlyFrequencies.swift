/// Per app, 24 frequencies (one per local hour of day): cold launches per day in that hour.
/// Aggregates only — what the product forecaster blends in and what a model file may store.
public struct HourlyFrequencies: Sendable, Equatable, Codable {
    /// App identifiers, sorted and distinct.
    public let apps: [String]
    /// 24 values per app, aligned with ``apps``.
    public let rows: [[Double]]

    /// Frequencies for `apps` (sorted, distinct) with one 24-value row each.
    public init(apps: [String], rows: [[Double]]) {
        self.apps = apps
        self.rows = rows
    }

    /// No app.
    public static let empty = HourlyFrequencies(apps: [], rows: [])

    /// The 24 values of `app`, or `nil`. O(log apps).
    public func row(of app: String) -> [Double]? {
        var lo = 0, hi = apps.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if apps[mid] < app { lo = mid + 1 } else { hi = mid }
        }
        return lo < apps.count && apps[lo] == app && rows[lo].count == 24 ? rows[lo] : nil
    }
}
