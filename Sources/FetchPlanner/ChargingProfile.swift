import ReveilleCore

/// An interval during which the device was plugged in to power (e.g. knowledgeC
/// `/device/isPluggedIn`, or `reveille import knowledgec-plugged` CSV rows).
public struct ChargingInterval: Sendable, Codable, Equatable {
    /// Start, Unix seconds.
    public var start: Double
    /// End, Unix seconds (`end ≥ start`).
    public var end: Double
    /// UTC offset in effect during the interval, seconds east (its local clock).
    public var utcOffsetSeconds: Int
    /// Creates an interval.
    public init(start: Double, end: Double, utcOffsetSeconds: Int) {
        self.start = start
        self.end = end
        self.utcOffsetSeconds = utcOffsetSeconds
    }
}

/// The empirical probability that the device is charging at each local slot of the day, separately
/// for weekdays (Mon–Fri) and weekend days.
///
/// `P(charging | kind, slot s) = Σ_days overlap(plugged, slot s of that day) / (slotSeconds · days of
/// that kind observed)`, clamped to [0, 1] (overlapping intervals count once at most per slot).
/// Observed days run from the local day of the earliest start to that of the latest end; days in
/// between without any interval count as not charging. A kind with no observed day gets the other
/// kind's profile; with no intervals at all every probability is 0.
public struct ChargingProfile: Sendable, Codable, Equatable {
    /// Slot length in seconds (divides 86 400).
    public var slotSeconds: Double
    /// Per slot of the day, weekdays.
    public var weekday: [Double]
    /// Per slot of the day, weekend days.
    public var weekend: [Double]
    /// Weekdays observed.
    public var weekdaysObserved: Int
    /// Weekend days observed.
    public var weekendDaysObserved: Int

    /// The longest plugged-in interval accepted: 31 days. The estimate walks every slot of every
    /// interval, so a corrupt interval spanning decades would otherwise cost time and memory in
    /// proportion to its span.
    public static let maximumIntervalSeconds: Double = 31 * 86_400

    /// Estimates the profile.
    /// - Throws: ``PlanningError`` (`invalidCharging`) for an interval outside the years 1990–2100
    ///   (``LaunchHistory/LocalClock/isValidInstant(_:)``), `end < start`, one longer than
    ///   ``maximumIntervalSeconds``, an offset beyond ±18 h, or a slot length that does not divide a day.
    /// - Complexity: O(total plugged duration / slotSeconds + days).
    public static func estimate(_ intervals: [ChargingInterval], slotSeconds: Double = 300) throws -> ChargingProfile {
        let perDay = Int((LocalClock.secondsPerDay / slotSeconds).rounded())
        guard slotSeconds > 0, Double(perDay) * slotSeconds == LocalClock.secondsPerDay else {
            throw PlanningError(.invalidCharging, field: "slotSeconds", expected: "a slot length dividing 86400")
        }
        for (k, i) in intervals.enumerated() where !(LocalClock.isValidInstant(i.start) && LocalClock.isValidInstant(i.end)
                                                     && i.end >= i.start && i.end - i.start <= maximumIntervalSeconds
                                                     && LocalClock.isValidOffset(i.utcOffsetSeconds)) {
            throw PlanningError(.invalidCharging, field: "intervals[\(k)]",
                                expected: "start ≤ end in the years 1990–2100, at most 31 days apart, and an offset within ±18 h")
        }
        var sums = [[Double]](repeating: [Double](repeating: 0, count: perDay), count: 2)
        var covered = Set<Int>()  // (local day · perDay + slot) already counted, so overlaps count once
        var firstDay = Int.max, lastDay = Int.min
        for i in intervals {
            let lo = i.start + Double(i.utcOffsetSeconds), hi = i.end + Double(i.utcOffsetSeconds)
            firstDay = min(firstDay, LocalClock.day(localSeconds: lo))
            lastDay = max(lastDay, LocalClock.day(localSeconds: hi))
            var cell = Int((lo / slotSeconds).rounded(.down))
            while Double(cell) * slotSeconds < hi {
                let a = max(lo, Double(cell) * slotSeconds), b = min(hi, Double(cell + 1) * slotSeconds)
                if b > a, covered.insert(cell).inserted {
                    let day = cell >= 0 ? cell / perDay : (cell - perDay + 1) / perDay
                    let kind = LocalClock.weekday(day: day) >= 5 ? 1 : 0
                    sums[kind][cell - day * perDay] += (b - a) / slotSeconds
                }
                cell += 1
            }
        }
        var days = [0, 0]
        if firstDay <= lastDay { for d in firstDay...lastDay { days[LocalClock.weekday(day: d) >= 5 ? 1 : 0] += 1 } }
        let rates = (0..<2).map { k in sums[k].map { days[k] > 0 ? min(1, $0 / Double(days[k])) : 0 } }
        return ChargingProfile(slotSeconds: slotSeconds, weekday: days[0] > 0 ? rates[0] : rates[1],
                               weekend: days[1] > 0 ? rates[1] : rates[0], weekdaysObserved: days[0], weekendDaysObserved: days[1])
    }

    /// P(charging) at `instant` with the local offset `utcOffsetSeconds`.
    public func probability(at instant: Double, utcOffsetSeconds: Int) -> Double {
        let local = LocalClock.localSeconds(instant: instant, utcOffsetSeconds: utcOffsetSeconds)
        let day = LocalClock.day(localSeconds: local)
        let slot = min(weekday.count - 1, Int(LocalClock.secondOfDay(localSeconds: local) / slotSeconds))
        let table = LocalClock.weekday(day: day) >= 5 ? weekend : weekday
        return slot >= 0 && slot < table.count ? table[slot] : 0
    }
}
