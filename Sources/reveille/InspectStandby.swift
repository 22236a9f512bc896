import LaunchHistory
import ReveilleCore
import Scheduling

/// The standby section `reveille inspect` appends: per device, each app's Android App Standby
/// bucket at local midnight of the last `days` days of the history (AOSP's elapsed-time
/// thresholds, ``StandbyBucket``), one letter a day: A active, W working set, F frequent,
/// R rare, X restricted, `.` not yet opened.
enum InspectStandby {
    static func text(_ history: LaunchHistory, days: Int = 7) -> String {
        var lines = ["Android standby buckets at local midnight, last \(days) days (A active, W working_set, F frequent, R rare, X restricted):"]
        for device in history.devices {
            let rows = StandbyBuckets.daily(Array(device.launches)[...]).suffix(days)
            guard let first = rows.first, let last = rows.last else { continue }
            lines.append("  \(device.device) \(CSVText.date(day: first.day))…\(CSVText.date(day: last.day))")
            for app in device.apps.sorted() {
                let letters = rows.map { row in row.buckets[app].map(letter) ?? "." }
                lines.append("    \(letters.joined())  \(app)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func letter(_ bucket: StandbyBucket) -> String {
        switch bucket {
        case .active: return "A"
        case .workingSet: return "W"
        case .frequent: return "F"
        case .rare: return "R"
        case .restricted: return "X"
        }
    }
}
