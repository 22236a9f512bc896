import ReveilleCore

/// The device's local clock over the horizon: the offset in effect at each instant, from the
/// request's initial offset and its ``OffsetChange`` list. The one place local time is derived.
struct _LocalTimeline: Sendable {
    let initialOffset: Int
    let changes: [OffsetChange]

    /// The UTC offset in effect at `instant` (the last change at or before it).
    func offset(at instant: Double) -> Int {
        var result = initialOffset
        for change in changes where change.at <= instant { result = change.utcOffsetSeconds }
        return result
    }

    /// The local day number (days since 1970-01-01 in local time) of `instant`.
    func localDay(_ instant: Double) -> Int {
        LocalClock.day(localSeconds: LocalClock.localSeconds(instant: instant, utcOffsetSeconds: offset(at: instant)))
    }

    /// Local minute of day (0..<1440) of `instant`.
    func minuteOfDay(_ instant: Double) -> Int {
        let local = LocalClock.localSeconds(instant: instant, utcOffsetSeconds: offset(at: instant))
        return Int(LocalClock.secondOfDay(localSeconds: local) / 60)
    }

    /// ISO-8601 text with the offset in effect at `instant`.
    func iso(_ instant: Double) -> String {
        TimestampParser.formatISO(instant: instant, utcOffsetSeconds: offset(at: instant))
    }

    /// `YYYY-MM-DD` of a local day number.
    static func dateText(day: Int) -> String { CSVText.date(day: day) }
}
