import LaunchHistory
import ReveilleCore

/// One local day of a schedule on a 24-hour timeline: a row per scheduled app (the model's hourly
/// probability as a band under the row, windows as boxes at least 3 px wide, fetch instants as
/// ticks, each fetch's cover window `[fetch, fetch + τ)` as a span) plus one row for launches of
/// unscheduled apps; launches are dots (cold hit: filled green, cold miss: hollow red ring, warm:
/// small grey). The axis names the local time's UTC offset.
struct _TimelineDay {
    /// A launch to draw: its app, local second of day, and class.
    struct Mark { var app: String; var second: Double; var kind: Kind }
    enum Kind: String { case hit, miss, warm }

    var day: Int
    var windows: [PlannedWindow]
    var marks: [Mark]
    /// UTC offsets of the day's local time, in time order (two across a DST change), for the
    /// axis; empty when unknown. See ``offsets(_:day:)``.
    var utcOffsets: [Int] = []
    /// Freshness window τ: each fetch covers `[fetch, fetch + τ)`.
    var tauSeconds: Double = 3600
    /// The model's P(launch in hour) for this day's weekday per app (24 values), when known.
    var hourly: [String: [Double]] = [:]

    /// The largest hourly probability among the scheduled apps (the band's full height).
    var bandPeak: Double { rows.compactMap { hourly[$0]?.max() }.max() ?? 0 }

    /// `local time, UTC+02:00`; across a change `local time, UTC-05:00, then UTC-04:00`
    /// (`local time` when the offset is unknown).
    var axisLabel: String {
        (["local time"] + utcOffsets.enumerated().map { "\($0.offset == 0 ? "" : "then ")UTC\(TimestampParser.formatOffset($0.element))" })
            .joined(separator: ", ")
    }

    static let width = 790.0, labelWidth = 180.0, right = 10.0, rowHeight = 22.0, top = 22.0

    /// Counts for the day's caption: cold launches and how many were hits.
    var coldLaunches: Int { marks.filter { $0.kind != .warm }.count }
    var hits: Int { marks.filter { $0.kind == .hit }.count }

    /// Scheduled apps in order of their first fetch (ties: name), then the catch-all row.
    var rows: [String] {
        var first: [String: Double] = [:]
        for w in windows { first[w.app] = min(first[w.app] ?? .infinity, w.at.instant) }
        return first.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
    }

    func x(_ secondOfDay: Double) -> Double {
        Self.labelWidth + min(86_400, max(0, secondOfDay)) / 86_400 * (Self.width - Self.labelWidth - Self.right)
    }

    /// Local second of day of an instant relative to this day (may fall outside [0, 86400)).
    func second(_ t: ReportInstant) -> Double { t.localSeconds - Double(day) * LocalClock.secondsPerDay }

    func svg() -> String {
        let names = rows
        let scheduled = Set(names)
        let allRows = names + ["other apps"]
        let height = Self.top + Double(allRows.count) * Self.rowHeight + 6
        var s = "<svg class=\"timeline\" viewBox=\"0 0 \(_n(Self.width)) \(_n(height))\" role=\"img\" aria-label=\"Schedule for \(_dateLabel(day)), \(axisLabel)\">"
        s += _axis(height: height)
        s += "<text class=\"axis zone\" x=\"\(_n(Self.labelWidth - 6))\" y=\"12\" text-anchor=\"end\">\(htmlEscaped(axisLabel))</text>"
        for (i, app) in allRows.enumerated() {
            let y = Self.top + Double(i) * Self.rowHeight
            let isOther = i == names.count
            let label = isOther ? "unscheduled apps" : _truncatedHead(app, 25)
            s += "<text class=\"\(isOther ? "axis muted" : "app")\" x=\"\(_n(Self.labelWidth - 6))\" y=\"\(_n(y + 15))\" text-anchor=\"end\"><title>\(htmlEscaped(isOther ? "launches of apps without a fetch" : app))</title>\(htmlEscaped(label))</text>"
            s += "<line class=\"row\" x1=\"\(_n(Self.labelWidth))\" x2=\"\(_n(Self.width - Self.right))\" y1=\"\(_n(y + 11))\" y2=\"\(_n(y + 11))\"/>"
            if !isOther {
                s += _band(app: app, y: y) + _fetches(app: app, y: y)
            }
            let own = marks.filter { isOther ? !scheduled.contains($0.app) : $0.app == app }
            s += own.map { _mark($0, y: y) }.joined()
        }
        return s + "</svg>"
    }

    func _axis(height: Double) -> String {
        var s = ""
        for h in 0...24 {
            let x = x(Double(h) * 3600)
            s += "<line class=\"\(h % 3 == 0 ? "grid" : "grid minor")\" x1=\"\(_n(x))\" x2=\"\(_n(x))\" y1=\"\(_n(Self.top - 4))\" y2=\"\(_n(height - 4))\"/>"
            if h % 3 == 0 {
                let anchor = h == 24 ? "end" : (h == 0 ? "start" : "middle")
                s += "<text class=\"axis\" x=\"\(_n(x))\" y=\"12\" text-anchor=\"\(anchor)\">\(_pad2(h)):00</text>"
            }
        }
        return s
    }

