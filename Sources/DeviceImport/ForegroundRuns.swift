import LaunchHistory
import ReveilleCore

/// Apps dropped from imported launches by default: launchers, system UI and the system server, which
/// come to the foreground between real app launches but are not launches a prefetch could serve.
public enum ExcludedApps {
    /// The documented default list (Android launchers of common vendors, `com.android.systemui`,
    /// the `android` system package, and iOS `com.apple.springboard`). Sorted.
    public static let defaults: [String] = [
        "android",
        "com.android.launcher", "com.android.launcher2", "com.android.launcher3",
        "com.android.systemui",
        "com.apple.springboard",
        "com.google.android.apps.nexuslauncher",
        "com.huawei.android.launcher",
        "com.microsoft.launcher",
        "com.miui.home",
        "com.motorola.launcher3",
        "com.oneplus.launcher", "net.oneplus.launcher",
        "com.sec.android.app.launcher",
        "com.teslacoilsw.launcher",
    ].sorted()
}

/// One foreground arrival of an app, before runs are merged.
struct _Resume {
    let instant: Double
    let app: String
    /// When it left the foreground (paired pause/stop), if known.
    var end: Double?
}

/// Turns foreground arrivals into launches.
///
/// Rule (the derivation of `android-wellbeing/launches.csv`): walking arrivals in time order, an
/// arrival whose app differs from the previous arrival's app — excluded apps included in that
/// comparison — starts a launch; consecutive arrivals of the same app extend it. Launches of excluded
/// apps are then dropped. A launch's duration runs from its first arrival to the latest known end of
/// any arrival in its run, rounded to milliseconds (the sources' resolution; nil when no end is known
/// or it precedes the start). O(n).
enum _ForegroundRuns {
    static func launches(_ arrivals: [_Resume], device: String, utcOffsetSeconds: Int, excluded: Set<String>) -> [LaunchEvent] {
        launches(arrivals, device: device, offset: { _ in utcOffsetSeconds }, excluded: excluded)
    }

    /// As above with a per-instant offset (e.g. from a time-zone history).
    static func launches(_ arrivals: [_Resume], device: String, offset: (Double) -> Int, excluded: Set<String>) -> [LaunchEvent] {
        var runs: [_Resume] = []
        for a in arrivals {
            if let last = runs.last, last.app == a.app {
                if let end = a.end { runs[runs.count - 1].end = max(last.end ?? end, end) }
            } else {
                runs.append(a)
            }
        }
        return runs.compactMap { r in
            guard !excluded.contains(r.app) else { return nil }
            let duration = r.end.map { (($0 - r.instant) * 1000).rounded() / 1000 }.flatMap { $0 >= 0 ? $0 : nil }
            return LaunchEvent(device: device, app: r.app, instant: r.instant, utcOffsetSeconds: offset(r.instant), durationSeconds: duration)
        }
    }
}
