/// Population-level priors used when a device or app has too little history of its own.
public enum PopulationPrior {
    /// Relative smartphone use per local hour 0–23 (a typical diurnal curve: quiet 1–6 h, rising
    /// from 7 h, flat through the day, peaking in the evening).
    public static let hourlyShares: [Double] = [
        2.5, 1.5, 1.0, 0.7, 0.6, 0.8, 1.5, 3.0, 4.5, 5.0, 5.0, 5.2,
        5.5, 5.3, 5.2, 5.2, 5.3, 5.5, 5.8, 6.0, 6.2, 6.3, 5.5, 4.2,
    ]

    /// The hourly shares spread over `slots` equal slots of a day, normalised to sum to 1.
    public static func timeOfDayShape(slots: Int) -> [Double] {
        guard slots > 0 else { return [] }
        let raw = (0..<slots).map { hourlyShares[min(23, $0 * 24 / slots)] }
        let total = raw.reduce(0, +)
        return raw.map { $0 / total }
    }
}
