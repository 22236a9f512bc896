import Foundation
import LaunchHistory
import ReveilleCore

/// The device exports `reveille import` understands.
public enum DeviceKind: String, Sendable, CaseIterable, Codable {
    /// macOS/iOS knowledgeC.db `/app/inFocus` → launches (with durations, per-event offsets).
    case knowledgec
    /// knowledgeC.db `/device/isPluggedIn` → plugged-in intervals `device,start,end`.
    case knowledgecPlugged = "knowledgec-plugged"
    /// Android Digital Wellbeing `app_usage` → launches (offset assumed).
    case wellbeing
    /// iOS Screen Time RMAdminStore → hourly usage table (no launch times).
    case screentime
    /// iOS PowerLog application-state foreground transitions → launches.
    case powerlog
    /// iOS PowerLog DAS application-usage predictions → table.
    case powerlogPredictions = "powerlog-predictions"
    /// `adb shell dumpsys usagestats` text → launches (offset assumed).
    case dumpsys
    /// Android "App Usage" tracker CSV export (`App,Date,Time,Duration`) → launches (zone assumed).
    case appUsage = "app-usage"
    /// iOS 16+ Biome `App.InFocus` SEGB stream file or folder → launches (zone assumed).
    case biome

    /// Whether the kind yields individual launches (usable as a history); the others yield tables.
    public var producesLaunches: Bool {
        switch self {
        case .knowledgec, .wellbeing, .powerlog, .dumpsys, .appUsage, .biome: true
        case .knowledgecPlugged, .screentime, .powerlogPredictions: false
        }
    }

    /// What the source cannot give, for a note beside its output; `nil` when nothing notable.
    public var limitation: String? {
        switch self {
        case .screentime: "hourly totals only: no individual launch times or launch counts"
        case .powerlog: "sparse: only the foreground transitions PowerLog sampled"
        case .powerlogPredictions: "DAS's own forecast; Apple does not document the slots"
        case .appUsage: "app display names, not package names; second resolution"
        case .biome: "record fields from forensic documentation (Apple publishes no schema)"
        case .knowledgec, .knowledgecPlugged, .wellbeing, .dumpsys: nil
        }
    }

    /// Whether the source stores no UTC offset, so the caller's offset is assumed for local time
    /// (PowerLog uses its own time-zone table and assumes only when that is absent).
    public var assumesUTCOffset: Bool {
        switch self {
        case .wellbeing, .dumpsys, .screentime, .appUsage, .biome: true
        case .knowledgec, .knowledgecPlugged, .powerlog, .powerlogPredictions: false
        }
    }
}

/// Options shared by every device import.
public struct DeviceImportOptions: Sendable {
    /// Device identifier for the output; `nil` uses ``DeviceImporter/defaultDevice(path:)``.
    public var device: String?
    /// Offset assumed where the source stores none; `nil` (the default) makes such a source an
    /// error (``DeviceImportError/Code/missingOffset``): UTC is never assumed silently.
    public var utcOffsetSeconds: Int?
    /// Apps dropped from launches (default ``ExcludedApps/defaults``; empty keeps everything).
    public var excludedApps: Set<String>
    /// Time zone for sources read with a zone (`wellbeing`, `dumpsys`, `app-usage`, `biome`): each
    /// launch gets the offset in effect at its instant. `nil` uses ``utcOffsetSeconds``.
    public var timeZone: TimeZone?

    public init(device: String? = nil, utcOffsetSeconds: Int? = nil, excludedApps: Set<String> = Set(ExcludedApps.defaults),
                timeZone: TimeZone? = nil) {
        self.device = device
        self.utcOffsetSeconds = utcOffsetSeconds
        self.excludedApps = excludedApps
        self.timeZone = timeZone
    }

    /// The zone wall-clock sources are read in: ``timeZone``, else ``utcOffsetSeconds``.
    /// - Throws: `.missingOffset` naming `file` when neither is given.
    public func zone(file: String) throws(DeviceImportError) -> AppUsageCSV.Zone {
        if let timeZone { return .named(timeZone) }
        return .fixed(try offset(file: file))
    }

