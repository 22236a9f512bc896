import Foundation
import LaunchHistory
import ReveilleCore

/// Reader for the CSV export of the Android "App Usage" tracker app.
///
/// The export has a header `App,Date,Time,Duration` (the first column is also seen as `App name`)
/// and one row per foreground session, newest first:
///
///     App,Date,Time,Duration
///     Chrome,5/14/2023,9:05:12 PM,0:03:10
///     Screen off (locked),5/14/2023,9:01:40 PM,0:00:00
///
/// `Date` is `M/D/YYYY` and `Time` local wall-clock `H:MM:SS`, with or without `AM`/`PM`;
/// `Duration` is `H:MM:SS` or `M:SS`. The file stores no time zone, so the caller supplies one
/// (an IANA identifier read with Foundation's `TimeZone`, so daylight-saving changes give each row
/// its own offset) or a fixed offset. Fields may be double-quoted (RFC 4180).
///
/// Launch rule: rows are put in time order (ties keep file order); a row of an app starts a launch
/// when its app differs from the previous app row's, or when a `Screen off …` row lies between
/// them; consecutive rows of the same app extend the launch to the latest row end. Screen rows
/// (`Screen on …`, `Screen off …`) are dropped; system rows (``systemApps`` and the caller's
/// exclusions) take part in the comparison — leaving an app for the launcher and coming back is a
/// new launch, as in the Wellbeing reader — but are not launches themselves.
public enum AppUsageCSV {
    /// Display names of launchers and system UI that the tracker lists among apps. Sorted.
    public static let systemApps: [String] = [
        "Android System", "Launcher3", "Nova Launcher", "One UI Home", "Pixel Launcher", "Quickstep",
        "System UI", "System launcher",
    ]

    /// The rule in words, for provenance records.
    public static let ruleDescription = "app-usage: rows in time order; a launch starts at an app row whose app differs from the previous app row or that follows a 'Screen off' row; same-app rows extend it; screen rows and system rows (\(systemApps.joined(separator: ", ")), exclusions) dropped"

    /// How wall-clock times become instants.
    public enum Zone: Sendable {
        /// A fixed UTC offset in seconds.
        case fixed(Int)
        /// A Foundation time zone: each row gets the offset in effect at its instant.
        case named(TimeZone)
    }

