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
            s += countSection(launches, ranked: ranked, topApps: options.topApps)
            s += standbyBuckets(history, ranked: ranked, limit: options.topApps)
        } else {
            s += "<p class=\"muted\">No launches of this device in the history.</p>"
        }
        s += probabilities(input.profiles.filter { $0.device == name }, ranked: ranked, limit: options.topApps)
        let profiles = input.profiles.filter { $0.device == name }
        let schedules = input.schedules.filter { $0.device == name }
        for schedule in schedules.prefix(max(0, options.maxSchedulesPerDevice)) {
            s += scheduleFigures(schedule, device: history, profiles: profiles, options: options, tauSeconds: tauSeconds)
        }
        if schedules.count > max(0, options.maxSchedulesPerDevice) {
            s += "<p class=\"muted\">\(schedules.count - max(0, options.maxSchedulesPerDevice)) more schedules of this device "
                + "are not drawn (the first \(max(0, options.maxSchedulesPerDevice)) are).</p>"
        }
        return s + "</section>\n"
    }

    /// Launch-count heatmaps (all apps, then the top apps) on one colour scale, whose legend —
    /// launches per weekday-hour cell, summed over the history — heads the section.
    static func countSection(_ launches: [LaunchEvent], ranked: [(app: String, launches: Int)], topApps: Int) -> String {
        let panels = [("All apps", nil as String?)] + ranked.prefix(max(0, topApps)).map { ($0.app, $0.app as String?) }
        let grids = panels.map { _LaunchStatistics.weekdayHourGrid(launches, app: $0.1) }
        let peak = grids.flatMap { $0.flatMap { $0 } }.max() ?? 0
        var s = "<h3>Launches by weekday and hour</h3><p class=\"scale\">One colour scale for this section: "
            + _HeatmapSVG.legend(maxLabel: "\(peak) launches in a weekday-hour (summed over the history)") + "</p><div class=\"grid\">"
        for ((title, _), grid) in zip(panels, grids) {
            let total = grid.reduce(0) { $0 + $1.reduce(0, +) }
            s += _HeatmapSVG.figure(title: title, note: "\(total) launches", values: grid.map { $0.map(Double.init) },
                                    scaleMax: Double(peak), maxLabel: nil) { "\(Int($0)) launches" }
        }
        return s + "</div>"
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
        var s = "<h3>Model: probability of a launch in each hour</h3><p class=\"scale\">One colour scale for this section: "
            + _HeatmapSVG.legend(maxLabel: "p = \(_rate(peak)) (probability of a launch in the hour)") + "</p><div class=\"grid\">"
        for (p, table) in zip(shown, tables) {
            let daily = table.reduce(0) { $0 + $1.reduce(0, +) } / 7
            s += _HeatmapSVG.figure(title: p.app, note: "≈ \(_fixed(daily, 1)) hours/day with a launch", values: table,
                                    scaleMax: peak, maxLabel: nil) { "p = \(_rate($0))" }
        }
        return s + "</div>" + weekdayEffects(Array(zip(shown.map(\.app), tables)), peak: peak)
    }

    /// The model's weekday effect: each cell's probability relative to the same hour's mean over
    /// the 7 weekdays (`p / mean − 1`), on one diverging scale for the section, so weekday
    /// differences that a shared probability scale flattens are visible. Hours whose mean is below
    /// 2 % of the section's peak probability are left white (their ratios are noise); when no cell
    /// differs by 0.5 % or more, a sentence says so instead.
    static func weekdayEffects(_ tables: [(app: String, table: [[Double]])], peak: Double) -> String {
        guard peak > 0 else { return "" }
        let effects = tables.map { entry in
            let means = (0..<24).map { h in entry.table.reduce(0) { $0 + (h < $1.count ? $1[h] : 0) } / 7 }
            return entry.table.map { row in
                row.enumerated().map { h, p in h < means.count && means[h] >= 0.02 * peak ? p / means[h] - 1 : 0 }
            }
        }
        let spread = effects.flatMap { $0.flatMap { $0.map(abs) } }.max() ?? 0
        guard spread >= 0.005 else { return "<p class=\"muted\">The model gives every weekday the same hourly probabilities.</p>" }
        let limit = "\(Int((spread * 100).rounded()))%"
        var s = "<h3>Model: weekday effect</h3><p class=\"scale\">One colour scale for this section: "
            + _HeatmapSVG.divergingLegend(lowLabel: "−\(limit)", highLabel: "+\(limit) relative to the mean of the hour over the week") + "</p><div class=\"grid\">"
        for ((app, _), effect) in zip(tables, effects) {
            let own = effect.flatMap { $0.map(abs) }.max() ?? 0
            s += _HeatmapSVG.figure(title: app, note: "up to ±\(Int((own * 100).rounded()))%", values: effect, scaleMax: spread,
                                    maxLabel: nil, color: _divergingColor) { "\($0 >= 0 ? "+" : "−")\(Int((abs($0) * 100).rounded()))% vs the weekly mean of the hour" }
        }
        return s + "</div>"
    }

    static func scheduleFigures(_ schedule: PlannedSchedule, device: DeviceHistory?, profiles: [ProbabilityProfile],
                                options: ReportOptions, tauSeconds: Double) -> String {
        let days = _TimelineDay.days(schedule, device: device, tauSeconds: tauSeconds, limit: options.maxTimelineDays, profiles: profiles)
        var s = "<h3>Schedule</h3>"
        var facts = ["\(schedule.windows.count) fetches planned"]
        if let budget = budgetLabel(schedule) { facts.append(budget) }
        if let planned = schedule.budgetPlanned { facts.append("\(_n(planned)) units planned") }
        s += "<p class=\"muted\">\(htmlEscaped(facts.joined(separator: " · ")))</p>"
        if let warning = inSampleWarning(days.map(\.day), device: device) { s += warning }
        s += "<ul class=\"keys\"><li><span class=\"bar\"></span>window and fetch</li>"
            + "<li><span class=\"cover-key\"></span>cover window (fetch → fetch + \(_n(tauSeconds / 60)) min)</li>"
            + "<li><span class=\"band-key\"></span>model p of a launch in the hour (height, scaled to the day's peak)</li>"
            + "<li><span class=\"dot hit\"></span>cold launch, hit</li>"
            + "<li><span class=\"dot miss\"></span>cold launch, missed</li><li><span class=\"dot warm\"></span>warm launch</li></ul>"
        for day in days {
            let outcome = day.coldLaunches > 0 ? "\(day.hits) of \(day.coldLaunches) cold launches hit (\(_percent(Double(day.hits) / Double(day.coldLaunches))))"
                : "no launches in the history on this day"
            s += "<figure class=\"timeline-day\"><figcaption><b>\(_dateLabel(day.day))</b> <span class=\"muted\">\(day.windows.count) fetches · \(outcome) · \(htmlEscaped(day.axisLabel))</span></figcaption>"
            s += "<p class=\"scroll-cue\" aria-hidden=\"true\">scroll sideways for the whole day →</p>"
            s += "<div class=\"scroll\" tabindex=\"0\">\(day.svg())</div></figure>"
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

extension _Sections {
    /// The budget per day: a schedule's `budget.limit` covers its whole horizon, so a 2-day plan at
    /// 12 a day has a limit of 24 (`budget 12/day (24 over 2 days)`). `nil` without a limit.
    static func budgetLabel(_ schedule: PlannedSchedule) -> String? {
        guard let limit = schedule.budgetLimit else { return nil }
        guard let start = schedule.horizonStart, let end = schedule.horizonEnd, end.instant > start.instant else {
            return "budget \(_n(limit)) over the horizon"
        }
        let days = ((end.instant - start.instant) / LocalClock.secondsPerDay).rounded()
        guard days >= 1 else { return "budget \(_n(limit)) over the horizon" }
        return days == 1 ? "budget \(_n(limit))/day" : "budget \(_n(limit / days))/day (\(_n(limit)) over \(_n(days)) days)"
    }

    /// A visible warning when a timeline day lies within the history's days: the history is
    /// usually what the model was trained on, so that day's hits are in-sample (optimistic).
    static func inSampleWarning(_ days: [Int], device: DeviceHistory?) -> String? {
        guard let first = device?.firstLocalDay, let last = device?.lastLocalDay else { return nil }
        let inside = days.filter { (first...last).contains($0) }
        guard !inside.isEmpty else { return nil }
        return "<p class=\"warning\" role=\"note\">⚠ \(inside.map(_dateLabel).joined(separator: ", ")) lies inside the history "
            + "(\(_dateLabel(first)) to \(_dateLabel(last))): if the model was trained on it, these hits are in-sample and optimistic. "
            + "Plan a day after the history to see an honest outcome.</p>"
    }
}