    /// ``utcOffsetSeconds``, or `.missingOffset` naming `file` when it is not given.
    public func offset(file: String) throws(DeviceImportError) -> Int {
        guard let utcOffsetSeconds else {
            throw DeviceImportError(.missingOffset, file: file,
                                    expected: "the device's UTC offset or time zone: the file stores none (--zone Area/City or --utc-offset ±HH:MM)")
        }
        return utcOffsetSeconds
    }
}

/// One entry point over all device readers.
public enum DeviceImporter {
    /// The default device identifier: the file name without directories and its last extension
    /// (`/x/app_usage.sqlite` → `app_usage`).
    public static func defaultDevice(path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The launches of a launch-producing kind, sorted by time.
    /// - Throws: ``DeviceImportError`` — `.noLaunchTimes` for table kinds (Screen Time, plugged
    ///   intervals, predictions), or the reader's own errors.
    public static func launches(_ kind: DeviceKind, path: String, options: DeviceImportOptions = .init()) throws(DeviceImportError) -> [LaunchEvent] {
        try checkNames(try _launches(kind, path: path, options: options), file: path)
    }

    /// `events` when every app and device name can be written as canonical CSV and read back;
    /// else `.invalidValue` naming `file` and the column. An empty name, a NUL byte or a line
    /// break would be written, and the readers refuse them (found by fuzz-dumpsys, fuzz-appusage
    /// and fuzz-wellbeing: a NUL byte, a line break, an empty `package_name`).
    public static func checkNames(_ events: [LaunchEvent], file: String) throws(DeviceImportError) -> [LaunchEvent] {
        func unwritable(_ name: String) -> Bool { name.isEmpty || name.utf8.contains { $0 == 0 || $0 == 0x0A || $0 == 0x0D } }
        if let bad = events.first(where: { unwritable($0.app) || unwritable($0.device) }) {
            let column = unwritable(bad.app) ? "app" : "device"
            throw DeviceImportError(.invalidValue, file: file, column: column,
                                    expected: "non-empty \(column) names without NUL bytes or line breaks (found \(String(reflecting: String((column == "app" ? bad.app : bad.device).prefix(60)))))")
        }
        return events
    }

    /// ``launches(_:path:options:)`` on an opened ``EvidenceStore`` (a SQLite kind: `knowledgec`,
    /// `wellbeing`, `powerlog`).
    /// - Throws: as ``launches(_:path:options:)``; `.notSQLite` for a kind read from a text or
    ///   stream file.
    public static func launches(_ kind: DeviceKind, store: EvidenceStore, options: DeviceImportOptions = .init()) throws(DeviceImportError) -> [LaunchEvent] {
        try checkNames(try _launches(kind, in: store.database, options: options), file: store.file)
    }

    static func _launches(_ kind: DeviceKind, path: String, options: DeviceImportOptions) throws(DeviceImportError) -> [LaunchEvent] {
        let device = options.device ?? defaultDevice(path: path)
        switch kind {
        case .knowledgec, .wellbeing, .powerlog:
            return try _usingEvidence(kind, path: path, options: options) { db throws(DeviceImportError) in try _launches(kind, in: db, options: options) }
        case .dumpsys:
            return try DumpsysUsageStats.launches(path: path, device: device, zone: try options.zone(file: path), excluded: options.excludedApps)
        case .appUsage:
            return try AppUsageCSV.launches(path: path, device: device, zone: try options.zone(file: path), excluded: options.excludedApps)
        case .biome:
            return try Biome.launches(path: path, device: device, zone: try options.zone(file: path), excluded: options.excludedApps)
        case .knowledgecPlugged, .screentime, .powerlogPredictions:
            throw _noLaunchTimes(kind, file: path)
        }
    }

    static func _launches(_ kind: DeviceKind, in db: _EvidenceDatabase, options: DeviceImportOptions) throws(DeviceImportError) -> [LaunchEvent] {
        let device = options.device ?? defaultDevice(path: db.file)
        switch kind {
        case .knowledgec:
            return try KnowledgeC.launches(in: db, device: device)
        case .wellbeing:
            return try Wellbeing.launches(in: db, device: device, zone: try options.zone(file: db.file), excluded: options.excludedApps)
        case .powerlog:
            return try PowerLog.launches(in: db, device: device, assumedUTCOffsetSeconds: options.utcOffsetSeconds, excluded: options.excludedApps)
        case .knowledgecPlugged, .screentime, .powerlogPredictions:
            throw _noLaunchTimes(kind, file: db.file)
        case .dumpsys, .appUsage, .biome:
            throw _notADatabase(kind, file: db.file)
        }
    }

    static func _noLaunchTimes(_ kind: DeviceKind, file: String) -> DeviceImportError {
        DeviceImportError(.noLaunchTimes, file: file, expected: "a launch source; '\(kind.rawValue)' holds a table, not individual launch times (use `reveille import \(kind.rawValue)`)")
    }

    static func _notADatabase(_ kind: DeviceKind, file: String) -> DeviceImportError {
        DeviceImportError(.notSQLite, file: file, expected: "a SQLite kind for an evidence store; '\(kind.rawValue)' is read from its file by path")
    }

    /// The import as CSV text with its data-row count: canonical launch CSV for launch kinds, the
    /// kind's own table otherwise.
    /// - Throws: ``DeviceImportError`` from the reader; `.emptyStream` for a store without
    ///   `/device/isPluggedIn` intervals.
    public static func csv(_ kind: DeviceKind, path: String, options: DeviceImportOptions = .init()) throws(DeviceImportError) -> (text: String, rows: Int) {
        switch kind {
        case .dumpsys, .appUsage, .biome:
            let events = try launches(kind, path: path, options: options)
            return (CanonicalCSVWriter.csv(events), events.count)
        case .knowledgec, .knowledgecPlugged, .wellbeing, .screentime, .powerlog, .powerlogPredictions:
            return try _usingEvidence(kind, path: path, options: options) { db throws(DeviceImportError) in try _csv(kind, in: db, options: options) }
        }
    }

    /// Opens the SQLite evidence at `path` for `kind`, runs `body` on it and closes it; a
    /// Wellbeing import without a zone is refused (`.missingOffset`) before the file is opened.
    static func _usingEvidence<T>(_ kind: DeviceKind, path: String, options: DeviceImportOptions,
                                  _ body: (_EvidenceDatabase) throws(DeviceImportError) -> T) throws(DeviceImportError) -> T {
        if kind == .wellbeing { _ = try options.zone(file: path) }
        return try _EvidenceDatabase.using(path, body)
    }

    /// ``csv(_:path:options:)`` on an opened ``EvidenceStore`` (a SQLite kind).
    /// - Throws: as ``csv(_:path:options:)``; `.notSQLite` for a kind read from a text or stream file.
    public static func csv(_ kind: DeviceKind, store: EvidenceStore, options: DeviceImportOptions = .init()) throws(DeviceImportError) -> (text: String, rows: Int) {
        try _csv(kind, in: store.database, options: options)
    }

    static func _csv(_ kind: DeviceKind, in db: _EvidenceDatabase, options: DeviceImportOptions) throws(DeviceImportError) -> (text: String, rows: Int) {
        switch kind {
        case .knowledgecPlugged:
            let intervals = try KnowledgeC.pluggedIntervals(in: db, device: options.device ?? defaultDevice(path: db.file))
            guard !intervals.isEmpty else {
                throw DeviceImportError(.emptyStream, file: db.file, table: "ZOBJECT", expected: "at least one '\(KnowledgeC.pluggedInStream)' interval with value 1")
            }
            return (PluggedInterval.csv(intervals), intervals.count)
        case .screentime:
            let rows = try ScreenTime.hourlyUsage(in: db)
            return (HourlyUsage.csv(rows, utcOffsetSeconds: try options.offset(file: db.file)), rows.count)
        case .powerlogPredictions:
            let rows = try PowerLog.usagePredictions(in: db, assumedUTCOffsetSeconds: options.utcOffsetSeconds)
            return (DASUsagePrediction.csv(rows), rows.count)
        case .knowledgec, .wellbeing, .powerlog:
            let events = try checkNames(try _launches(kind, in: db, options: options), file: db.file)
            return (CanonicalCSVWriter.csv(events), events.count)
        case .dumpsys, .appUsage, .biome:
            throw _notADatabase(kind, file: db.file)
        }
    }
}
