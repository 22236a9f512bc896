import LaunchHistory
import ReveilleCore
import Scheduling

extension _Sections {
    /// Each ranked app's Android standby bucket at the start of the local day after the device's
    /// last launch (the day a plan from the history would start), with its daily job quota and
    /// why: a table of at most `limit` apps, most launched first. Empty without launches.
    static func standbyBuckets(_ device: DeviceHistory?, ranked: [(app: String, launches: Int)], limit: Int) -> String {
        guard let device, let last = device.launches.last, let lastDay = device.lastLocalDay, limit > 0 else { return "" }
        let start = LocalClock.startOfDay(lastDay + 1, utcOffsetSeconds: last.utcOffsetSeconds)
        let buckets = StandbyBuckets.at(start, history: Array(device.launches)[...])
        var s = "<h3>Android standby buckets</h3><p class=\"muted\">At \(_dateLabel(lastDay + 1)) 00:00, the day after the history, "
            + "from the time since each app was last opened (AppStandbyController's elapsed-time thresholds 12 h, 24 h, 48 h, 30 days).</p>"
        s += "<table class=\"buckets\"><thead><tr><th>app</th><th>bucket</th><th>jobs per day</th><th>why</th></tr></thead><tbody>"
        for entry in ranked.prefix(limit) {
            guard let bucket = buckets[entry.app] else { continue }
            let quota = bucket.dailyJobQuota.map(String.init) ?? "no cap"
            s += "<tr><td>\(htmlEscaped(entry.app))</td><td class=\"bucket-\(bucket.rawValue)\">\(htmlEscaped(bucket.rawValue))</td>"
                + "<td>\(quota)</td><td>\(htmlEscaped(bucket.sentence))</td></tr>"
        }
        return s + "</tbody></table>"
    }
}
