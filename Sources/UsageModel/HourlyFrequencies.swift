/// Per app, 24 frequencies (one per local hour of day): cold launches per day in that hour.
/// Aggregates only — what the product forecaster blends in and what a model file may store.
///
/// Frequencies counted over whole days (``init(apps:counts:days:)``) are stored as those counts
/// and the day count, `{"apps", "days", "counts"}`, which reads back to the same values bit for
/// bit in about a quarter of the bytes; other frequencies as `{"apps", "rows"}`.
public struct HourlyFrequencies: Sendable, Equatable, Codable {
    /// App identifiers, sorted and distinct.
    public let apps: [String]
    /// 24 values per app, aligned with ``apps``.
    public let rows: [[Double]]
    /// Per app, the 24 counts the rows are `count / days` of, with `days`, when they are.
    private let counted: (counts: [[Int]], days: Int)?

    /// Frequencies for `apps` (sorted, distinct) with one 24-value row each.
    public init(apps: [String], rows: [[Double]]) {
        self.apps = apps
        self.rows = rows
        self.counted = nil
    }

    /// Frequencies `count / days` (`days` at least 1) for `apps` (sorted, distinct), with 24
    /// counts per app.
    public init(apps: [String], counts: [[Int]], days: Int) {
        let days = max(1, days)
        self.apps = apps
        self.rows = counts.map { row in row.map { Double($0) / Double(days) } }
        self.counted = (counts, days)
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

    /// Equal apps and values (however they are stored).
    public static func == (a: HourlyFrequencies, b: HourlyFrequencies) -> Bool {
        a.apps == b.apps && a.rows == b.rows
    }

    private enum CodingKeys: String, CodingKey { case apps, rows, counts, days }

    /// Reads `{"apps", "days", "counts"}` (non-negative counts, `days` ≥ 1) or `{"apps", "rows"}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let apps = try c.decode([String].self, forKey: .apps)
        guard let counts = try c.decodeIfPresent([[Int]].self, forKey: .counts) else {
            self.init(apps: apps, rows: try c.decode([[Double]].self, forKey: .rows))
            return
        }
        let days = try c.decode(Int.self, forKey: .days)
        guard days >= 1, counts.allSatisfy({ $0.allSatisfy { $0 >= 0 } }) else {
            throw DecodingError.dataCorruptedError(forKey: .counts, in: c, debugDescription: "non-negative counts over days ≥ 1")
        }
        self.init(apps: apps, counts: counts, days: days)
    }

    /// Writes the counts form when the frequencies were counted, else the rows.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(apps, forKey: .apps)
        if let counted {
            try c.encode(counted.days, forKey: .days)
            try c.encode(counted.counts, forKey: .counts)
        } else {
            try c.encode(rows, forKey: .rows)
        }
    }
}