    /// Launches in the export at `path`, sorted by time.
    /// - Throws: ``DeviceImportError`` — `.fileNotFound`/`.unreadable`; `.missingColumn` when the
    ///   header lacks `App`, `Date`, `Time` or `Duration`; `.malformedLine` naming the line and
    ///   column of a field that cannot be read; `.invalidValue` for an instant outside 1990–2100;
    ///   `.emptyStream` when no app row survives the exclusions.
    public static func launches(path: String, device: String, zone: Zone,
                                excluded: Set<String> = []) throws(DeviceImportError) -> [LaunchEvent] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw DeviceImportError(.fileNotFound, file: path, expected: "an existing App Usage CSV export")
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw DeviceImportError(.unreadable, file: path, expected: "a readable UTF-8 text file")
        }
        return try launches(text: text, file: path, device: device, zone: zone, excluded: excluded)
    }

    /// As ``launches(path:device:zone:excluded:)`` for text in memory; `file` names it in errors.
    /// O(n log n) in the number of rows.
    public static func launches(text: String, file: String, device: String, zone: Zone,
                                excluded: Set<String> = []) throws(DeviceImportError) -> [LaunchEvent] {
        let rows = try _rows(text: text, file: file, zone: zone)
        let screenOff = "\u{0}screen-off"
        var arrivals: [_Resume] = []
        for row in rows.enumerated().sorted(by: { ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset) }).map(\.element) {
            switch _kind(row.app) {
            case .screenOn: continue
            case .screenOff: arrivals.append(_Resume(instant: row.instant, app: screenOff, end: nil))
            case .app: arrivals.append(_Resume(instant: row.instant, app: row.app, end: row.instant + row.durationSeconds))
            }
        }
        let dropped = excluded.union(systemApps).union([screenOff])
        let launches = _ForegroundRuns.launches(arrivals, device: device, offset: { zone.offset(at: $0) }, excluded: dropped)
        guard !launches.isEmpty else {
            throw DeviceImportError(.emptyStream, file: file, expected: "at least one row of a non-screen, non-system app")
        }
        return launches
    }

    struct _Row {
        let app: String
        let instant: Double
        let durationSeconds: Double
    }

    enum _Kind { case screenOn, screenOff, app }

    static func _kind(_ app: String) -> _Kind {
        if app.hasPrefix("Screen on") { return .screenOn }
        if app.hasPrefix("Screen off") { return .screenOff }
        return .app
    }

    static func _rows(text: String, file: String, zone: Zone) throws(DeviceImportError) -> [_Row] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        guard let headerLine = lines.first else {
            throw DeviceImportError(.emptyStream, file: file, expected: "a header App,Date,Time,Duration")
        }
        let header = (_fields(headerLine) ?? []).map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{FEFF}", with: "").lowercased() }
        var columns: [String: Int] = [:]
        for (name, aliases) in [("App", ["app", "app name"]), ("Date", ["date"]), ("Time", ["time"]), ("Duration", ["duration"])] {
            guard let index = header.firstIndex(where: aliases.contains) else {
                throw DeviceImportError(.missingColumn, file: file, column: name, line: 1, expected: "a header App,Date,Time,Duration")
            }
            columns[name] = index
        }
        var rows: [_Row] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            rows.append(try _row(line, lineNumber: index + 1, columns: columns, file: file, zone: zone))
        }
        return rows
    }

    static func _row(_ line: Substring, lineNumber: Int, columns: [String: Int], file: String, zone: Zone) throws(DeviceImportError) -> _Row {
        guard let fields = _fields(line) else {
            throw DeviceImportError(.malformedLine, file: file, line: lineNumber, expected: "balanced double quotes")
        }
        func field(_ name: String) throws(DeviceImportError) -> String {
            guard let i = columns[name], i < fields.count else {
                throw DeviceImportError(.malformedLine, file: file, column: name, line: lineNumber, expected: "4 fields App,Date,Time,Duration")
            }
            return fields[i].trimmingCharacters(in: .whitespaces)
        }
        let app = try field("App")
        guard !app.isEmpty else {
            throw DeviceImportError(.malformedLine, file: file, column: "App", line: lineNumber, expected: "an app name")
        }
        guard let date = _date(try field("Date")) else {
            throw DeviceImportError(.malformedLine, file: file, column: "Date", line: lineNumber, expected: "a date M/D/YYYY")
        }
        guard let time = _clock(try field("Time"), allowMeridiem: true), time < 86_400 else {
            throw DeviceImportError(.malformedLine, file: file, column: "Time", line: lineNumber, expected: "a time H:MM:SS, optionally with AM/PM")
        }
        guard let duration = _clock(try field("Duration"), allowMeridiem: false) else {
            throw DeviceImportError(.malformedLine, file: file, column: "Duration", line: lineNumber, expected: "a duration H:MM:SS or M:SS")
        }
        let local = Double(TimestampParser.daysFromCivil(year: date.year, month: date.month, day: date.day)) * 86_400 + Double(time)
        let instant = zone.instant(local: local)
        guard LocalClock.isValidInstant(instant) else {
            throw DeviceImportError(.invalidValue, file: file, column: "Date", line: lineNumber, expected: LocalClock.validInstantDescription)
        }
        return _Row(app: app, instant: instant, durationSeconds: Double(duration))
    }

    /// `M/D/YYYY` with a real calendar day.
    static func _date(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2]),
              parts[2].count == 4, (1...12).contains(month), day >= 1,
              day <= TimestampParser.daysInMonth(year: year, month: month) else { return nil }
        return (year, month, day)
    }

    /// Seconds of `H:MM:SS` or `M:SS` (at most 2 colons; minutes and seconds below 60), with an
    /// optional `AM`/`PM` suffix for clock times (hour 1–12 then). Bounded: hours at most 9999.
    static func _clock(_ text: String, allowMeridiem: Bool) -> Int? {
        var body = Substring(text)
        var meridiem: String?
        if allowMeridiem, let space = body.lastIndex(of: " ") {
            meridiem = body[body.index(after: space)...].uppercased()
            body = body[..<space]
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isASCII) }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers.allSatisfy({ $0 >= 0 }), numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        var hours = numbers.count == 3 ? numbers[0] : 0
        let minutes = numbers[numbers.count - 2], seconds = numbers[numbers.count - 1]
        switch meridiem {
        case nil: break
        case "AM"?, "PM"?:
            guard numbers.count == 3, (1...12).contains(hours) else { return nil }
            hours = hours % 12 + (meridiem == "PM" ? 12 : 0)
        default: return nil
        }
        return hours * 3600 + minutes * 60 + seconds
    }

    /// The fields of one CSV line (RFC 4180 quotes, `""` inside), or `nil` when a quote is unbalanced.
    static func _fields(_ line: Substring) -> [String]? {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var iterator = line.makeIterator()
        var pending: Character? = nil
        while let c = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { current.append("\"") } else { quoted = false; pending = next }
                    } else { quoted = false }
                } else { current.append(c) }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                fields.append(current); current = ""
            } else if c != "\r" {
                current.append(c)
            }
        }
        guard !quoted else { return nil }
        fields.append(current)
        return fields
    }
}

extension AppUsageCSV.Zone {
    /// The UTC offset in effect at `instant`, in seconds.
    public func offset(at instant: Double) -> Int {
        switch self {
        case .fixed(let seconds): seconds
        case .named(let zone): zone.secondsFromGMT(for: Date(timeIntervalSince1970: instant))
        }
    }

    /// The instant of local wall-clock seconds `local` (seconds since 1970-01-01T00:00 local), by
    /// `LocalClock.instant(local:offsetAt:)` (a repeated hour reads as its first occurrence).
    public func instant(local: Double) -> Double {
        LocalClock.instant(local: local, offsetAt: offset(at:))
    }
}