    func _fetches(app: String, y: Double) -> String {
        var s = ""
        for w in windows where w.app == app {
            let at = second(w.at)
            let lo = w.earliestBegin.map(second) ?? at, hi = w.latestBegin.map(second) ?? at
            if hi > lo {
                s += "<rect class=\"window\" x=\"\(_n(x(lo) - 1))\" y=\"\(_n(y + 5))\" width=\"\(_n(max(3, x(hi) - x(lo) + 2)))\" height=\"12\" rx=\"2\"/>"
            }
            s += "<rect class=\"cover\" x=\"\(_n(x(at)))\" y=\"\(_n(y + 9))\" width=\"\(_n(max(1, x(at + tauSeconds) - x(at))))\" height=\"4\">"
                + "<title>\(htmlEscaped("\(w.app) · covers launches from \(_clock(max(0, at))) to \(_clock(min(86_400, at + tauSeconds)))"))</title></rect>"
            var tip = "\(w.app) · fetch at \(_clock(max(0, at)))"
            if let p = w.probability { tip += " · p \(_rate(p))" }
            if let reason = w.reason { tip += " · \(reason)" }
            s += "<line class=\"fetch\" x1=\"\(_n(x(at)))\" x2=\"\(_n(x(at)))\" y1=\"\(_n(y + 2))\" y2=\"\(_n(y + 20))\"><title>\(htmlEscaped(tip))</title></line>"
        }
        return s
    }

    /// The model's hourly probability for `app` as bars under its row, full height at ``bandPeak``.
    func _band(app: String, y: Double) -> String {
        let peak = bandPeak
        guard let p = hourly[app], peak > 0 else { return "" }
        var s = ""
        for (h, value) in p.prefix(24).enumerated() where value > 0 {
            let height = 18 * min(1, value / peak)
            s += "<rect class=\"band\" x=\"\(_n(x(Double(h) * 3600)))\" y=\"\(_n(y + 20 - height))\" width=\"\(_n(x(3600) - x(0)))\" height=\"\(_n(height))\">"
                + "<title>\(htmlEscaped("\(app) · \(_pad2(h)):00 · model p = \(_rate(value))"))</title></rect>"
        }
        return s
    }

    func _mark(_ m: Mark, y: Double) -> String {
        let tip = "<title>\(htmlEscaped(m.app)) · launch at \(_clock(m.second)) · \(m.kind == .warm ? "warm" : (m.kind == .hit ? "cold, hit" : "cold, missed"))</title>"
        let r = m.kind == .warm ? 2.0 : 4.0
        return "<circle class=\"launch \(m.kind.rawValue)\" cx=\"\(_n(x(m.second)))\" cy=\"\(_n(y + 11))\" r=\"\(_n(r))\">\(tip)</circle>"
    }
}

extension _TimelineDay {
    /// The days a schedule covers, at most `limit`, each with the launches the history holds for
    /// it: every local day of its horizon (from the start's day to the end's, each read with its
    /// own offset) and every local day with a window (each window's day under its own offset),
    /// in order. Each day is drawn in its own offsets (``offsets(_:day:)``).
    static func days(_ schedule: PlannedSchedule, device: DeviceHistory?, tauSeconds: Double, limit: Int,
                     profiles: [ProbabilityProfile] = []) -> [_TimelineDay] {
        var numbers = Set(schedule.windows.map { LocalClock.day(localSeconds: $0.at.localSeconds) })
        if let start = schedule.horizonStart {
            let first = LocalClock.day(localSeconds: start.localSeconds)
            let endLocal = schedule.horizonEnd?.localSeconds ?? start.localSeconds + 1
            numbers.formUnion(first...max(first, LocalClock.day(localSeconds: endLocal - 0.001)))
        }
        let dayNumbers = numbers.sorted().prefix(max(0, limit))
        let fetches = _LaunchStatistics.fetchInstants(schedule)
        let launches = device.map { Array($0.launches) } ?? []
        let cold = _LaunchStatistics.coldFlags(launches, tauSeconds: tauSeconds)
        return dayNumbers.map { day in
            let windows = schedule.windows.filter { LocalClock.day(localSeconds: $0.at.localSeconds) == day }
            var marks: [Mark] = []
            for (e, isCold) in zip(launches, cold) where e.localDay == day {
                let hit = _LaunchStatistics.isHit(app: e.app, at: e.instant, fetches: fetches, tauSeconds: tauSeconds)
                marks.append(Mark(app: e.app, second: LocalClock.secondOfDay(localSeconds: e.localSeconds),
                                  kind: isCold ? (hit ? .hit : .miss) : .warm))
            }
            var hourly: [String: [Double]] = [:]
            for p in profiles where p.device == schedule.device {
                hourly[p.app] = (0..<24).map { p.probability(weekday: LocalClock.weekday(day: day), hour: $0) }
            }
            return _TimelineDay(day: day, windows: windows, marks: marks, utcOffsets: offsets(schedule, day: day),
                                tauSeconds: tauSeconds, hourly: hourly)
        }
    }

    /// The offsets local day `day` is drawn in. A schedule writes every time with the offset in
    /// effect at it (a DST change inside the horizon changes its windows' offsets), so the day's
    /// offsets are those of its horizon start and windows that fall on it (each read with its
    /// own offset), in time order without repeats; a day without one takes the offset of the
    /// last such time before it, else of the first after it. Empty for a schedule without times.
    static func offsets(_ schedule: PlannedSchedule, day: Int) -> [Int] {
        let stamps = ([schedule.horizonStart].compactMap { $0 } + schedule.windows.map(\.at)).sorted { $0.instant < $1.instant }
        var own: [Int] = []
        for t in stamps where LocalClock.day(localSeconds: t.localSeconds) == day && own.last != t.utcOffsetSeconds {
            own.append(t.utcOffsetSeconds)
        }
        guard own.isEmpty else { return own }
        let before = stamps.last { LocalClock.day(localSeconds: $0.localSeconds) < day }
        return [(before ?? stamps.first)?.utcOffsetSeconds].compactMap { $0 }
    }
}
