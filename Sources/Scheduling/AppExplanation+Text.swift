import FetchPlanner
import ReveilleCore

extension AppExplanation {
    /// The explanation for people: a header, one block per day (its wakes with their local
    /// time, probability, code and reason; or the binding constraint), then the assumptions.
    ///
    /// ```
    /// com.example.mail on u00 (UTC-04:00), 12 fetches/day shared by all apps, model sha256:1a2b3c4d5e6f…
    /// 2013-05-01  working_set  2 wakes, 0.81 launches served
    ///   07:25  p=0.62  forecast    next use 07:40  opened on 18 of the last 20 weekdays between 07:35 and 07:50
    /// 2013-05-02  frequent     no wake — budget: the day's energy budget went to windows of higher value per unit
    /// ```
    public var text: String {
        var lines: [String] = []
        let model = modelDigest.map { ", model " + String($0.prefix(19)) + "…" } ?? ""
        lines.append("\(app) on \(device) (UTC\(utcOffset)), \(budgetPerDay) fetches/day shared by all apps\(model)")
        lines.append("\(launchesBefore) cold launches before the first day; \(_fixed(meanWakesPerDay, 2)) wakes per day on average")
        for day in days {
            let bucket = (day.standbyBucket ?? "-").padding(toLength: 12, withPad: " ", startingAt: 0)
            if let why = day.whyNot {
                lines.append("\(day.date)  \(bucket) no wake — \(why.code.rawValue): \(why.reason)")
                continue
            }
            let plural = day.wakes == 1 ? "wake" : "wakes"
            lines.append("\(day.date)  \(bucket) \(day.wakes) \(plural), \(_fixed(day.expectedLaunchesServed, 2)) launches served")
            for w in day.windows {
                let code = w.reasonCode.padding(toLength: 10, withPad: " ", startingAt: 0)
                lines.append("  \(Self._clock(w.at))  p=\(_fixed(w.probability, 2))  \(code)  next use \(Self._clock(w.nextExpectedUse))  \(w.reason)")
            }
        }
        lines.append("Assumptions:")
        lines += assumptions.map { "- " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `HH:MM` of an ISO-8601 local time (`2013-05-01T07:25:00-04:00` → `07:25`).
    static func _clock(_ iso: String) -> String {
        let chars = Array(iso)
        guard chars.count >= 16 else { return iso }
        return String(chars[11..<16])
    }
}
