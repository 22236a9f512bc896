import Foundation
import LaunchHistory
import ReveilleCore

/// Reader for the text of `adb shell dumpsys usagestats` (Android 5 and later).
///
/// Event lines are `key=value` pairs as AOSP's `UserUsageStatsService.printEvent` writes them:
///
///     time="2023-05-29 20:31:43" type=ACTIVITY_RESUMED package=com.spotify.music class=… instanceId=177531654 …
///
/// `time` is either quoted local wall-clock `yyyy-MM-dd HH:mm:ss` (the default, "pretty" dates; the
/// offset is not printed, so the caller supplies it) or unquoted Unix milliseconds (`--checkin`-style
/// compact dumps; UTC, and the caller's offset is only used for local time). Foreground arrivals are
/// `ACTIVITY_RESUMED` (Android 10+) and `MOVE_TO_FOREGROUND` (Android 5–9); ends are
/// `ACTIVITY_PAUSED`, `ACTIVITY_STOPPED` and `MOVE_TO_BACKGROUND`, paired by package and
/// `instanceId` when printed. The same events are printed once per interval (daily, weekly,
/// monthly, yearly), so identical event lines are counted once. Arrivals then follow the run rule of
/// the Wellbeing reader. Other lines are ignored.
public enum DumpsysUsageStats {
    /// Event types that bring an app to the foreground.
    public static let arrivalTypes: Set<String> = ["ACTIVITY_RESUMED", "MOVE_TO_FOREGROUND"]
    /// Event types that take it out of the foreground.
    public static let endTypes: Set<String> = ["ACTIVITY_PAUSED", "ACTIVITY_STOPPED", "MOVE_TO_BACKGROUND"]

    /// Launches in the dump at `path`, sorted by time.
    /// - Throws: ``DeviceImportError`` — `.fileNotFound`/`.unreadable`, `.malformedLine` for a
    ///   foreground or background event whose `time` or `package` cannot be read (naming the line),
    ///   `.emptyStream` when no foreground event survives the exclusions.
    public static func launches(
        path: String, device: String, utcOffsetSeconds: Int, excluded: Set<String> = Set(ExcludedApps.defaults)
    ) throws(DeviceImportError) -> [LaunchEvent] {
        try launches(path: path, device: device, zone: .fixed(utcOffsetSeconds), excluded: excluded)
    }

    /// As ``launches(path:device:utcOffsetSeconds:excluded:)`` in `zone`: wall-clock times are
    /// read in it and each launch gets its offset at its instant.
    public static func launches(
        path: String, device: String, zone: AppUsageCSV.Zone, excluded: Set<String> = Set(ExcludedApps.defaults)
    ) throws(DeviceImportError) -> [LaunchEvent] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw DeviceImportError(.fileNotFound, file: path, expected: "an existing dumpsys usagestats text file")
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw DeviceImportError(.unreadable, file: path, expected: "a readable UTF-8 text file")
        }
        return try launches(text: text, file: path, device: device, zone: zone, excluded: excluded)
    }

    /// As ``launches(path:device:utcOffsetSeconds:excluded:)`` for text already in memory; `file`
    /// names it in errors. O(n log n) in the number of event lines.
    public static func launches(
        text: String, file: String, device: String, utcOffsetSeconds: Int, excluded: Set<String> = Set(ExcludedApps.defaults)
    ) throws(DeviceImportError) -> [LaunchEvent] {
        try launches(text: text, file: file, device: device, zone: .fixed(utcOffsetSeconds), excluded: excluded)
    }

    /// As ``launches(text:file:device:utcOffsetSeconds:excluded:)`` in `zone`.
    public static func launches(
        text: String, file: String, device: String, zone: AppUsageCSV.Zone, excluded: Set<String> = Set(ExcludedApps.defaults)
    ) throws(DeviceImportError) -> [LaunchEvent] {
        var events: [_Event] = []
        var seen: Set<String> = []
        var lineNumber = 0
        // "\r\n" is one Character in Swift: splitting on "\n" alone read a CRLF file as one line.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let fields = _pairs(line)
            guard let type = fields["type"], arrivalTypes.contains(type) || endTypes.contains(type) else { continue }
            guard let time = fields["time"], let instant = _instant(time, zone),
                  let package = fields["package"], !package.isEmpty else {
                throw DeviceImportError(.malformedLine, file: file, line: lineNumber, expected: "time=\"yyyy-MM-dd HH:mm:ss\" (or Unix ms) and package= on a \(type) line")
            }
            guard LocalClock.isValidInstant(instant) else {
                throw DeviceImportError(.invalidValue, file: file, column: "time", line: lineNumber, expected: LocalClock.validInstantDescription)
            }
            let identity = [time, type, package, fields["class"] ?? "", fields["instanceId"] ?? ""].joined(separator: "\u{1F}")
            guard seen.insert(identity).inserted else { continue }
            events.append(_Event(instant: instant, arrival: arrivalTypes.contains(type), package: package, instance: fields["instanceId"]))
        }
        let launches = _ForegroundRuns.launches(_paired(events), device: device, offset: zone.offset(at:), excluded: excluded)
        guard !launches.isEmpty else {
            throw DeviceImportError(.emptyStream, file: file, expected: "at least one ACTIVITY_RESUMED or MOVE_TO_FOREGROUND event line of a non-excluded app")
        }
        return launches
    }

    struct _Event {
        let instant: Double
        let arrival: Bool
        let package: String
        let instance: String?
    }

    static func _paired(_ events: [_Event]) -> [_Resume] {
        let ordered = events.enumerated().sorted { ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset) }.map(\.element)
        var arrivals: [_Resume] = []
        var open: [String: Int] = [:]
        for e in ordered {
            let key = e.package + "#" + (e.instance ?? "")
            if e.arrival {
                open[key] = arrivals.count
                arrivals.append(_Resume(instant: e.instant, app: e.package, end: nil))
            } else if let index = open.removeValue(forKey: key) {
                arrivals[index].end = e.instant
            }
        }
        return arrivals
    }

    /// `key=value` pairs of one line; values may be double-quoted (and then contain spaces).
    static func _pairs(_ line: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = line[...]
        while let eq = rest.firstIndex(of: "=") {
            let key = rest[..<eq].split(separator: " ").last.map(String.init) ?? ""
            var valueStart = rest.index(after: eq)
            let value: Substring
            if valueStart < rest.endIndex, rest[valueStart] == "\"" {
                valueStart = rest.index(after: valueStart)
                let close = rest[valueStart...].firstIndex(of: "\"") ?? rest.endIndex
                value = rest[valueStart..<close]
                rest = close < rest.endIndex ? rest[rest.index(after: close)...] : rest[rest.endIndex...]
            } else {
                let end = rest[valueStart...].firstIndex(of: " ") ?? rest.endIndex
                value = rest[valueStart..<end]
                rest = rest[end...]
            }
            if !key.isEmpty, result[key] == nil { result[key] = String(value) }
        }
        return result
    }

    /// Unix seconds from `yyyy-MM-dd HH:mm:ss` local (under `offset`) or from integer milliseconds.
    static func _instant(_ text: String, _ zone: AppUsageCSV.Zone) -> Double? {
        if let ms = Int64(text) { return Double(ms) / 1000 }
        return TimestampParser.parseLocal(Array(text.utf8)[...], 0).map { zone.instant(local: $0) }
    }
}
