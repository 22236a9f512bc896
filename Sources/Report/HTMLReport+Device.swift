import LaunchHistory
import ReveilleCore

extension _Sections {
    /// One device: summary line, launch heatmaps, probability heatmaps, schedule timelines.
    static func device(_ name: String, index: Int, input: ReportInput, options: ReportOptions, tauSeconds: Double) -> String {
        let history = input.history.device(name)
        let launches = history.map { Array($0.launches) } ?? []
        let ranked = _LaunchStatistics.appsByLaunches(launches)
        var s = "<section class=\"device\" id=\"device-\(index + 1)\"><h2>Device \(htmlEscaped(name))</h2>"
        if let first = history?.firstLocalDay, let last = history?.lastLocalDay {
            s += "<p class=\"muted\">\(launches.count) launches of \(ranked.count) apps over \(last - first + 1) local days, \(_dateLabel(first)) to \(_dateLabel(last)).</p>"
            s += "<h3>Launches by weekday and hour</h3><div class=\"grid\">"
            s += countFigure(title: "All apps", launches: launches, app: nil)
            for top in ranked.prefix(max(0, options.topApps)) {
                s += countFigure(title: top.app, launches: launches, app: top.app)
            }
            s += "</div>"
        } else {
            s += "<p class=\"muted\">No launches of this device in the history.</p>"
        }
        s += probabilities(input.profiles.filter { $0.device == name }, ranked: ranked, limit: options.topApps)
        for schedule in input.schedules where schedule.device == name {
            s += scheduleFigures(schedule, device: history, options: options, tauSeconds: tauSeconds)
        }
        return s + "</section>\n"
    }

    static func countFigure(title: String, launches: [LaunchEvent], app: String?) -> String {
        let grid = _LaunchStatistics.weekdayHourGrid(launches, app: app)
        let total = grid.reduce(0) { $0 + $1.reduce(0, +) }
        let peak = grid.flatMap { $0 }.max() ?? 0
        return _HeatmapSVG.figure(title: title, note: "\(total) launches", values: grid.map { $0.map(Double.init) },
                                  scaleMax: Double(peak), maxLabel: "\(peak)") { "\(Int($0)) launches" }
    }

    /// Probability heatmaps for the device's profiles: most launched apps first (then by name), on
    /// one shared colour scale so they compare.
    static func probabilities(_ profiles: [ProbabilityProfile], ranked: [(app: String, launches: Int)], limit: Int) -> String {
        guard !profiles.isEmpty, limit > 0 else { return "" }
        var rank: [String: Int] = [:]
        for (i, r) in ranked.enumerated() { rank[r.app] = i }
        let shown = profiles.sorted { (rank[$0.app] ?? Int.max, $0.app) < (rank[$1.app] ?? Int.max, $1.app) }.prefix(limit)
        let tables = shown.map { p in (0..<7).map { w in (0..<24).map { p.probability(weekday: w, hour: $0) } } }
        let peak = tables.flatMap { $0.flatMap { $0 } }.max() ?? 0
        var s = "<h3>Model: probability of a launch in each hour</h3><div class=\"grid\">"
        for (p, table) in zip(shown, tables) {
            let daily = table.reduce(0) { $0 + $1.reduce(0, +) } / 7
            s += _HeatmapSVG.figure(title: p.app, note: "≈ \(_fixed(daily, 1)) hours/day with a launch", values: table,
                                    scaleMax: peak, maxLabel: _rate(peak)) { "p = \(_rate($0))" }
        }
        return s + "</div>"
    }

    static func scheduleFigures(_ schedule: PlannedSchedule, device: DeviceHistory?, options: ReportOptions, tauSeconds: Double) -> String {
        let days = _TimelineDay.days(schedule, device: device, tauSeconds: tauSeconds, limit: options.maxTimelineDays)
        var s = "<h3>Schedule</h3>"
        var facts = ["\(schedule.windows.count) fetches planned"]
        if let limit = schedule.budgetLimit { facts.append("budget \(_n(limit))/day") }
        if let planned = schedule.budgetPlanned { facts.append("\(_n(planned)) units planned") }
        s += "<p class=\"muted\">\(htmlEscaped(facts.joined(separator: " · ")))</p>"
        s += "<ul class=\"keys\"><li><span class=\"bar\"></span>window and fetch</li><li><span class=\"dot hit\"></span>cold launch, hit</li>"
            + "<li><span class=\"dot miss\"></span>cold launch, missed</li><li><span class=\"dot warm\"></span>warm launch</li></ul>"
        for day in days {
            let outcome = day.coldLaunches > 0 ? "\(day.hits) of \(day.coldLaunches) cold launches hit (\(_percent(Double(day.hits) / Double(day.coldLaunches))))"
                : "no launches in the history on this day"
            s += "<figure class=\"timeline-day\"><figcaption><b>\(_dateLabel(day.day))</b> <span class=\"muted\">\(day.windows.count) fetches · \(outcome)</span></figcaption>"
            s += "<div class=\"scroll\">\(day.svg())</div></figure>"
        }
        if !schedule.leftOut.isEmpty {
            let items = schedule.leftOut.prefix(10).map { l in
                "<li><code>\(htmlEscaped(l.app))</code> <span class=\"muted\">\(htmlEscaped([l.constraint, l.detail].compactMap { $0 }.joined(separator: ": ")))</span></li>"
            }
            let more = schedule.leftOut.count > 10 ? "<li class=\"muted\">and \(schedule.leftOut.count - 10) more</li>" : ""
            s += "<details><summary>\(schedule.leftOut.count) apps left out</summary><ul>\(items.joined())\(more)</ul></details>"
        }
        return s
    }
}
