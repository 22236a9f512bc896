import LaunchHistory
import Report
import ReveilleCore
import Testing

/// The report shows each app's Android standby bucket on the day after the history.
@Suite struct StandbySectionTests {
    @Test func eachAppsBucketFollowsItsLastLaunch() {
        // The history ends 2024-01-10 (local +00:00); the section is for 2024-01-11 00:00.
        let day = 19_732  // 2024-01-10
        func at(_ d: Int, _ hour: Double) -> Double { Double(d) * 86_400 + hour * 3600 }
        let launches = [
            LaunchEvent(device: "d", app: "old", instant: at(day - 40, 9), utcOffsetSeconds: 0),
            LaunchEvent(device: "d", app: "rare", instant: at(day - 5, 9), utcOffsetSeconds: 0),
            LaunchEvent(device: "d", app: "frequent", instant: at(day - 1, 12), utcOffsetSeconds: 0),
            LaunchEvent(device: "d", app: "working", instant: at(day, 8), utcOffsetSeconds: 0),
            LaunchEvent(device: "d", app: "active", instant: at(day, 20), utcOffsetSeconds: 0),
        ]
        let html = HTMLReport.render(ReportInput(history: LaunchHistory(events: launches)))
        #expect(html.contains("<h3>Android standby buckets</h3>"))
        #expect(html.contains("At 2024-01-11 (Thu) 00:00, the day after the history"))
        for (app, bucket, quota) in [("active", "active", "no cap"), ("working", "working_set", "120"), ("frequent", "frequent", "24"),
                                     ("rare", "rare", "3"), ("old", "restricted", "1")] {
            let row = "<tr><td>\(app)</td><td class=\"bucket-\(bucket)\">\(bucket)</td><td>\(quota)</td>"
            #expect(html.contains(row), "\(app): \(bucket)")
        }
    }
}
